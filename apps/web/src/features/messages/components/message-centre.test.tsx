import type { Message } from '@skill-cert/shared/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '@/shared/browser';
import { fail, installFakeNetwork, ok } from '@/test/fake-network';
import { dialogOpen, findDialogSaying, isOpen } from '@/test/ui';
import { onViewCustomCertificate } from '../messages-store';
import { installFakeWebSocket } from '../testing/fake-websocket';
import {
  bellUnread,
  fakeMessageServer,
  makeMessage,
  renderMessages,
  signIn,
} from '../testing/message-fixtures';

type Routes = Parameters<typeof installFakeNetwork>[0];

async function openCentre(messages: Message[], extraRoutes: Routes = {}) {
  installFakeWebSocket();
  const server = fakeMessageServer(messages);
  const network = installFakeNetwork({ ...server.routes, ...extraRoutes });
  signIn();
  const view = renderMessages();
  await userEvent.click(screen.getByRole('button', { name: '消息中心' }));
  const dialog = await screen.findByRole('dialog', { name: '消息中心' });
  return { server, network, dialog, ...view };
}

const articles = (dialog: HTMLElement) => within(dialog).queryAllByRole('article');
/** Whether a dialog has closed. */
const isClosed = (dialog: HTMLElement) => !isOpen(dialog);

async function chooseMenu(dialog: HTMLElement, label: string) {
  await userEvent.click(within(dialog).getByRole('button', { name: '消息操作' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: label }));
}

