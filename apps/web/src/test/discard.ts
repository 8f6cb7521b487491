import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { DISCARD_TITLE } from '@/shared/unsaved-changes';
import { dialogOpen, findDialog } from './ui';

/** Answers the 放弃未保存的修改？ dialog on screen (waiting for it), and sees it close. */
export async function answerDiscard(answer: '放弃修改' | '继续编辑'): Promise<void> {
  const dialog = await findDialog(DISCARD_TITLE);
  await userEvent.click(within(dialog).getByRole('button', { name: answer }));
  await waitFor(() => expect(dialogOpen(DISCARD_TITLE)).toBe(false));
}

/** Whether 放弃未保存的修改？ is asked now. */
export const discardAsked = (): boolean => dialogOpen(DISCARD_TITLE);
