import { PlusOutlined } from '@ant-design/icons';
import {
  ENTERPRISE_STATUSES,
  evaluationStatusText,
  type LevelEvaluationRow,
} from '@skill-cert/shared/level-evaluations';
import { ALL_SKILL_LEVELS, skillLevelName } from '@skill-cert/shared/occupations';
import { Button, Empty, Space, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { PagedSearchTable } from '@/shared/components/list-table/paged-search-table';
import { isNoFiling, NoFilingResult } from '@/shared/components/no-filing/no-filing';
import { usePagedSearch } from '@/shared/hooks/use-paged-search';
import { type EvaluationListQuery, useEvaluationOptions, useEvaluations } from './api/plans';
import { useRefreshOnEvaluationNews } from './api/use-refresh-on-news';
import { useEvaluationActions } from './components/evaluation-actions';
import { planColumns } from './components/plan-columns';
import { rowAbilities } from './components/row-abilities';

type EvaluationFilters = Omit<EvaluationListQuery, 'page' | 'per_page'>;

const statusOptions = ENTERPRISE_STATUSES.map((value) => ({ label: evaluationStatusText[value], value }));
const levelOptions = ALL_SKILL_LEVELS.map((l) => ({ label: skillLevelName(l), value: l }));

/** 等级评价: the company's plans, searched and paged, with the actions each state allows. */
export function EvaluationListPage() {
  const navigate = useNavigate();
  const paged = usePagedSearch<EvaluationFilters>({
    keyword: '',
    status: null,
    occupation_code: null,
    level: null,
    start_date: '',
    end_date: '',
  });
  const plans = useEvaluations(paged.query);
  useRefreshOnEvaluationNews();
  const blocked = plans.isError && isNoFiling(plans.error);
  const options = useEvaluationOptions(plans.isSuccess);
  const { confirmDelete, confirmSubmit } = useEvaluationActions();

  const occupationOptions = [
    ...new Map(
      (options.data?.filings ?? [])
        .flatMap((f) => f.scopes)
        .map((s) => [s.occupation_code, { label: s.occupation_name, value: s.occupation_code }]),
    ).values(),
  ];

  const columns: TableColumnsType<LevelEvaluationRow> = [
    ...planColumns(),
    {
      title: '操作',
      key: 'actions',
      // 查看 编辑 提交审批 删除, the most a plan offers.
      width: 210,
      render: (_, r) => {
        const can = rowAbilities(r.status);
        const afterDelete = () => {
          if (plans.data?.list.length === 1 && paged.query.page > 1) paged.setPage(paged.query.page - 1);
        };
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => navigate(`/evaluation-list/detail/${r._id}`)}>
              查看
            </Button>
            {can.edit && (
              <Button type="link" size="small" onClick={() => navigate(`/evaluation-list/edit/${r._id}`)}>
                编辑
              </Button>
            )}
            {can.submit && (
              <Button type="link" size="small" onClick={() => confirmSubmit(r)}>
                提交审批
              </Button>
            )}
            {can.scores && (
              <Button
                type="link"
                size="small"
                onClick={() => navigate(`/evaluation-list/detail/${r._id}`, { state: { tab: 'scores' } })}
              >
                录入成绩
              </Button>
            )}
            {can.delete && (
              <Button type="link" size="small" danger onClick={() => confirmDelete(r, afterDelete)}>
                删除
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <ListPageCard title="等级评价">
      {blocked ? (
        <NoFilingResult error={plans.error} />
      ) : (
        <PagedSearchTable<LevelEvaluationRow, EvaluationFilters>
          searchLabel="评价搜索"
          paged={paged}
          result={plans}
          columns={columns}
          locale={{
            emptyText: (
              <Empty description="暂无评价计划">
                <Button type="primary" onClick={() => navigate('/evaluation-list/add')}>
                  新增评价
                </Button>
              </Empty>
            ),
          }}
          filters={[
            { name: 'keyword', label: '关键词', placeholder: '评价名称或计划编号', width: 200 },
            { name: 'status', label: '状态', options: statusOptions, width: 130 },
            { name: 'occupation_code', label: '职业', options: occupationOptions, width: 150 },
            { name: 'level', label: '等级', options: levelOptions, width: 150 },
            { name: 'start_date', label: '考评日期', placeholder: '开始日期', date: true, width: 140 },
            { name: 'end_date', label: '至', placeholder: '结束日期', date: true, width: 140 },
          ]}
          toolbar={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/evaluation-list/add')}>
              新增评价
            </Button>
          }
        />
      )}
    </ListPageCard>
  );
}
