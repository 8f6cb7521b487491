import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerDiscard, discardAsked } from '@/test/discard';
import { installFakeNetwork, ok } from '@/test/fake-network';
import { abilities, options, PLAN_ID, planDetail } from '@/test/level-evaluations';
import { renderPage } from '@/test/render';
import { dialogsSaying, findDialogSaying, openOptions, pickOption, withRole } from '@/test/ui';
import { EvaluationAddPage } from './evaluation-add-page';
import { EvaluationEditPage } from './evaluation-edit-page';

const button = (name: string) =>
  screen
    .getAllByText(name)
    .map((e) => e.closest('button'))
    .find((b): b is HTMLButtonElement => Boolean(b && !b.closest('[hidden]')));
const pick = (label: string, option: string) => pickOption(screen.getByLabelText(label), option);
/** Opens a step of the form by its title (each step is a button). */
const step = (title: string) => userEvent.click(withRole(document, 'button', new RegExp(title)));

describe('the plan step form', () => {
  it('a draft saves whatever is filled in at any step, and goes on in its edit page', async () => {
    const network = installFakeNetwork({
      'GET /api/levelEvaluations/options': ok(options),
      'POST /api/levelEvaluations': ok(planDetail({ status: 0 })),
    });
    const { location, router } = renderPage('/evaluation-list/add', <EvaluationAddPage />);
    await userEvent.type(await screen.findByPlaceholderText('例如：2026年第一期电工四级评价'), '一期电工');
    await step('评价方式');
    await userEvent.click(button('保存草稿') as HTMLButtonElement);
    await waitFor(() => expect(network.callsTo('POST /api/levelEvaluations')).toHaveLength(1));
    expect(network.callsTo('POST /api/levelEvaluations')[0].body).toMatchObject({
      name: '一期电工',
      record_application_id: options.filings[0]._id,
      occupation_code: null,
      level: null,
      methods: [
        { method: 1, full_mark: 100, pass_mark: 60 },
        { method: 2, full_mark: 100, pass_mark: 60 },
      ],
      publicity_days: 7,
      submit: false,
    });
    await waitFor(() => expect(location()).toBe(`/evaluation-list/edit/${PLAN_ID}`));
    expect(router.state.location.state).toEqual({ step: 1 });
  });

  it('提交审批 says what is still missing, opens its step and sends nothing', async () => {
    const network = installFakeNetwork({ 'GET /api/levelEvaluations/options': ok(options) });
    renderPage('/evaluation-list/add', <EvaluationAddPage />);
    await userEvent.type(await screen.findByPlaceholderText('例如：2026年第一期电工四级评价'), '一期电工');
    await pick('职业/工种', '电工');
    await pick('评价等级', '四级/中级工');
    await step('场地与人员');
    await userEvent.click(button('提交审批') as HTMLButtonElement);
    expect(await screen.findByText('还不能提交审批：请选择开始日期')).toBeInTheDocument();
    // The step holding the missing field is shown; what was typed on the way is kept.
    expect(screen.getByPlaceholderText('例如：2026年第一期电工四级评价')).toBeVisible();
    expect(screen.getByPlaceholderText('例如：2026年第一期电工四级评价')).toHaveValue('一期电工');
    expect(network.callsTo('POST /api/levelEvaluations')).toHaveLength(0);
  });

  it('an examiner filed for another occupation is offered with a warning, which does not stop the save', async () => {
    const welder = { _id: 'p3', name: '赵建国', phone: '13900000101', qualification: '焊工 二级/技师' };
    const withWelder = {
      filings: [{ ...options.filings[0]!, examiners: [...options.filings[0]!.examiners, welder] }],
    };
    const network = installFakeNetwork({
      'GET /api/levelEvaluations/options': ok(withWelder),
      'POST /api/levelEvaluations': ok(planDetail({ status: 0 })),
    });
    renderPage('/evaluation-list/add', <EvaluationAddPage />);
    await screen.findByPlaceholderText('例如：2026年第一期电工四级评价');
    await pick('职业/工种', '电工');
    await step('场地与人员');
    const examiners = await openOptions(screen.getByLabelText('考评员'));
    const offered = examiners.find((o) => o.title === '赵建国（焊工 二级/技师）')!;
    expect(within(offered).getByText('资格与本计划职业不符')).toBeInTheDocument();
    const fitting = examiners.find((o) => o.title === '张考评（电工 二级/技师）')!;
    expect(within(fitting).queryByText('资格与本计划职业不符')).toBeNull();
    await userEvent.click(offered);
    const warning =
      '赵建国（焊工 二级/技师）的备案资格中没有本计划的职业「电工」，请确认其可以担任本计划考评员';
    expect(await screen.findByText(warning)).toBeInTheDocument();

    await userEvent.click(button('保存草稿') as HTMLButtonElement);
    await waitFor(() => expect(network.callsTo('POST /api/levelEvaluations')).toHaveLength(1));
    expect(network.callsTo('POST /api/levelEvaluations')[0].body).toMatchObject({ examiner_ids: ['p3'] });
  });

  it('levels 2 and 1 force 综合评审 and say why', async () => {
    installFakeNetwork({ 'GET /api/levelEvaluations/options': ok(options) });
    renderPage('/evaluation-list/add', <EvaluationAddPage />);
    await screen.findByPlaceholderText('例如：2026年第一期电工四级评价');
    await pick('职业/工种', '电工');
    await pick('评价等级', '二级/技师');
    await step('评价方式');
    const box = screen.getByLabelText('综合评审');
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(screen.getByText('二级、一级的评价须包含综合评审，已自动勾选')).toBeInTheDocument();
  });

  /** A draft complete but for what `overrides` blank out, in its edit page. */
  const openDraft = (overrides: Parameters<typeof planDetail>[0] = {}) => {
    const draftPlan = planDetail({
      status: 0,
      status_text: '草稿',
      abilities: abilities({ can_edit: true }),
      ...overrides,
    });
    const network = installFakeNetwork({
      'GET /api/levelEvaluations/options': ok(options),
      [`GET /api/levelEvaluations/${PLAN_ID}`]: ok(draftPlan),
      [`GET /api/levelEvaluations/${PLAN_ID}/candidates`]: ok({
        list: [],
        meta: { total: 0, count: 0, page: 1, per_page: 10, last_page: 1 },
      }),
      [`PATCH /api/levelEvaluations/${PLAN_ID}`]: ok(planDetail({ status: 1 })),
    });
    const view = renderPage(
      `/evaluation-list/edit/${PLAN_ID}`,
      <EvaluationEditPage />,
      [],
      '/evaluation-list/edit/:id',
    );
    return { network, ...view };
  };
  const nameField = () => screen.findByPlaceholderText('例如：2026年第一期电工四级评价');

  it('还不能提交审批 follows the form: gone once what was missing is filled in', async () => {
    const { network } = openDraft({ name: '' });
    await nameField();
    await userEvent.click(button('提交审批') as HTMLButtonElement);
    expect(await screen.findByText('还不能提交审批：请输入评价名称')).toBeInTheDocument();
    await step('场地与人员');
    await step('基本信息');
    await userEvent.type(await nameField(), '一期电工');
    await waitFor(() => expect(screen.queryByText(/还不能提交审批/)).toBeNull());
    await step('场地与人员');
    expect(screen.queryByText(/还不能提交审批/)).toBeNull();
    expect(network.callsTo(`PATCH /api/levelEvaluations/${PLAN_ID}`)).toHaveLength(0);
  });

  it('还不能提交审批 names the next thing missing when one of two is filled in', async () => {
    openDraft({ name: '', site: null });
    await nameField();
    await userEvent.click(button('提交审批') as HTMLButtonElement);
    expect(await screen.findByText('还不能提交审批：请输入评价名称')).toBeInTheDocument();
    await userEvent.type(await nameField(), '一期电工');
    expect(await screen.findByText('还不能提交审批：请选择考核场地')).toBeInTheDocument();
  });

  it('提交审批 on the edit page asks the list’s question before anything is sent', async () => {
    const { network, location } = openDraft();
    await nameField();
    await userEvent.click(button('提交审批') as HTMLButtonElement);
    const question = await screen.findByText(
      '确定将评价计划“2026年第一期电工评价”提交审批吗？审批完成前不能修改计划。',
    );
    expect(network.callsTo(`PATCH /api/levelEvaluations/${PLAN_ID}`)).toHaveLength(0);
    const dialog = await findDialogSaying(question.textContent!);
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(network.callsTo(`PATCH /api/levelEvaluations/${PLAN_ID}`)).toHaveLength(1));
    expect(network.callsTo(`PATCH /api/levelEvaluations/${PLAN_ID}`)[0].body).toMatchObject({ submit: true });
    await waitFor(() => expect(location()).toBe(`/evaluation-list/detail/${PLAN_ID}`));
  });

  it('提交审批 double-clicked sends one request and shows no error', async () => {
    const { network } = openDraft();
    await nameField();
    const submit = button('提交审批') as HTMLButtonElement;
    fireEvent.click(submit);
    fireEvent.click(submit);
    await findDialogSaying(/提交审批吗？/);
    const questions = dialogsSaying(/提交审批吗？/);
    expect(questions).toHaveLength(1);
    const dialog = questions[0]!;
    const ok = within(dialog).getByRole('button', { name: /确\s?定/ });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(network.callsTo(`PATCH /api/levelEvaluations/${PLAN_ID}`)).toHaveLength(1));
    expect(screen.queryByText(/还不能提交审批/)).toBeNull();
  });

  const cancelButton = () =>
    screen
      .getAllByText(/^取\s?消$/)
      .find((e) => e.closest('button') && !e.closest('[hidden]')) as HTMLElement;

  it('新增评价: 取消 with nothing typed leaves at once', async () => {
    installFakeNetwork({ 'GET /api/levelEvaluations/options': ok(options) });
    const { location } = renderPage('/evaluation-list/add', <EvaluationAddPage />);
    await nameField();
    await userEvent.click(cancelButton());
    await waitFor(() => expect(location()).toBe('/evaluation-list'));
    expect(discardAsked()).toBe(false);
  });

  it('新增评价: typed work is kept or dropped as the user answers', async () => {
    installFakeNetwork({ 'GET /api/levelEvaluations/options': ok(options) });
    const { location } = renderPage('/evaluation-list/add', <EvaluationAddPage />);
    await userEvent.type(await nameField(), '一期电工');
    const cancel = () => userEvent.click(cancelButton());
    await cancel();
    await answerDiscard('继续编辑');
    expect(location()).toBe('/evaluation-list/add');
    expect(await nameField()).toHaveValue('一期电工');
    await cancel();
    await answerDiscard('放弃修改');
    await waitFor(() => expect(location()).toBe('/evaluation-list'));
  });
});
