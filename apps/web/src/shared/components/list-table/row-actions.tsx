import { App, Button, Space } from 'antd';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import type { PagedSearch } from '@/shared/hooks/use-paged-search';
import { Permission } from '@/shared/permissions/permission';

/** What a list row's switch and delete do (banners, occupations, …). */
export type RowAction = 'enable' | 'disable' | 'delete';

/** The dialog's title and question, and what is said once done. */
export interface RowActionWords {
  title: string;
  content: string;
  done: string;
}

/**
 * Asks before 启用 / 停用 / 删除 a row, acts once however often 确定 is clicked, says it is done; after the last row of
 * a page is deleted, the list goes back a page. `act` sends the request (it rejects when it failed: the client said
 * why, and 确定 may be clicked again).
 */
export function useConfirmRowAction<Row>({
  words,
  act,
  paged,
  rowsOnPage,
}: {
  words: (row: Row, action: RowAction) => RowActionWords;
  act: (row: Row, action: RowAction) => Promise<unknown>;
  paged: Pick<PagedSearch<object>, 'query' | 'setPage'>;
  rowsOnPage: number;
}): (row: Row, action: RowAction) => void {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  return (row, action) => {
    const w = words(row, action);
    let once: Promise<void> | null = null;
    confirmOnce({
      title: w.title,
      content: w.content,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: action !== 'enable' },
      // A second click on 确定 (before the loading state shows, or while the dialog closes) sends nothing more.
      onOk: () => {
        once ??= act(row, action).then(
          () => {
            message.success(w.done);
            if (action === 'delete' && rowsOnPage === 1 && paged.query.page > 1)
              paged.setPage(paged.query.page - 1);
          },
          () => {
            once = null;
          },
        );
        return once;
      },
    });
  };
}

/** 修改, 启用 or 停用 (by `editKey`) and 删除 (by `deleteKey`) of a list row. */
export function RowActions({
  enabled,
  editKey,
  deleteKey,
  onEdit,
  onAction,
}: {
  enabled: boolean;
  editKey: string;
  deleteKey: string;
  onEdit: () => void;
  onAction: (action: RowAction) => void;
}) {
  return (
    <Space size={0}>
      <Permission keys={editKey}>
        <Button type="link" size="small" onClick={onEdit}>
          修改
        </Button>
        {enabled ? (
          <Button type="link" size="small" danger onClick={() => onAction('disable')}>
            停用
          </Button>
        ) : (
          <Button type="link" size="small" onClick={() => onAction('enable')}>
            启用
          </Button>
        )}
      </Permission>
      <Permission keys={deleteKey}>
        <Button type="link" size="small" danger onClick={() => onAction('delete')}>
          删除
        </Button>
      </Permission>
    </Space>
  );
}
