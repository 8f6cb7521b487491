import type { OfflineBatchDetail, OfflineDraftRow } from '@skill-cert/shared/offline-certificates';
import { App, Button, Checkbox, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { useDeleteDraft, useDrafts } from '../api/batches';
import { DraftDialog, DraftProblems } from './draft-dialog';

interface DraftFilters {
  keyword: string;
  problem: number | null;
}

/** Results one a line: 理论知识考试 合格. */
function Results({ draft }: { draft: OfflineDraftRow }) {
  const filled = draft.results.filter((r) => r.value);
  if (filled.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <span>
      {filled.map((r, i) => (
        <span key={r.method}>
          {i > 0 && <br />}
          {r.method_text} {r.value}
        </span>
      ))}
    </span>
  );
}

/**
 * The drafts of a batch 待确认 in the list kit's table: search by name or ID number, "只看有问题的", each draft's
 * problems in red; 修改 opens the draft in a dialog (validated again by the server), 删除 drops it after a
 * confirmation.
 */
export function DraftTable({ batch, editable }: { batch: OfflineBatchDetail; editable: boolean }) {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const paged = usePagedSearch<DraftFilters>({ keyword: '', problem: null });
  const drafts = useDrafts(batch._id, paged.query);
  const remove = useDeleteDraft();
  const [fixing, setFixing] = useState<OfflineDraftRow | null>(null);

  const askDelete = (d: OfflineDraftRow) =>
    confirmOnce({
      title: '删除证书信息',
      content: `确定删除第 ${d.row_number} 行“${d.name || '未填姓名'}”的证书信息吗？删除后不为其发证。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        remove
          .mutateAsync({ id: batch._id, draftId: d._id })
          .then(() => {
            message.success('已删除');
            if (drafts.data?.list.length === 1 && paged.query.page > 1) paged.setPage(paged.query.page - 1);
          })
          // The client showed the refusal; the dialog closes.
          .catch(() => undefined),
    });

  const columns: TableColumnsType<OfflineDraftRow> = [
    { title: '行号', dataIndex: 'row_number', width: 64 },
    { title: '姓名', dataIndex: 'name', width: 90, render: (v: string) => v || '-' },
    { title: '证件类型', dataIndex: 'id_type_text', width: 120 },
    { title: '证件号码', dataIndex: 'id_number', width: 180, render: (v: string) => v || '-' },
    {
      title: '评价结果',
      key: 'results',
      width: 160,
      ellipsis: false,
      render: (_, d) => <Results draft={d} />,
    },
    ...(batch.blanks.length > 0
      ? [
          {
            title: '模板字段',
            key: 'values',
            width: 180,
            ellipsis: false,
            render: (_: unknown, d: OfflineDraftRow) => (
              <span>
                {d.values.map((v, i) => (
                  <span key={v.name}>
                    {i > 0 && <br />}
                    {v.cn_name}：{v.value || '-'}
                  </span>
                ))}
              </span>
            ),
          },
        ]
      : []),
    {
      title: '照片',
      key: 'photo',
      width: 90,
      render: (_, d) => (d.has_photo ? '有' : <Tag color="warning">缺少照片</Tag>),
    },
    {
      title: '问题',
      key: 'problems',
      ellipsis: false,
      render: (_, d) =>
        d.problems.length === 0 && !d.duplicate_holder ? (
          <Typography.Text type="success">无</Typography.Text>
        ) : (
          <>
            <DraftProblems problems={d.problems} />
            {d.duplicate_holder && <Tag color="orange">已持有同职业同等级的有效证书</Tag>}
          </>
        ),
    },
    ...(editable
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 120,
            render: (_: unknown, d: OfflineDraftRow) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setFixing(d)}>
                  修改
                </Button>
                <Button type="link" size="small" danger onClick={() => askDelete(d)}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <section aria-label="证书信息">
      <PagedSearchTable<OfflineDraftRow, DraftFilters>
        searchLabel="证书信息搜索"
        paged={paged}
        result={drafts}
        size="small"
        columns={columns}
        locale={{ emptyText: paged.filters.problem === 1 ? '没有有问题的证书信息' : '暂无证书信息' }}
        filters={[{ name: 'keyword', label: '关键词', placeholder: '姓名或证件号码', width: 200 }]}
        toolbar={
          <Checkbox
            checked={paged.filters.problem === 1}
            onChange={(e) => paged.search({ ...paged.filters, problem: e.target.checked ? 1 : null })}
          >
            只看有问题的（{batch.problem_count}）
          </Checkbox>
        }
      />
      <DraftDialog batch={batch} draft={fixing} onClose={() => setFixing(null)} />
    </section>
  );
}
