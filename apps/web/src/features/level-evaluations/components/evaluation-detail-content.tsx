import {
  EvaluationStatus,
  type LevelEvaluationDetail,
  qualificationFits,
  qualificationMismatch,
} from '@skill-cert/shared/level-evaluations';
import { Alert, Card, Descriptions, Empty, Skeleton, Table, Tabs, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { PlanNo } from '@/shared/components/plan-no';
import { StepTimeline } from '@/shared/components/step-timeline/step-timeline';
import type { PlanRef } from '../api/plan-path';
import { useStatistics } from '../api/scores';
import { CandidatePanel } from './candidate-panel';
import { EvaluationStatusTag } from './evaluation-status-tag';
import { ExamSessionsPanel } from './exam-sessions-panel';
import { ExamTaskPanel } from './exam-task-panel';
import { datesText, type PlanLabels, scopeText } from './plan-columns';
import { ScoreChangeList } from './score-change-list';
import { ScoreTable } from './score-table';
import { SeatingPanel } from './seating-panel';

/** The charts and their library load with the scores tab only (a lazy chunk). */
const ScoreCharts = lazy(() => import('./score-charts'));

export type DetailTab = 'basics' | 'candidates' | 'sessions' | 'seating' | 'tasks' | 'scores' | 'timeline';
const TABS: DetailTab[] = ['basics', 'candidates', 'sessions', 'seating', 'tasks', 'scores', 'timeline'];
export const isDetailTab = (v: string | null): v is DetailTab => TABS.includes(v as DetailTab);

const or = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);

/**
 * A plan's content in tabs (基本信息, 考生名单, 场次与考场, 座位与准考证, 成绩, 流程记录), shown by 评价详情 and by 审批详情: the same
 * components, with what the caller may do by the plan's `abilities`.
 */
export function EvaluationDetailContent({
  plan,
  initialTab = 'basics',
  examTasks = false,
  logistics = false,
}: {
  plan: LevelEvaluationDetail;
  initialTab?: DetailTab;
  /** The owner's 考评任务 tab (not the platform's approval). */
  examTasks?: boolean;
  /** The owner's 场次与考场 and 座位与准考证 tabs, on a plan that may use them or has sessions already. */
  logistics?: boolean;
}) {
  const [tab, setTab] = useState<DetailTab>(initialTab);
  const showLogistics = logistics && (plan.abilities.can_edit_sessions || plan.session_count > 0);
  const showChanges = plan.status >= EvaluationStatus.PUBLICITY || plan.pending_change_count > 0;
  return (
    <>
      {plan.status === EvaluationStatus.REJECTED && plan.reject_reason && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`驳回原因：${plan.reject_reason}`}
          description="请根据驳回原因编辑后重新提交审批。"
        />
      )}
      {plan.status === EvaluationStatus.PUBLICITY && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`成绩公示中${plan.publicity_end_str ? `，公示截止 ${plan.publicity_end_str}` : ''}`}
          description="公示期间成绩只能通过“申请修改”更改，经管理员审批后生效；公示期满评价自动通过。"
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as DetailTab)}
        items={[
          { key: 'basics', label: '基本信息', children: <PlanBasics plan={plan} /> },
          {
            key: 'candidates',
            label: `考生名单（${plan.candidate_count}）`,
            children: <CandidatePanel plan={plan} />,
          },
          ...(showLogistics
            ? [
                { key: 'sessions', label: '场次与考场', children: <ExamSessionsPanel plan={plan} /> },
                { key: 'seating', label: '座位与准考证', children: <SeatingPanel plan={plan} /> },
              ]
            : []),
          ...(examTasks
            ? [{ key: 'tasks', label: '考评任务', children: <ExamTaskPanel plan={plan} canChange /> }]
            : []),
          {
            key: 'scores',
            label: '成绩',
            children: (
              <>
                <Statistics plan={plan} />
                <ScoreTable plan={plan} />
                {showChanges && (
                  <Card
                    size="small"
                    style={{ marginTop: 16 }}
                    title={`成绩修改申请${plan.pending_change_count ? `（待审批 ${plan.pending_change_count}）` : ''}`}
                  >
                    <ScoreChangeList plan={plan} />
                  </Card>
                )}
              </>
            ),
          },
          { key: 'timeline', label: '流程记录', children: <PlanTimeline plan={plan} /> },
        ]}
      />
    </>
  );
}

