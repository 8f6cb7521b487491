import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeNetwork, ok, paged } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { NewsPage } from './news-page';
import { newsRow, signInAs } from './test-fixtures';

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;

describe('NewsPage (新闻公告 of the platform)', () => {
  it('lists articles with status, 置顶, audience and read count, and filters by status', async () => {
    const network = installFakeNetwork({
      ...signInAs(2),
      'GET /api/news': paged([
        newsRow('上线公告', {
          status: 1,
          status_name: '已发布',
          top: true,
          read_count: 12,
          publish_time_str: '2026-12-01 09:00:00',
        }),
        newsRow('企业通知', { audience_all: false, audience: [1, 3], publish_at_str: '2026-12-24 08:00:00' }),
      ]),
    });
    renderPage('/news', <NewsPage />);
    const top = await rowOf('上线公告');
    expect(within(top).getByText('置顶')).toBeInTheDocument();
    expect(within(top).getByText('已发布')).toBeInTheDocument();
    expect(within(top).getByText('12')).toBeInTheDocument();
    expect(within(top).getByRole('button', { name: '下线' })).toBeInTheDocument();
    const draft = await rowOf('企业通知');
    expect(within(draft).getByText('企业端、机构端')).toBeInTheDocument();
    expect(within(draft).getByText('定时：2026-12-24 08:00:00')).toBeInTheDocument();
    expect(within(draft).getByRole('button', { name: '发布' })).toBeInTheDocument();
    expect(within(draft).getByRole('button', { name: '删除' })).toBeInTheDocument();
    expect(network.callsTo('GET /api/news')[0]!.query.get('page')).toBe('1');
  });

  it('shows no write buttons to a user holding only the list key', async () => {
    installFakeNetwork({
      ...signInAs(2, ['platform:news:list']),
      'GET /api/news': paged([newsRow('企业通知')]),
    });
    renderPage('/news', <NewsPage />);
    const row = await rowOf('企业通知');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: /新增新闻/ })).toBeNull();
  });

  it('takes an article offline only after confirmation', async () => {
    const row = newsRow('上线公告', { status: 1, status_name: '已发布' });
    const network = installFakeNetwork({
      ...signInAs(2),
      'GET /api/news': paged([row]),
      [`POST /api/news/${row._id}/offline`]: ok({ ...row, status: 2, status_name: '已下线' }),
    });
    renderPage('/news', <NewsPage />);
    const user = userEvent.setup();
    await user.click(within(await rowOf('上线公告')).getByRole('button', { name: '下线' }));
    expect(await screen.findByText('确定下线“上线公告”吗？下线后用户将无法再阅读。')).toBeInTheDocument();
    expect(network.callsTo(`POST /api/news/${row._id}/offline`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect((await screen.findAllByText('已下线')).length).toBeGreaterThan(0);
    expect(network.callsTo(`POST /api/news/${row._id}/offline`)).toHaveLength(1);
  });

  it('deletes a draft only after confirmation', async () => {
    const row = newsRow('草稿一');
    const network = installFakeNetwork({
      ...signInAs(2),
      'GET /api/news': paged([row]),
      [`DELETE /api/news/${row._id}`]: ok(null),
    });
    renderPage('/news', <NewsPage />);
    const user = userEvent.setup();
    await user.click(within(await rowOf('草稿一')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除“草稿一”吗？删除后不可恢复。')).toBeInTheDocument();
    expect(network.callsTo(`DELETE /api/news/${row._id}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(network.callsTo(`DELETE /api/news/${row._id}`)).toHaveLength(1));
  });

  it('新增新闻 asks for the required fields, then saves a draft for the chosen portals', async () => {
    const network = installFakeNetwork({
      ...signInAs(2),
      'GET /api/news': paged([]),
      'POST /api/news': (request) =>
        ok({ ...newsRow(String((request.body as { title: string }).title)), content: '', attachments: [] }),
    });
    renderPage('/news', <NewsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /新增新闻/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /保存/ }));
    const errors = () =>
      [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
    await waitFor(() => expect(errors()).toEqual(['请输入标题', '请选择分类', '请输入正文']));

    await user.type(within(dialog).getByPlaceholderText('请输入标题'), '企业备案须知');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByTitle('政策法规'));
    await user.type(within(dialog).getByLabelText('正文'), '<p>请按时备案</p>');
    await user.click(within(dialog).getByLabelText('指定端'));
    await user.click(await within(dialog).findByLabelText('企业端'));
    await user.click(within(dialog).getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(network.callsTo('POST /api/news')).toHaveLength(1));
    expect(network.callsTo('POST /api/news')[0]!.body).toEqual({
      title: '企业备案须知',
      category: '政策法规',
      cover_file_id: null,
      content: '<p>请按时备案</p>',
      attachments: [],
      audience_all: false,
      audience: [1],
      top: false,
      notify: false,
      publish_at: null,
    });
    expect(await screen.findByText('已保存为草稿')).toBeInTheDocument();
  });

  it('asks before dropping what was typed in the editor', async () => {
    installFakeNetwork({ ...signInAs(2), 'GET /api/news': paged([]) });
    renderPage('/news', <NewsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /新增新闻/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByPlaceholderText('请输入标题'), '未完成');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect((await screen.findAllByText('放弃未保存的修改？')).length).toBeGreaterThan(0);
  });
});