describe('message centre (spec §2 Dialogs, §4)', () => {
  it('未读 lists unread messages; 全部通知 lists all of them', async () => {
    const unread = makeMessage({ content: '尚未阅读' });
    const read = makeMessage({ content: '已经读过', whether_read: 1 });
    const { dialog, network } = await openCentre([unread, read]);

    await within(dialog).findByText('尚未阅读');
    expect(within(dialog).queryByText('已经读过')).toBeNull();
    expect(Object.fromEntries(network.callsTo('GET /api/message').at(-1)!.query)).toEqual({
      whether_read: '0',
      page: '1',
      per_page: '10',
    });

    await userEvent.click(within(dialog).getByRole('tab', { name: '全部通知' }));
    await within(dialog).findByText('已经读过');
    expect(within(dialog).getByText('尚未阅读')).toBeInTheDocument();
    expect(Object.fromEntries(network.callsTo('GET /api/message').at(-1)!.query)).toEqual({
      page: '1',
      per_page: '10',
    });
    // A read message offers no 设为已读.
    const readItem = within(dialog).getByRole('article', { name: /已经读过/ });
    expect(within(readItem).queryByRole('button', { name: '设为已读' })).toBeNull();
    expect(within(readItem).getByRole('button', { name: '删除' })).toBeInTheDocument();
  });

  it('shows category, relative time and content', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-01T02:10:00Z') });
    const message = makeMessage({
      message_category_name: '权限通知',
      content: '您的权限已变更',
      // 10:05 in Shanghai is 5 minutes before "now" (10:10 Shanghai).
      create_time_str: '2026-03-01 10:05:00',
    });
    const { dialog } = await openCentre([message]);
    const item = await within(dialog).findByRole('article', { name: /您的权限已变更/ });
    expect(item).toHaveTextContent('权限通知');
    expect(within(item).getByText('5分钟前')).toHaveAttribute('title', '2026-03-01 10:05:00');
  });

  it('an empty list shows 暂无消息', async () => {
    const { dialog } = await openCentre([]);
    expect(await within(dialog).findByText('暂无消息')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: '全部通知' }));
    expect(await within(dialog).findByText('暂无消息')).toBeInTheDocument();
  });

  it('标记所有为已读 sends readMany with no ids and says 全部设为已读成功', async () => {
    const { dialog, network } = await openCentre([makeMessage(), makeMessage()]);
    await waitFor(() => expect(articles(dialog)).toHaveLength(2));
    await waitFor(() => expect(bellUnread()).toBe('2 条未读'));

    await chooseMenu(dialog, '标记所有为已读');
    expect(await screen.findByText('全部设为已读成功')).toBeInTheDocument();
    expect(network.callsTo('POST /api/message/readMany').map((c) => c.body)).toEqual([{ ids: [] }]);
    expect(await within(dialog).findByText('暂无消息')).toBeInTheDocument();
    await waitFor(() => expect(bellUnread()).toBe(''));
  });

  it('删除所有消息 asks 确定删除全部消息吗？ first; 取消 keeps them, 确定 deletes them all', async () => {
    const { dialog, network } = await openCentre([makeMessage(), makeMessage({ whether_read: 1 })]);
    await waitFor(() => expect(articles(dialog)).toHaveLength(1));

    await chooseMenu(dialog, '删除所有消息');
    let confirm = await findDialogSaying('确定删除全部消息吗？');
    expect(confirm).toHaveTextContent('提示');
    await userEvent.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(isClosed(confirm)).toBe(true));
    expect(network.callsTo('POST /api/message/deleteMany')).toHaveLength(0);

    await chooseMenu(dialog, '删除所有消息');
    confirm = await findDialogSaying('确定删除全部消息吗？');
    await userEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除全部消息成功')).toBeInTheDocument();
    expect(network.callsTo('POST /api/message/deleteMany').map((c) => c.body)).toEqual([{ ids: [] }]);
    expect(await within(dialog).findByText('暂无消息')).toBeInTheDocument();
  });

  it('loads the next 10 when scrolled near the bottom', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => makeMessage({ content: `第${i + 1}条` }));
    const { dialog, network } = await openCentre(twelve);
    await waitFor(() => expect(articles(dialog)).toHaveLength(10));

    const feed = within(dialog).getByRole('feed', { name: '未读' });
    Object.defineProperty(feed, 'scrollHeight', { configurable: true, value: 1200 });
    Object.defineProperty(feed, 'clientHeight', { configurable: true, value: 500 });
    // Far from the bottom: nothing more is asked for.
    feed.scrollTop = 100;
    fireEvent.scroll(feed);
    expect(network.callsTo('GET /api/message')).toHaveLength(1);

    feed.scrollTop = 660;
    fireEvent.scroll(feed);
    await waitFor(() => expect(articles(dialog)).toHaveLength(12));
    expect(network.callsTo('GET /api/message').at(-1)!.query.get('page')).toBe('2');
    expect(within(dialog).getByText('第12条')).toBeInTheDocument();
    expect(within(dialog).getByText('没有更多了')).toBeInTheDocument();

    // The last page was reached: scrolling asks for nothing more.
    fireEvent.scroll(feed);
    expect(network.callsTo('GET /api/message')).toHaveLength(2);
  });

  it('a long feed keeps only the messages in view and 10 either side in the document, each saying its place', async () => {
    const thirty = Array.from({ length: 30 }, (_, i) => makeMessage({ content: `第${i + 1}条` }));
    const { dialog, network } = await openCentre(thirty);
    await waitFor(() => expect(articles(dialog)).toHaveLength(10));
    const feed = within(dialog).getByRole('feed', { name: '未读' });
    // jsdom lays nothing out: a 550 px box over messages taken at their estimated 110 px.
    Object.defineProperty(feed, 'clientHeight', { configurable: true, value: 550 });
    Object.defineProperty(feed, 'scrollHeight', { configurable: true, value: 30 * 110 });

    feed.scrollTop = 30 * 110 - 550;
    fireEvent.scroll(feed);
    await waitFor(() => expect(network.callsTo('GET /api/message')).toHaveLength(2));
    // Scrolled to message 15 of 20 loaded: 5–19 in view or below it, 5 above, none beyond the loaded ones.
    feed.scrollTop = 15 * 110;
    fireEvent.scroll(feed);
    await waitFor(() => expect(articles(dialog)[0]).toHaveAttribute('aria-posinset', '6'));
    expect(articles(dialog)).toHaveLength(15);
    expect(articles(dialog).at(-1)).toHaveAttribute('aria-posinset', '20');
    expect(articles(dialog)[0]).toHaveAttribute('aria-setsize', '30');
    expect(within(dialog).queryByText('第2条')).toBeNull();

    // The message holding the focus stays drawn when scrolled out of the window.
    const focused = within(dialog).getByRole('article', { name: /第6条$/ });
    within(focused).getByRole('button', { name: '删除' }).focus();
    feed.scrollTop = 18 * 110;
    fireEvent.scroll(feed);
    await waitFor(() => expect(articles(dialog)[1]).toHaveAttribute('aria-posinset', '9'));
    expect(articles(dialog)[0]).toHaveAttribute('aria-posinset', '6');
    expect(within(focused).getByRole('button', { name: '删除' })).toHaveFocus();

    // Back to the top: the first messages are drawn again and can be marked read.
    feed.scrollTop = 0;
    fireEvent.scroll(feed);
    const first = await within(dialog).findByRole('article', { name: /第1条$/ });
    await userEvent.click(within(first).getByRole('button', { name: '设为已读' }));
    expect(await screen.findByText('设为已读成功')).toBeInTheDocument();
    expect(network.callsTo('POST /api/message/readMany').map((c) => c.body)).toEqual([
      { ids: [thirty[0]._id] },
    ]);
  });

  it('设为已读 marks one message and says 设为已读成功', async () => {
    const message = makeMessage({ content: '读我' });
    const { dialog, network } = await openCentre([message, makeMessage()]);
    const item = await within(dialog).findByRole('article', { name: /读我/ });
    await userEvent.click(within(item).getByRole('button', { name: '设为已读' }));
    expect(await screen.findByText('设为已读成功')).toBeInTheDocument();
    expect(network.callsTo('POST /api/message/readMany').map((c) => c.body)).toEqual([
      { ids: [message._id] },
    ]);
    await waitFor(() => expect(within(dialog).queryByText('读我')).toBeNull());
    await waitFor(() => expect(bellUnread()).toBe('1 条未读'));
  });

  it('a failed 设为已读 shows the notice 设为已读失败!', async () => {
    const { dialog } = await openCentre([makeMessage({ content: '读不了' })], {
      'POST /api/message/readMany': fail(500, '服务器开小差了'),
    });
    const item = await within(dialog).findByRole('article', { name: /读不了/ });
    await userEvent.click(within(item).getByRole('button', { name: '设为已读' }));
    const notice = await findDialogSaying('设为已读失败!');
    expect(notice).toHaveTextContent('服务器开小差了');
    expect(within(notice).getByRole('button', { name: '确定' })).toBeInTheDocument();
  });

  it('删除 deletes one message and says 删除消息成功', async () => {
    const message = makeMessage({ content: '删我' });
    const { dialog, network } = await openCentre([message]);
    const item = await within(dialog).findByRole('article', { name: /删我/ });
    await userEvent.click(within(item).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('删除消息成功')).toBeInTheDocument();
    expect(network.callsTo(`DELETE /api/message/${message._id}`)).toHaveLength(1);
    expect(await within(dialog).findByText('暂无消息')).toBeInTheDocument();
  });

  it('下载 asks the message url for the file address and lets the browser fetch it', async () => {
    const message = makeMessage({ content: '导入结果', url: '/api/message/m-1/file' });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { dialog, network } = await openCentre([message, makeMessage({ content: '没有文件' })], {
      'GET /api/message/m-1/file': ok({ url: '/api/files/f-1?download=1' }),
    });
    const plain = await within(dialog).findByRole('article', { name: /没有文件/ });
    expect(within(plain).queryByRole('button', { name: '下载' })).toBeNull();
    const item = within(dialog).getByRole('article', { name: /导入结果/ });
    await userEvent.click(within(item).getByRole('button', { name: '下载' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/files/f-1?download=1'));
    expect(network.callsTo('GET /api/message/m-1/file')).toHaveLength(1);
  });

  it('a failed 下载 shows the notice 下载失败!', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { dialog } = await openCentre(
      [makeMessage({ content: '文件没了', url: '/api/message/m-2/file' })],
      {
        'GET /api/message/m-2/file': fail(404, '该消息没有可下载的文件'),
      },
    );
    const item = await within(dialog).findByRole('article', { name: /文件没了/ });
    await userEvent.click(within(item).getByRole('button', { name: '下载' }));
    const notice = await findDialogSaying('下载失败!');
    expect(notice).toHaveTextContent('该消息没有可下载的文件');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('template-key actions (spec §4)', () => {
  const cases: [string, string, string][] = [
    ['create_level_evaluate_certificate_done', '确认发证', '/grant-certificate/confirm-add/rel-1'],
    ['create_offline_level_evaluate_certificate_done', '确认发证', '/offline-certificate/confirm-add/rel-1'],
    ['publish_offline_level_evaluate_certificate_done', '去导出证书', '/offline-certificate/detail/rel-1'],
    ['examinee_import_result_notice', '查看考生', '/test-plan/edit/rel-1?type=3'],
  ];

  for (const [templateKey, label, target] of cases) {
    it(`${templateKey}: ${label} marks the message read, then goes to ${target}`, async () => {
      const message = makeMessage({ template_key: templateKey, related_id: 'rel-1', content: '有事要办' });
      let locationWhenRead: string | null = null;
      const view = await openCentre([message], {
        'POST /api/message/readMany': () => {
          locationWhenRead = view.location();
          return ok({ count: 1 });
        },
      });
      const item = await within(view.dialog).findByRole('article', { name: /有事要办/ });
      await userEvent.click(within(item).getByRole('button', { name: label }));

      await waitFor(() => expect(view.location()).toBe(target));
      expect(view.network.callsTo('POST /api/message/readMany').map((c) => c.body)).toEqual([
        { ids: [message._id] },
      ]);
      expect(locationWhenRead).toBe('/');
      await waitFor(() => expect(dialogOpen('消息中心')).toBe(false));
    });
  }

  it('create_custom_certificate_done: 查看证书 marks read, then opens the registered certificate dialog', async () => {
    const view = vi.fn();
    const unregister = onViewCustomCertificate(view);
    const message = makeMessage({ template_key: 'create_custom_certificate_done', related_id: 'cert-9' });
    const { dialog, network } = await openCentre([message]);
    const item = await within(dialog).findByRole('article');
    await userEvent.click(within(item).getByRole('button', { name: '查看证书' }));
    await waitFor(() => expect(view).toHaveBeenCalledWith('cert-9'));
    expect(network.callsTo('POST /api/message/readMany').map((c) => c.body)).toEqual([
      { ids: [message._id] },
    ]);
    unregister();
  });

  it('create_custom_certificate_done without a registered dialog says 证书详情即将上线', async () => {
    const message = makeMessage({ template_key: 'create_custom_certificate_done', related_id: 'cert-9' });
    const { dialog } = await openCentre([message]);
    const item = await within(dialog).findByRole('article');
    await userEvent.click(within(item).getByRole('button', { name: '查看证书' }));
    expect(await screen.findByText('证书详情即将上线')).toBeInTheDocument();
  });

  it('an already read message jumps without another readMany; a system notice has no action', async () => {
    const read = makeMessage({
      template_key: 'publish_offline_level_evaluate_certificate_done',
      related_id: 'rel-2',
      whether_read: 1,
      content: '已读的发证',
    });
    const notice = makeMessage({ content: '普通通知' });
    const view = await openCentre([read, notice]);
    await userEvent.click(within(view.dialog).getByRole('tab', { name: '全部通知' }));
    const noticeItem = await within(view.dialog).findByRole('article', { name: /普通通知/ });
    expect(
      within(noticeItem)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['设为已读', '删除']);

    const item = within(view.dialog).getByRole('article', { name: /已读的发证/ });
    await userEvent.click(within(item).getByRole('button', { name: '去导出证书' }));
    await waitFor(() => expect(view.location()).toBe('/offline-certificate/detail/rel-2'));
    expect(view.network.callsTo('POST /api/message/readMany')).toHaveLength(0);
  });
});
