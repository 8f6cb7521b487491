import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeNetwork } from '@/test/fake-network';
import { detail, ID_A, ID_B } from '@/test/records';
import { renderWithProviders } from '@/test/render';
import { fieldErrors } from '@/test/ui';
import type { RecordApplicationInput } from './api/save-record-application';
import {
  emptyRecordForm,
  RecordForm,
  type RecordFormValues,
  regionPath,
  toRecordFormValues,
  toRecordInput,
} from './components/record-form';
import { catalogue, referenceRoutes } from './test-fixtures';

const group = (name: string) => screen.getByRole('group', { name });

function renderForm(initialValues?: RecordFormValues) {
  installFakeNetwork(referenceRoutes);
  const onSave = vi.fn(async (_input: RecordApplicationInput) => undefined);
  renderWithProviders(
    <RecordForm categories={catalogue.categories} initialValues={initialValues} onSave={onSave} />,
  );
  return { onSave, user: userEvent.setup() };
}

async function pickOccupation(row: HTMLElement, title: string) {
  fireEvent.mouseDown(within(row).getAllByRole('combobox')[0]);
  await userEvent.click(await screen.findByTitle(title));
}

/** A complete application, as the edit page would start it. */
const complete = (): RecordFormValues => toRecordFormValues(detail());

