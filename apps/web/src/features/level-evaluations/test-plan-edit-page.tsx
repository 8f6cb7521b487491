import { EvaluationStatus, type TestPlanDetail } from '@skill-cert/shared/level-evaluations';
import { Alert, Button, Card, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { GatedLoadError, INSTITUTION_FILING } from '@/shared/components/no-filing/no-filing';
import { PageCard } from '@/shared/components/page-card';
import { PageLoading } from '@/shared/components/page-loading';
import { PlanNo } from '@/shared/components/plan-no';
import { usePermission } from '@/shared/permissions/permission';
import { useRefreshOnTestPlanNews, useTestPlan, useTestPlanOptions } from './api/test-plans';
import { PlanTimeline, Statistics } from './components/evaluation-detail-content';
import { EvaluationStatusTag } from './components/evaluation-status-tag';
import { ExamSessionsPanel } from './components/exam-sessions-panel';
import { ExamTaskPanel } from './components/exam-task-panel';
import { ExamineePanel } from './components/examinee-panel';
import { ScoreChangeList } from './components/score-change-list';
import { ScoreTable } from './components/score-table';
import { SeatingPanel } from './components/seating-panel';
import { publishProblem, useTestPlanActions } from './components/test-plan-actions';
import { TestPlanBasics } from './components/test-plan-form';

/**
 * The editor's tabs by `?type=` (docs/api.md "Editor tabs"): 1 基本信息, 2 场次与考场, 3 考生 (where
 * `examinee_import_result_notice` leads), 4 编排与准考证, 8 考评任务, 5 成绩, 6 证书; 7 流程记录.
 */
export const TestPlanTab = {
  BASICS: '1',
  SESSIONS: '2',
  EXAMINEES: '3',
  SEATING: '4',
  SCORES: '5',
  CERTIFICATES: '6',
  TIMELINE: '7',
  EXAM_TASKS: '8',
} as const;
const TABS = Object.values(TestPlanTab) as string[];
/** Assigning, returning and the marking settings of a test plan's examiner tasks (the server's `score` key). */
const TestPlanScoreKey = 'institution:test-plan:score';

export interface TestPlanEditPageProps {
  params: Record<string, string | undefined>;
  /** The 证书 tab: the plan's grant, from the grant screens (wired by the app). */
  certificates?: (plan: TestPlanDetail) => ReactNode;
}

/**
 * 编辑考试计划 (机构端 /test-plan/edit/:id): the plan's state and what the caller may do now (its `abilities`, from the
 * state and the caller's keys): 发布报名, 开始考试, 结束考试, 提交成绩审核, 成绩审核 通过 / 退回, 归档, 取消考试计划, 删除;
 * the warnings where national rules vary; and the tabs. The tab is in the address (`?type=`), so a message's link
 * opens the right one and a reload keeps it.
 */
export function TestPlanEditPage({ params, certificates }: TestPlanEditPageProps) {
  const id = params.id ?? '';
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const plan = useTestPlan(id);
  const options = useTestPlanOptions(plan.data?.abilities.can_edit ?? false);
  const actions = useTestPlanActions();
  const canScore = usePermission(TestPlanScoreKey);
  useRefreshOnTestPlanNews(id);

  if (plan.isError)
    return (
      <GatedLoadError
        error={plan.error}
        onRetry={() => void plan.refetch()}
        title="暂不能组织考试"
        filing={INSTITUTION_FILING}
      />
    );
  if (!plan.data) return <PageLoading />;
  const detail = plan.data;
  const can = detail.abilities;
  const wanted = search.get('type') ?? TestPlanTab.BASICS;
  const tab = TABS.includes(wanted) ? wanted : TestPlanTab.BASICS;
  const missing = can.can_publish ? publishProblem(detail) : null;

  return (
    <PageCard
      title={
        <>
          {detail.name || '未命名考试计划'}
          <EvaluationStatusTag status={detail.status} />
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            <PlanNo value={detail.plan_no} empty="发布后生成计划编号" />
          </Typography.Text>
        </>
      }
      actions={
        <>
          {can.can_publish && (
            <Button
              type="primary"
              onClick={() => actions.confirmStep(detail, 'publish')}
              disabled={missing !== null}
            >
              发布报名
            </Button>
          )}
          {can.can_start_exam && (
            <Button type="primary" onClick={() => actions.confirmStep(detail, 'startExam')}>
              开始考试
            </Button>
          )}
          {can.can_end_exam && (
            <Button type="primary" onClick={() => actions.confirmStep(detail, 'endExam')}>
              结束考试
            </Button>
          )}
          {can.can_submit_results && (
            <Button type="primary" onClick={() => actions.confirmStep(detail, 'submitResults')}>
              提交成绩审核
            </Button>
          )}
          {can.can_review_results && (
            <>
              <Button type="primary" onClick={() => actions.askReview(detail, 'approve')}>
                成绩审核通过
              </Button>
              <Button danger onClick={() => actions.askReview(detail, 'return')}>
                退回成绩
              </Button>
            </>
          )}
          {can.can_archive && <Button onClick={() => actions.confirmStep(detail, 'archive')}>归档</Button>}
          {can.can_cancel && (
            <Button danger onClick={() => actions.askCancel(detail)}>
              取消考试计划
            </Button>
          )}
          {can.can_delete && (
            <Button danger onClick={() => actions.confirmDelete(detail, () => navigate('/test-plan'))}>
              删除
            </Button>
          )}
          <Button onClick={() => navigate('/test-plan')}>返回列表</Button>
        </>
      }
    >
      {missing && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`发布报名前还需完善：${missing}`}
          description="请在“基本信息”中补充并保存。"
        />
      )}
      {detail.status === EvaluationStatus.CANCELLED && detail.cancel_reason && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={`已取消：${detail.cancel_reason}`} />
      )}
      {detail.status === EvaluationStatus.MARKING && detail.reject_reason && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`成绩已退回：${detail.reject_reason}`}
          description="请修改成绩后重新提交成绩审核。"
        />
      )}
      {detail.status === EvaluationStatus.PUBLICITY && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`成绩公示中${detail.publicity_end_str ? `，公示截止 ${detail.publicity_end_str}` : ''}`}
          description="公示期间成绩只能通过“申请修改”更改，经审核后生效；公示期满自动通过。"
        />
      )}
      {detail.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="考务提醒（各地标准不同，仅作提醒）"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {detail.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          }
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setSearch(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('type', key);
              return next;
            },
            { replace: true },
          )
        }
        items={[
          {
            key: TestPlanTab.BASICS,
            label: '基本信息',
            children: <TestPlanBasics plan={detail} options={options.data} />,
          },
          {
            key: TestPlanTab.SESSIONS,
            label: `场次与考场（${detail.session_count}/${detail.room_count}）`,
            children: <ExamSessionsPanel plan={detail} />,
          },
          {
            key: TestPlanTab.EXAMINEES,
            label: `考生（${detail.candidate_count}）`,
            children: <ExamineePanel plan={detail} />,
          },
          { key: TestPlanTab.SEATING, label: '编排与准考证', children: <SeatingPanel plan={detail} /> },
          {
            key: TestPlanTab.EXAM_TASKS,
            label: '考评任务',
            children: <ExamTaskPanel plan={detail} canChange={canScore} />,
          },
          {
            key: TestPlanTab.SCORES,
            label: '成绩',
            children: (
              <>
                <Statistics plan={detail} />
                <ScoreTable plan={detail} />
                {(detail.status === EvaluationStatus.PUBLICITY || detail.pending_change_count > 0) && (
                  <Card
                    size="small"
                    style={{ marginTop: 16 }}
                    title={`成绩修改申请${detail.pending_change_count ? `（待审核 ${detail.pending_change_count}）` : ''}`}
                  >
                    <ScoreChangeList plan={detail} />
                  </Card>
                )}
              </>
            ),
          },
          {
            key: TestPlanTab.CERTIFICATES,
            label: '证书',
            children: certificates ? (
              certificates(detail)
            ) : (
              <Typography.Text type="secondary">暂无证书</Typography.Text>
            ),
          },
          { key: TestPlanTab.TIMELINE, label: '流程记录', children: <PlanTimeline plan={detail} /> },
        ]}
      />
      {actions.dialog}
    </PageCard>
  );
}
