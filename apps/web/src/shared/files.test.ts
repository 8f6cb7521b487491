import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '@/shared/session/session';
import { fail, installFakeNetwork, ok } from '@/test/fake-network';
import { captureDownloads, serveFiles } from '@/test/files';
import { renderWithProviders } from '@/test/render';
import { browser } from './browser';
import { downloadFile, filenameOf, UPLOAD_CANCELLED_MESSAGE, uploadFile } from './files';
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
