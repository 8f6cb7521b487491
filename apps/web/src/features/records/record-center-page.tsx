import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty } from 'antd';
import { useState } from 'react';
import { ListPageCard } from '@/shared/components/list-table/list-page-card';
import { usePermission } from '@/shared/permissions/permission';
import { INSTITUTION_RECORDS } from './api/records-base';
import { useRefreshOnRecordDecision } from './api/use-refresh-on-decision';
import { RecordDetailView } from './components/record-detail-view';
import { RecordFormCard } from './components/record-form-card';
import { RecordTable } from './components/record-table';

/** The key of 备案中心's write actions (新增, 编辑, 提交审核, 删除): docs/api.md "Permission keys". */
export const RECORD_EDIT_KEY = 'institution:record:edit';

/** What an institution's filing is for: said above the list. */
export const RECORD_CENTER_INTRO =
  '机构以“社会培训评价组织”身份备案，由平台审核。审核通过后平台为机构分配评价机构代码、为考核场地分配考核站点代码，之后方可在“考试计划”中组织考试；所发证书编号以 S 开头。';

type View =
  | { mode: 'list' }
  | { mode: 'add' }
  | { mode: 'edit'; id: string }
  | { mode: 'detail'; id: string };

/**
 * 备案中心 (机构端 /record-center): the institution's filings as 社会培训评价组织, with the enterprise's list, form,
 * detail and states (草稿 → 待审核 → 已通过 / 已驳回 with the reason). One menu page: its list, new, edit and detail
 * views take turns inside it; writing needs `institution:record:edit`.
 */
export function RecordCenterPage() {
  const [view, setView] = useState<View>({ mode: 'list' });
  const canWrite = usePermission(RECORD_EDIT_KEY);
  useRefreshOnRecordDecision();
  const toList = () => setView({ mode: 'list' });
  const toDetail = (id: string) => setView({ mode: 'detail', id });

  if (view.mode === 'add' || view.mode === 'edit')
    return (
      <RecordFormCard
        base={INSTITUTION_RECORDS}
        id={view.mode === 'edit' ? view.id : null}
        newTitle="新增备案（社会培训评价组织）"
        onCancel={view.mode === 'edit' ? () => toDetail(view.id) : toList}
        onOpen={toDetail}
        onSaved={(id) => toDetail(id)}
      />
    );
  if (view.mode === 'detail')
    return (
      <RecordDetailView
        base={INSTITUTION_RECORDS}
        id={view.id}
        canWrite={canWrite}
        onEdit={() => setView({ mode: 'edit', id: view.id })}
        onBack={toList}
        approvedNote="备案已通过，可在“考试计划”中组织考试。"
      />
    );
  const add = () => setView({ mode: 'add' });
  return (
    <ListPageCard title="备案中心">
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={RECORD_CENTER_INTRO} />
      <RecordTable
        base={INSTITUTION_RECORDS}
        canWrite={canWrite}
        onOpen={toDetail}
        onEdit={(id) => setView({ mode: 'edit', id })}
        emptyText={
          <Empty description="暂无备案，请先提交社会培训评价组织备案">
            {canWrite && (
              <Button type="primary" onClick={add}>
                新增备案
              </Button>
            )}
          </Empty>
        }
        toolbar={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={add}>
              新增备案
            </Button>
          )
        }
      />
    </ListPageCard>
  );
}
