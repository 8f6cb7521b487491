import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeNetwork, ok, paged } from '@/test/fake-network';
import { renderPage } from '@/test/render';
import { NewsArticlePage } from './news-article-page';
import { NewsReaderPage } from './news-reader-page';
import { publishedArticle, publishedRow, signInAs } from './test-fixtures';

describe('NewsReaderPage (/news/index)', () => {
  it('lists the published articles of the portal as the server orders them, top ones marked, each a link', async () => {
    const top = publishedRow('平台上线公告', { top: true });
    const network = installFakeNetwork({
      ...signInAs(1),
      'GET /api/news/published': paged([top, publishedRow('企业备案须知')]),
    });
    renderPage('/news/index', <NewsReaderPage />);
    const row = (await screen.findByText('平台上线公告')).closest('tr')!;
    expect(within(row).getByText('置顶')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '平台上线公告' })).toHaveAttribute(
      'href',
      `/news/view/${top._id}`,
    );
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['平台上线公告', '企业备案须知']);
    expect(network.callsTo('GET /api/news/published')).toHaveLength(1);
  });
});

describe('NewsArticlePage (/news/view/:id)', () => {
  it('shows the article through the sanitiser, with its attachments', async () => {
    const article = publishedArticle('企业备案须知', {
      content:
        '<p>请按时备案</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
      attachments: [{ file_id: 'f1', name: '备案指南.pdf', url: '/api/files/f1' }],
    });
    installFakeNetwork({ ...signInAs(1), [`GET /api/news/published/${article._id}`]: ok(article) });
    const view = renderPage(`/news/view/${article._id}`, <NewsArticlePage />, [], '/news/view/:id');
    expect(await screen.findByRole('heading', { name: '企业备案须知' })).toBeInTheDocument();
    const body = view.container.querySelector('article')!;
    expect(body.innerHTML).toBe('<p>请按时备案</p>');
    expect(screen.getByRole('link', { name: /备案指南\.pdf/ })).toHaveAttribute(
      'href',
      '/api/files/f1?download=1',
    );
  });

  it('says 新闻不存在或已下线 for an article the portal may not read', async () => {
    installFakeNetwork({ ...signInAs(1), 'GET /api/news/published/x': fail(404, '新闻不存在或已删除') });
    renderPage('/news/view/x', <NewsArticlePage />, [], '/news/view/:id');
    expect(await screen.findByText('新闻不存在或已下线')).toBeInTheDocument();
  });
});
