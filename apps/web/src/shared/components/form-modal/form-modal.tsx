import { App, Button, Form, type FormInstance, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useAction } from '@/shared/hooks/use-action';
import { useUnsavedForm } from '@/shared/unsaved-changes';

/** The first message of what the contract refuses in `body`, or null: what the form's own rules cannot see. */
export function contractProblem(schema: z.ZodType, body: unknown): string | null {
  const parsed = schema.safeParse(body);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '请检查填写的内容');
}

export interface FormModalProps<V extends object> {
  /** 新增… / 修改…: the dialog's title and the form's accessible name. */
  title: string;
  /** The dialog's title when it says more than the form's name (e.g. which dictionary). */
  heading?: ReactNode;
  open: boolean;
  width: number;
  form: FormInstance<V>;
  /** What the contract refuses in the values (contractProblem), checked after the form's rules; null: nothing. */
  check?: (values: V) => string | null;
  /** Saves the values; rejects when the request failed (the client has said why, and what was typed stays). */
  save: (values: V) => Promise<unknown>;
  /** What is said once saved (default 保存成功). */
  saved?: string | ((values: V) => string);
  /** The record is still loading (a detail read before editing). */
  loading?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The one dialog of a form that saves a record (banners, news, dictionary items, occupations): 取消 and 保存, 保存
 * acting once however often it is clicked, the form's rules then the contract checked before the request, and a form
 * with typed input asking before it is left (useUnsavedForm). The caller fills the form when it opens.
 */
export function FormModal<V extends object>({
  title,
  heading,
  open,
  width,
  form,
  check,
  save,
  saved = '保存成功',
  loading = false,
  onClose,
  children,
}: FormModalProps<V>) {
  const { message } = App.useApp();
  const unsaved = useUnsavedForm(form, open);

  const submit = useAction(async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const problem = check?.(values);
    if (problem) {
      message.error(problem);
      return;
    }
    try {
      await unsaved.whileSaving(() => save(values));
      message.success(typeof saved === 'function' ? saved(values) : saved);
      onClose();
    } catch {
      // shown by the client; what was typed stays
    }
  });

  const leave = () => unsaved.confirmDiscard(onClose);
  return (
    <Modal
      title={heading ?? title}
      open={open}
      width={width}
      destroyOnHidden
      onCancel={leave}
      footer={[
        <Button key="cancel" onClick={leave}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={submit.running} onClick={() => void submit.run()}>
          保存
        </Button>,
      ]}
    >
      <Spin spinning={loading}>
        <Form<V> form={form} layout="vertical" aria-label={title} preserve={false}>
          {children}
        </Form>
      </Spin>
    </Modal>
  );
}
