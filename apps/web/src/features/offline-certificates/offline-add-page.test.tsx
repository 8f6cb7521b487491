import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BATCH_ID, batchOptions, SITE_ID } from '@/test/certificate-sources';
import { fail, installFakeNetwork, ok } from '@/test/fake-network';
import { captureDownloads, serveFiles, uploadOk } from '@/test/files';
import { renderPage } from '@/test/render';
import { fieldErrors, fieldGroup, findWithRole, openOptions, pickOption, typeDate } from '@/test/ui';
import { OfflineAddPage } from './offline-add-page';

const itemOf = (label: string) => fieldGroup(label);
const pick = (label: string, option: string) => pickOption(screen.getByLabelText(label), option);
/** Opens the choice of `label` and answers the options it offers. */
const optionsOf = async (label: string) =>
  (await openOptions(screen.getByLabelText(label))).map((o) => o.getAttribute('title'));
const xlsx = () =>
  new File([new Uint8Array([80, 75, 3, 4])], '证书信息表.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
const zip = () => new File([new Uint8Array([80, 75, 3, 4])], '照片.zip', { type: 'application/zip' });

const open = () =>
  renderPage('/offline-certificate/add', <OfflineAddPage />, [
    { path: '/offline-certificate', element: <p>证书生成列表</p> },
  ]);

describe('新增证书 (the batch form)', () => {
  it('工种 and 等级 cascade from the approved scopes: each offers only what the chosen one allows', async () => {
    installFakeNetwork({ 'GET /api/offlineCertificateBatches/options': ok(batchOptions()) });
    open();
    await screen.findByText('新增证书');
    expect(await optionsOf('职业')).toEqual(['电工', '焊工']);
    await userEvent.click(await screen.findByTitle('焊工'));
    expect(screen.getByLabelText('职业技能等级')).toBeDisabled();
    expect(await optionsOf('工种/职业方向')).toEqual(['电焊工', '气焊工']);
    await userEvent.click(await screen.findByTitle('气焊工'));
    expect(await optionsOf('职业技能等级')).toEqual(['三级/高级工']);
    await userEvent.click(await screen.findByTitle('三级/高级工'));
    // Another occupation clears what depended on the first; its only 工种 (none) is chosen at once.
    await pick('职业', '电工');
    expect(within(itemOf('工种/职业方向')).getByText('无（不分工种）')).toBeInTheDocument();
    expect(within(itemOf('职业技能等级')).queryByText('三级/高级工')).toBeNull();
    expect(await optionsOf('职业技能等级')).toEqual(['五级/初级工', '四级/中级工', '三级/高级工']);
  });

  it('提交 with nothing filled names every missing field in Chinese and sends nothing', async () => {
    const network = installFakeNetwork({ 'GET /api/offlineCertificateBatches/options': ok(batchOptions()) });
    open();
    await userEvent.click(await screen.findByText(/^提\s?交$/));
    await waitFor(() =>
      expect(fieldErrors()).toEqual([
        '请输入批次名称',
        '请选择职业',
        '请选择工种',
        '请选择职业技能等级',
        '请选择评价日期',
        '请选择发证日期',
        '请上传证书信息表',
      ]),
    );
    expect(network.callsTo('POST /api/offlineCertificateBatches')).toHaveLength(0);
  });

  it('an issue date before the evaluation ends is refused: 发证日期不能早于评价结束日期', async () => {
    installFakeNetwork({ 'GET /api/offlineCertificateBatches/options': ok(batchOptions()) });
    open();
    await screen.findByText('新增证书');
    const [start, end] = within(itemOf('评价日期')).getAllByRole('textbox');
    typeDate(start, '2026-03-01');
    typeDate(end, '2026-03-03');
    typeDate(within(itemOf('发证日期')).getByRole('textbox'), '2026-03-02');
    await userEvent.click(screen.getByText(/^提\s?交$/));
    expect(await screen.findByText('发证日期不能早于评价结束日期')).toBeInTheDocument();
  });

  it('templates: the national one first and chosen; the sheet template downloaded is the chosen template’s', async () => {
    installFakeNetwork({ 'GET /api/offlineCertificateBatches/options': ok(batchOptions()) });
    const fetched = serveFiles({
      '/api/offlineCertificateBatches/sheetTemplate': {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        name: '证书信息表模板.xlsx',
      },
    });
    const saved = captureDownloads();
    open();
    await screen.findByText('新增证书');
    expect(within(itemOf('证书模板')).getByText('职业技能等级证书（国家样式）')).toBeInTheDocument();
    expect(await optionsOf('证书模板')).toEqual(['职业技能等级证书（国家样式）', '企业自定义证书']);
    await userEvent.click(await screen.findByTitle('企业自定义证书'));
    // The template's own blanks are columns of its sheet.
    expect(screen.getByText(/所在部门/)).toBeInTheDocument();
    await userEvent.click(screen.getByText('下载证书信息表模板'));
    await waitFor(() =>
      expect(fetched).toEqual([
        '/api/offlineCertificateBatches/sheetTemplate?template_id=40000000-0000-4000-8000-000000000001',
      ]),
    );
    expect(saved).toEqual(['证书信息表模板.xlsx']);
  });

  it('提交 uploads the sheet and the photo zip, sends the batch and goes to the list, where it is 解析中', async () => {
    const network = installFakeNetwork({
      'GET /api/offlineCertificateBatches/options': ok(batchOptions()),
      'POST /api/files/upload': uploadOk,
      'POST /api/offlineCertificateBatches': ok({ _id: BATCH_ID }),
    });
    const { location } = open();
    await userEvent.type(await screen.findByPlaceholderText(/例如/), '三月电工');
    await pick('职业', '焊工');
    await pick('工种/职业方向', '电焊工');
    await pick('职业技能等级', '四级/中级工');
    const [start, end] = within(itemOf('评价日期')).getAllByRole('textbox');
    typeDate(start, '2026-03-01');
    typeDate(end, '2026-03-03');
    typeDate(within(itemOf('发证日期')).getByRole('textbox'), '2026-03-20');
    const [sheetInput, zipInput] = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
    await userEvent.upload(sheetInput, xlsx());
    await userEvent.upload(zipInput, zip());
    await screen.findByText('照片.zip');
    await userEvent.click(screen.getByText(/^提\s?交$/));
    await waitFor(() => expect(network.callsTo('POST /api/offlineCertificateBatches')).toHaveLength(1));
    expect(network.callsTo('POST /api/offlineCertificateBatches')[0].body).toEqual({
      name: '三月电工',
      occupation_code: '6-18-02-04',
      work_type: '电焊工',
      level: 4,
      start_date: '2026-03-01',
      end_date: '2026-03-03',
      site_id: SITE_ID,
      template_id: 'national',
      issue_date: '2026-03-20',
      file_id: expect.stringMatching(/^00000000-0000-4000-9000-/),
      photo_zip_file_id: expect.stringMatching(/^00000000-0000-4000-9000-/),
    });
    await waitFor(() => expect(location()).toBe('/offline-certificate'));
    expect(await screen.findByText(/已提交，正在解析证书信息/)).toBeInTheDocument();
  });

  it('a refusal of the server (outside the approved scope) stays on the form, said above the buttons', async () => {
    installFakeNetwork({
      'GET /api/offlineCertificateBatches/options': ok(batchOptions()),
      'POST /api/files/upload': uploadOk,
      'POST /api/offlineCertificateBatches': fail(400, '所选职业、工种、等级不在已审核通过的备案范围内'),
    });
    const { location } = open();
    await userEvent.type(await screen.findByPlaceholderText(/例如/), '三月电工');
    await pick('职业', '电工');
    await pick('职业技能等级', '四级/中级工');
    const [start, end] = within(itemOf('评价日期')).getAllByRole('textbox');
    typeDate(start, '2026-03-01');
    typeDate(end, '2026-03-03');
    typeDate(within(itemOf('发证日期')).getByRole('textbox'), '2026-03-20');
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, xlsx());
    await screen.findByText('证书信息表.xlsx');
    await userEvent.click(screen.getByText(/^提\s?交$/));
    // Said in the form (a message outside it may say it too).
    const form = screen.getByLabelText('证书生成', { selector: 'form' });
    expect(
      await findWithRole(form, 'alert', '所选职业、工种、等级不在已审核通过的备案范围内'),
    ).toBeInTheDocument();
    expect(location()).toBe('/offline-certificate/add');
  });

  it('without an approved filing (code 61) the page says why and leads to 备案申请', async () => {
    installFakeNetwork({
      'GET /api/offlineCertificateBatches/options': fail(61, '请先完成评价备案，审核通过后才能开展等级评价'),
    });
    open();
    expect(await screen.findByText('暂不能生成证书')).toBeInTheDocument();
    expect(screen.getByText('前往备案申请')).toBeInTheDocument();
  });
});
