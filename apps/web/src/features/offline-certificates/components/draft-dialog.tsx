import { type EvaluationMethodValue, evaluationMethodText } from '@skill-cert/shared/level-evaluations';
import {
  FAIL_TEXT,
  OFFLINE_METHODS,
  OFFLINE_PASS_SCORE,
  type OfflineBatchDetail,
  type OfflineDraftPatchBody,
  type OfflineDraftRow,
  PASS_TEXT,
} from '@skill-cert/shared/offline-certificates';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { IdentityFields } from '@/shared/components/identity-fields';
import { FileUpload, type UploadedItem } from '@/shared/components/upload/file-upload';
import { useAction } from '@/shared/hooks/use-action';
import { errorMessage } from '@/shared/http';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { fileDownloadUrl, usePatchDraft } from '../api/batches';

interface DraftValues {
  name: string;
  id_type: 1 | 2 | 3 | 4 | 5;
  id_number: string;
  /** Method → what the sheet said (合格, 不合格, a score) or ''. */
  results: Record<number, string>;
  /** Blank name → value. */
  values: Record<string, string>;
  photo: UploadedItem[];
}

const photoOf = (d: OfflineDraftRow): UploadedItem[] =>
  d.photo_file_id
    ? [{ file_id: d.photo_file_id, webPath: fileDownloadUrl(d.photo_file_id), name: '照片' }]
    : [];

const valuesOf = (d: OfflineDraftRow): DraftValues => ({
  name: d.name,
  id_type: d.id_type,
  id_number: d.id_number,
  results: Object.fromEntries(d.results.map((r) => [r.method, r.value ?? ''])),
  values: Object.fromEntries(d.values.map((v) => [v.name, v.value])),
  photo: photoOf(d),
});

/** The patch body: every field as the dialog holds it; the photo only when it changed. */
export function toDraftBody(draft: OfflineDraftRow, v: DraftValues): OfflineDraftPatchBody {
  const photo = v.photo[0]?.file_id ?? null;
  return {
    name: v.name.trim(),
    id_type: v.id_type,
    id_number: v.id_number.trim(),
    results: OFFLINE_METHODS.map((method) => ({ method, value: v.results?.[method]?.trim() || null })),
    values: Object.fromEntries(Object.entries(v.values ?? {}).map(([k, value]) => [k, (value ?? '').trim()])),
    ...(photo !== draft.photo_file_id ? { photo_file_id: photo } : {}),
  };
}

/** A draft's problems in red, one a line (the server's texts, each naming its field). */
export function DraftProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul aria-label="问题" style={{ margin: 0, paddingInlineStart: 16 }}>
      {problems.map((p) => (
        <li key={p}>
          <Typography.Text type="danger">{p}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * 修改证书信息: one draft's fields (姓名, 证件, the results of each method, the template's own blanks, the photo); the
 * server validates it again and answers its problems: none closes the dialog, any stay shown in red above the form.
 */
export function DraftDialog({
  batch,
  draft,
  onClose,
}: {
  batch: OfflineBatchDetail;
  /** The draft being fixed; null closes the dialog. */
  draft: OfflineDraftRow | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DraftValues>();
  const patch = usePatchDraft();
  // The problems as last answered: the draft's own, then the server's after each save.
  const [problems, setProblems] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const required = new Set<EvaluationMethodValue>(batch.required_methods);

  useEffect(() => {
    if (!draft) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(draft));
    setProblems(draft.problems);
    setRefusal(null);
  }, [draft, form]);
  // After the draft's values are in the form: what the user changes from there is unsaved.
  const unsaved = useUnsavedForm(form, draft !== null);

  const save = useAction(async () => {
    if (!draft) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setRefusal(null);
    try {
      const fixed = await unsaved.whileSaving(() =>
        patch.mutateAsync({
          id: batch._id,
          draftId: draft._id,
          body: toDraftBody(draft, { ...valuesOf(draft), ...values }),
        }),
      );
      if (fixed.problems.length === 0) {
        message.success(`已修改第 ${fixed.row_number} 行，${fixed.name}的证书信息无问题`);
        onClose();
      } else setProblems(fixed.problems);
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  });

  return (
    <Modal
      open={draft !== null}
      title={draft ? `修改证书信息（第 ${draft.row_number} 行）` : '修改证书信息'}
      okText="保存"
      cancelText="取消"
      onOk={() => void save.run()}
      onCancel={() => unsaved.confirmDiscard(onClose)}
      confirmLoading={save.running}
      width={640}
      forceRender
    >
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`还有 ${problems.length} 个问题`}
          description={<DraftProblems problems={problems} />}
        />
      )}
      {refusal && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={refusal} />}
      <Form<DraftValues> form={form} labelCol={{ flex: '120px' }} aria-label="证书信息">
        <Form.Item
          name="name"
          label="姓名"
          rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <IdentityFields warnOnly />
        {OFFLINE_METHODS.map((m) => (
          <Form.Item
            key={m}
            name={['results', m]}
            label={evaluationMethodText[m]}
            rules={
              required.has(m)
                ? [{ required: true, whitespace: true, message: `请填写${evaluationMethodText[m]}成绩` }]
                : []
            }
          >
            <Input
              maxLength={10}
              placeholder={`${PASS_TEXT}、${FAIL_TEXT}或分数（${OFFLINE_PASS_SCORE}分及以上合格）${required.has(m) ? '' : '，可不填'}`}
            />
          </Form.Item>
        ))}
        {batch.blanks.map((b) => (
          <Form.Item
            key={b.name}
            name={['values', b.name]}
            label={b.cn_name}
            rules={b.required ? [{ required: true, whitespace: true, message: `请填写${b.cn_name}` }] : []}
          >
            <Input maxLength={200} />
          </Form.Item>
        ))}
        <Form.Item name="photo" label="照片" extra="一寸照片，JPG/PNG">
          <FileUpload kind="image" limit={1} buttonText="上传照片" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
