import type { UploadPermission } from '@skill-cert/shared/companies';
import { RoleType } from '@skill-cert/shared/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '@/shared/session/session';
import { useSessionStore } from '@/shared/session/session-store';
import { type FakeReply, fail, installFakeNetwork, makeUser, ok } from '@/test/fake-network';
import { captureDownloads, serveFiles } from '@/test/files';
import { renderWithProviders } from '@/test/render';
import { browser } from './browser';
import {
  downloadFile,
  filenameOf,
  forgetDirectUploads,
  STORAGE_EMPTY_MESSAGE,
  STORAGE_EXPIRED_MESSAGE,
  STORAGE_TOO_LARGE_MESSAGE,
  STORAGE_UNREACHABLE_MESSAGE,
  UPLOAD_CANCELLED_MESSAGE,
  uploadFile,
} from './files';
import { isApiStatusMarked, resetApiStatus } from './http';

describe('downloadFile', () => {
  it('reads the file name the server gives, encoded or plain', () => {
    expect(filenameOf("attachment; filename*=UTF-8''%E6%A8%A1%E6%9D%BF.zip")).toBe('模板.zip');
    expect(filenameOf('attachment; filename="a.pdf"')).toBe('a.pdf');
    expect(filenameOf(null)).toBeNull();
  });

  it('sends the session token and saves the bytes under the server name', async () => {
    Cookies.set(TOKEN_COOKIE, 'token-5');
    const network = installFakeNetwork({});
    serveFiles({ '/files/a.zip': { type: 'application/zip', name: '批量模板.zip' } });
    const saved = captureDownloads();
    await downloadFile('/files/a.zip', 'fallback.zip');
    expect(saved).toEqual(['批量模板.zip']);
    expect(network.calls).toHaveLength(0);
  });

  it('an envelope instead of a file rejects with its message', async () => {
    installFakeNetwork({ 'GET /files/gone': fail(404, '文件不存在或已删除'), 'GET /files/odd': ok(null) });
    const saved = captureDownloads();
    await expect(downloadFile('/files/gone', 'x')).rejects.toThrow('文件不存在或已删除');
    await expect(downloadFile('/files/odd', 'x')).rejects.toThrow('文件不存在');
    expect(saved).toEqual([]);
  });

  it('an ended session (HTTP 401) during a download opens 您已退出，请重新登录!, as every other call does', async () => {
    renderWithProviders(null);
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    installFakeNetwork({ 'GET /files/expired': fail(401, '登录已过期') });
    const saved = captureDownloads();
    await expect(downloadFile('/files/expired', 'x.zip')).rejects.toMatchObject({ code: 401 });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('您已退出，请重新登录!');
    await userEvent.click(within(dialog).getByRole('button', { name: '重新登录' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(saved).toEqual([]);
  });

  it('code 61 during a download shows the 提示 notice, acknowledged with 确定, and rejects with its message', async () => {
    renderWithProviders(null);
    resetApiStatus();
    installFakeNetwork({
      'GET /files/frozen': { body: { code: 61, message: '企业已被冻结，请联系平台', data: null } },
    });
    await expect(downloadFile('/files/frozen', 'x.zip')).rejects.toThrow('企业已被冻结，请联系平台');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('提示');
    expect(dialog).toHaveTextContent('企业已被冻结，请联系平台');
    expect(isApiStatusMarked()).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(isApiStatusMarked()).toBe(true);
  });
});

/** An XMLHttpRequest the test drives: it records what was sent and lets the test report progress and answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
    this.onloadend?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
    this.onloadend?.();
  }
}

describe('uploadFile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeXhr.last = null;
  });
  const zip = () => new File([new Uint8Array(10)], '照片.zip', { type: 'application/zip' });

  it('sends the file with the session token and reports whole percentages as they change', async () => {
    Cookies.set(TOKEN_COOKIE, 'token-7');
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const seen: number[] = [];
    const done = uploadFile(zip(), { onProgress: (p) => seen.push(p) });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/files/upload?type=any');
    expect(xhr.headers.Authorization).toBe('Bearer token-7');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    xhr.progress(0, 1000);
    xhr.progress(1, 1000);
    xhr.progress(255, 1000);
    xhr.progress(259, 1000);
    xhr.progress(1000, 1000);
    xhr.answer(200, { code: 200, message: 'success', data: { file_id: 'f1', originName: '照片.zip' } });
    await expect(done).resolves.toMatchObject({ file_id: 'f1' });
    expect(seen).toEqual([0, 25, 100]);
  });

  it('a refusal rejects with the server message; an unreadable answer with the HTTP status', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const refused = uploadFile(zip());
    FakeXhr.last!.answer(400, { code: 400, message: '上传的文件过大', data: null });
    await expect(refused).rejects.toThrow('上传的文件过大');
    const broken = uploadFile(zip());
    FakeXhr.last!.status = 502;
    FakeXhr.last!.onload?.();
    await expect(broken).rejects.toThrow('上传失败（502）');
  });

  it('an ended session (HTTP 401) opens the 您已退出 dialog, as every other call does, instead of 上传失败', async () => {
    renderWithProviders(null);
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const ended = uploadFile(zip());
    FakeXhr.last!.answer(401, { code: 401, message: '', data: null });
    await expect(ended).rejects.toMatchObject({ code: 401, message: '您已退出，请重新登录!' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('您已退出，请重新登录!');
    await userEvent.click(within(dialog).getByRole('button', { name: '重新登录' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('code 61 (e.g. a frozen company) shows the 提示 notice like every other call and rejects with its message', async () => {
    renderWithProviders(null);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const frozen = uploadFile(zip());
    FakeXhr.last!.answer(200, { code: 61, message: '企业已被冻结，请联系平台', data: null });
    await expect(frozen).rejects.toThrow('企业已被冻结，请联系平台');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('提示');
    expect(dialog).toHaveTextContent('企业已被冻结，请联系平台');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
  });

  it('aborting cancels the request and rejects with 已取消上传', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const done = uploadFile(zip(), { signal: controller.signal });
    controller.abort();
    expect(FakeXhr.last!.aborted).toBe(true);
    await expect(done).rejects.toThrow(UPLOAD_CANCELLED_MESSAGE);
  });
});

describe('uploadFile straight to the bucket (object storage)', () => {
  const BUCKET = 'http://bucket.test/sc-files';
  const permission = (overrides: Partial<UploadPermission> = {}): UploadPermission => ({
    upload_url: BUCKET,
    method: 'POST',
    field: 'file',
    expire_seconds: 300,
    expires_at: '2026-01-01T00:05:00.000Z',
    fields: { key: 'files/uploads/company-1/abc', Policy: 'cG9saWN5', 'X-Amz-Signature': 'sig' },
    register_url: '/api/files/upload/direct/token-abcdefghijklmnopqrstuvwxyz',
    max_bytes: 2 * 1024 * 1024 * 1024,
    ...overrides,
  });
  const registered = {
    file_id: 'f9',
    webPath: '/api/files/f9',
    originName: '营业执照.png',
    size: 4,
    mime: 'image/png',
  };
  const png = () => new File([new Uint8Array([137, 80, 78, 71])], '营业执照.png', { type: 'image/png' });
  const s3Error = (status: number, code: string, message: string): FakeReply => ({
    status,
    body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  });
  const member = () => useSessionStore.setState({ user: makeUser({ roles: [RoleType.ENTERPRISE] }) });
  afterEach(() => {
    useSessionStore.setState({ user: null });
    forgetDirectUploads();
  });

  it('an enterprise member on object storage sends the policy fields then the file to the bucket without the token, then registers { name } as the kind asked', async () => {
    Cookies.set(TOKEN_COOKIE, 'token-7');
    member();
    const network = installFakeNetwork({
      'GET /api/companies/stsToken': ok(permission()),
      'POST /sc-files': { status: 200, body: '' },
      'POST /api/files/upload/direct/token-abcdefghijklmnopqrstuvwxyz': ok(registered),
    });
    const seen: number[] = [];
    const file = await uploadFile(png(), { kind: 'image', onProgress: (p) => seen.push(p) });
    expect(file).toEqual(registered);
    expect(network.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/companies/stsToken',
      'POST /sc-files',
      'POST /api/files/upload/direct/token-abcdefghijklmnopqrstuvwxyz',
    ]);
    const [toBucket] = network.callsTo('POST /sc-files');
    expect(toBucket.headers.get('Authorization')).toBeNull();
    const form = toBucket.body as FormData;
    // S3 reads the policy's fields before the file: the file is the last part.
    expect([...form.keys()]).toEqual(['key', 'Policy', 'X-Amz-Signature', 'file']);
    expect(form.get('key')).toBe('files/uploads/company-1/abc');
    expect((form.get('file') as File).name).toBe('营业执照.png');
    const [register] = network.callsTo('POST /api/files/upload/direct/token-abcdefghijklmnopqrstuvwxyz');
    expect(register.query.get('type')).toBe('image');
    expect(register.body).toEqual({ name: '营业执照.png' });
    expect(seen).toEqual([50, 100]);
    expect(network.callsTo('POST /api/files/upload')).toHaveLength(0);
  });

  it('on local storage (stsToken without fields) it uploads through the server, and does not ask stsToken again', async () => {
    member();
    const network = installFakeNetwork({
      'GET /api/companies/stsToken': ok(
        permission({ upload_url: '/api/files/upload/signed/t', fields: undefined, register_url: undefined }),
      ),
      'POST /api/files/upload': ok(registered),
    });
    await expect(uploadFile(png())).resolves.toEqual(registered);
    await expect(uploadFile(png())).resolves.toEqual(registered);
    expect(network.callsTo('GET /api/companies/stsToken')).toHaveLength(1);
    expect(network.callsTo('POST /api/files/upload')).toHaveLength(2);
  });

  it('a user without a company, of another portal, or refused by stsToken uploads through the server', async () => {
    const network = installFakeNetwork({
      'GET /api/companies/stsToken': fail(403, '您还没有加入企业'),
      'POST /api/files/upload': ok(registered),
    });
    useSessionStore.setState({ user: makeUser({ roles: [RoleType.PLATFORM], company_id: null }) });
    await expect(uploadFile(png())).resolves.toEqual(registered);
    useSessionStore.setState({ user: makeUser({ roles: [RoleType.ENTERPRISE], company_id: null }) });
    await expect(uploadFile(png())).resolves.toEqual(registered);
    expect(network.callsTo('GET /api/companies/stsToken')).toHaveLength(0);
    member();
    await expect(uploadFile(png())).resolves.toEqual(registered);
    expect(network.callsTo('GET /api/companies/stsToken')).toHaveLength(1);
    expect(network.callsTo('POST /api/files/upload')).toHaveLength(3);
  });

  it('a route that takes the file itself (an import) is never sent to the bucket', async () => {
    member();
    const network = installFakeNetwork({ 'POST /api/imports/x': ok({ imported: 3 }) });
    await expect(uploadFile(png(), { url: '/api/imports/x' })).resolves.toEqual({ imported: 3 });
    expect(network.calls.map((c) => c.path)).toEqual(['/api/imports/x']);
  });

  it('the bucket’s refusals are told in Chinese and nothing is registered: too large, empty, expired, any other', async () => {
    member();
    const answers = [
      s3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'),
      s3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size'),
      s3Error(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.'),
      s3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match'),
    ];
    const network = installFakeNetwork({
      'GET /api/companies/stsToken': ok(permission()),
      'POST /sc-files': () => answers.shift()!,
      'POST /api/files/upload/direct/token-abcdefghijklmnopqrstuvwxyz': ok(registered),
    });
    await expect(uploadFile(png())).rejects.toThrow(STORAGE_TOO_LARGE_MESSAGE);
    await expect(uploadFile(png())).rejects.toThrow(STORAGE_EMPTY_MESSAGE);
    await expect(uploadFile(png())).rejects.toThrow(STORAGE_EXPIRED_MESSAGE);
    await expect(uploadFile(png())).rejects.toThrow('文件存储拒绝了上传（403）');
    expect(network.callsTo('POST /api/files/upload/direct/token-abcdefghijklmnopqrstuvwxyz')).toHaveLength(0);
  });

  it('a bucket that does not answer (down, or its CORS refuses the site) says 无法连接文件存储 and registers nothing', async () => {
    member();
    const network = installFakeNetwork({
      'GET /api/companies/stsToken': ok(permission()),
      'POST /sc-files': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(uploadFile(png())).rejects.toThrow(STORAGE_UNREACHABLE_MESSAGE);
    expect(network.calls.map((c) => c.path)).toEqual(['/api/companies/stsToken', '/sc-files']);
  });

  it('a file over the policy’s max_bytes is refused before anything is sent to the bucket', async () => {
    member();
    const network = installFakeNetwork({ 'GET /api/companies/stsToken': ok(permission({ max_bytes: 3 })) });
    await expect(uploadFile(png())).rejects.toThrow(STORAGE_TOO_LARGE_MESSAGE);
    expect(network.callsTo('POST /sc-files')).toHaveLength(0);
  });

  it('a registration refused by the content’s type rejects with the server’s message', async () => {
    member();
    installFakeNetwork({
      'GET /api/companies/stsToken': ok(permission()),
      'POST /sc-files': { status: 200, body: '' },
      'POST /api/files/upload/direct/token-abcdefghijklmnopqrstuvwxyz': fail(
        400,
        '请上传 JPG/PNG/JPEG 格式图片!',
      ),
    });
    await expect(uploadFile(png(), { kind: 'image' })).rejects.toThrow('请上传 JPG/PNG/JPEG 格式图片!');
  });

  it('cancelling while the file goes to the bucket rejects with 已取消上传 and registers nothing', async () => {
    member();
    const controller = new AbortController();
    const network = installFakeNetwork({
      'GET /api/companies/stsToken': ok(permission()),
      'POST /sc-files': () => {
        controller.abort();
        return { status: 200, body: '' };
      },
    });
    await expect(uploadFile(png(), { signal: controller.signal })).rejects.toThrow(UPLOAD_CANCELLED_MESSAGE);
    expect(network.callsTo('POST /api/files/upload/direct/token-abcdefghijklmnopqrstuvwxyz')).toHaveLength(0);
  });

  it('an ended session at stsToken opens 您已退出 and uploads nothing', async () => {
    renderWithProviders(null);
    vi.spyOn(browser, 'reload').mockImplementation(() => {});
    member();
    const network = installFakeNetwork({ 'GET /api/companies/stsToken': fail(401, '登录已过期') });
    await expect(uploadFile(png())).rejects.toMatchObject({ code: 401 });
    expect(await screen.findByRole('dialog')).toHaveTextContent('您已退出，请重新登录!');
    expect(network.calls).toHaveLength(1);
  });
});
