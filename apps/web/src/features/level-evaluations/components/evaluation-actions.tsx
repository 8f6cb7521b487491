import type { LevelEvaluationRow } from '@skill-cert/shared/level-evaluations';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useAction, useConfirmOnce } from '@/shared/hooks/use-action';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { useDeleteEvaluation, usePlanTransition } from '../api/plans';

type PlanRef = Pick<LevelEvaluationRow, '_id' | 'name'>;

/** The question 提交审批 asks wherever a plan is submitted (the list, the detail, the edit page). */
export const submitQuestion = (name: string) => `确定将评价计划“${name}”提交审批吗？审批完成前不能修改计划。`;

/** 删除, 提交审批, 提交成绩审核 with their confirmations (list and detail). */
export function useEvaluationActions() {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const remove = useDeleteEvaluation();
  const transition = usePlanTransition();

  const confirm = (content: string, onOk: () => Promise<unknown>, danger = false) =>
    confirmOnce({
      title: '提示',
      content,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: danger ? { danger: true } : undefined,
      // A refusal was shown by the client; the dialog closes either way.
      onOk: () => onOk().catch(() => undefined),
    });

  return {
    confirmDelete: (plan: PlanRef, after?: () => void) =>
      confirm(
        `确定删除评价计划“${plan.name || '未命名'}”吗？删除后不可恢复。`,
        () =>
          remove.mutateAsync(plan._id).then(() => {
            message.success('删除成功');
            after?.();
          }),
        true,
      ),
    confirmSubmit: (plan: PlanRef, after?: () => void) =>
      confirm(submitQuestion(plan.name), () =>
        transition.mutateAsync({ id: plan._id, step: 'submit' }).then(() => {
          message.success('已提交审批');
          after?.();
        }),
      ),
    confirmSubmitResults: (plan: PlanRef, after?: () => void) =>
      confirm(`确定提交评价计划“${plan.name}”的成绩审核吗？提交后成绩不能再修改。`, () =>
        transition.mutateAsync({ id: plan._id, step: 'submitResults' }).then(() => {
          message.success('已提交成绩审核');
          after?.();
        }),
      ),
  };
}

export interface ReasonRequest {
  title: string;
  /** The field's label, e.g. 驳回原因; required when `required`. */
  label: string;
  required: boolean;
  okText?: string;
  onOk: (reason: string) => Promise<unknown>;
}

/**
 * A decision with its reason (驳回, 退回: required; 通过: optional opinion). `ask(request)` opens it; it stays open
 * while the request runs and when the server refuses (its message is shown by the client).
 */
export function useReasonDialog() {
  const [request, setRequest] = useState<ReasonRequest | null>(null);
  const [form] = Form.useForm<{ reason?: string }>();
  const unsaved = useUnsavedForm(form, request !== null);
  const decide = useAction(async () => {
    if (!request) return;
    // An invalid field shows its message under it.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const reason = values.reason ?? '';
    try {
      await unsaved.whileSaving(() => request.onOk(reason.trim()));
      setRequest(null);
    } catch {
      // shown by the client; the reason stays for another try
    }
  });

  const dialog = (
    <Modal
      title={request?.title}
      open={request !== null}
      okText={request?.okText ?? '确定'}
      cancelText="取消"
      confirmLoading={decide.running}
      destroyOnHidden
      onCancel={() => unsaved.confirmDiscard(() => setRequest(null))}
      onOk={() => void decide.run()}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={request?.label}
          rules={[
            {
              required: request?.required,
              whitespace: true,
              message: `请输入${request?.label ?? '原因'}`,
            },
            { max: 500, message: `${request?.label ?? '原因'}不能超过500个字符` },
          ]}
        >
          <Input.TextArea rows={4} placeholder={request?.required ? '必填' : '选填'} />
        </Form.Item>
      </Form>
    </Modal>
  );
  return { ask: setRequest, dialog };
}
