import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { dialogsTitled, findDialog } from '@/test/ui';
import { useAction, useConfirmOnce } from './use-action';

/** A promise the test settles. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function SaveButton({ save }: { save: () => Promise<void> }) {
  const saving = useAction(save);
  return (
    <Button type="primary" loading={saving.running} onClick={() => void saving.run().catch(() => undefined)}>
      保存
    </Button>
  );
}

function SubmitButton({ onOk }: { onOk: () => Promise<void> }) {
  const confirm = useConfirmOnce();
  return <Button onClick={() => confirm({ title: '确定提交审批吗？', onOk })}>提交审批</Button>;
}

const button = (name: string) => screen.getByText(name).closest('button') as HTMLButtonElement;

describe('an action acts once however often it is clicked', () => {
  it('a double click runs it once, and its button shows its loading state from the first click', async () => {
    const runs: ReturnType<typeof deferred>[] = [];
    renderWithProviders(
      <SaveButton
        save={() => {
          const run = deferred();
          runs.push(run);
          return run.promise;
        }}
      />,
    );
    fireEvent.click(button('保存'));
    expect(button('保存')).toHaveClass('ant-btn-loading');
    fireEvent.click(button('保存'));
    expect(runs).toHaveLength(1);

    runs[0].resolve();
    await waitFor(() => expect(button('保存')).not.toHaveClass('ant-btn-loading'));
    await userEvent.click(button('保存'));
    expect(runs).toHaveLength(2);
    runs[1].resolve();
  });

  it('a failed action lets its button be clicked again', async () => {
    let calls = 0;
    renderWithProviders(
      <SaveButton
        save={async () => {
          calls += 1;
          throw new Error('名称已存在');
        }}
      />,
    );
    fireEvent.click(button('保存'));
    await waitFor(() => expect(button('保存')).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(button('保存'));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('a double click on a button that asks to confirm opens one dialog', async () => {
    renderWithProviders(<SubmitButton onOk={async () => {}} />);
    fireEvent.click(button('提交审批'));
    fireEvent.click(button('提交审批'));
    await findDialog('确定提交审批吗？');
    expect(dialogsTitled('确定提交审批吗？')).toHaveLength(1);
  });

  it('once its work is done, the button opens the dialog again', async () => {
    let submitted = 0;
    renderWithProviders(
      <SubmitButton
        onOk={async () => {
          submitted += 1;
        }}
      />,
    );
    const dialogs = () => dialogsTitled('确定提交审批吗？');
    fireEvent.click(button('提交审批'));
    await waitFor(() => expect(dialogs()).toHaveLength(1));
    fireEvent.click(within(dialogs()[0]).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(submitted).toBe(1));
    await waitFor(() => expect(dialogs()).toHaveLength(0));
    fireEvent.click(button('提交审批'));
    await waitFor(() => expect(dialogs()).toHaveLength(1));
  });
});
