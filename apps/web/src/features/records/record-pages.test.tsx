import { TemplateKey } from '@skill-cert/shared/messages';
import type { RecordApplicationRow } from '@skill-cert/shared/records';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { emitMessageArrived } from '@/shared/realtime/message-events';
import { saveLogin } from '@/shared/session/session';
import { installFakeNetwork, makeLoginResult, ok } from '@/test/fake-network';
import { detail } from '@/test/records';
import { preloadShell, renderRoute } from '@/test/render-route';
import { findDialog, withRole } from '@/test/ui';
import { referenceRoutes } from './test-fixtures';

const row = (overrides: Partial<RecordApplicationRow>): RecordApplicationRow => {
  const {
    scopes: _s,
    evaluation_basis: _e,
    evaluation_basis_text: _t,
    basis_file: _b,
    sites: _si,
    examiners: _ex,
    supervisors: _su,
    attachments: _a,
    remark: _r,
    editable: _ed,
    deletable: _de,
    timeline: _ti,
    ...base
  } = detail();
  return { ...base, ...overrides };
};

const draft = row({ _id: 'r-draft', record_no: 'BA20260102DRAFT1' });
const pending = row({ _id: 'r-pending', record_no: 'BA20260102PEND01', status: 1, status_text: '待审核' });
const rejected = row({
  _id: 'r-rejected',
  record_no: 'BA20260102REJ001',
  status: 3,
  status_text: '已驳回',
  reject_reason: '考评员资格证明不全',
});

const pagedList = (list: RecordApplicationRow[], total = list.length) =>
  ok({ list, meta: { total, count: total, page: 1, per_page: 10, last_page: Math.ceil(total / 10) || 1 } });

const signIn = () => saveLogin(makeLoginResult({ roles: [1] }));

// Role queries walk computed styles, which antd's style sheets make very slow in jsdom inside the whole
// shell: these tests find elements by their text and ARIA attributes instead.
const buttonIn = (container: HTMLElement, name: string): HTMLButtonElement | null =>
  (within(container)
    .queryAllByText(name)
    .map((e) => e.closest('button'))
    .find(Boolean) as HTMLButtonElement | undefined) ?? null;
/** The 提示 confirmation asked before an action. */
const confirmDialog = () => findDialog('提示');
/** The detail page's actions. */
const pageActions = () => withRole(document, 'group', '页面操作');
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