export function Statistics({ plan }: { plan: PlanRef }) {
  const statistics = useStatistics(plan);
  if (statistics.isError) return null;
  return (
    <div style={{ marginBottom: 16 }}>
      {statistics.data ? (
        <Suspense fallback={<Skeleton active />}>
          <ScoreCharts statistics={statistics.data} />
        </Suspense>
      ) : (
        <Skeleton active />
      )}
    </div>
  );
}

/** The facts of a plan and its methods; a test plan names them its own way and adds its registration window. */
export function PlanBasics({
  plan,
  labels = { name: '评价名称', dates: '考评日期' },
  extra,
}: {
  plan: Omit<LevelEvaluationDetail, 'abilities' | 'result_counts' | 'timeline'>;
  labels?: PlanLabels;
  extra?: ReactNode;
}) {
  const people = (list: LevelEvaluationDetail['examiners']) =>
    list.length ? list.map((p) => `${p.name}（${p.phone}）`).join('、') : '-';
  const unfit = plan.examiners.filter((p) => !qualificationFits(p.qualification, plan));
  return (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="计划编号">
          <PlanNo value={plan.plan_no} />
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <EvaluationStatusTag status={plan.status} />
        </Descriptions.Item>
        <Descriptions.Item label={labels.name}>{or(plan.name)}</Descriptions.Item>
        <Descriptions.Item label="备案编号">{or(plan.record_no)}</Descriptions.Item>
        <Descriptions.Item label="职业/工种">{scopeText(plan)}</Descriptions.Item>
        <Descriptions.Item label="评价等级">{or(plan.level_name)}</Descriptions.Item>
        <Descriptions.Item label={labels.dates}>{datesText(plan)}</Descriptions.Item>
        {extra}
        <Descriptions.Item label="公示天数">{`${plan.publicity_days} 天`}</Descriptions.Item>
        <Descriptions.Item label="考核场地" span={2}>
          {plan.site
            ? `${plan.site.name}（${[...plan.site.region_names, plan.site.address].join(' ')}）`
            : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="考评员" span={2}>
          {people(plan.examiners)}
          {unfit.length > 0 && plan.occupation_name && (
            <Typography.Paragraph type="warning" style={{ margin: '4px 0 0' }}>
              {qualificationMismatch(unfit, plan.occupation_name)}
            </Typography.Paragraph>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="质量督导员" span={2}>
          {people(plan.supervisors)}
        </Descriptions.Item>
        <Descriptions.Item label="考生人数">{plan.candidate_count}</Descriptions.Item>
        <Descriptions.Item label="合格人数">{plan.pass_count}</Descriptions.Item>
        <Descriptions.Item label="创建人">{plan.create_user_name}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{plan.create_time_str}</Descriptions.Item>
        <Descriptions.Item label="备注" span={2}>
          {or(plan.remark)}
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="method"
        pagination={false}
        aria-label="评价方式"
        dataSource={plan.methods}
        locale={{ emptyText: <Empty description="未选择评价方式" /> }}
        columns={[
          { title: '评价方式', dataIndex: 'method_text' },
          { title: '满分', dataIndex: 'full_mark', width: 120 },
          { title: '合格分', dataIndex: 'pass_mark', width: 120 },
        ]}
      />
    </>
  );
}

const timelineColors: Record<string, string> = {
  reject: 'red',
  cancel: 'red',
  returnResults: 'red',
  rejectChange: 'red',
  approve: 'green',
  approveResults: 'green',
  publicityOver: 'green',
  approveChange: 'green',
};

/** Every step of a plan (an evaluation's or a test plan's) with who and when. */
export function PlanTimeline({ plan }: { plan: Pick<LevelEvaluationDetail, 'timeline'> }) {
  return (
    <StepTimeline
      label="流程记录"
      steps={plan.timeline}
      colors={timelineColors}
      fallback="blue"
      noteLabel={(action) =>
        action === 'reject'
          ? '驳回原因'
          : action === 'returnResults'
            ? '退回原因'
            : action === 'cancel'
              ? '取消原因'
              : '说明'
      }
    />
  );
}
