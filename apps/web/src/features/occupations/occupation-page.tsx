import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { ImportResult } from '@skill-cert/shared/level-evaluations';
import {
  type OccupationRow,
  OccupationStatus,
  occupationCategoryNames,
  occupationStatusNames,
  type WorkTypeRow,
} from '@skill-cert/shared/occupations';
import { App, Button, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import type { SearchField } from '@/shared/components/list-table/search-form';
import { StatusTag } from '@/shared/components/status-tag';
import { ImportResultView, SheetImport } from '@/shared/components/upload/sheet-import';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { Permission } from '@/shared/permissions/permission';
import {
  exportUrl,
  OCCUPATIONS_URL,
  type OccupationFilters,
  useImportedRefresh,
  useOccupationAction,
  useOccupationList,
} from './api/occupations';
import { OccupationFormModal } from './components/occupation-form-modal';

const STATUS_COLOR = { 0: 'default', 1: 'green' };

const filters: SearchField[] = [
  { name: 'keyword', label: '关键词', placeholder: '职业编码、职业名称或工种' },
  {
    name: 'category_code',
    label: '大类',
    options: Object.entries(occupationCategoryNames).map(([value, label]) => ({
      label: `${value} ${label}`,
      value,
    })),
    width: 240,
  },
  {
    name: 'status',
    label: '状态',
    options: Object.entries(occupationStatusNames).map(([value, label]) => ({ label, value: Number(value) })),
    width: 120,
  },
];

type Action = 'enable' | 'disable' | 'delete';

/** The 工种 / 职业方向 of an occupation, shown when its row is expanded. */
function WorkTypes({ rows }: { rows: WorkTypeRow[] }) {
  return (
    <Space wrap size={[8, 8]} aria-label="工种/职业方向">
      {rows.map((w) => (
        <Tag key={w._id} color={w.status === OccupationStatus.ENABLED ? 'blue' : 'default'}>
          {w.kind_name}：{w.name}
          {w.status === OccupationStatus.ENABLED ? '' : '（停用）'}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * 职业目录 of the platform: the national catalogue's occupations with their 工种 / 职业方向, the levels each may be
 * evaluated at and whether levels 2 and 1 need 综合评审; new, edit, 启用/停用, delete (refused while in use, saying
 * where), import and export as .xlsx, each by its key. Filings, plans and qualifications pick from it.
 */
export function OccupationPage() {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const paged = usePagedSearch<OccupationFilters>({ keyword: '', category_code: null, status: null });
  const list = useOccupationList(paged.query);
  const act = useOccupationAction();
  const refresh = useImportedRefresh();
  const [editing, setEditing] = useState<{ row: OccupationRow | null } | null>(null);

  const confirmAction = (row: OccupationRow, action: Action) => {
    const label = `${row.name}（${row.code}）`;
    const words = {
      enable: {
        title: '启用职业',
        content: `确定启用“${label}”吗？启用后可用于新的备案和评价计划。`,
        done: '已启用',
      },
      disable: {
        title: '停用职业',
        content: `确定停用“${label}”吗？停用后不能再用于新的备案、评价计划和考试计划，已有的不受影响。`,
        done: '已停用',
      },
      delete: {
        title: '删除职业',
        content: `确定删除“${label}”吗？删除后不可恢复；已被备案或计划使用的职业不能删除，请改为停用。`,
        done: '删除成功',
      },
    }[action];
    const status =
      action === 'delete'
        ? 'delete'
        : action === 'enable'
          ? OccupationStatus.ENABLED
          : OccupationStatus.DISABLED;
    let once: Promise<void> | null = null;
    confirmOnce({
      title: words.title,
      content: words.content,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: action !== 'enable' },
      onOk: () => {
        once ??= act.mutateAsync({ id: row._id, status }).then(
          () => {
            message.success(words.done);
            if (action === 'delete' && list.data?.list.length === 1 && paged.query.page > 1)
              paged.setPage(paged.query.page - 1);
          },
          () => {
            once = null;
          },
        );
        return once;
      },
    });
  };

  const columns: TableColumnsType<OccupationRow> = [
    { title: '职业编码', dataIndex: 'code', width: 120 },
    { title: '职业名称', dataIndex: 'name', width: 180 },
    { title: '大类', dataIndex: 'category_name', ellipsis: true },
    {
      title: '工种/职业方向',
      key: 'work_types',
      width: 120,
      render: (_, row) => (row.work_types.length ? `${row.work_types.length} 个` : '不分工种'),
    },
    {
      title: '可评价等级',
      dataIndex: 'levels_text',
      render: (text: string) => <Typography.Text style={{ fontSize: 13 }}>{text}</Typography.Text>,
    },
    {
      title: '二级/一级综合评审',
      dataIndex: 'comprehensive_review',
      width: 140,
      render: (v: boolean) => (v ? '须综合评审' : '不须'),
    },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (status: number) => (
        <StatusTag status={status} text={occupationStatusNames} color={STATUS_COLOR} />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, row) => (
        <Space size={0}>
          <Permission keys="platform:occupation:edit">
            <Button type="link" size="small" onClick={() => setEditing({ row })}>
              修改
            </Button>
            {row.status === OccupationStatus.ENABLED ? (
              <Button type="link" size="small" danger onClick={() => confirmAction(row, 'disable')}>
                停用
              </Button>
            ) : (
              <Button type="link" size="small" onClick={() => confirmAction(row, 'enable')}>
                启用
              </Button>
            )}
          </Permission>
          <Permission keys="platform:occupation:delete">
            <Button type="link" size="small" danger onClick={() => confirmAction(row, 'delete')}>
              删除
            </Button>
          </Permission>
        </Space>
      ),
    },
  ];

  return (
    <ListPageCard title="职业目录">
      <PagedSearchTable<OccupationRow, OccupationFilters>
        searchLabel="职业搜索"
        paged={paged}
        result={list}
        columns={columns}
        filters={filters}
        expandable={{
          rowExpandable: (row) => row.work_types.length > 0,
          expandedRowRender: (row) => <WorkTypes rows={row.work_types} />,
        }}
        locale={{ emptyText: '暂无职业，可点击“新增职业”添加或导入职业目录' }}
        toolbar={
          <Space wrap>
            <Permission keys="platform:occupation:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
                新增职业
              </Button>
            </Permission>
            <Permission keys="platform:occupation:import">
              <SheetImport<ImportResult>
                title="导入职业目录"
                extension="xlsx"
                url={`${OCCUPATIONS_URL}/import`}
                template={{ url: `${OCCUPATIONS_URL}/export`, name: '职业目录.xlsx' }}
                hint="模板即当前职业目录的导出文件：按职业编码新增或更新职业，表中未列出的职业和工种保持不变；有错误的表格不会导入任何数据。"
                renderResult={(result) => <ImportResultView result={result} />}
                onDone={() => void refresh()}
              />
            </Permission>
            <Permission keys="platform:occupation:export">
              <Button icon={<DownloadOutlined />} href={exportUrl(paged.filters)} download>
                导出
              </Button>
            </Permission>
          </Space>
        }
      />
      <OccupationFormModal
        open={editing !== null}
        editing={editing?.row ?? null}
        onClose={() => setEditing(null)}
      />
    </ListPageCard>
  );
}
