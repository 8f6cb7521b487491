import { useLeavePage } from '@/shared/page-tab';
import { ENTERPRISE_RECORDS } from './api/records-base';
import { RecordFormCard } from './components/record-form-card';

/**
 * 新增备案: a new application, saved as a draft or submitted at once; then back to the list, where it
 * now stands. Saving or cancelling closes the page's tab: the next 新增备案 starts afresh.
 */
export function RecordAddPage() {
  const leave = useLeavePage();
  return (
    <RecordFormCard
      base={ENTERPRISE_RECORDS}
      id={null}
      newTitle="新增备案"
      onCancel={() => leave('/record-application')}
      onSaved={() => leave('/record-application')}
    />
  );
}
