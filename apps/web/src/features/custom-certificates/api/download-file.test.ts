import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@/shared/session/session';
import { fail, installFakeNetwork, ok } from '@/test/fake-network';
import { captureDownloads, serveFiles } from '../test-fixtures';
import { downloadFile, filenameOf } from './download-file';

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
});
