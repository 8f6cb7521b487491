import { ArchiveKind, type ArchiveRow, archiveStatusText } from '@skill-cert/shared/archives';
import { ALL_SKILL_LEVELS, skillLevelName } from '@skill-cert/shared/occupations';
import { Button, Empty, Progress, type TableColumnsType, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { CutText } from '@/shared/components/list-table/cut-text';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { PlanNo } from '@/shared/components/plan-no';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { type ArchiveFilters, useArchives } from './api/archives';
import { ArchiveStatusTag, EXPIRING_TEXT, RetentionCell, scopeText } from './components/archive-status';

const statusOptions = Object.entries(archiveStatusText).map(([value, label]) => ({
  label,
  value: Number(value),
}));
const levelOptions = ALL_SKILL_LEVELS.map((l) => ({ label: skillLevelName(l), value: l }));

const initialFilters: ArchiveFilters = { keyword: '', status: null, level: null, expiring: null };

/**
 * 档案管理: one archive per approved evaluation plan (and per offline batch), searched and paged; how many of its
 * volumes hold documents, its retention (a warning when it ends within 90 days) and its state; 查看 opens it.
 */
export function ArchiveListPage() {
  const navigate = useNavigate();
  const paged = usePagedSearch<ArchiveFilters>(initialFilters);
  const archives = useArchives(paged.query);

  const columns: TableColumnsType<ArchiveRow> = [
    {
      // Two lines, as 证书发放 shows its plans: the name (cut, whole on hover), then the plan number whole.
      title: '名称 / 计划编号',
      key: 'name',
      ellipsis: false,
      render: (_, a) => (
        <>
          <div style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}>
            <CutText text={a.name} />
            {a.kind === ArchiveKind.OFFLINE_BATCH && <Tag style={{ marginInlineEnd: 0 }}>{a.kind_text}</Tag>}
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <PlanNo value={a.plan_no} />
          </Typography.Text>
        </>
      ),
    },
    { title: '职业/工种', key: 'occupation', width: 100, render: (_, a) => scopeText(a) },
    { title: '等级', dataIndex: 'level_name', width: 90, render: (t: string | null) => t ?? '-' },
    {
      title: '考评日期',
      key: 'dates',
      width: 110,
      ellipsis: false,
      render: (_, a) =>
        a.start_date ? (
          <span>
            {a.start_date}
            <br />至 {a.end_date ?? ''}
          </span>
        ) : (
          '-'
        ),
    },
    {
      title: '卷宗',
      key: 'volumes',
      width: 90,
      render: (_, a) => (
        <Progress
          aria-label={`已有文件的卷 ${a.volumes_filled}/${a.volume_total}`}
          size="small"
          percent={a.volume_total ? Math.round((a.volumes_filled / a.volume_total) * 100) : 0}
          format={() => `${a.volumes_filled}/${a.volume_total}`}
          status="normal"
        />
      ),
    },
    {
      title: '保管期限',
      key: 'retention',
      width: 210,
      ellipsis: false,
      render: (_, a) => <RetentionCell archive={a} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 75,
      render: (status: number) => <ArchiveStatusTag status={status} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 70,
      render: (_, a) => (
        <Button type="link" size="small" onClick={() => navigate(`/archives-management/detail/${a._id}`)}>
          查看
        </Button>
      ),
    },
  ];

  return (
    <ListPageCard title="档案管理">
      <PagedSearchTable<ArchiveRow, ArchiveFilters>
        searchLabel="档案搜索"
        paged={paged}
        result={archives}
        columns={columns}
        locale={{
          emptyText: (
            <Empty
              description={
                <>
                  暂无档案
                  <br />
                  <Typography.Text type="secondary">
                    评价计划审批通过后自动建档，随评价进行归集材料
                  </Typography.Text>
                </>
              }
            />
          ),
        }}
        filters={[
          { name: 'keyword', label: '关键词', placeholder: '计划编号或名称', width: 180 },
          { name: 'status', label: '状态', options: statusOptions, width: 110 },
          { name: 'level', label: '等级', options: levelOptions, width: 140 },
          { name: 'expiring', label: EXPIRING_TEXT, switch: true },
        ]}
      />
    </ListPageCard>
  );
}
