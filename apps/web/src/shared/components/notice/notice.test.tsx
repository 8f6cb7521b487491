import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/provider';
import { noticeText, notify } from './notice';

describe('notice helper (spec §8)', () => {
  it('says {action}成功! or {action}失败! for the spec actions', () => {
    expect(noticeText('设为已读', true)).toBe('设为已读成功!');
    expect(noticeText('下载', false)).toBe('下载失败!');
    expect(noticeText('重新生成证书', true)).toBe('重新生成证书成功!');
    expect(noticeText('重新生成证书', false)).toBe('重新生成证书失败!');
  });

  it('notify shows a dialog with the text and the detail, closed by 确定', async () => {
    render(<AppProviders>{null}</AppProviders>);
    notify('下载', false, '文件不存在');

    const dialog = await screen.findByRole('dialog', { name: '下载失败!' });
    expect(dialog).toHaveTextContent('下载失败!');
    expect(dialog).toHaveTextContent('文件不存在');
    expect(dialog.querySelector('.anticon-close-circle')).not.toBeNull();
    expect(within(dialog).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
  });

  it('a success notice carries the success text', async () => {
    render(<AppProviders>{null}</AppProviders>);
    notify('设为已读', true);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('设为已读成功!');
    expect(dialog.querySelector('.anticon-check-circle')).not.toBeNull();
  });
});
