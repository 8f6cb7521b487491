import { PlusOutlined } from '@ant-design/icons';
import {
  type ExamineeRow,
  ExamineeStatus,
  examineeStatusText,
  type TestPlanDetail,
} from '@skill-cert/shared/level-evaluations';
import { Alert, App, Button, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { SheetImport } from '@/shared/components/upload/sheet-import';
import { DictTag } from '@/shared/dict/dict-tag';
import { dictOptions, useDict } from '@/shared/dict/use-dict';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import {
  type ExamineeQuery,
  examineeFileRoutes,
  useExamineeMutations,
  useExaminees,
} from '../api/test-plans';
import { CandidateDialog } from './candidate-panel';
import { CandidatePhoto, type PhotoResult, PhotoResultView } from './candidate-photo';
import { DownloadButton } from './download-button';
import { useReasonDialog } from './evaluation-actions';

type ExamineeFilters = Omit<ExamineeQuery, 'page' | 'per_page'>;

const statusColors: Record<number, string> = { 0: 'orange', 1: 'success', 2: 'error' };
const statusFallback = Object.entries(examineeStatusText).map(([value, label]) => ({
  label,
  value: Number(value),
}));

/** The answer of `POST .../examinees/import`: the sheet is read by a background job that ends in a message. */
export const IMPORT_STARTED = '已开始导入，完成后将通过消息通知您';

/**
 * 考生: the plan's registrations with their review (待审核 / 已通过 / 已驳回 with the reason), seats, ticket number and
 * photo. While examinees may change (草稿, 报名中): 添加考生, 导入考生 (a background job; the result comes as a message
 * with the error workbook), 导入照片, 编辑, 移除, and 重新提交 of a 驳回 one once corrected. While registrations may
 * be reviewed: 通过 / 驳回 (with a reason) one by one or for the selected. A seated examinee's own ticket downloads.
 */
export function ExamineePanel({ plan }: { plan: TestPlanDetail }) {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const { dict } = useDict('examinee_status');
  const paged = usePagedSearch<ExamineeFilters>({ keyword: '', status: null });
  const examinees = useExaminees(plan._id, paged.query);
  const mutations = useExamineeMutations(plan._id);
  const routes = examineeFileRoutes(plan._id);
  const reason = useReasonDialog();
  const can = plan.abilities;
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ examinee: ExamineeRow | null } | null>(null);

  const approve = (ids: string[], who: string) =>
    confirmOnce({
      title: '提示',
      content: `确定通过${who}的报名吗？`,
      okText: '通过',
      cancelText: '取消',
      onOk: () =>
        mutations.review.mutateAsync({ examinee_ids: ids, action: 'approve' }).then(
          (r) => {
            message.success(`已通过 ${r.approved} 名考生的报名`);
            setSelected([]);
          },
          () => undefined,
        ),
    });
  const reject = (ids: string[], who: string) =>
    reason.ask({
      title: `驳回${who}的报名`,
      label: '驳回原因',
      required: true,
      okText: '驳回',
      onOk: (text) =>
        mutations.review.mutateAsync({ examinee_ids: ids, action: 'reject', reason: text }).then((r) => {
          message.success(`已驳回 ${r.rejected} 名考生的报名`);
          setSelected([]);
        }),
    });

  const columns: TableColumnsType<ExamineeRow> = [
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '证件号码', dataIndex: 'id_number', width: 190 },
    { title: '性别', dataIndex: 'gender_text', width: 60, render: (t: string | null) => t ?? '-' },
    { title: '手机号', dataIndex: 'phone', width: 125, render: (t: string | null) => t ?? '-' },
    { title: '工作单位', dataIndex: 'work_unit', render: (t: string | null) => t ?? '-' },
    {
      title: '报名审核',
      dataIndex: 'status',
      width: 170,
      ellipsis: false,
      render: (status: number, r) => (
        <Space orientation="vertical" size={0}>
          <DictTag
            items={dict.examinee_status}
            value={status}
            text={r.status_text}
            color={statusColors[status]}
          />
          {status === ExamineeStatus.REJECTED && r.review_reason && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              驳回原因：{r.review_reason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '准考证号',
      dataIndex: 'ticket_no',
      width: 175,
      render: (no: string | null) => no ?? <Typography.Text type="secondary">未编排</Typography.Text>,
    },
    {
      title: '照片',
      key: 'photo',
      width: 110,
      ellipsis: false,
      render: (_, r) => (
        <CandidatePhoto
          candidate={{ ...r, user_id: null }}
          url={routes.photo(r._id)}
          editable={can.can_edit_examinees}
          onSaved={() => {
            message.success(`已保存 ${r.name} 的照片`);
            mutations.refresh();
          }}
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, r) => (
        <Space size={0} wrap>
          {can.can_review_examinees && r.status === ExamineeStatus.PENDING && (
            <>
              <Button type="link" size="small" onClick={() => approve([r._id], ` ${r.name} `)}>
                通过
              </Button>
              <Button type="link" size="small" danger onClick={() => reject([r._id], ` ${r.name} `)}>
                驳回
              </Button>
            </>
          )}
          {can.can_edit_examinees && (
            <Button type="link" size="small" onClick={() => setEditing({ examinee: r })}>
              编辑
            </Button>
          )}
          {can.can_edit_examinees && r.status === ExamineeStatus.REJECTED && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                confirmOnce({
                  title: '提示',
                  content: `确定重新提交 ${r.name} 的报名吗？提交后等待审核。`,
                  okText: '确定',
                  cancelText: '取消',
                  onOk: () =>
                    mutations.resubmit.mutateAsync(r._id).then(
                      () => message.success('已重新提交，等待审核'),
                      () => undefined,
                    ),
                })
              }
            >
              重新提交
            </Button>
          )}
          {can.can_render_tickets && r.seats.length > 0 && (
            <DownloadButton
              type="link"
              size="small"
              url={routes.ticket(r._id)}
              name={`准考证_${r.ticket_no ?? ''}_${r.name}.pdf`}
            >
              准考证
            </DownloadButton>
          )}
          {can.can_edit_examinees && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() =>
                confirmOnce({
                  title: '提示',
                  content: `确定移除考生 ${r.name}（${r.id_number}）吗？`,
                  okText: '确定',
                  cancelText: '取消',
                  okButtonProps: { danger: true },
                  onOk: () =>
                    mutations.remove.mutateAsync(r._id).then(
                      () => message.success('已移除'),
                      () => undefined,
                    ),
                })
              }
            >
              移除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const selectable = can.can_review_examinees;
  return (
    <>
      <Space wrap size={[16, 8]} style={{ marginBottom: 12 }} aria-label="报名统计">
        <Typography.Text>待审核 {plan.examinee_counts.pending}</Typography.Text>
        <Typography.Text>已通过 {plan.examinee_counts.approved}</Typography.Text>
        <Typography.Text>已驳回 {plan.examinee_counts.rejected}</Typography.Text>
        <Typography.Text>已编排 {plan.examinee_counts.seated}</Typography.Text>
      </Space>
      {selectable && selected.length > 0 && (
        <Alert
          type="info"
          style={{ marginBottom: 12 }}
          title={`已选择 ${selected.length} 名考生`}
          action={
            <Space>
              <Button
                size="small"
                type="primary"
                onClick={() => approve(selected, `所选 ${selected.length} 名考生`)}
              >
                批量通过
              </Button>
              <Button size="small" danger onClick={() => reject(selected, `所选 ${selected.length} 名考生`)}>
                批量驳回
              </Button>
            </Space>
          }
        />
      )}
      <PagedSearchTable<ExamineeRow, ExamineeFilters>
        searchLabel="考生搜索"
        paged={paged}
        result={examinees}
        columns={columns}
        size="small"
        locale={{ emptyText: can.can_edit_examinees ? '暂无考生，可添加考生或从 Excel 导入' : '暂无考生' }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (r) => ({
                  disabled: r.status !== ExamineeStatus.PENDING,
                  'aria-label': `选择 ${r.name}`,
                }),
              }
            : undefined
        }
        filters={[
          { name: 'keyword', label: '关键词', placeholder: '姓名、证件号码或手机号', width: 200 },
          {
            name: 'status',
            label: '审核状态',
            options: dictOptions(dict.examinee_status, statusFallback),
            width: 130,
          },
        ]}
        toolbar={
          can.can_edit_examinees && (
            <Space wrap>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ examinee: null })}>
                添加考生
              </Button>
              <SheetImport<{ job_id: string }>
                title="导入考生"
                extension="xlsx"
                url={routes.import}
                template={{ url: routes.template, name: '考生名单模板.xlsx' }}
                hint="模板第 2 行是示例，请删除后填写；证件号码列请保持文本格式。导入在后台进行，完成后会收到消息：成功与失败人数，失败行可下载错误表格。"
                renderResult={() => <Alert type="success" showIcon title={IMPORT_STARTED} />}
              />
              <SheetImport<PhotoResult>
                title="导入照片"
                extension="zip"
                url={routes.photos}
                hint="压缩包内每张照片以考生证件号码（或 姓名-证件号码）命名，如 110101199001010011.jpg，1寸证件照。"
                renderResult={(result) => <PhotoResultView result={result} />}
                onDone={mutations.refresh}
              />
            </Space>
          )
        }
      />
      <CandidateDialog
        open={editing !== null}
        title={editing?.examinee ? `编辑考生：${editing.examinee.name}` : '添加考生'}
        okText={editing?.examinee ? '保存' : '添加'}
        initialValues={
          editing?.examinee
            ? {
                name: editing.examinee.name,
                id_type: editing.examinee.id_type,
                id_number: editing.examinee.id_number,
                phone: editing.examinee.phone ?? undefined,
                education: editing.examinee.education ?? undefined,
                work_unit: editing.examinee.work_unit ?? undefined,
                post: editing.examinee.post ?? undefined,
                work_years: editing.examinee.work_years,
                qualification: editing.examinee.qualification ?? undefined,
                candidate_type: editing.examinee.candidate_type,
              }
            : undefined
        }
        onClose={() => setEditing(null)}
        onAdd={async (examinee) => {
          const current = editing?.examinee;
          if (current) {
            await mutations.update.mutateAsync({ examineeId: current._id, body: examinee });
            message.success('已保存');
          } else {
            await mutations.add.mutateAsync([examinee]);
            message.success('已添加考生，待审核');
          }
          setEditing(null);
        }}
      />
      {reason.dialog}
    </>
  );
}
