import type { ShownBanner } from '@skill-cert/shared/banners';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, installFakeNetwork, ok } from '@/test/fake-network';
import { renderRoute } from '@/test/render-route';

const banner = (n: number, link: string | null): ShownBanner => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  title: `横幅${n}`,
  image_url: `/api/banners/00000000-0000-4000-8000-00000000000${n}/image`,
  link,
});

describe('the login page’s banners', () => {
  it('shows the banners shown now at the login position, the title as alt, each with its link', async () => {
    const network = installFakeNetwork({
      'GET /api/banners/shown': ok([banner(1, 'https://example.com/'), banner(2, '/news/index')]),
    });
    renderRoute('/login');
    const carousel = await screen.findByRole('region', { name: '轮播图' });
    const first = within(carousel).getByRole('img', { name: '横幅1' });
    expect(first).toHaveAttribute('src', '/api/banners/00000000-0000-4000-8000-000000000001/image');
    expect(first.closest('a')).toHaveAttribute('href', 'https://example.com/');
    expect(first.closest('a')).toHaveAttribute('target', '_blank');
    expect(network.callsTo('GET /api/banners/shown')[0]!.query.get('position')).toBe('1');

    await userEvent.setup().click(within(carousel).getByRole('button', { name: '第2张' }));
    const second = within(carousel).getByRole('img', { name: '横幅2' });
    expect(second.closest('a')).toHaveAttribute('href', '/news/index');
    expect(second.closest('a')).not.toHaveAttribute('target');
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  it('shows nothing when there are none', async () => {
    const network = installFakeNetwork({ 'GET /api/banners/shown': ok([]) });
    renderRoute('/login');
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    await waitFor(() => expect(network.callsTo('GET /api/banners/shown')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: '轮播图' })).toBeNull();
  });

  it('shows nothing, and no error, when the request fails', async () => {
    const network = installFakeNetwork({ 'GET /api/banners/shown': fail(500, '服务器错误') });
    renderRoute('/login');
    await waitFor(() => expect(network.callsTo('GET /api/banners/shown')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: '轮播图' })).toBeNull();
    expect(screen.queryByText('服务器错误')).toBeNull();
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
  });
});
