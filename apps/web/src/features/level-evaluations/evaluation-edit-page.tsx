import { App, Button, Result } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { GatedLoadError } from '@/shared/components/no-filing/no-filing';
import { PageCard } from '@/shared/components/page-card';
import { PageLoading } from '@/shared/components/page-loading';
import { useLeavePage } from '@/shared/page-tab';
import { useEvaluation, useEvaluationOptions, useSaveEvaluation } from './api/plans';
import { EvaluationStatusTag } from './components/evaluation-status-tag';
import { EvaluationStepForm } from './components/evaluation-step-form';
import { STEP_TITLES, toEvaluationFormValues } from './components/step-form-values';

/** 编辑评价: a plan in 草稿 or 已驳回, in the step form; candidates are added in its last step. */
export function EvaluationEditPage() {
  const { id = '' } = useParams();
  // The step the add page saved the draft on (navigation state: the tab's path stays the plain edit path).
  const { state } = useLocation() as { state: { step?: unknown } | null };
  const { message } = App.useApp();
  const navigate = useNavigate();
  const leave = useLeavePage();
  const options = useEvaluationOptions();
  const plan = useEvaluation(id);
  const save = useSaveEvaluation();

  const failed = options.isError ? options : plan.isError ? plan : null;
  if (failed) return <GatedLoadError error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!options.data || !plan.data) return <PageLoading />;
  const detail = plan.data;
  if (!detail.abilities.can_edit)
    return (
      <Result
        status="warning"
        title={`评价计划“${detail.name}”${detail.status_text}，不能修改`}
        subTitle="只有草稿或已驳回的评价计划可以编辑。"
        extra={
          <Button type="primary" onClick={() => navigate(`/evaluation-list/detail/${detail._id}`)}>
            查看详情
          </Button>
        }
      />
    );
  const step = Number(state?.step ?? 0);
  return (
    <PageCard
      title={
        <>
          编辑评价 {detail.name} <EvaluationStatusTag status={detail.status} />
        </>
      }
    >
      <EvaluationStepForm
        options={options.data}
        plan={detail}
        initialValues={toEvaluationFormValues(detail)}
        initialStep={Number.isInteger(step) && step >= 0 && step < STEP_TITLES.length ? step : 0}
        saving={save.isPending}
        // 取消 drops what was typed: the tab closes with it.
        onCancel={() => leave(`/evaluation-list/detail/${detail._id}`)}
        onSave={async (body) => {
          await save.mutateAsync({ id: detail._id, body });
          if (body.submit) {
            message.success('已提交审批');
            navigate(`/evaluation-list/detail/${detail._id}`);
          } else message.success('草稿已保存');
        }}
      />
    </PageCard>
  );
}
