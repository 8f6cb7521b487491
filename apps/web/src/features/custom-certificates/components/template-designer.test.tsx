import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, installFakeNetwork, ok, paged } from '@/test/fake-network';
import { captureDownloads, serveFiles } from '@/test/files';
import { renderWithProviders } from '@/test/render';
import { errorOf, findWithRole, rowsOf } from '@/test/ui';
import { CertificateTemplatePage } from '../certificate-template-page';
import {
  byLabel,
  clickButton,
  defaultBlanks,
  dialogNamed,
  signInEnterprise,
  template,
  textBlank,
  uploadOk,
} from '../test-fixtures';

const png = () => new File([new Uint8Array([137, 80, 78, 71])], '底图.png', { type: 'image/png' });

/** The page on screen is 594 × 420 px (A4 landscape at 2 px/mm): pixels → fractions are easy to check. */
function stubPageRect(canvas: HTMLElement, width = 594, height = 420) {
  canvas.getBoundingClientRect = () =>
    ({
      x: 0,
      y: 0,
      left: 0,
      top: 0,
      width,
      height,
      right: width,
      bottom: height,
      toJSON: () => ({}),
    }) as DOMRect;
}

const field = (scope: HTMLElement, label: string) => byLabel<HTMLInputElement>(scope, label);

async function openDesigner(which: '新建模板' | '编辑') {
  if (which === '新建模板') await clickButton(document.body, '新建模板');
  else {
    const rows = await waitFor(() => {
      const found = rowsOf(document);
      if (found.length === 0) throw new Error('no rows yet');
      return found;
    });
    await clickButton(rows[0]!, '编辑');
  }
  return dialogNamed(which === '新建模板' ? '新建模板' : '编辑模板');
}

async function addDefault(dialog: HTMLElement, label: string) {
  await clickButton(dialog, '添加默认字段');
  fireEvent.click(await findWithRole(document, 'menuitem', label));
}

const canvasOf = (dialog: HTMLElement) => byLabel(dialog, '证书画布');
const boxOf = (dialog: HTMLElement, cnName: string) => byLabel(canvasOf(dialog), `字段 ${cnName}`);

