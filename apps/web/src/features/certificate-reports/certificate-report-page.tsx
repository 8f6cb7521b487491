import { CloudUploadOutlined, DownloadOutlined } from '@ant-design/icons';
import type { ReportRow } from '@skill-cert/shared/certificate-reports';
import { Button, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { ListTable } from '@/shared/components/list-table/list-table';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { Permission } from '@/shared/permissions/permission';
import { reportFileUrl, useReports } from './api/reports';
import { CreateReportModal } from './components/create-report-modal';

const count = (n: number) => (n > 0 ? n : <Typography.Text type="secondary">0</Typography.Text>);

/**
 * 数据上报 (platform /certificate-report): the reports made for the national skill-certificate database, newest first,
 * each one's .xlsx; 生成上报批次 takes what changed since the last report (decision 42).
 */
export function CertificateReportPage() {
  const paged = usePagedSearch({});
  const reports = useReports(paged.query);
  const [creating, setCreating] = useState(false);
  const [latest, setLatest] = useState<string | null>(null);

  const columns: TableColumnsType<ReportRow> = [
    { title: '上报单位', dataIndex: 'company_name' },
    {
      title: '发证日期',
      key: 'period',
      width: 200,
      render: (_, r) => `${r.start_date} 至 ${r.end_date}`,
    },
    { title: '发证', dataIndex: 'issued', width: 64, render: count },
    { title: '换发', dataIndex: 'reissued', width: 64, render: count },
    { title: '撤销', dataIndex: 'revoked', width: 64, render: count },
    { title: '注销（已换发）', dataIndex: 'replaced', width: 116, render: count },
    { title: '合计', dataIndex: 'total', width: 64 },
    { title: '生成人', dataIndex: 'created_by_name', width: 96 },
    { title: '生成时间', dataIndex: 'create_time_str', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 96,
      render: (_, r) => (
        <Button
          type={r._id === latest ? 'primary' : 'link'}
          size="small"
          icon={<DownloadOutlined />}
          href={reportFileUrl(r._id)}
          download
        >
          下载
        </Button>
      ),
    },
  ];

  return (
    <ListPageCard title="数据上报">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Text type="secondary">
          每个批次包含所选发证日期内尚未上报的证书，以及此前已上报、之后撤销或换发的证书；下载后导入国家职业技能等级证书数据库。
        </Typography.Text>
        <Permission keys="platform:report:create">
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setCreating(true)}>
            生成上报批次
          </Button>
        </Permission>
      </Space>
      <ListTable<ReportRow>
        rowKey="_id"
        columns={columns}
        dataSource={reports.data?.list}
        loading={reports.isFetching}
        pagination={paged.pagination(reports.data?.meta.total)}
        error={reports.isError ? reports.error : undefined}
        onRetry={() => void reports.refetch()}
        locale={{ emptyText: '暂无上报批次' }}
      />
      <CreateReportModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          setLatest(id);
          paged.setPage(1);
        }}
      />
    </ListPageCard>
  );
}
