import { RoleType } from '@skill-cert/shared/roles';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/provider';
import { forgetDirectUploads } from '@/shared/files';
import { TOKEN_COOKIE } from '@/shared/session/session';
import { useSessionStore } from '@/shared/session/session-store';
import { type FakeRequest, fail, installFakeNetwork, makeUser, ok } from '@/test/fake-network';
import { FileUpload, type UploadedItem, uploadFailedMessage } from './file-upload';

const png = (name = 'photo.png', size?: number) => {
  const file = new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

let uploads = 0;
const uploadOk = (request: FakeRequest) => {
  uploads += 1;
  const file = (request.body as FormData).get('file') as File;
  return ok({
    file_id: `file-${uploads}`,
    webPath: `/api/files/file-${uploads}`,
    originName: file.name,
    size: file.size,
    mime: 'image/png',
  });
};

/** The control inside a form-like owner that keeps its value, as a Form.Item would. */
function Owner({ limit, onChange }: { limit?: number; onChange?: (images: UploadedItem[]) => void }) {
  const [value, setValue] = useState<UploadedItem[]>([]);
  return (
    <FileUpload
      kind="image"
      limit={limit}
      value={value}
      onChange={(images) => {
        setValue(images);
        onChange?.(images);
      }}
    />
  );
}

function renderUpload(props: Parameters<typeof Owner>[0] = {}) {
  const view = render(
    <AppProviders>
      <Owner {...props} />
    </AppProviders>,
  );
  const input = () => view.container.querySelector<HTMLInputElement>('input[type="file"]');
  return { ...view, input };
}

// The control sets `accept`; a user can still pick "all files", so the checks must hold without it.
const user = () => userEvent.setup({ applyAccept: false });

describe('FileUpload of images (spec §5, §8)', () => {
  it('uploads a PNG to /api/files/upload?type=image with the session token and reports {file_id, webPath}', async () => {
    Cookies.set(TOKEN_COOKIE, 'token-9');
    const network = installFakeNetwork({ 'POST /api/files/upload': uploadOk });
    const onChange = vi.fn();
    const { input } = renderUpload({ onChange });

    await user().upload(input()!, png('证件照.png'));

    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const [call] = network.callsTo('POST /api/files/upload');
    expect(call.query.get('type')).toBe('image');
    expect(call.headers.get('Authorization')).toBe('Bearer token-9');
    expect(((call.body as FormData).get('file') as File).name).toBe('证件照.png');
    expect(onChange).toHaveBeenLastCalledWith([
      {
        file_id: expect.stringMatching(/^file-/),
        webPath: expect.stringMatching(/^\/api\/files\/file-/),
        name: '证件照.png',
      },
    ]);
  });

  it('refuses other types with 请上传 JPG/PNG/JPEG 格式图片! and sends nothing', async () => {
    const network = installFakeNetwork({ 'POST /api/files/upload': uploadOk });
    const { input } = renderUpload();

    await user().upload(input()!, new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));

    expect(await screen.findByText('请上传 JPG/PNG/JPEG 格式图片!')).toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
    expect(screen.queryByText('anim.gif')).not.toBeInTheDocument();
  });

  it('accepts .jpg and .jpeg whatever their case', async () => {
    const network = installFakeNetwork({ 'POST /api/files/upload': uploadOk });
    const { input } = renderUpload();
    await user().upload(input()!, [
      new File(['x'], 'A.JPG', { type: 'image/jpeg' }),
      new File(['x'], 'b.jpeg', { type: 'image/jpeg' }),
    ]);
    await waitFor(() => expect(network.callsTo('POST /api/files/upload')).toHaveLength(2));
  });

  it('refuses a file over 50 MB with 上传的图片文件大小不能超过 50M!', async () => {
    const network = installFakeNetwork({ 'POST /api/files/upload': uploadOk });
    const { input } = renderUpload();

    await user().upload(input()!, png('big.png', 50 * 1024 * 1024 + 1));

    expect(await screen.findByText('上传的图片文件大小不能超过 50M!')).toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
  });

  it('takes at most `limit` images and says 最多只能上传{limit}张图片 once', async () => {
    const network = installFakeNetwork({ 'POST /api/files/upload': uploadOk });
    const { input } = renderUpload({ limit: 2 });

    await user().upload(input()!, [png('1.png'), png('2.png'), png('3.png'), png('4.png')]);

    expect(await screen.findByText('最多只能上传2张图片')).toBeInTheDocument();
    expect(screen.getAllByText('最多只能上传2张图片')).toHaveLength(1);
    await waitFor(() => expect(network.callsTo('POST /api/files/upload')).toHaveLength(2));
    // Full: the trigger is gone.
    await waitFor(() => expect(screen.queryByText('上传图片')).not.toBeInTheDocument());
  });

  it('defaults to a limit of 1000 (spec §9)', async () => {
    installFakeNetwork({ 'POST /api/files/upload': uploadOk });
    const { input } = renderUpload();
    await user().upload(input()!, [png('1.png'), png('2.png'), png('3.png')]);
    // An uploaded picture shows its thumbnail.
    await waitFor(() => expect(screen.getAllByAltText(/^\d\.png$/)).toHaveLength(3));
    expect(screen.queryByText(/最多只能上传/)).not.toBeInTheDocument();
  });

  it('shows {message}，上传失败！ for a refused upload and removes the file', async () => {
    installFakeNetwork({ 'POST /api/files/upload': fail(400, '文件内容与扩展名不符') });
    const onChange = vi.fn();
    const { input } = renderUpload({ onChange });

    await user().upload(input()!, png('fake.png'));

    expect(await screen.findByText('文件内容与扩展名不符，上传失败！')).toBeInTheDocument();
    // No file is left in the list (each one listed can be removed).
    await waitFor(() => expect(screen.queryAllByTitle('删除文件')).toHaveLength(0));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('an upload answered with another code (999) is removed the same way', async () => {
    installFakeNetwork({
      'POST /api/files/upload': { body: { code: 999, message: '存储空间不足', data: null } },
    });
    const { input } = renderUpload();
    await user().upload(input()!, png('a.png'));
    expect(await screen.findByText('存储空间不足，上传失败！')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByTitle('删除文件')).toHaveLength(0));
  });

  it('shows a value set from outside and previews it in the preview dialog', async () => {
    render(
      <AppProviders>
        <FileUpload
          kind="image"
          value={[{ file_id: 'f1', webPath: '/api/files/f1', name: '营业执照.jpg' }]}
        />
      </AppProviders>,
    );
    expect(screen.getByAltText('营业执照.jpg')).toHaveAttribute('src', '/api/files/f1');

    await userEvent.click(screen.getByTitle('预览文件'));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('营业执照.jpg');
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/api/files/f1');
  });

  it('removing an image reports the shorter list', async () => {
    const onChange = vi.fn();
    render(
      <AppProviders>
        <FileUpload
          kind="image"
          value={[
            { file_id: 'f1', webPath: '/api/files/f1', name: 'a.png' },
            { file_id: 'f2', webPath: '/api/files/f2', name: 'b.png' },
          ]}
          onChange={onChange}
        />
      </AppProviders>,
    );
    // The first picture's 删除文件.
    expect(screen.getAllByAltText(/\.png$/).map((img) => img.getAttribute('alt'))).toEqual([
      'a.png',
      'b.png',
    ]);
    await userEvent.click(screen.getAllByTitle('删除文件')[0]!);
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([{ file_id: 'f2', webPath: '/api/files/f2', name: 'b.png' }]),
    );
  });
});