// Whole pages with antd tables and dialogs: slow in jsdom on a busy machine.
describe('证书模板 tab and the designer', () => {
  it('lists the templates and searches by name from page 1', async () => {
    signInEnterprise();
    const network = installFakeNetwork({
      'GET /api/customCertificateTemplates': (request) =>
        request.query.get('template_name')
          ? paged([template({ template_name: '电工证书' })], 1)
          : paged([template()], 12),
    });
    renderWithProviders(<CertificateTemplatePage />);

    const row = (await screen.findByText('职业技能等级证书')).closest('tr')!;
    expect(within(row).getByText('A4 横向')).toBeInTheDocument();
    expect(within(row).getByAltText('职业技能等级证书底图')).toHaveAttribute('src', '/api/files/background');
    expect(screen.getByText('共 12 条')).toBeInTheDocument();
    expect(screen.getByText('批量生成')).toBeInTheDocument();

    const search = byLabel(document.body, '模板搜索');
    fireEvent.change(within(search).getByPlaceholderText('请输入模板名称'), { target: { value: '电工' } });
    await clickButton(search, '搜索');
    expect(await screen.findByText('电工证书')).toBeInTheDocument();
    expect(Object.fromEntries(network.callsTo('GET /api/customCertificateTemplates').at(-1)!.query)).toEqual({
      template_name: '电工',
      page: '1',
      per_page: '10',
    });
  });

  it('designs a new template: background, default and custom blanks, a dragged and resized box, 保存 posts fractions', async () => {
    signInEnterprise();
    const network = installFakeNetwork({
      'GET /api/customCertificateTemplates': paged([]),
      'GET /api/defaultBlanks': ok(defaultBlanks),
      'POST /api/files/upload': uploadOk,
      'POST /api/customCertificateTemplates': (request) => ok(template(request.body as object)),
    });
    renderWithProviders(<CertificateTemplatePage />);
    const dialog = await openDesigner('新建模板');

    // The page at its true proportions: A4 landscape, then portrait.
    const canvas = canvasOf(dialog);
    expect(canvas.style.aspectRatio).toBe('297 / 210');
    fireEvent.click(within(dialog).getByText('纵向'));
    expect(canvas.style.aspectRatio).toBe('210 / 297');
    fireEvent.click(within(dialog).getByText('横向'));
    expect(canvas.style.aspectRatio).toBe('297 / 210');

    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, png());
    await waitFor(() =>
      expect(within(canvas).getByAltText('证书底图')).toHaveAttribute('src', '/api/files/upload-1'),
    );
    expect(network.callsTo('POST /api/files/upload')[0]!.query.get('type')).toBe('image');

    await addDefault(dialog, '姓名');
    await addDefault(dialog, '照片（图片）');
    await clickButton(dialog, '自定义字段');
    expect(boxOf(dialog, '自定义字段1')).toBeInTheDocument();

    // Drag 姓名 by (59.4, 42) px = (0.1, 0.1) of the page, then pull its corner by (0.05, 0.05).
    stubPageRect(canvas);
    const name = boxOf(dialog, '姓名');
    fireEvent.pointerDown(name, { button: 0, pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(name, { pointerId: 1, clientX: 159.4, clientY: 142 });
    fireEvent.pointerUp(name, { pointerId: 1, clientX: 159.4, clientY: 142 });
    expect(name).toHaveStyle({ left: '30%', top: '40%' });
    const corner = within(dialog).getByTestId(`resize-${name.dataset.key}`);
    fireEvent.pointerDown(corner, { button: 0, pointerId: 2, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(corner, { pointerId: 2, clientX: 39.7, clientY: 31 });
    fireEvent.pointerUp(corner, { pointerId: 2 });
    expect(name).toHaveStyle({ width: '35%', height: '11%' });

    // The property panel follows the box, and edits apply to it.
    const props = byLabel(dialog, '字段属性');
    expect(field(props, '横向位置').value).toBe('30.0');
    expect(field(props, '纵向位置').value).toBe('40.0');
    expect(field(props, '宽度').value).toBe('35.0');
    fireEvent.change(field(props, '字号'), { target: { value: '20' } });
    fireEvent.click(within(props).getByText('中'));
    fireEvent.click(field(props, '加粗'));
    expect(name).toHaveStyle({ fontWeight: '700', justifyContent: 'center' });

    // The custom field is deleted from the list.
    fireEvent.click(byLabel(dialog, '删除 自定义字段1'));
    expect(canvas.querySelector('[aria-label="字段 自定义字段1"]')).toBeNull();

    fireEvent.change(field(dialog, '模板名称'), { target: { value: ' 电工职业技能等级证书 ' } });
    await clickButton(dialog, '保存');

    await waitFor(() => expect(network.callsTo('POST /api/customCertificateTemplates')).toHaveLength(1));
    const body = network.callsTo('POST /api/customCertificateTemplates')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      template_name: '电工职业技能等级证书',
      background_file_id: '00000000-0000-4000-9000-000000000001',
      page_size: 'A4',
      orientation: 'landscape',
      qr: null,
    });
    expect(body.blanks).toEqual([
      expect.objectContaining({
        name: 'name',
        cn_name: '姓名',
        x: 0.3,
        y: 0.4,
        width: 0.35,
        height: 0.11,
        font_size: 20,
        align: 'center',
        bold: 1,
      }),
      expect.objectContaining({ name: 'photo', blank_type: 2 }),
    ]);
    expect((body.blanks as object[])[0]).not.toHaveProperty('key');
    expect(await screen.findByText('模板创建成功')).toBeInTheDocument();
  });

  it('boxes cannot leave the page', async () => {
    signInEnterprise();
    installFakeNetwork({
      'GET /api/customCertificateTemplates': paged([]),
      'GET /api/defaultBlanks': ok(defaultBlanks),
    });
    renderWithProviders(<CertificateTemplatePage />);
    const dialog = await openDesigner('新建模板');
    await addDefault(dialog, '姓名');
    stubPageRect(canvasOf(dialog));
    const name = boxOf(dialog, '姓名');
    fireEvent.pointerDown(name, { button: 0, pointerId: 1, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(name, { pointerId: 1, clientX: 5000, clientY: -5000 });
    // 姓名 is 0.3 wide: its left edge stops at 70 %.
    expect(name).toHaveStyle({ left: '70%', top: '0%' });
    // Arrow keys move the focused box too, within the page.
    fireEvent.keyDown(name, { key: 'ArrowDown' });
    expect(name).toHaveStyle({ top: '0.5%' });
  });

  it('the QR code is a box too: dragged, it is saved with the template', async () => {
    signInEnterprise();
    const network = installFakeNetwork({
      'GET /api/customCertificateTemplates': paged([]),
      'GET /api/defaultBlanks': ok(defaultBlanks),
      'POST /api/files/upload': uploadOk,
      'POST /api/customCertificateTemplates': (request) => ok(template(request.body as object)),
    });
    renderWithProviders(<CertificateTemplatePage />);
    const dialog = await openDesigner('新建模板');
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, png());
    await addDefault(dialog, '全部添加');
    const canvas = canvasOf(dialog);
    stubPageRect(canvas);
    const qr = byLabel(canvas, '二维码');
    fireEvent.pointerDown(qr, { button: 0, pointerId: 1, clientX: 500, clientY: 300 });
    fireEvent.pointerMove(qr, { pointerId: 1, clientX: -1000, clientY: -1000 });
    fireEvent.pointerUp(qr, { pointerId: 1 });
    expect(qr).toHaveStyle({ left: '0%', top: '0%' });
    fireEvent.change(field(dialog, '模板名称'), { target: { value: '证书' } });
    await waitFor(() => expect(within(canvas).getByAltText('证书底图')).toBeInTheDocument());
    await clickButton(dialog, '保存');
    await waitFor(() => expect(network.callsTo('POST /api/customCertificateTemplates')).toHaveLength(1));
    const body = network.callsTo('POST /api/customCertificateTemplates')[0]!.body as Record<string, unknown>;
    expect(body.qr).toEqual({ x: 0, y: 0, size: 0.1 });
    expect(body.blanks).toHaveLength(defaultBlanks.length);
  });

  it('保存 without a name or a background says so and sends nothing', async () => {
    signInEnterprise();
    const network = installFakeNetwork({
      'GET /api/customCertificateTemplates': paged([]),
      'GET /api/defaultBlanks': ok(defaultBlanks),
    });
    renderWithProviders(<CertificateTemplatePage />);
    const dialog = await openDesigner('新建模板');
    await addDefault(dialog, '姓名');
    await clickButton(dialog, '保存');
    await waitFor(() => expect(errorOf(field(dialog, '模板名称'))).toBe('请输入模板名称'));

    fireEvent.change(field(dialog, '模板名称'), { target: { value: '证书' } });
    await clickButton(dialog, '保存');
    expect(await findWithRole(document, 'alert', '请上传证书底图')).toBeInTheDocument();
    expect(network.callsTo('POST /api/customCertificateTemplates')).toHaveLength(0);
  });

  it('a blank the contract refuses shows the reason under its field and blocks 保存', async () => {
    signInEnterprise();
    const network = installFakeNetwork({
      'GET /api/customCertificateTemplates': paged([template()]),
      'GET /api/defaultBlanks': ok(defaultBlanks),
    });
    renderWithProviders(<CertificateTemplatePage />);
    const dialog = await openDesigner('编辑');
    fireEvent.click(boxOf(dialog, '姓名'));
    fireEvent.pointerDown(boxOf(dialog, '姓名'), { button: 0, pointerId: 1 });
    const props = byLabel(dialog, '字段属性');
    fireEvent.change(field(props, '字段名'), { target: { value: 'Name 1' } });
    const rule = '字段名只能包含小写字母、数字和下划线，并以字母开头';
    expect(await within(props).findByText(rule)).toBeInTheDocument();
    await clickButton(dialog, '保存');
    expect(await screen.findByText(`字段「姓名」：${rule}`)).toBeInTheDocument();
    expect(network.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('编辑 opens the saved template and 保存 patches it, keeping blank ids; server messages show', async () => {
    signInEnterprise();
    const saved = template({ blanks: [textBlank('name', '姓名'), textBlank('level', '等级')] });
    let attempts = 0;
    const network = installFakeNetwork({
      'GET /api/customCertificateTemplates': paged([saved]),
      'GET /api/defaultBlanks': ok(defaultBlanks),
      [`PATCH /api/customCertificateTemplates/${saved._id}`]: (request) => {
        attempts += 1;
        return attempts === 1
          ? fail(400, '证书底图不存在或已删除')
          : ok({ ...saved, ...(request.body as object) });
      },
    });
    renderWithProviders(<CertificateTemplatePage />);
    const dialog = await openDesigner('编辑');
    expect(field(dialog, '模板名称')).toHaveValue('职业技能等级证书');
    expect(boxOf(dialog, '等级')).toBeInTheDocument();
    expect(within(canvasOf(dialog)).getByAltText('证书底图')).toHaveAttribute('src', '/api/files/background');

    await clickButton(dialog, '保存');
    expect(await screen.findByText('证书底图不存在或已删除')).toBeInTheDocument();
    await clickButton(dialog, '保存');
    await waitFor(() => expect(attempts).toBe(2));
    const body = network.calls.filter((c) => c.method === 'PATCH').at(-1)!.body as {
      blanks: { _id?: string }[];
      background_file_id: string;
      qr: unknown;
    };
    expect(body.blanks.map((b) => b._id)).toEqual(saved.blanks.map((b) => b._id));
    expect(body.background_file_id).toBe(saved.background_file_id);
    expect(body.qr).toEqual(saved.qr);
    expect(await screen.findByText('模板修改成功')).toBeInTheDocument();
  });

  it("warns when the background's proportions do not match the page, and offers the orientation it fits", async () => {
    signInEnterprise();
    installFakeNetwork({
      'GET /api/customCertificateTemplates': paged([template()]),
      'GET /api/defaultBlanks': ok(defaultBlanks),
    });
    renderWithProviders(<CertificateTemplatePage />);
    const dialog = await openDesigner('编辑');
    const background = dialog.querySelector<HTMLImageElement>('img.cc-page-background')!;
    const loaded = (width: number, height: number) => {
      Object.defineProperty(background, 'naturalWidth', { value: width, configurable: true });
      Object.defineProperty(background, 'naturalHeight', { value: height, configurable: true });
      fireEvent.load(background);
    };
    // A landscape A4 background on a landscape A4 page: no warning.
    loaded(2970, 2100);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // A portrait scan: stretched, and 纵向 would fit.
    loaded(2100, 2970);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('底图比例与纸张不一致，生成的证书中底图会被拉伸变形');
    expect(alert).toHaveTextContent(
      '底图 2100×2970 像素（宽高比 0.71），A4 横向纸张宽高比 1.41。建议将方向改为「纵向」。',
    );
    await clickButton(alert, '改为纵向');
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    expect(within(dialog).getByRole('application', { name: '证书画布' })).toHaveAttribute(
      'data-page',
      'A4-portrait',
    );
  });

  const PREVIEW = '/api/customCertificateTemplates/preview';
  const servePreview = () => {
    const fetched = serveFiles({ [PREVIEW]: { type: 'application/pdf', name: '预览.pdf' } });
    captureDownloads();
    vi.mocked(URL.createObjectURL).mockReturnValue('blob:preview-pdf');
    return fetched;
  };

  it('预览 asks the server to render the template and shows the PDF it answers in the preview dialog', async () => {
    signInEnterprise();
    const saved = template();
    installFakeNetwork({ 'GET /api/customCertificateTemplates': paged([saved]) });
    const fetched = servePreview();
    renderWithProviders(<CertificateTemplatePage />);
    const row = (await screen.findByText('职业技能等级证书')).closest('tr')!;
    await clickButton(row, '预览');

    const preview = await dialogNamed('职业技能等级证书（预览）.pdf');
    expect(preview.querySelector('iframe')).toHaveAttribute('src', 'blob:preview-pdf');
    expect(fetched).toEqual([PREVIEW]);
    expect(fetched.posted[0]).toMatchObject({
      template_name: saved.template_name,
      background_file_id: saved.background_file_id,
      blanks: [expect.objectContaining({ name: 'name' })],
    });
  });

  it('预览 in the designer renders the unsaved design; a refusal shows the server message', async () => {
    signInEnterprise();
    installFakeNetwork({
      'GET /api/customCertificateTemplates': paged([template()]),
      'GET /api/defaultBlanks': ok(defaultBlanks),
    });
    const fetched = servePreview();
    renderWithProviders(<CertificateTemplatePage />);
    const dialog = await openDesigner('编辑');
    await addDefault(dialog, '身份证号');
    await clickButton(dialog, '预览');
    const preview = await dialogNamed('（预览）.pdf');
    expect(preview.querySelector('iframe')).toHaveAttribute('src', 'blob:preview-pdf');
    expect((fetched.posted[0] as { blanks: { name: string }[] }).blanks.map((b) => b.name)).toEqual([
      'name',
      'id_card',
    ]);

    installFakeNetwork({ [`POST ${PREVIEW}`]: fail(400, '证书底图尺寸过大（30000×30000 像素）') });
    await clickButton(dialog, '预览');
    expect(await screen.findByText('证书底图尺寸过大（30000×30000 像素）')).toBeInTheDocument();
  });

  it('下载批量模板 saves the zip; a refusal shows the 下载失败! notice', async () => {
    signInEnterprise();
    const first = template({ template_name: '模板甲' });
    const broken = template({ template_name: '模板乙' });
    installFakeNetwork({
      'GET /api/customCertificateTemplates': paged([first, broken]),
      [`GET /api/customCertificateTemplates/${broken._id}/zipTemplate`]: fail(404, '模板不存在'),
    });
    const fetched = serveFiles({
      [`/api/customCertificateTemplates/${first._id}/zipTemplate`]: {
        type: 'application/zip',
        name: '模板甲-批量模板.zip',
      },
    });
    const saved = captureDownloads();
    renderWithProviders(<CertificateTemplatePage />);

    await clickButton((await screen.findByText('模板甲')).closest('tr')!, '下载批量模板');
    await waitFor(() => expect(saved).toEqual(['模板甲-批量模板.zip']));
    expect(fetched).toEqual([`/api/customCertificateTemplates/${first._id}/zipTemplate`]);

    await clickButton(screen.getByText('模板乙').closest('tr')!, '下载批量模板');
    const notice = await dialogNamed('下载失败!');
    expect(notice).toHaveTextContent('模板不存在');
  });
});
