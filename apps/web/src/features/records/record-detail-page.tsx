import { useNavigate, useParams } from 'react-router';
import { ENTERPRISE_RECORDS } from './api/records-base';
import { useRefreshOnRecordDecision } from './api/use-refresh-on-decision';
import { RecordDetailView } from './components/record-detail-view';

/** 备案详情: all content, the rejection reason, the timeline; 编辑 / 提交审核 while it may change. */
export function RecordDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  useRefreshOnRecordDecision();
  return (
    <RecordDetailView
      base={ENTERPRISE_RECORDS}
      id={id}
      canWrite
      onEdit={() => navigate(`/record-application/edit/${id}`)}
      onBack={() => navigate('/record-application')}
    />
  );
}
