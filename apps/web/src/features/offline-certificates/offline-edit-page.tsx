import { occupationWorkTypeText } from '@skill-cert/shared/certificates';
import { isOfflineBatchEditable, type OfflineBatchDetail } from '@skill-cert/shared/offline-certificates';
import { Alert, App, Card, Descriptions, Space } from 'antd';
import dayjs from 'dayjs';
import { useParams } from 'react-router';
import { GatedLoadError } from '@/shared/components/no-filing/no-filing';
import { PageLoading } from '@/shared/components/page-loading';
import { useLeavePage } from '@/shared/page-tab';
import { fileDownloadUrl, useBatch, useBatchOptions, usePatchBatch } from './api/batches';
import { BatchForm, type BatchFormValues, SUBMITTED_MESSAGE } from './components/batch-form';
import { BatchStatusTag, datesText } from './components/batch-summary';

const uploaded = (file: { file_id: string; originName: string }) => ({
  file_id: file.file_id,
  webPath: fileDownloadUrl(file.file_id),
  name: file.originName,
});

export const toEditValues = (b: OfflineBatchDetail): BatchFormValues => ({
  name: b.name,
  dates: [dayjs(b.start_date), dayjs(b.end_date)],
  template_id: b.template_id,
  issue_date: dayjs(b.issue_date),
  file: uploaded(b.file),
  photo_zip: b.photo_zip ? uploaded(b.photo_zip) : null,
});

/** The body of `PATCH /api/offlineCertificateBatches/{id}`: only what changed. */
export function toPatchBody(b: OfflineBatchDetail, v: BatchFormValues) {
  const body: {
    name?: string;
    template_id?: string;
    issue_date?: string;
    file_id?: string;
    photo_zip_file_id?: string | null;
  } = {};
  const name = v.name?.trim() ?? '';
  if (name !== b.name) body.name = name;
  if (v.template_id && v.template_id !== b.template_id) body.template_id = v.template_id;
  const issue = v.issue_date?.format('YYYY-MM-DD');
  if (issue && issue !== b.issue_date) body.issue_date = issue;
  if (v.file && v.file.file_id !== b.file.file_id) body.file_id = v.file.file_id;
  const zip = v.photo_zip?.file_id ?? null;
  if (zip !== (b.photo_zip?.file_id ?? null)) body.photo_zip_file_id = zip;
  return body;
}

/** A new sheet, photo zip or template reads the batch again. */
const readsAgain = (body: ReturnType<typeof toPatchBody>) =>
  body.file_id !== undefined || body.photo_zip_file_id !== undefined || body.template_id !== undefined;

/**
 * 编辑证书 (`/offline-certificate/edit/:id`): while the batch is 待确认 (or 失败), replace its sheet or photo zip, or
 * change its name, template or issue date; its scope, dates and site stay. A new sheet, zip or template sends it back
 * to 解析中, and the list shows it until the message says it was read.
 */
export function OfflineEditPage() {
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const leave = useLeavePage();
  const options = useBatchOptions();
  const batch = useBatch(id);
  const patch = usePatchBatch();

  const failed = options.isError ? options : batch.isError ? batch : null;
  if (failed)
    return (
      <GatedLoadError error={failed.error} title="暂不能生成证书" onRetry={() => void failed.refetch()} />
    );
  if (!options.data || !batch.data) return <PageLoading />;
  const b = batch.data;
  const blocked = isOfflineBatchEditable(b.status)
    ? null
    : `该批次${b.status_text}，只有待确认或失败的批次可以编辑`;

  return (
    <Card
      title={
        <Space>
          {`编辑证书：${b.name}`}
          <BatchStatusTag status={b.status} />
        </Space>
      }
    >
      <BatchForm
        // A batch read again (解析中 → 待确认) comes back with other files: the form starts from them.
        key={`${b.status}:${b.file.file_id}:${b.photo_zip?.file_id ?? ''}`}
        options={options.data}
        initialValues={toEditValues(b)}
        blocked={blocked}
        fixed={
          <>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="更换证书信息表、照片压缩包或证书模板后，批次将重新解析，已修改或删除的证书信息以新表格为准"
            />
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2, xl: 4 }}
              style={{ marginBottom: 16 }}
              items={[
                { key: 'occupation', label: '职业/工种', children: occupationWorkTypeText(b) },
                { key: 'level', label: '职业技能等级', children: b.level_name },
                { key: 'dates', label: '评价日期', children: datesText(b) },
                { key: 'site', label: '考核站点', children: b.site_name },
              ]}
            />
          </>
        }
        submitText="保存"
        saving={patch.isPending}
        onSubmit={async (values) => {
          const body = toPatchBody(b, values);
          if (Object.keys(body).length === 0) {
            message.info('没有要修改的内容');
            return;
          }
          await patch.mutateAsync({ id: b._id, body });
          if (readsAgain(body)) {
            message.success(SUBMITTED_MESSAGE);
            leave('/offline-certificate');
          } else {
            message.success('已保存');
            leave(`/offline-certificate/confirm-add/${b._id}`);
          }
        }}
        onCancel={() => leave('/offline-certificate')}
      />
    </Card>
  );
}
