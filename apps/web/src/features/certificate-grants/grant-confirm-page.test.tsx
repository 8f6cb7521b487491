import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { emitMessageArrived } from '@/shared/realtime/message-events';
import { useSessionStore } from '@/shared/session/session-store';
import { GRANT_ID, grantCertificate, grantDetail, grantDoneMessage } from '@/test/certificate-sources';
import { type FakeReply, fail, installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { findDialogSaying } from '@/test/ui';
import { GrantConfirmPage } from './grant-confirm-page';

const grantPath = `/api/certificateGrants/${GRANT_ID}`;
const failed = grantCertificate({
  _id: 'd0000000-0000-4000-8000-000000000002',
  certificate_no: 'Y123433010600264000002',
  holder_name: '王五',
  has_photo: false,
  produce_status: 2,
  produce_status_text: '生成失败',
  fail_reason: '照片无法读取',
});

const open = () =>
  renderPage(
    `/grant-certificate/confirm-add/${GRANT_ID}`,
    <GrantConfirmPage />,
    [{ path: '/grant-certificate/detail/:id', element: <p>详情页</p> }],
    '/grant-certificate/confirm-add/:id',
  );

const confirmButton = () => screen.getByText(/^确认发证$/, { selector: 'button span' }).closest('button')!;

const doneMessage = () => emitMessageArrived(grantDoneMessage());

describe('确认发证 (confirm-add)', () => {
  beforeEach(() => useSessionStore.setState({ user: makeUser({ roles: [1] }) }));

  it('while 生成中 shows progress and 确认发证 is disabled; once generated (the done message, or the poll) it is enabled', async () => {
    let grant: FakeReply = ok(
      grantDetail({ status: 0, status_text: '生成中', success_count: 1, failed_count: 0 }),
    );
    const network = installFakeNetwork({
      [`GET ${grantPath}`]: () => grant,
      [`GET ${grantPath}/certificates`]: paged([grantCertificate()]),
    });
    open();
    expect(await screen.findByText(/正在生成证书：已完成 1 \/ 3/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(confirmButton()).toBeDisabled();

    grant = ok(grantDetail());
    act(() => doneMessage());
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    expect(screen.queryByText(/正在生成证书/)).toBeNull();
    expect(network.callsTo(`GET ${grantPath}`).length).toBeGreaterThan(1);
  });

  it('a failed certificate blocks 确认发证, saying why; 重新生成 renders it again', async () => {
    const network = installFakeNetwork({
      [`GET ${grantPath}`]: ok(grantDetail({ success_count: 2, failed_count: 1 })),
      [`GET ${grantPath}/certificates`]: paged([grantCertificate(), failed]),
      [`POST ${grantPath}/certificates/${failed._id}/regenerate`]: ok(null),
    });
    open();
    expect(await screen.findByText('有 1 张证书生成失败，请重新生成后再确认发证')).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
    const row = (await screen.findByText('照片无法读取')).closest('tr') as HTMLElement;
    expect(within(row).getByText('缺少照片')).toBeInTheDocument();
    fireEvent.click(within(row).getByText(/^重新生成$/));
    await waitFor(() =>
      expect(network.callsTo(`POST ${grantPath}/certificates/${failed._id}/regenerate`)).toHaveLength(1),
    );
    expect(await screen.findByText('已开始重新生成王五的证书')).toBeInTheDocument();
  });

  it('a member sees the certificates but may neither confirm nor regenerate', async () => {
    useSessionStore.setState({ user: makeUser({ roles: [1], company_role: 2 }) });
    installFakeNetwork({
      [`GET ${grantPath}`]: ok(grantDetail({ success_count: 2, failed_count: 1 })),
      [`GET ${grantPath}/certificates`]: paged([grantCertificate(), failed]),
    });
    open();
    expect(await screen.findByText('仅企业管理员可以发证和确认发证')).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
    const row = (await screen.findByText('照片无法读取')).closest('tr') as HTMLElement;
    expect(within(row).queryByText(/^重新生成$/)).toBeNull();
  });

  it('确认发证 asks first, then confirms and goes to the detail', async () => {
    const network = installFakeNetwork({
      [`GET ${grantPath}`]: ok(grantDetail()),
      [`GET ${grantPath}/certificates`]: paged([grantCertificate()]),
      [`POST ${grantPath}/confirm`]: ok(null),
    });
    const { location } = open();
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    fireEvent.click(confirmButton());
    const dialog = await findDialogSaying(/3 张证书立即生效并可公开查验/);
    expect(network.callsTo(`POST ${grantPath}/confirm`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByText(/^确认发证$/, { selector: 'button span' }));
    await waitFor(() => expect(location()).toBe(`/grant-certificate/detail/${GRANT_ID}`));
    expect(network.callsTo(`POST ${grantPath}/confirm`)).toHaveLength(1);
  });

  it('查看 shows the certificate PDF in the preview dialog', async () => {
    installFakeNetwork({
      [`GET ${grantPath}`]: ok(grantDetail()),
      [`GET ${grantPath}/certificates`]: paged([grantCertificate()]),
    });
    open();
    const row = (await screen.findByText('Y123433010600264000001')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText(/^查\s?看$/));
    await waitFor(() =>
      expect(document.querySelector('iframe')?.getAttribute('src')).toBe(
        `${grantPath}/certificates/d0000000-0000-4000-8000-000000000001/file`,
      ),
    );
  });

  it('a grant of another company reads as not found', async () => {
    installFakeNetwork({ [`GET ${grantPath}`]: fail(404, '发证记录不存在或已删除') });
    open();
    expect(await screen.findByText('发证记录不存在或已删除')).toBeInTheDocument();
  });
});
