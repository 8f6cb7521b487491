import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { ENTERPRISE_RECORDS } from './api/records-base';
import { useRefreshOnRecordDecision } from './api/use-refresh-on-decision';
import { RecordTable } from './components/record-table';

/** 备案申请: the company's applications with status filter, search and pagination. */
export function RecordListPage() {
  const navigate = useNavigate();
  useRefreshOnRecordDecision();
  return (
    <ListPageCard title="备案申请">
      <RecordTable
        base={ENTERPRISE_RECORDS}
        canWrite
        onOpen={(id) => navigate(`/record-application/detail/${id}`)}
        onEdit={(id) => navigate(`/record-application/edit/${id}`)}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/record-application/add')}>
            新增备案
          </Button>
        }
      />
    </ListPageCard>
  );
}
