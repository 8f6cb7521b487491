import { App, Card } from 'antd';
import { GatedLoadError } from '@/shared/components/no-filing/no-filing';
import { PageLoading } from '@/shared/components/page-loading';
import { useLeavePage } from '@/shared/page-tab';
import { useBatchOptions, useCreateBatch } from './api/batches';
import {
  BatchForm,
  type BatchFormValues,
  NO_WORK_TYPE_VALUE,
  SUBMITTED_MESSAGE,
} from './components/batch-form';

const day = (d: { format(f: string): string } | null | undefined) => d?.format('YYYY-MM-DD') ?? '';

/** The body of `POST /api/offlineCertificateBatches` from a validated form. */
export function toCreateBody(v: BatchFormValues) {
  return {
    name: v.name?.trim() ?? '',
    occupation_code: v.occupation_code ?? '',
    work_type: v.work_type && v.work_type !== NO_WORK_TYPE_VALUE ? v.work_type : null,
    level: v.level ?? 0,
    start_date: day(v.dates?.[0]),
    end_date: day(v.dates?.[1]),
    site_id: v.site_id ?? '',
    template_id: v.template_id ?? '',
    issue_date: day(v.issue_date),
    file_id: v.file?.file_id ?? '',
    photo_zip_file_id: v.photo_zip?.file_id ?? null,
  };
}

/**
 * 新增证书 (`/offline-certificate/add`): the batch form; after 提交 the list, where the batch shows 解析中 until the
 * message centre says it was read.
 */
export function OfflineAddPage() {
  const { message } = App.useApp();
  const leave = useLeavePage();
  const options = useBatchOptions();
  const create = useCreateBatch();

  if (options.isError)
    return (
      <GatedLoadError error={options.error} title="暂不能生成证书" onRetry={() => void options.refetch()} />
    );
  if (!options.data) return <PageLoading />;
  const national = options.data.templates.find((t) => t.national) ?? options.data.templates[0];

  return (
    <Card title="新增证书">
      <BatchForm
        options={options.data}
        initialValues={{
          // One approved occupation: chosen at once (and its only 工种).
          occupation_code:
            options.data.occupations.length === 1 ? options.data.occupations[0].occupation_code : null,
          work_type:
            options.data.occupations.length === 1 && options.data.occupations[0].work_types.length === 1
              ? (options.data.occupations[0].work_types[0].work_type ?? NO_WORK_TYPE_VALUE)
              : null,
          site_id: options.data.sites.length === 1 ? options.data.sites[0]._id : null,
          template_id: national?._id ?? null,
        }}
        submitText="提交"
        saving={create.isPending}
        onSubmit={(values) =>
          create.mutateAsync(toCreateBody(values)).then(() => {
            message.success(SUBMITTED_MESSAGE);
            leave('/offline-certificate');
          })
        }
        onCancel={() => leave('/offline-certificate')}
      />
    </Card>
  );
}
