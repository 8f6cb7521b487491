import { App, Card } from 'antd';
import { PageLoading } from '@/shared/components/page-loading';
import { QueryError } from '@/shared/components/query-error/query-error';
import { useLeavePage } from '@/shared/page-tab';
import { useOccupations } from './api/get-occupations';
import { useSaveRecordApplication } from './api/save-record-application';
import { RecordForm } from './components/record-form';
import './components/record-application.css';

/**
 * 新增备案: a new application, saved as a draft or submitted at once; then back to the list, where it
 * now stands. Saving or cancelling closes the page's tab: the next 新增备案 starts afresh.
 */
export function RecordAddPage() {
  const { message } = App.useApp();
  const leave = useLeavePage();
  const occupations = useOccupations();
  const save = useSaveRecordApplication();

  if (occupations.isError)
    return <QueryError error={occupations.error} onRetry={() => void occupations.refetch()} />;
  if (!occupations.data) return <PageLoading />;
  return (
    <Card title="新增备案">
      <RecordForm
        categories={occupations.data.categories}
        saving={save.isPending}
        onCancel={() => leave('/record-application')}
        onSave={async (body) => {
          await save.mutateAsync({ id: null, body });
          message.success(body.submit ? '已提交审核' : '草稿已保存');
          leave('/record-application');
        }}
      />
    </Card>
  );
}
