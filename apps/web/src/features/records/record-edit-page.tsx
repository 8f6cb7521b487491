import { useNavigate, useParams } from 'react-router';
import { useLeavePage } from '@/shared/page-tab';
import { ENTERPRISE_RECORDS } from './api/records-base';
import { RecordFormCard } from './components/record-form-card';

/** 编辑备案: a draft or rejected application; one under review or approved cannot be changed. */
export function RecordEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const leave = useLeavePage();
  const detailPath = `/record-application/detail/${id}`;
  return (
    <RecordFormCard
      base={ENTERPRISE_RECORDS}
      id={id}
      newTitle="新增备案"
      // 取消 drops what was typed: the tab closes with it.
      onCancel={() => leave(detailPath)}
      onOpen={() => navigate(detailPath)}
      onSaved={() => navigate(detailPath)}
    />
  );
}