describe('FileUpload of documents and zips', () => {
  const zip = (name = '照片.zip') =>
    new File([new Uint8Array([80, 75, 3, 4])], name, { type: 'application/zip' });

  it('refuses another extension, shows the share sent, and cancels when the item is removed', async () => {
    const network = installFakeNetwork({ 'POST /api/files/upload': () => new Promise<never>(() => {}) });
    const onChange = vi.fn();
    const view = render(
      <AppProviders>
        <FileUpload extensions={['zip']} typeMessage="请上传 .zip 格式的压缩包" replace onChange={onChange} />
      </AppProviders>,
    );
    // The picker's input is replaced after every pick.
    const input = () => view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user().upload(input(), png('a.png'));
    expect(await screen.findByText('请上传 .zip 格式的压缩包')).toBeInTheDocument();
    expect(network.callsTo('POST /api/files/upload')).toHaveLength(0);

    await user().upload(input(), zip());
    await screen.findByText(/照片\.zip（已上传 \d+%）/);
    await waitFor(() => expect(network.callsTo('POST /api/files/upload')).toHaveLength(1));
    expect(network.callsTo('POST /api/files/upload')[0].query.get('type')).toBe('any');
    // The one file listed: the one being sent.
    await userEvent.click(screen.getByTitle('删除文件'));
    expect(await screen.findByText('已取消上传')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a refusal that is already a sentence of the spec is shown alone, once', async () => {
    expect(uploadFailedMessage('请上传 JPG/PNG/JPEG 格式图片!')).toBe('请上传 JPG/PNG/JPEG 格式图片!');
    expect(uploadFailedMessage('存储空间不足')).toBe('存储空间不足，上传失败！');
    installFakeNetwork({ 'POST /api/files/upload': fail(400, '请上传 JPG/PNG/JPEG 格式图片!') });
    const { input } = renderUpload();
    await user().upload(input()!, png('fake.png'));
    expect(await screen.findByText('请上传 JPG/PNG/JPEG 格式图片!')).toBeInTheDocument();
    expect(screen.queryByText(/上传失败/)).not.toBeInTheDocument();
  });
});

describe('FileUpload on object storage (an enterprise member uploads straight to the bucket)', () => {
  const permission = {
    upload_url: 'http://bucket.test/sc-files',
    method: 'POST',
    field: 'file',
    expire_seconds: 300,
    expires_at: '2026-01-01T00:05:00.000Z',
    fields: { key: 'files/uploads/company-1/abc', Policy: 'cG9saWN5' },
    register_url: '/api/files/upload/direct/token-abcdefghijklmnopqrstuvwxyz',
    max_bytes: 2 * 1024 * 1024 * 1024,
  };
  const REGISTER = 'POST /api/files/upload/direct/token-abcdefghijklmnopqrstuvwxyz';
  afterEach(() => {
    useSessionStore.setState({ user: null });
    forgetDirectUploads();
  });

  it('sends the image to the bucket, registers it, and reports the registered file as the value', async () => {
    useSessionStore.setState({ user: makeUser({ roles: [RoleType.ENTERPRISE] }) });
    const network = installFakeNetwork({
      'GET /api/companies/stsToken': ok(permission),
      'POST /sc-files': { status: 200, body: '' },
      [REGISTER]: ok({
        file_id: 'f7',
        webPath: '/api/files/f7',
        originName: '证件照.png',
        size: 4,
        mime: 'image/png',
      }),
    });
    const onChange = vi.fn();
    const { input } = renderUpload({ onChange });
    await user().upload(input()!, png('证件照.png'));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([
        { file_id: 'f7', webPath: '/api/files/f7', name: '证件照.png' },
      ]),
    );
    expect(network.callsTo(REGISTER)[0].query.get('type')).toBe('image');
    expect(network.callsTo('POST /api/files/upload')).toHaveLength(0);
  });

  it('a refusal by the bucket shows its Chinese message，上传失败！ once, leaves the list, and registers nothing', async () => {
    useSessionStore.setState({ user: makeUser({ roles: [RoleType.ENTERPRISE] }) });
    const network = installFakeNetwork({
      'GET /api/companies/stsToken': ok(permission),
      'POST /sc-files': {
        status: 403,
        body: '<Error><Code>AccessDenied</Code><Message>Invalid according to Policy: Policy expired.</Message></Error>',
      },
    });
    const onChange = vi.fn();
    const { input } = renderUpload({ onChange });
    await user().upload(input()!, png('证件照.png'));
    expect(await screen.findByText('上传许可已过期，上传失败！')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/证件照/)).not.toBeInTheDocument());
    expect(network.callsTo(REGISTER)).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });
});
