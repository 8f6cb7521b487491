import { TemplateKey } from '@skill-cert/shared/messages';
import type { OfflineDraftPatchBody } from '@skill-cert/shared/offline-certificates';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { emitMessageArrived } from '@/shared/realtime/message-events';
import { useSessionStore } from '@/shared/session/session-store';
import { BATCH_ID, batchDetail, batchMessage, draftRow, problemDraft } from '@/test/certificate-sources';
import { type FakeReply, fail, installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { findDialogSaying } from '@/test/ui';
import { OfflineConfirmPage } from './offline-confirm-page';

const batchPath = `/api/offlineCertificateBatches/${BATCH_ID}`;
const good = draftRow();
const bad = problemDraft();
const clean = batchDetail({ total: 2, valid_count: 2, problem_count: 0 });

const open = () =>
  renderPage(
    `/offline-certificate/confirm-add/${BATCH_ID}`,
    <OfflineConfirmPage />,
    [{ path: '/offline-certificate/detail/:id', element: <p>证书详情页</p> }],
    '/offline-certificate/confirm-add/:id',
  );

const publishButton = () => screen.getByText(/^确认发证$/, { selector: 'button span' }).closest('button')!;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('确认发证 (confirm-add)', () => {
  beforeEach(() => useSessionStore.setState({ user: makeUser({ roles: [1] }) }));

  it('each draft shows its problems in red; 确认发证 is disabled, saying why, while problems remain', async () => {
    installFakeNetwork({
      [`GET ${batchPath}`]: ok(batchDetail()),
      [`GET ${batchPath}/drafts`]: paged([good, bad]),
    });
    open();
    const row = await rowOf('王五');
    for (const problem of bad.problems) {
      const text = within(row).getByText(problem);
      expect(text.closest('.ant-typography')).toHaveClass('ant-typography-danger');
    }
    expect(within(row).getByText('缺少照片')).toBeInTheDocument();
    expect(within(await rowOf('李四')).getByText('无')).toBeInTheDocument();
    expect(publishButton()).toBeDisabled();
    expect(screen.getAllByText('还有 1 条证书信息有问题，请修改或删除后再确认发证').length).toBeGreaterThan(
      0,
    );
    // The counts: all, ready, with problems.
    const counts = screen.getByRole('region', { name: '数量统计' });
    expect(within(counts).getByText('有问题')).toBeInTheDocument();
  });

  it('“只看有问题的” asks for the drafts with problems only', async () => {
    const network = installFakeNetwork({
      [`GET ${batchPath}`]: ok(batchDetail()),
      [`GET ${batchPath}/drafts`]: (request) =>
        paged(request.query.get('problem') === '1' ? [bad] : [good, bad]),
    });
    open();
    await rowOf('李四');
    await userEvent.click(screen.getByText(/只看有问题的/));
    await waitFor(() => expect(screen.queryByText('李四')).toBeNull());
    expect(network.callsTo(`GET ${batchPath}/drafts`).at(-1)?.query.get('problem')).toBe('1');
    expect(screen.getByText('王五')).toBeInTheDocument();
  });

  it('修改: the draft goes to the server; the problems it still has stay shown in the dialog, none closes it', async () => {
    const answers: FakeReply[] = [
      ok(
        problemDraft({
          id_number: '110101199003071234',
          problems: ['技能操作考核：成绩不合格（60分及以上合格）'],
        }),
      ),
      ok(draftRow({ ...bad, id_number: '110101199003071234', problems: [], has_photo: false })),
    ];
    const network = installFakeNetwork({
      [`GET ${batchPath}`]: ok(batchDetail()),
      [`GET ${batchPath}/drafts`]: paged([good, bad]),
      [`PATCH ${batchPath}/drafts/${bad._id}`]: () => answers.shift()!,
    });
    open();
    fireEvent.click(within(await rowOf('王五')).getByText(/^修\s?改$/));
    const dialog = await findDialogSaying('修改证书信息（第 3 行）');
    expect(within(dialog).getByText('还有 2 个问题')).toBeInTheDocument();
    const idNumber = within(dialog).getByDisplayValue('110101199003071230');
    await userEvent.clear(idNumber);
    await userEvent.type(idNumber, '110101199003071234');
    await userEvent.click(within(dialog).getByText(/^保\s?存$/));
    expect(await within(dialog).findByText('还有 1 个问题')).toBeInTheDocument();
    expect(within(dialog).getByText('技能操作考核：成绩不合格（60分及以上合格）')).toBeInTheDocument();
    const body = network.callsTo(`PATCH ${batchPath}/drafts/${bad._id}`)[0].body as OfflineDraftPatchBody;
    expect(body).toMatchObject({ name: '王五', id_type: 1, id_number: '110101199003071234' });
    expect(body.results).toEqual([
      { method: 1, value: '合格' },
      { method: 2, value: '50' },
      { method: 3, value: null },
      { method: 4, value: null },
    ]);
    const practical = within(dialog).getByDisplayValue('50');
    await userEvent.clear(practical);
    await userEvent.type(practical, '合格');
    await userEvent.click(within(dialog).getByText(/^保\s?存$/));
    expect(await screen.findByText('已修改第 3 行，王五的证书信息无问题')).toBeInTheDocument();
    // Closed: the dialog no longer holds the draft.
    await waitFor(() => expect(screen.queryByText('修改证书信息（第 3 行）')).toBeNull());
  });

  it('a required result left empty is named before anything is sent', async () => {
    const network = installFakeNetwork({
      [`GET ${batchPath}`]: ok(batchDetail()),
      [`GET ${batchPath}/drafts`]: paged([good, bad]),
    });
    open();
    fireEvent.click(within(await rowOf('王五')).getByText(/^修\s?改$/));
    const dialog = await findDialogSaying('修改证书信息（第 3 行）');
    await userEvent.clear(within(dialog).getByDisplayValue('50'));
    await userEvent.click(within(dialog).getByText(/^保\s?存$/));
    expect(await within(dialog).findByText('请填写技能操作考核成绩')).toBeInTheDocument();
    expect(network.callsTo(`PATCH ${batchPath}/drafts/${bad._id}`)).toHaveLength(0);
  });

  it('删除 a draft asks first', async () => {
    const network = installFakeNetwork({
      [`GET ${batchPath}`]: ok(batchDetail()),
      [`GET ${batchPath}/drafts`]: paged([good, bad]),
      [`DELETE ${batchPath}/drafts/${bad._id}`]: ok(null),
    });
    open();
    fireEvent.click(within(await rowOf('王五')).getByText(/^删\s?除$/));
    const dialog = await findDialogSaying(/确定删除第 3 行“王五”的证书信息吗/);
    expect(network.callsTo(`DELETE ${batchPath}/drafts/${bad._id}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByText(/^删\s?除$/, { selector: 'button span' }));
    await waitFor(() => expect(network.callsTo(`DELETE ${batchPath}/drafts/${bad._id}`)).toHaveLength(1));
  });

  it('rows failed in the read: the error file is offered for download', async () => {
    installFakeNetwork({
      [`GET ${batchPath}`]: ok(batchDetail({ error_file_id: 'a0000000-0000-4000-8000-000000000009' })),
      [`GET ${batchPath}/drafts`]: paged([good, bad]),
    });
    open();
    const link = (await screen.findByText('下载错误文件')).closest('a');
    expect(link).toHaveAttribute('href', '/api/files/a0000000-0000-4000-8000-000000000009?download=1');
  });

  it('the error file warning follows the data: gone once no row has a problem, never 有 0 行', async () => {
    const errorFile = { error_file_id: 'a0000000-0000-4000-8000-000000000009' };
    let fixed = false;
    installFakeNetwork({
      [`GET ${batchPath}`]: () =>
        ok(fixed ? batchDetail({ ...clean, ...errorFile }) : batchDetail({ ...errorFile })),
      [`GET ${batchPath}/drafts`]: () => paged(fixed ? [good] : [good, bad]),
      [`DELETE ${batchPath}/drafts/${bad._id}`]: () => {
        fixed = true;
        return ok(null);
      },
    });
    open();
    expect(
      await screen.findByText('有 1 行证书信息有问题，可下载错误文件查看每行的错误原因'),
    ).toBeInTheDocument();
    fireEvent.click(within(await rowOf('王五')).getByText(/^删\s?除$/));
    const dialog = await findDialogSaying(/确定删除第 3 行“王五”的证书信息吗/);
    await userEvent.click(within(dialog).getByText(/^删\s?除$/, { selector: 'button span' }));
    await waitFor(() => expect(publishButton()).toBeEnabled());
    expect(screen.queryByText('下载错误文件')).toBeNull();
    expect(screen.queryByText(/有 0 行/)).toBeNull();
  });

  it('确认发证 names how many certificates will be numbered; publishing shows progress, then the detail opens', async () => {
    let batch: FakeReply = ok(clean);
    const network = installFakeNetwork({
      [`GET ${batchPath}`]: () => batch,
      [`GET ${batchPath}/drafts`]: paged([good]),
      [`POST ${batchPath}/publish`]: () => {
        batch = ok(batchDetail({ ...clean, status: 2, status_text: '发布中', rendered_count: 1 }));
        return ok({ count: 2, first_no: 'Y123433010600264000001', last_no: 'Y123433010600264000002' });
      },
    });
    const { location } = open();
    await waitFor(() => expect(publishButton()).toBeEnabled());
    fireEvent.click(publishButton());
    const dialog = await findDialogSaying(/确认后将为 2 人生成证书，并分配 2 个全国统一证书编号/);
    expect(network.callsTo(`POST ${batchPath}/publish`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByText(/^确认发证$/, { selector: 'button span' }));
    expect(await screen.findByText(/正在生成证书：已完成 1 \/ 2/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(network.callsTo(`POST ${batchPath}/publish`)).toHaveLength(1);

    batch = ok(batchDetail({ ...clean, status: 3, status_text: '已发布', rendered_count: 2 }));
    act(() => emitMessageArrived(batchMessage(TemplateKey.OFFLINE_CERTIFICATE_PUBLISHED)));
    await waitFor(() => expect(location()).toBe(`/offline-certificate/detail/${BATCH_ID}`));
  });

  it('a batch rendered before the page reads it again (待确认 → 已发布) still opens the detail', async () => {
    let batch: FakeReply = ok(clean);
    installFakeNetwork({
      [`GET ${batchPath}`]: () => batch,
      [`GET ${batchPath}/drafts`]: paged([good]),
      [`POST ${batchPath}/publish`]: () => {
        batch = ok(batchDetail({ ...clean, status: 3, status_text: '已发布', rendered_count: 2 }));
        return ok({ count: 2, first_no: 'Y123433010600264000001', last_no: 'Y123433010600264000002' });
      },
    });
    const { location } = open();
    await waitFor(() => expect(publishButton()).toBeEnabled());
    fireEvent.click(publishButton());
    const dialog = await findDialogSaying(/分配 2 个全国统一证书编号/);
    fireEvent.click(within(dialog).getByText(/^确认发证$/, { selector: 'button span' }));
    await waitFor(() => expect(location()).toBe(`/offline-certificate/detail/${BATCH_ID}`));
  });

  it('opened on a batch already published, it says so and offers the certificates', async () => {
    installFakeNetwork({
      [`GET ${batchPath}`]: ok(
        batchDetail({ ...clean, status: 3, status_text: '已发布', rendered_count: 2 }),
      ),
    });
    const { location } = open();
    expect(await screen.findByText('已发证，证书已生效')).toBeInTheDocument();
    expect(location()).toBe(`/offline-certificate/confirm-add/${BATCH_ID}`);
    fireEvent.click(screen.getByText('查看证书'));
    await waitFor(() => expect(location()).toBe(`/offline-certificate/detail/${BATCH_ID}`));
  });

  it('a member sees the drafts but may not publish', async () => {
    useSessionStore.setState({ user: makeUser({ roles: [1], company_role: 2 }) });
    installFakeNetwork({
      [`GET ${batchPath}`]: ok(clean),
      [`GET ${batchPath}/drafts`]: paged([good]),
    });
    open();
    await rowOf('李四');
    expect(publishButton()).toBeDisabled();
    expect(screen.getAllByText('仅企业管理员可以确认发证和删除批次').length).toBeGreaterThan(0);
  });

  it('解析中: says the sheet is being read; the done message shows the drafts', async () => {
    let batch: FakeReply = ok(
      batchDetail({ status: 0, status_text: '解析中', total: 0, valid_count: 0, problem_count: 0 }),
    );
    installFakeNetwork({
      [`GET ${batchPath}`]: () => batch,
      [`GET ${batchPath}/drafts`]: paged([good, bad]),
    });
    open();
    expect(await screen.findByText('正在解析证书信息表')).toBeInTheDocument();
    batch = ok(batchDetail());
    act(() => emitMessageArrived(batchMessage()));
    expect(await screen.findByText('王五')).toBeInTheDocument();
  });

  it('another company’s batch reads as not found', async () => {
    installFakeNetwork({ [`GET ${batchPath}`]: fail(404, '证书生成批次不存在或已删除') });
    open();
    expect((await screen.findAllByText('证书生成批次不存在或已删除')).length).toBeGreaterThan(0);
  });
});
