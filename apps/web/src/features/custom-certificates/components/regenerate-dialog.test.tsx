import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeReply, type FakeRequest, fail, installFakeNetwork, ok, paged } from '@/test/fake-network';
import { renderWithProviders } from '@/test/render';
import { rowsOf } from '@/test/ui';
import {
  batch,
  certificateBlank,
  certificateRow,
  clickButton,
  dialogNamed,
  dialogTitled,
  signInEnterprise,
  uploadOk,
} from '../test-fixtures';
import { CustomCertificateDetailDialog } from './custom-certificate-detail-dialog';

const base = '/api/customCertificateBatchUploadRecords';
const png = () => new File([new Uint8Array([137, 80, 78, 71])], '王五.png', { type: 'image/png' });

/** A failed certificate: 姓名 filled, 身份证号 (required) empty, 照片 (required image) missing, 备注 optional. */
const failed = () =>
  certificateRow({
    row_number: 2,
    blanks: [
      certificateBlank('name', '姓名', '王五'),
      certificateBlank('id_card', '身份证号', ''),
      certificateBlank('photo', '照片', '', { blank_type: 2 }),
      certificateBlank('remark', '备注', '', { required: 0 }),
    ],
    custom_certificate_produce_status: 2,
    custom_certificate_produce_status_value: '生成失败',
    fail_reason: '缺少照片',
    custom_certificate_file_info: null,
  });

/** The detail dialog of a batch with one failed certificate, and its 重新生成 dialog open. */
async function openRegenerate(reCreate?: (request: FakeRequest) => FakeReply) {
  signInEnterprise();
  const row = failed();
  const one = batch({ certificate_handle_status: 2, certificate_handle_status_value: '部分失败' });
  let fixed = false;
  const network = installFakeNetwork({
    [`GET ${base}/${one._id}`]: ok(one),
    [`GET ${base}/${one._id}/certificateList`]: () =>
      paged([
        fixed
          ? {
              ...row,
              custom_certificate_produce_status: 1,
              custom_certificate_produce_status_value: '生成成功',
            }
          : row,
      ]),
    'POST /api/files/upload': uploadOk,
    [`PATCH /api/customCertificates/${row._id}/reCreate`]: (request) => {
      const reply = reCreate ? reCreate(request) : ok(row);
      if (reply.status === undefined) fixed = true;
      return reply;
    },
  });
  renderWithProviders(<CustomCertificateDetailDialog batchId={one._id} onClose={() => {}} />);
  const detail = await dialogNamed('证书详情');
  const tableRow = await waitFor(() => {
    const [found] = rowsOf(detail);
    if (!found) throw new Error('no rows yet');
    return found;
  });
  await clickButton(tableRow, '重新生成');
  const dialog = await dialogTitled('重新生成证书');
  return { network, dialog, detail, row };
}

const input = (dialog: HTMLElement, placeholder: string) => within(dialog).getByPlaceholderText(placeholder);

// Whole dialogs with antd tables: slow in jsdom on a busy machine.
describe('RegenerateDialog (spec §5)', () => {
  it('one field per blank with its current value; the fail reason on top', async () => {
    const { dialog } = await openRegenerate();
    expect(input(dialog, '请输入姓名')).toHaveValue('王五');
    expect(input(dialog, '请输入身份证号')).toHaveValue('');
    expect(input(dialog, '请输入备注')).toHaveValue('');
    expect(dialog).toHaveTextContent('失败原因：缺少照片');
    expect(dialog).toHaveTextContent('照片');
    expect(dialog.querySelector('input[type="file"]')).not.toBeNull();
  });

  it('a required text left empty says 请填写 {label}; a required image missing says 请上传 {label}', async () => {
    const { dialog, network } = await openRegenerate();
    fireEvent.change(input(dialog, '请输入姓名'), { target: { value: '   ' } });
    await clickButton(dialog, '重新生成');
    expect(await within(dialog).findByText('请填写 姓名')).toBeInTheDocument();
    expect(await within(dialog).findByText('请填写 身份证号')).toBeInTheDocument();
    expect(await within(dialog).findByText('请上传 照片')).toBeInTheDocument();
    // Optional blanks may stay empty.
    expect(within(dialog).queryByText('请填写 备注')).not.toBeInTheDocument();
    expect(network.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('the image field takes one image: after one upload the trigger is gone', async () => {
    const { dialog } = await openRegenerate();
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, png());
    // The uploaded photo shows its thumbnail.
    await waitFor(() => expect(within(dialog).getAllByAltText('王五.png')).toHaveLength(1));
    expect(within(dialog).queryByText('上传图片')).not.toBeInTheDocument();
    expect(dialog.querySelector('input[type="file"]')?.hasAttribute('multiple')).toBe(false);
  });

  it('sends the blanks as name + val, says 重新生成证书成功！ and refreshes the list', async () => {
    const { dialog, network, row, detail } = await openRegenerate();

    fireEvent.change(input(dialog, '请输入身份证号'), { target: { value: ' 110101199003071234 ' } });
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, png());
    // The uploaded photo shows its thumbnail.
    await waitFor(() => expect(within(dialog).getAllByAltText('王五.png')).toHaveLength(1));
    await clickButton(dialog, '重新生成');

    expect(await screen.findByText('重新生成证书成功！')).toBeInTheDocument();
    expect(network.callsTo(`PATCH /api/customCertificates/${row._id}/reCreate`).map((c) => c.body)).toEqual([
      {
        blanks: [
          { name: 'name', val: '王五' },
          { name: 'id_card', val: '110101199003071234' },
          { name: 'photo', val: expect.stringMatching(/^00000000-0000-4000-9000-/) },
          { name: 'remark', val: '' },
        ],
      },
    ]);
    expect(await within(detail).findByText('生成成功')).toBeInTheDocument();
  });

  it("a refusal says '{error}，请稍后重试！' in the 重新生成证书失败! notice and keeps the dialog", async () => {
    const { dialog } = await openRegenerate(() => fail(400, '照片不是图片'));
    fireEvent.change(input(dialog, '请输入身份证号'), { target: { value: '110101199003071234' } });
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, png());
    // The uploaded photo shows its thumbnail.
    await waitFor(() => expect(within(dialog).getAllByAltText('王五.png')).toHaveLength(1));
    await clickButton(dialog, '重新生成');

    const notice = await dialogNamed('重新生成证书失败!');
    expect(notice).toHaveTextContent('照片不是图片，请稍后重试！');
    expect(input(dialog, '请输入身份证号')).toHaveValue('110101199003071234');
  });
});
