import type { BannerRow } from '@skill-cert/shared/banners';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { installFakeNetwork, makeUser, ok, paged } from '@/test/fake-network';
import { uploadOk } from '@/test/files';
import { renderPage } from '@/test/render';
import { BannerPage } from './banner-page';

let seq = 0;
function bannerRow(title: string, extra: Partial<BannerRow> = {}): BannerRow {
  seq += 1;
  const id = `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
  return {
    _id: id,
    title,
    image_file_id: id,
    image_url: `/api/files/${id}`,
    link: '/news/index',
    position: 1,
    position_name: '登录页',
    sort: 1,
    show_from_str: null,
    show_until_str: null,
    status: 1,
    status_name: '启用',
    shown: true,
    create_time_str: '2026-12-01 10:00:00',
    update_time_str: '2026-12-01 10:00:00',
    ...extra,
  };
}

function signInAs(permissions: string[] = ['*:*:*']) {
  useSessionStore.setState({ user: makeUser({ roles: [2] }) });
  return { 'GET /api/user/personalMenus': ok({ menus: [], permissions }) };
}

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;

describe('BannerPage (轮播图 of the platform)', () => {
  it('lists banners with a thumbnail (the title as alt), position, window and status, and filters', async () => {
    const network = installFakeNetwork({
      ...signInAs(),
      'GET /api/banners': paged([
        bannerRow('平台上线', { show_from_str: '2026-12-01 00:00:00' }),
        bannerRow('学员端活动', {
          position: 2,
          position_name: '学员端首页',
          status: 0,
          status_name: '停用',
          shown: false,
        }),
      ]),
    });
    renderPage('/banner', <BannerPage />);
    const first = await rowOf('平台上线');
    expect(within(first).getByRole('img', { name: '平台上线' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^\/api\/files\//),
    );
    expect(within(first).getByText('2026-12-01 00:00:00 至 不限')).toBeInTheDocument();
    expect(within(first).getByText('展示中')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: '停用' })).toBeInTheDocument();
    const second = await rowOf('学员端活动');
    expect(within(second).getByText('学员端首页')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: '启用' })).toBeInTheDocument();
    expect(network.callsTo('GET /api/banners')[0]!.query.get('page')).toBe('1');
  });

  it('shows no write buttons to a user holding only the list key', async () => {
    installFakeNetwork({
      ...signInAs(['platform:banner:list']),
      'GET /api/banners': paged([bannerRow('平台上线')]),
    });
    renderPage('/banner', <BannerPage />);
    const row = await rowOf('平台上线');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: /新增轮播图/ })).toBeNull();
  });

  it('停用 asks first, then switches the banner off once however often 确定 is clicked', async () => {
    const row = bannerRow('平台上线');
    const network = installFakeNetwork({
      ...signInAs(),
      'GET /api/banners': paged([row]),
      [`PATCH /api/banners/${row._id}/status`]: ok({ ...row, status: 0, status_name: '停用', shown: false }),
    });
    renderPage('/banner', <BannerPage />);
    const user = userEvent.setup();
    await user.click(within(await rowOf('平台上线')).getByRole('button', { name: '停用' }));
    expect(await screen.findByText('确定停用“平台上线”吗？停用后不再展示。')).toBeInTheDocument();
    expect(network.callsTo(`PATCH /api/banners/${row._id}/status`)).toHaveLength(0);
    const confirm = screen.getByRole('button', { name: '确定' });
    await user.dblClick(confirm);
    expect((await screen.findAllByText('已停用')).length).toBeGreaterThan(0);
    expect(network.callsTo(`PATCH /api/banners/${row._id}/status`)).toHaveLength(1);
    expect(network.callsTo(`PATCH /api/banners/${row._id}/status`)[0]!.body).toEqual({ status: 0 });
  });

  it('deletes a banner only after confirmation', async () => {
    const row = bannerRow('平台上线');
    const network = installFakeNetwork({
      ...signInAs(),
      'GET /api/banners': paged([row]),
      [`DELETE /api/banners/${row._id}`]: ok(null),
    });
    renderPage('/banner', <BannerPage />);
    const user = userEvent.setup();
    await user.click(within(await rowOf('平台上线')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除“平台上线”吗？删除后不可恢复。')).toBeInTheDocument();
    expect(network.callsTo(`DELETE /api/banners/${row._id}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(network.callsTo(`DELETE /api/banners/${row._id}`)).toHaveLength(1));
  });

  it('新增轮播图 asks for the title and the image, refuses a javascript: link, then saves', async () => {
    const network = installFakeNetwork({
      ...signInAs(),
      'GET /api/banners': paged([]),
      'POST /api/files/upload': uploadOk,
      'POST /api/banners': (request) => ok(bannerRow(String((request.body as { title: string }).title))),
    });
    renderPage('/banner', <BannerPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /新增轮播图/ }));
    const dialog = await screen.findByRole('dialog');
    const errors = () =>
      [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
    await user.click(within(dialog).getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(errors()).toEqual(['请输入标题', '请上传图片']));

    await user.type(within(dialog).getByPlaceholderText(/请输入标题/), '平台上线');
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([new Uint8Array([137, 80, 78, 71])], '横幅.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(within(dialog).getByRole('img', { name: /横幅/ })).toBeInTheDocument());
    const link = within(dialog).getByPlaceholderText(/https:\/\/www.example.com/);
    await user.type(link, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(errors()).toEqual(['链接只能是 http(s):// 开头的网址或以 / 开头的站内路径']));
    expect(network.callsTo('POST /api/banners')).toHaveLength(0);

    await user.clear(link);
    await user.type(link, '/news/index');
    await user.click(within(dialog).getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(network.callsTo('POST /api/banners')).toHaveLength(1));
    expect(network.callsTo('POST /api/banners')[0]!.body).toEqual({
      title: '平台上线',
      image_file_id: expect.any(String),
      link: '/news/index',
      position: 1,
      sort: 0,
      show_from: null,
      show_until: null,
      status: 1,
    });
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
  });

  it('asks before dropping what was typed in the form', async () => {
    installFakeNetwork({ ...signInAs(), 'GET /api/banners': paged([]) });
    renderPage('/banner', <BannerPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /新增轮播图/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByPlaceholderText(/请输入标题/), '未完成');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect((await screen.findAllByText('放弃未保存的修改？')).length).toBeGreaterThan(0);
  });
});
