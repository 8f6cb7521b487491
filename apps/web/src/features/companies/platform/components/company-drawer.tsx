import type { RecordApplicationRow } from '@skill-cert/shared/records';
import { Button, Descriptions, Drawer, Result, Spin, Table, type TableColumnsType, Typography } from 'antd';
import { usePreviewDialog } from '@/shared/components/preview-dialog/preview-dialog';
import { QueryError } from '@/shared/components/query-error/query-error';
import { RecordStatusTag } from '@/shared/components/records/record-status-tag';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { errorMessage } from '@/shared/http';
import { useCompanyDetail } from '../api/get-company-detail';
import { usePlatformRecords } from '../api/get-platform-records';
import { CompanyStatusTag } from './status-tags';

/** The company's submitted applications, a page at a time (the review list of that company). */
function CompanyApplications({
  companyId,
  onOpenRecord,
}: {
  companyId: string;
  onOpenRecord: (recordId: string) => void;
}) {
  const paged = usePagedSearch({ company_id: companyId });
  const records = usePlatformRecords(paged.query);
  const columns: TableColumnsType<RecordApplicationRow> = [
    { title: '备案编号', dataIndex: 'record_no', width: 170 },
    { title: '评价范围', dataIndex: 'scope_summary' },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <RecordStatusTag status={s} /> },
    { title: '提交时间', dataIndex: 'submit_time_str', width: 160, render: (t: string | null) => t ?? '--' },
    {
      title: '操作',
      key: 'actions',
      width: 70,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => onOpenRecord(r._id)}>
          查看
        </Button>
      ),
    },
  ];

  return records.isError ? (
    <QueryError error={records.error} onRetry={() => void records.refetch()} />
  ) : (
    <Table<RecordApplicationRow>
      rowKey="_id"
      size="small"
      columns={columns}
      dataSource={records.data?.list}
      loading={records.isFetching}
      pagination={paged.pagination(records.data?.meta.total)}
      locale={{ emptyText: '暂无已提交的备案申请' }}
    />
  );
}

/** A company's record, every administrator and its applications (paged); 查看 opens one for review. */
export function CompanyDrawer({
  id,
  onClose,
  onOpenRecord,
}: {
  id: string | null;
  onClose: () => void;
  onOpenRecord: (recordId: string) => void;
}) {
  const detail = useCompanyDetail(id);
  const { openPreview, previewDialog } = usePreviewDialog();
  const data = detail.data;
  const company = data?.company;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={900}
      title={company?.name ?? '企业详情'}
      destroyOnHidden
    >
      {detail.isError ? (
        <Result status="error" title="加载失败" subTitle={errorMessage(detail.error)} />
      ) : !data || !company ? (
        <Spin />
      ) : (
        <>
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'name', label: '企业名称', children: company.name },
              { key: 'type', label: '类型', children: company.type_text },
              { key: 'status', label: '状态', children: <CompanyStatusTag status={company.status} /> },
              { key: 'code', label: '统一社会信用代码', children: company.credit_code ?? '--' },
              { key: 'region', label: '所在地区', children: company.region_names.join(' / ') || '--' },
              { key: 'address', label: '详细地址', children: company.address ?? '--' },
              {
                key: 'contact',
                label: '联系人',
                children: company.contact_name
                  ? `${company.contact_name} ${company.contact_phone ?? ''}`
                  : '--',
              },
              {
                key: 'admins',
                label: '管理员',
                children: data.admins.map((a) => `${a.name}（${a.phone}）`).join('、') || '--',
              },
              { key: 'members', label: '成员数', children: data.member_count },
              {
                key: 'licence',
                label: '营业执照',
                children: company.licence_file ? (
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0 }}
                    onClick={() =>
                      company.licence_file &&
                      openPreview({ url: company.licence_file.webPath, name: '营业执照', kind: 'image' })
                    }
                  >
                    查看营业执照
                  </Button>
                ) : (
                  '--'
                ),
              },
              { key: 'created', label: '注册时间', children: company.create_time_str },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            备案申请（已通过 {data.approved_count} / 共 {data.application_count}）
          </Typography.Title>
          <CompanyApplications companyId={company._id} onOpenRecord={onOpenRecord} />
        </>
      )}
      {previewDialog}
    </Drawer>
  );
}
