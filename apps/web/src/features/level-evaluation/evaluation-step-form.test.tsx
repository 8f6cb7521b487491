import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeNetwork, ok } from '@/test/fake-network';
import { options, PLAN_ID, planDetail } from '@/test/level-evaluation';
import { renderPage } from '@/test/render';
import { EvaluationAddPage } from './evaluation-add-page';

const button = (name: string) =>
  screen
    .getAllByText(name)
    .map((e) => e.closest('button'))
    .find((b): b is HTMLButtonElement => Boolean(b && !b.closest('[hidden]')));
const pick = async (label: string, option: string) => {
  const item = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
  fireEvent.mouseDown(item.querySelector('.ant-select-selector, [role="combobox"]') as HTMLElement);
  await userEvent.click(await screen.findByTitle(option));
};
const step = (title: string) =>
  userEvent.click(screen.getByText(title, { selector: '.ant-steps-item-title' }));

describe('the plan step form', { timeout: 30_000 }, () => {
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

  it('levels 2 and 1 force 综合评审 and say why', async () => {
    installFakeNetwork({ 'GET /api/levelEvaluations/options': ok(options) });
    renderPage('/evaluation-list/add', <EvaluationAddPage />);
    await screen.findByPlaceholderText('例如：2026年第一期电工四级评价');
    await pick('职业/工种', '电工');
    await pick('评价等级', '二级/技师');
    await step('评价方式');
    const comprehensive = screen
      .getByText('综合评审', { selector: '.ant-checkbox-label, span' })
      .closest('label');
    const box = within(comprehensive as HTMLElement).getByRole('checkbox');
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(screen.getByText('二级、一级的评价须包含综合评审，已自动勾选')).toBeInTheDocument();
  });
});
