import type { ExaminerQualificationRow } from '@skill-cert/shared/exam-tasks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeNetwork, ok } from '@/test/fake-network';
import { buttonName } from '@/test/names';
import { renderPage } from '@/test/render';
import { typeDate } from '@/test/ui';
import { signInExaminer } from './exam-task-fixtures';
import { QualificationSection } from './qualification-section';

const QUAL: ExaminerQualificationRow = {
  _id: 'q-1',
  occupation_code: '6-31-01-03',
  occupation_name: '电工',
  level_low: 5,
  level_high: 3,
  level_text: '五级/初级工 至 三级/高级工',
  certificate_no: 'KP-2026-001',
  valid_until: '2025-12-31',
  expired: true,
  create_time_str: '2026-01-01 10:00:00',
};
const catalogue = ok({
  categories: [
    {
      code: '6',
      name: '生产制造',
      occupations: [
        {
          code: '6-31-01-03',
          name: '电工',
          levels: [5, 4, 3, 2, 1],
          work_types: [],
          enabled: true,
          comprehensive_review: true,
        },
      ],
    },
  ],
  levels: [],
});

function renderSection(list: ExaminerQualificationRow[]) {
  const network = installFakeNetwork({
    ...signInExaminer(),
    'GET /api/examinerQualifications': ok(list),
    'GET /api/occupations': catalogue,
    'POST /api/examinerQualifications': ok(QUAL),
    'DELETE /api/examinerQualifications/q-1': ok(null),
  });
  return { network, ...renderPage('/profile', <QualificationSection />) };
}

describe('我的考评员资格', () => {
  it('lists each qualification with its level range and validity; an expired one says so', async () => {
    renderSection([QUAL]);
    const row = (await screen.findByText('KP-2026-001')).closest('tr')!;
    expect(within(row).getByText('五级/初级工 至 三级/高级工')).toBeInTheDocument();
    expect(within(row).getByText('已过期')).toBeInTheDocument();
  });

  it('none yet: says it is needed for tasks', async () => {
    renderSection([]);
    expect(await screen.findByText('还没有登记考评员资格，登记后才能被分配考评任务')).toBeInTheDocument();
  });

  it('新增资格 checks the fields, then sends the qualification', async () => {
    const { network } = renderSection([]);
    await userEvent.click(await screen.findByRole('button', { name: '新增资格' }));
    const form = await screen.findByRole('form', { name: '考评员资格' });
    await userEvent.click(screen.getByRole('button', { name: buttonName('保存') }));
    expect(await within(form).findByText('请选择职业')).toBeInTheDocument();
    expect(within(form).getByText('请输入考评员证书编号')).toBeInTheDocument();

    await userEvent.click(within(form).getByLabelText('职业'));
    await userEvent.click(await screen.findByTitle('电工（6-31-01-03）'));
    await userEvent.click(within(form).getByLabelText('最低等级'));
    await userEvent.click((await screen.findAllByTitle('四级/中级工')).at(-1)!);
    await userEvent.click(within(form).getByLabelText('最高等级'));
    await userEvent.click((await screen.findAllByTitle('五级/初级工')).at(-1)!);
    await userEvent.type(within(form).getByLabelText('考评员证书编号'), 'KP-9');
    await userEvent.click(screen.getByRole('button', { name: buttonName('保存') }));
    expect(await within(form).findByText('最高等级不能低于最低等级')).toBeInTheDocument();
    expect(within(form).getByText('请选择有效期至')).toBeInTheDocument();
    expect(network.callsTo('POST /api/examinerQualifications')).toHaveLength(0);

    await userEvent.click(within(form).getByLabelText('最高等级'));
    await userEvent.click((await screen.findAllByTitle('三级/高级工')).at(-1)!);
    typeDate(within(form).getByLabelText('有效期至'), '2027-01-01');
    await userEvent.click(screen.getByRole('button', { name: buttonName('保存') }));
    await waitFor(() => expect(network.callsTo('POST /api/examinerQualifications')).toHaveLength(1));
    expect(network.callsTo('POST /api/examinerQualifications')[0].body).toEqual({
      occupation_code: '6-31-01-03',
      level_low: 4,
      level_high: 3,
      certificate_no: 'KP-9',
      valid_until: '2027-01-01',
    });
  });

  it('删除 asks first, then deletes', async () => {
    const { network } = renderSection([QUAL]);
    const row = (await screen.findByText('KP-2026-001')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: buttonName('删除') }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定删除“电工（证书编号 KP-2026-001）”这项资格吗？');
    expect(network.callsTo('DELETE /api/examinerQualifications/q-1')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: buttonName('删除') }));
    await waitFor(() => expect(network.callsTo('DELETE /api/examinerQualifications/q-1')).toHaveLength(1));
  });
});
