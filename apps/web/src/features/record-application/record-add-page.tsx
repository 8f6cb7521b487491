import { App, Card } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageLoading } from '@/shared/components/page-loading';
import { QueryError } from '@/shared/components/query-error/query-error';
import { useOccupations } from './api/get-occupations';
import { useSaveRecordApplication } from './api/save-record-application';
import { RecordForm } from './components/record-form';
import './components/record-application.css';

/** 新增备案: a new application, saved as a draft or submitted at once; then its detail. */
export function RecordAddPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const occupations = useOccupations();
  const save = useSaveRecordApplication();
  // The page stays cached under its tab: a saved form starts afresh next time.
  const [formKey, setFormKey] = useState(0);

  if (occupations.isError)
    return <QueryError error={occupations.error} onRetry={() => void occupations.refetch()} />;
  if (!occupations.data) return <PageLoading />;
  return (
    <Card title="新增备案">
      <RecordForm
        key={formKey}
        categories={occupations.data.categories}
        saving={save.isPending}
        onCancel={() => navigate('/record-application')}
        onSave={async (body) => {
          const detail = await save.mutateAsync({ id: null, body });
          message.success(body.submit ? '已提交审核' : '草稿已保存');
          setFormKey((k) => k + 1);
          navigate(`/record-application/detail/${detail._id}`);
        }}
      />
    </Card>
  );
}
