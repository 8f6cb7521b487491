import type { LevelEvaluationDetail } from '@skill-cert/shared/level-evaluations';
import { App } from 'antd';
import { GatedLoadError } from '@/shared/components/no-filing/no-filing';
import { PageCard } from '@/shared/components/page-card';
import { PageLoading } from '@/shared/components/page-loading';
import { useLeavePage } from '@/shared/page-tab';
import { useEvaluationOptions, useSaveEvaluation } from './api/plans';
import { EvaluationStepForm } from './components/evaluation-step-form';
import { emptyEvaluationForm } from './components/step-form-values';

/**
 * 新增评价: the step form of a new plan. The first 保存草稿 creates the draft and goes on in its edit page
 * (same step), where candidates can be added; 提交审批 goes to its detail. The add tab closes either way.
 */
export function EvaluationAddPage() {
  const { message } = App.useApp();
  const leave = useLeavePage();
  const options = useEvaluationOptions();
  const save = useSaveEvaluation();

  if (options.isError) return <GatedLoadError error={options.error} onRetry={() => void options.refetch()} />;
  if (!options.data) return <PageLoading />;
  return (
    <PageCard title="新增评价">
      <EvaluationStepForm
        options={options.data}
        plan={null}
        initialValues={emptyEvaluationForm(options.data)}
        saving={save.isPending}
        onCancel={() => leave('/evaluation-list')}
        onSave={async (body, step) => {
          const saved: LevelEvaluationDetail = await save.mutateAsync({ id: null, body });
          if (body.submit) {
            message.success('已提交审批');
            leave(`/evaluation-list/detail/${saved._id}`);
          } else {
            message.success('草稿已保存');
            leave(`/evaluation-list/edit/${saved._id}`, { state: { step } });
          }
        }}
      />
    </PageCard>
  );
}
