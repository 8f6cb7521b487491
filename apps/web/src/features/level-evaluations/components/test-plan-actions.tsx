import { type TestPlanDetail, testPlanPublishProblem } from '@skill-cert/shared/level-evaluations';
import { App } from 'antd';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { type TestPlanStep, useDeleteTestPlan, useTestPlanStep } from '../api/test-plans';
import { useReasonDialog } from './evaluation-actions';

type PlanRef = Pick<TestPlanDetail, '_id' | 'name'>;

/** What publishing a saved plan still needs (the shared rule on its saved fields), or null. */
export function publishProblem(plan: TestPlanDetail): string | null {
  return testPlanPublishProblem({
    name: plan.name,
    record_application_id: plan.record_application_id,
    occupation_code: plan.occupation_code,
    level: plan.level,
    methods: plan.methods,
    start_date: plan.start_date,
    end_date: plan.end_date,
    site_id: plan.site?._id ?? null,
    examiner_ids: plan.examiners.map((p) => p._id),
    supervisor_ids: plan.supervisors.map((p) => p._id),
    registration_start_date: plan.registration_start_date,
    registration_end_date: plan.registration_end_date,
  });
}

/** The confirmation and success message of each step without a reason. */
const STEPS: Record<
  Exclude<TestPlanStep, 'cancel' | 'reviewResults'>,
  { ask: (name: string) => string; done: string }
> = {
  publish: {
    ask: (name) => `确定发布考试计划“${name}”并开始报名吗？发布后基本信息不能再修改。`,
    done: '已发布，开始报名',
  },
  startExam: {
    ask: (name) => `确定开始考试“${name}”吗？开始后不能再审核报名和编排考场。`,
    done: '考试已开始',
  },
  endExam: { ask: (name) => `确定结束考试“${name}”并开始阅卷吗？`, done: '考试已结束，开始阅卷' },
  submitResults: {
    ask: (name) => `确定提交考试计划“${name}”的成绩审核吗？提交后成绩不能再修改。`,
    done: '已提交成绩审核',
  },
  archive: { ask: (name) => `确定将考试计划“${name}”归档吗？归档后档案封存，不能再修改。`, done: '已归档' },
};

/**
 * A test plan's steps with their confirmations: 删除 (草稿), 发布报名, 开始考试, 结束考试, 提交成绩审核, 归档; and those
 * with a reason: 取消考试计划 (required), 成绩审核 通过 (optional opinion) / 退回 (required). Each acts once; a refusal
 * is shown by the client and the dialog closes (the reason dialog stays with what was typed).
 */
export function useTestPlanActions() {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const remove = useDeleteTestPlan();
  const step = useTestPlanStep();
  const reason = useReasonDialog();

  const confirm = (content: string, onOk: () => Promise<unknown>, danger = false) =>
    confirmOnce({
      title: '提示',
      content,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: danger ? { danger: true } : undefined,
      onOk: () => onOk().catch(() => undefined),
    });

  return {
    dialog: reason.dialog,
    confirmDelete: (plan: PlanRef, after?: () => void) =>
      confirm(
        `确定删除考试计划“${plan.name || '未命名'}”吗？删除后不可恢复。`,
        () =>
          remove.mutateAsync(plan._id).then(() => {
            message.success('删除成功');
            after?.();
          }),
        true,
      ),
    confirmStep: (plan: PlanRef, name: keyof typeof STEPS) =>
      confirm(STEPS[name].ask(plan.name), () =>
        step.mutateAsync({ id: plan._id, step: name }).then(() => message.success(STEPS[name].done)),
      ),
    askCancel: (plan: PlanRef) =>
      reason.ask({
        title: `取消考试计划“${plan.name}”`,
        label: '取消原因',
        required: true,
        okText: '取消考试计划',
        onOk: (text) =>
          step
            .mutateAsync({ id: plan._id, step: 'cancel', body: { reason: text } })
            .then(() => message.success('考试计划已取消')),
      }),
    askReview: (plan: PlanRef, action: 'approve' | 'return') =>
      reason.ask({
        title: action === 'approve' ? `成绩审核通过：${plan.name}` : `退回成绩：${plan.name}`,
        label: action === 'approve' ? '审核意见' : '退回原因',
        required: action === 'return',
        okText: action === 'approve' ? '通过' : '退回',
        onOk: (text) =>
          step
            .mutateAsync({
              id: plan._id,
              step: 'reviewResults',
              body: { action, ...(text ? { reason: text } : {}) },
            })
            .then(() =>
              message.success(action === 'approve' ? '成绩审核已通过' : '成绩已退回，请修改后重新提交'),
            ),
      }),
  };
}
