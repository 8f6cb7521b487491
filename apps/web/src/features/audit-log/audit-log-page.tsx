import { DownloadOutlined } from '@ant-design/icons';
import { type AuditLogRow, auditKindNames } from '@skill-cert/shared/audit-log';
import { Button, Descriptions, Drawer, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import type { SearchField } from '@/shared/components/list-table/search-form';
import { QueryError } from '@/shared/components/query-error/query-error';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { Permission } from '@/shared/permissions/permission';
import { type AuditFilters, exportUrl, useAuditLog, useAuditLogs } from './api/audit-log';
import { AuditDiff } from './components/audit-diff';

const filters: SearchField[] = [
  { name: 'user', label: '操作人', placeholder: '用户名或登录账号' },
  { name: 'action', label: '操作', placeholder: '如：修改菜单' },
  {
    name: 'kind',
    label: '类型',
    options: Object.entries(auditKindNames).map(([value, label]) => ({ label, value: Number(value) })),
    width: 110,
  },
  {
    name: 'result',
    label: '结果',
    options: [
      { label: '成功', value: 1 },
      { label: '失败', value: 0 },
    ],
    width: 110,
  },
  { name: 'start_date', label: '开始日期', date: true },
  { name: 'end_date', label: '结束日期', date: true },
];

const ResultTag = ({ row }: { row: Pick<AuditLogRow, 'success' | 'status'> }) =>
  row.success ? <Tag color="green">成功</Tag> : <Tag color="red">失败（{row.status}）</Tag>;

/** Who: the user's name, or the account typed at a sign-in nobody owns. */
const who = (row: AuditLogRow) => row.user_name ?? row.account ?? '—';

/** One row: who, when, what, from where, and its before and after side by side. */
function AuditDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useAuditLog(id);
  const row = detail.data;
  return (
    <Drawer title="审计日志详情" open={id !== null} onClose={onClose} size={800} destroyOnHidden>
      {detail.isError ? (
        <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        row && (
          <>
            <Descriptions column={2} size="small" bordered>
              <Descriptions.Item label="时间">{row.create_time_str}</Descriptions.Item>
              <Descriptions.Item label="类型">{row.kind_text}</Descriptions.Item>
              <Descriptions.Item label="操作人">{who(row)}</Descriptions.Item>
              <Descriptions.Item label="登录账号">{row.account ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="所在端">{row.portal_text ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="所属机构">{row.company_name ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="操作">{row.action}</Descriptions.Item>
              <Descriptions.Item label="结果">
                <ResultTag row={row} />
              </Descriptions.Item>
              <Descriptions.Item label="请求" span={2}>
                {row.method} {row.route}
              </Descriptions.Item>
              <Descriptions.Item label="对象 ID">{row.target_id ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="IP 地址">{row.ip}</Descriptions.Item>
            </Descriptions>
            <h4 style={{ margin: '16px 0 8px' }}>变更内容</h4>
            <AuditDiff before={row.before} after={row.after} />
          </>
        )
      )}
    </Drawer>
  );
}

/**
 * 审计日志 of the platform: every change by a platform or institution user and every sign-in; searched by who, what,
 * kind, result and date; a row's detail shows before and after; the search exports as .xlsx (its own key).
 */
export function AuditLogPage() {
  const paged = usePagedSearch<AuditFilters>({
    user: '',
    action: '',
    kind: null,
    result: null,
    start_date: '',
    end_date: '',
  });
  const logs = useAuditLogs(paged.query);
  const [open, setOpen] = useState<string | null>(null);

  const columns: TableColumnsType<AuditLogRow> = [
    { title: '时间', dataIndex: 'create_time_str', width: 170 },
    { title: '类型', dataIndex: 'kind_text', width: 70 },
    { title: '操作人', key: 'who', width: 130, render: (_, row) => who(row) },
    { title: '所在端', dataIndex: 'portal_text', width: 90, render: (t: string | null) => t ?? '—' },
    { title: '操作', dataIndex: 'action', width: 140 },
    { title: '请求', key: 'route', render: (_, row) => `${row.method} ${row.route}` },
    { title: 'IP 地址', dataIndex: 'ip', width: 130 },
    { title: '结果', key: 'result', width: 110, render: (_, row) => <ResultTag row={row} /> },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setOpen(row._id)}>
          详情
        </Button>
      ),
    },
  ];

  return (
    <ListPageCard title="审计日志">
      <PagedSearchTable<AuditLogRow, AuditFilters>
        searchLabel="审计日志搜索"
        paged={paged}
        result={logs}
        columns={columns}
        filters={filters}
        locale={{ emptyText: '暂无审计日志' }}
        toolbar={
          <Permission keys="platform:audit-log:export">
            <Button icon={<DownloadOutlined />} href={exportUrl(paged.filters)} download>
              导出
            </Button>
          </Permission>
        }
      />
      <AuditDetailDrawer id={open} onClose={() => setOpen(null)} />
    </ListPageCard>
  );
}
