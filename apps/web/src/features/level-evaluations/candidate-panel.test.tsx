import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeNetwork, ok, paged } from '@/test/fake-network';
import { abilities, candidate, PLAN_ID, planDetail } from '@/test/level-evaluations';
import { renderWithProviders } from '@/test/render';
import { findDialog } from '@/test/ui';
import { CandidatePanel } from './components/candidate-panel';

const base = `/api/levelEvaluations/${PLAN_ID}`;
const draft = planDetail({ status: 0, status_text: '草稿' });
const buttonNamed = (root: HTMLElement, name: RegExp) =>
  within(root).getByText(name, { selector: 'button span' }).closest('button') as HTMLElement;

describe('the candidate list', () => {
  it('从员工添加 searches the members not yet candidates, asks each one’s ID number and adds them with their name and phone', async () => {
    const network = installFakeNetwork({
      [`GET ${base}/candidates`]: paged([candidate(0)]),
      [`GET ${base}/staffOptions`]: (request) =>
        paged(
          [
            {
              user_id: 'u-7',
              name: '周七',
              phone: '13900000007',
              role: 2,
              role_text: '成员',
              joined_time_str: '',
            },
          ].filter((m) => m.name.includes(request.query.get('keyword') ?? '')),
        ),
      [`POST ${base}/candidates`]: ok([]),
    });
    renderWithProviders(<CandidatePanel plan={draft} />);
    await screen.findByText('王一');
    await userEvent.click(buttonNamed(document.body, /从员工添加/));
    const dialog = await findDialog('从员工添加考生');
    const search = within(dialog).getByRole('combobox');
    fireEvent.mouseDown(search);
    await userEvent.type(search, '周');
    await waitFor(() =>
      expect(network.callsTo(`GET ${base}/staffOptions`).at(-1)?.query.get('keyword')).toBe('周'),
    );
    await userEvent.click(await screen.findByTitle('周七（13900000007）'));
    // What the account knows is filled in; the ID number, which it does not know, is asked for.
    expect(within(dialog).getByLabelText('周七的姓名')).toHaveValue('周七');
    expect(within(dialog).getByText('13900000007')).toBeInTheDocument();
    await userEvent.click(buttonNamed(dialog, /^添\s?加$/));
    expect(await within(dialog).findByText('请输入证件号码')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('周七的证件号码'), '110105194912310021');
    await userEvent.click(buttonNamed(dialog, /^添\s?加$/));
    expect(await within(dialog).findByText('证件号码校验不通过，请核对')).toBeInTheDocument();
    expect(network.callsTo(`POST ${base}/candidates`)).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText('周七的证件号码'));
    await userEvent.type(within(dialog).getByLabelText('周七的证件号码'), '11010519491231002x');
    await userEvent.click(buttonNamed(dialog, /^添\s?加$/));
    await waitFor(() => expect(network.callsTo(`POST ${base}/candidates`)).toHaveLength(1));
    expect(network.callsTo(`POST ${base}/candidates`)[0].body).toEqual({
      candidates: [
        { user_id: 'u-7', name: '周七', id_type: 1, id_number: '11010519491231002X', phone: '13900000007' },
      ],
    });
  });

  it('a sheet with errors imports nothing and offers its error report', async () => {
    installFakeNetwork({
      [`GET ${base}/candidates`]: paged([]),
      [`POST ${base}/candidates/import`]: ok({
        imported: 0,
        total: 20,
        failed: 2,
        error_file_url: '/api/files/report-1',
        warnings: [],
      }),
    });
    renderWithProviders(<CandidatePanel plan={draft} />);
    await userEvent.click(await waitFor(() => buttonNamed(document.body, /导入考生/)));
    const dialog = await findDialog('导入考生');
    expect(within(dialog).getByText('请先下载模板，按模板填写后上传：')).toBeInTheDocument();
    await userEvent.upload(
      dialog.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['PK'], '考生.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    expect(within(dialog).getByText(/考生\.xlsx/)).toBeInTheDocument();
    await userEvent.click(buttonNamed(dialog, /开始导入/));
    expect(
      await within(dialog).findByText('共 20 行，其中 2 行有错误，本次未导入任何数据'),
    ).toBeInTheDocument();
    expect(buttonNamed(dialog, /下载错误报告/)).toBeInTheDocument();
  });

  it('once the plan is under review the list only reads', async () => {
    installFakeNetwork({ [`GET ${base}/candidates`]: paged([candidate(0)]) });
    renderWithProviders(
      <CandidatePanel plan={planDetail({ status: 1, status_text: '待审批', abilities: abilities() })} />,
    );
    await screen.findByText('王一');
    expect(screen.queryByText('从员工添加')).toBeNull();
    expect(screen.queryByText('移除')).toBeNull();
  });
});
