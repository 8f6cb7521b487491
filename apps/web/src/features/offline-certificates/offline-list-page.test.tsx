import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { emitMessageArrived } from '@/shared/realtime/message-events';
import { useSessionStore } from '@/shared/session/session-store';
import { batchMessage, batchRow } from '@/test/certificate-sources';
import { fail, installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { findDialogSaying, pickOption } from '@/test/ui';
import { OfflineListPage } from './offline-list-page';

const parsing = batchRow({ _id: 'b-parsing', name: '解析中的批次', status: 0, status_text: '解析中' });
const toConfirm = batchRow({ _id: 'b-confirm', name: '待确认的批次' });
const publishing = batchRow({
  _id: 'b-publishing',
  name: '发布中的批次',
  status: 2,
  status_text: '发布中',
  rendered_count: 1,
});
const published = batchRow({
  _id: 'b-published',
  name: '已发布的批次',
  status: 3,
  status_text: '已发布',
  rendered_count: 3,
  publish_time_str: '2026-11-26 11:00:00',
});
const failed = batchRow({ _id: 'b-failed', name: '失败的批次', status: 9, status_text: '失败' });
const all = [parsing, toConfirm, publishing, published, failed];

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const actionsOf = async (name: string) =>
  [...(await rowOf(name)).querySelectorAll('td:last-child button')].map((b) =>
    b.textContent?.replace(/\s/g, ''),
  );
const open = () => renderPage('/offline-certificate', <OfflineListPage />);

describe('证书生成 list', () => {
  beforeEach(() => useSessionStore.setState({ user: makeUser({ roles: [1] }) }));

  it('each state shows its tag and the actions it allows: 继续确认 and 编辑 while 待确认, 删除 before publishing', async () => {
    installFakeNetwork({ 'GET /api/offlineCertificateBatches': paged(all) });
    open();
    expect(await actionsOf('解析中的批次')).toEqual(['查看', '删除']);
    expect(await actionsOf('待确认的批次')).toEqual(['继续确认', '编辑', '查看', '删除']);
    expect(await actionsOf('发布中的批次')).toEqual(['查看进度', '查看']);
    expect(await actionsOf('已发布的批次')).toEqual(['查看']);
    expect(await actionsOf('失败的批次')).toEqual(['编辑', '查看', '删除']);
    for (const [name, tag, colour] of [
      ['解析中的批次', '解析中', 'processing'],
      ['待确认的批次', '待确认', 'orange'],
      ['发布中的批次', '发布中', 'blue'],
      ['已发布的批次', '已发布', 'success'],
      ['失败的批次', '失败', 'error'],
    ]) {
      const tagElement = within(await rowOf(name)).getByText(tag, { selector: '.ant-tag' });
      expect(tagElement.className).toContain(`ant-tag-${colour}`);
    }
  });

  it('counts: drafts and those with problems before publishing, certificates rendered while publishing', async () => {
    installFakeNetwork({ 'GET /api/offlineCertificateBatches': paged([toConfirm, publishing]) });
    open();
    expect(within(await rowOf('待确认的批次')).getByText('有问题 1')).toBeInTheDocument();
    expect(within(await rowOf('发布中的批次')).getByText(/1\/3/)).toBeInTheDocument();
  });

  it('继续确认 opens confirm-add, 编辑 the edit page, 查看 the detail, 新增证书 the form', async () => {
    installFakeNetwork({ 'GET /api/offlineCertificateBatches': paged([toConfirm]) });
    const { location, router } = open();
    fireEvent.click(within(await rowOf('待确认的批次')).getByText('继续确认'));
    await waitFor(() => expect(location()).toBe('/offline-certificate/confirm-add/b-confirm'));
    await act(() => router.navigate('/offline-certificate'));
    fireEvent.click(within(await rowOf('待确认的批次')).getByText(/^编\s?辑$/));
    await waitFor(() => expect(location()).toBe('/offline-certificate/edit/b-confirm'));
    await act(() => router.navigate('/offline-certificate'));
    fireEvent.click(within(await rowOf('待确认的批次')).getByText(/^查\s?看$/));
    await waitFor(() => expect(location()).toBe('/offline-certificate/detail/b-confirm'));
    await act(() => router.navigate('/offline-certificate'));
    fireEvent.click(await screen.findByText('新增证书'));
    await waitFor(() => expect(location()).toBe('/offline-certificate/add'));
  });

  it('删除 asks first: nothing is deleted until 删除 is confirmed', async () => {
    const network = installFakeNetwork({
      'GET /api/offlineCertificateBatches': paged([toConfirm]),
      'DELETE /api/offlineCertificateBatches/b-confirm': ok(null),
    });
    open();
    fireEvent.click(within(await rowOf('待确认的批次')).getByText(/^删\s?除$/));
    const dialog = await findDialogSaying(/确定删除“待确认的批次”吗/);
    expect(network.callsTo('DELETE /api/offlineCertificateBatches/b-confirm')).toHaveLength(0);
    await userEvent.click(within(dialog).getByText(/^删\s?除$/, { selector: 'button span' }));
    await waitFor(() =>
      expect(network.callsTo('DELETE /api/offlineCertificateBatches/b-confirm')).toHaveLength(1),
    );
  });

  it('a member is not offered 删除 (administrators delete)', async () => {
    useSessionStore.setState({ user: makeUser({ roles: [1], company_role: 2 }) });
    installFakeNetwork({ 'GET /api/offlineCertificateBatches': paged([toConfirm]) });
    open();
    expect(await actionsOf('待确认的批次')).toEqual(['继续确认', '编辑', '查看']);
  });

  it('the search sends the keyword (trimmed) and the status', async () => {
    const network = installFakeNetwork({ 'GET /api/offlineCertificateBatches': paged([toConfirm]) });
    open();
    await screen.findByText('待确认的批次');
    const form = document.querySelector<HTMLElement>('form[aria-label="证书生成搜索"]')!;
    fireEvent.change(within(form).getByPlaceholderText('批次名称或职业'), { target: { value: ' 电工 ' } });
    await pickOption(within(form).getByLabelText('状态'), '待确认');
    fireEvent.click(within(form).getByText(/^搜\s?索$/));
    await waitFor(() => {
      const query = network.callsTo('GET /api/offlineCertificateBatches').at(-1)?.query;
      expect(query?.get('keyword')).toBe('电工');
      expect(query?.get('status')).toBe('1');
    });
  });

  it('empty: says what the page is for; failed: the reason and 重新获取', async () => {
    let reply = fail(500, '服务器繁忙');
    installFakeNetwork({ 'GET /api/offlineCertificateBatches': () => reply });
    open();
    // The table gives way to the reason (the client also shows it as a message) and 重新获取.
    const retry = await screen.findByText('重新获取');
    expect(screen.getAllByText('服务器繁忙').length).toBeGreaterThan(0);
    reply = paged([]);
    fireEvent.click(retry);
    expect(await screen.findByText(/暂无证书生成批次/)).toBeInTheDocument();
  });

  it('while a batch is 解析中 the list is asked again until it is read', async () => {
    let rows = [parsing];
    installFakeNetwork({ 'GET /api/offlineCertificateBatches': () => paged(rows) });
    open();
    await screen.findByText('解析中的批次');
    rows = [{ ...parsing, status: 1, status_text: '待确认' }];
    await waitFor(() => expect(screen.getByText('继续确认')).toBeInTheDocument());
  });

  it('the read-done message (create_offline_level_evaluate_certificate_done) reads the list again', async () => {
    const network = installFakeNetwork({ 'GET /api/offlineCertificateBatches': paged([parsing]) });
    open();
    await screen.findByText('解析中的批次');
    const before = network.callsTo('GET /api/offlineCertificateBatches').length;
    act(() => emitMessageArrived(batchMessage()));
    await waitFor(() =>
      expect(network.callsTo('GET /api/offlineCertificateBatches').length).toBeGreaterThan(before),
    );
  });
});