// Whole forms with antd lists in jsdom: slow on a busy machine.
describe('RecordForm (备案申请表) rules', () => {
  it('提交审核 on an empty form names every missing field and sends nothing', async () => {
    const { onSave, user } = renderForm();
    await user.click(screen.getByRole('button', { name: '提交审核' }));

    const scope = group('评价职业 1');
    expect(await within(scope).findByText('请选择评价职业')).toBeInTheDocument();
    expect(await within(scope).findByText('请选择评价等级')).toBeInTheDocument();
    const site = group('考核场地 1');
    expect(await within(site).findByText('请输入场地名称')).toBeInTheDocument();
    expect(await within(site).findByText('请选择场地所在地区')).toBeInTheDocument();
    expect(await within(site).findByText('请输入场地详细地址')).toBeInTheDocument();
    const examiner = group('考评员 1');
    expect(await within(examiner).findByText('请输入姓名')).toBeInTheDocument();
    expect(await within(examiner).findByText('请输入身份证号')).toBeInTheDocument();
    expect(await within(examiner).findByText('请输入手机号')).toBeInTheDocument();
    expect(await within(examiner).findByText('请输入资格（职业/等级）')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('保存草稿 with only an occupation chosen saves it without asking for anything else', async () => {
    const { onSave, user } = renderForm();
    await pickOccupation(group('评价职业 1'), '电工（6-31-01-03）');
    await user.click(screen.getByRole('button', { name: '保存草稿' }));

    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(fieldErrors()).toEqual([]);
    expect(screen.queryByText(/^请至少添加/)).toBeNull();
    expect(onSave.mock.calls[0][0]).toMatchObject({
      scopes: [{ occupation_code: '6-31-01-03', levels: [] }],
      submit: false,
    });
  });

  it('an ID number with a wrong check digit and a malformed phone are refused', async () => {
    const { user } = renderForm();
    const examiner = group('考评员 1');
    await user.type(within(examiner).getByPlaceholderText('请输入18位身份证号'), '110101198001010011');
    await user.type(within(examiner).getByPlaceholderText('请输入手机号'), '1391234');
    await user.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(await within(examiner).findByText('身份证号不正确，请核对')).toBeInTheDocument();
    expect(within(examiner).getByText('手机号格式不正确')).toBeInTheDocument();
  });

  it('工种 and levels come from the chosen occupation; changing it drops a level it does not have', async () => {
    const { user } = renderForm();
    const scope = group('评价职业 1');
    expect(within(scope).getByRole('checkbox', { name: '五级/初级工' })).toBeDisabled();

    await pickOccupation(scope, '电工（6-31-01-03）');
    expect(within(scope).getAllByRole('combobox')[1]).toBeDisabled(); // 电工 has no 工种
    await user.click(within(scope).getByRole('checkbox', { name: '二级/技师' }));
    await user.click(within(scope).getByRole('checkbox', { name: '四级/中级工' }));

    await pickOccupation(scope, '育婴员（4-10-01-02）');
    // 育婴员 stops at 三级: 二级 is gone, 四级 stays.
    expect(within(scope).queryByRole('checkbox', { name: '二级/技师' })).not.toBeInTheDocument();
    expect(within(scope).getByRole('checkbox', { name: '四级/中级工' })).toBeChecked();

    await pickOccupation(scope, '焊工（6-18-02-04）');
    fireEvent.mouseDown(within(scope).getAllByRole('combobox')[1]);
    expect(await screen.findByTitle('电焊工')).toBeInTheDocument();
    expect(screen.getByTitle('气焊工')).toBeInTheDocument();
  });

  it('a draft may lack whole parts; submitting needs each of them', async () => {
    const { onSave, user } = renderForm();
    for (const name of ['删除评价职业 1', '删除考核场地 1', '删除考评员 1', '删除质量督导员 1'])
      await user.click(screen.getByRole('button', { name }));

    await user.click(screen.getByRole('button', { name: '提交审核' }));
    expect(await screen.findByText('请至少添加一个评价职业')).toBeInTheDocument();
    expect(await screen.findByText('请至少添加一个考核场地')).toBeInTheDocument();
    expect(await screen.findByText('请至少添加一名考评员')).toBeInTheDocument();
    expect(await screen.findByText('请至少添加一名质量督导员')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    // Both buttons load while an action runs, its validation included: 保存草稿 is pressed once that is over.
    const draft = screen.getByText('保存草稿').closest('button') as HTMLButtonElement;
    await waitFor(() => expect(draft).not.toHaveClass('ant-btn-loading'));
    await user.click(draft);
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({
      scopes: [],
      sites: [],
      examiners: [],
      supervisors: [],
      evaluation_basis: 1,
      submit: false,
    });
  });

  it('企业评价规范 asks for its file before submitting', async () => {
    const { onSave, user } = renderForm(complete());
    expect(screen.queryByText('企业评价规范文件')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '企业评价规范' }));
    expect(await screen.findByText('企业评价规范文件')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '提交审核' }));
    expect(await screen.findByText('请上传企业评价规范文件')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('a complete form asks to confirm, then sends the body: region code of the county, trimmed values', async () => {
    const values = complete();
    values.examiners[0].id_number = ' 11010519491231002x ';
    const { onSave, user } = renderForm(values);
    await user.click(screen.getByRole('button', { name: '提交审核' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定提交审核吗？提交后在审核完成前不能修改。')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toEqual({
      scopes: [{ occupation_code: '6-31-01-03', work_type: null, levels: [4, 3] }],
      evaluation_basis: 1,
      basis_file_id: null,
      sites: [{ name: '一号实训楼', region_code: '330106', address: '文三路 100 号' }],
      examiners: [
        {
          name: '张考评',
          id_number: '11010519491231002X',
          phone: '13912345678',
          qualification: '电工 二级/技师',
        },
      ],
      supervisors: [
        { name: '李督导', id_number: ID_B, phone: '13912345679', qualification: '电工 一级/高级技师' },
      ],
      attachment_ids: [],
      remark: null,
      submit: true,
    });
  });
});

describe('form values', () => {
  it('a county code becomes the cascader path; a city without counties stops at the city', () => {
    expect(regionPath('330106')).toEqual(['330000', '330100', '330106']);
    expect(regionPath('441900')).toEqual(['440000', '441900']);
  });

  it('the basis file is sent only with 企业评价规范; the empty form starts with one row of each', () => {
    const file = { file_id: 'f1', webPath: '/api/files/f1', originName: '规范.pdf' };
    const values = { ...emptyRecordForm(), basis_file: [file] };
    expect(toRecordInput(values, false).basis_file_id).toBeNull();
    expect(toRecordInput({ ...values, evaluation_basis: 2 }, false).basis_file_id).toBe('f1');
    expect(emptyRecordForm()).toMatchObject({
      scopes: [{}],
      sites: [{}],
      examiners: [{}],
      supervisors: [{}],
    });
    expect(toRecordFormValues(detail()).examiners[0].id_number).toBe(ID_A);
  });
});