// Whole routes with the shell and antd in jsdom: slow on a busy machine.
describe('record application pages', () => {
  beforeAll(async () => {
    await Promise.all([preloadShell(), import('./record-list-page')]);
  }, 120_000);

  it('the list shows status tags, the rejection reason, and 编辑 / 提交审核 only for 草稿 and 已驳回', async () => {
    const network = installFakeNetwork({
      'GET /api/recordApplications': pagedList([draft, pending, rejected], 23),
    });
    signIn();
    renderRoute('/record-application');

    const rejectedRow = await rowOf('BA20260102REJ001');
    expect(within(rejectedRow).getByText('已驳回')).toBeInTheDocument();
    expect(within(rejectedRow).getByText('驳回原因：考评员资格证明不全')).toBeInTheDocument();
    expect(buttonIn(rejectedRow, '编辑')).not.toBeNull();
    expect(buttonIn(rejectedRow, '删除')).toBeNull();
    const pendingRow = await rowOf('BA20260102PEND01');
    expect(within(pendingRow).getByText('待审核')).toBeInTheDocument();
    expect(buttonIn(pendingRow, '编辑')).toBeNull();
    expect(buttonIn(pendingRow, '提交审核')).toBeNull();
    expect(buttonIn(pendingRow, '详情')).not.toBeNull();
    const draftRow = await rowOf('BA20260102DRAFT1');
    expect(buttonIn(draftRow, '删除')).not.toBeNull();
    expect(screen.getByText('共 23 条')).toBeInTheDocument();
    const search = document.querySelector<HTMLElement>('form[aria-label="备案搜索"]')!;
    await userEvent.type(within(search).getByPlaceholderText('请输入备案编号或职业名称'), '电工');
    fireEvent.mouseDown(search.querySelector('[role="combobox"]')!);
    await userEvent.click(await screen.findByTitle('已驳回'));
    await userEvent.click(buttonIn(search, '搜索')!);
    await waitFor(() =>
      expect(Object.fromEntries(network.callsTo('GET /api/recordApplications').at(-1)!.query)).toEqual({
        keyword: '电工',
        status: '3',
        page: '1',
        per_page: '10',
      }),
    );
  });

  it('the list and the detail refresh when the platform decision arrives as a message', async () => {
    let status: 1 | 2 = 1;
    const network = installFakeNetwork({
      'GET /api/recordApplications': () =>
        pagedList([{ ...pending, status, status_text: status === 2 ? '已通过' : '待审核' }]),
    });
    signIn();
    renderRoute('/record-application');
    expect(within(await rowOf('BA20260102PEND01')).getByText('待审核')).toBeInTheDocument();
    const before = network.callsTo('GET /api/recordApplications').length;

    status = 2;
    act(() =>
      emitMessageArrived({
        _id: 'm-1',
        message_category_name: '备案通知',
        create_time_str: '2026-01-02 10:00:00',
        content: '您的备案申请（BA20260102PEND01）已通过平台审核',
        whether_read: 0,
        url: null,
        data: { _id: pending._id, template_key: TemplateKey.RECORD_DECIDED },
      }),
    );
    await waitFor(() =>
      expect(network.callsTo('GET /api/recordApplications').length).toBeGreaterThan(before),
    );
    expect(await within(await rowOf('BA20260102PEND01')).findByText('已通过')).toBeInTheDocument();
  });

  it('新增备案: 取消 closes its tab and returns to the list', async () => {
    installFakeNetwork({ ...referenceRoutes, 'GET /api/recordApplications': pagedList([draft]) });
    signIn();
    const { location } = renderRoute('/record-application/add');
    const cancel = await waitFor(() => {
      const found = buttonIn(document.body, '取 消') ?? buttonIn(document.body, '取消');
      if (!found) throw new Error('no 取消 yet');
      return found;
    });
    expect(document.querySelector('[data-tab-path="/record-application/add"]')).not.toBeNull();
    await userEvent.click(cancel);
    await waitFor(() => expect(location()).toBe('/record-application'));
    await rowOf('BA20260102DRAFT1');
    expect(document.querySelector('[data-tab-path="/record-application/add"]')).toBeNull();
  });

  it('提交审核 from the list asks to confirm, then submits', async () => {
    const network = installFakeNetwork({
      'GET /api/recordApplications': pagedList([draft]),
      'POST /api/recordApplications/r-draft/submit': ok(detail({ _id: 'r-draft', status: 1 })),
    });
    signIn();
    renderRoute('/record-application');
    await userEvent.click(buttonIn(await rowOf('BA20260102DRAFT1'), '提交审核')!);
    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent('确定将备案申请 BA20260102DRAFT1 提交审核吗？');
    expect(network.callsTo('POST /api/recordApplications/r-draft/submit')).toHaveLength(0);
    await userEvent.click(buttonIn(dialog, '确定')!);
    await waitFor(() =>
      expect(network.callsTo('POST /api/recordApplications/r-draft/submit')).toHaveLength(1),
    );
    expect(await screen.findByText('已提交审核')).toBeInTheDocument();
  });

  it('a rejected application shows its reason, all content and the timeline; it can be edited and resubmitted', async () => {
    installFakeNetwork({
      'GET /api/recordApplications/r-rejected': ok(
        detail({
          _id: 'r-rejected',
          status: 3,
          status_text: '已驳回',
          reject_reason: '考评员资格证明不全',
          timeline: [
            ...detail().timeline, // 创建申请 by 张三
            {
              _id: 't2',
              action: 'submit',
              action_text: '提交审核',
              user_name: '张三',
              note: null,
              create_time_str: '2026-01-02 10:00:01',
            },
            {
              _id: 't3',
              action: 'reject',
              action_text: '审核驳回',
              user_name: 'pingtai',
              note: '考评员资格证明不全',
              create_time_str: '2026-01-03 09:00:00',
            },
          ],
        }),
      ),
    });
    signIn();
    renderRoute('/record-application/detail/r-rejected');
    await screen.findByText('张考评');
    expect(withRole(document, 'alert', /驳回原因：考评员资格证明不全/)).toBeInTheDocument();
    expect(screen.getByText('文三路 100 号')).toBeInTheDocument();
    expect(screen.getByText('浙江省 / 杭州市 / 西湖区')).toBeInTheDocument();
    expect(screen.getByText('张考评')).toBeInTheDocument();
    expect(screen.getByText('李督导')).toBeInTheDocument();
    const timeline = screen.getByLabelText('办理记录', { selector: 'ol' });
    expect(within(timeline).getByText('审核驳回')).toBeInTheDocument();
    expect(within(timeline).getByText('操作人：pingtai')).toBeInTheDocument();
    expect(within(timeline).getByText('驳回原因：考评员资格证明不全')).toBeInTheDocument();
    const page = pageActions();
    expect(buttonIn(page, '编辑')).not.toBeNull();
    expect(buttonIn(page, '重新提交审核')).not.toBeNull();
    expect(buttonIn(page, '删除')).toBeNull();
  });

  it('an application under review has no 编辑; its edit page says it cannot be changed', async () => {
    const underReview = detail({
      _id: 'r-pending',
      status: 1,
      status_text: '待审核',
      editable: false,
      deletable: false,
    });
    installFakeNetwork({ ...referenceRoutes, 'GET /api/recordApplications/r-pending': ok(underReview) });
    signIn();
    const { router } = renderRoute('/record-application/detail/r-pending');
    expect(await screen.findByText('已提交审核，请等待平台审核。审核完成前不能修改。')).toBeInTheDocument();
    expect(buttonIn(pageActions(), '编辑')).toBeNull();
    await router.navigate('/record-application/edit/r-pending');
    expect(await screen.findByText(`备案申请 ${underReview.record_no} 待审核，不能修改`)).toBeInTheDocument();
  });

  it('editing a draft saves with PATCH and opens its detail', async () => {
    const network = installFakeNetwork({
      ...referenceRoutes,
      'GET /api/recordApplications/r-draft': ok(detail({ _id: 'r-draft' })),
      'PATCH /api/recordApplications/r-draft': ok(
        detail({ _id: 'r-draft', update_time_str: '2026-01-02 11:00:00' }),
      ),
    });
    signIn();
    const { location } = renderRoute('/record-application/edit/r-draft');
    const remark = await screen.findByPlaceholderText('选填');
    await userEvent.type(remark, '补充说明');
    await userEvent.click(buttonIn(document.body, '保存草稿')!);
    await waitFor(() => expect(network.callsTo('PATCH /api/recordApplications/r-draft')).toHaveLength(1));
    expect(network.callsTo('PATCH /api/recordApplications/r-draft')[0].body).toMatchObject({
      remark: '补充说明',
      submit: false,
      scopes: [{ occupation_code: '6-31-01-03', work_type: null, levels: [4, 3] }],
    });
    await waitFor(() => expect(location()).toBe('/record-application/detail/r-draft'));
  });
});
