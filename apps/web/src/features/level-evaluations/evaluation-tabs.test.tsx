import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveLogin } from '@/shared/session/session';
import { installFakeNetwork, makeLoginResult, ok } from '@/test/fake-network';
import { planDetail } from '@/test/level-evaluations';
import { preloadShell, renderRoute } from '@/test/render-route';
import { selectedTab, tabNamed } from '@/test/ui';

const A = '20000000-0000-4000-8000-00000000000a';
const B = '20000000-0000-4000-8000-00000000000b';
const pageOf = (id: string) =>
  document.querySelector<HTMLElement>(`[data-page-key="/evaluation-list/detail/${id}"]`) as HTMLElement;
const activeTab = (id: string) => selectedTab(pageOf(id))?.textContent;

// The whole shell in jsdom: slow on a busy machine.
describe('evaluation detail tabs (spec §2 page cache)', () => {
  beforeAll(async () => {
    await Promise.all([preloadShell(), import('./evaluation-detail-page')]);
  }, 120_000);

  it('two plans open in two tabs keep their own state', async () => {
    installFakeNetwork({
      [`GET /api/levelEvaluations/${A}`]: ok(planDetail({ _id: A, name: '甲计划' })),
      [`GET /api/levelEvaluations/${B}`]: ok(planDetail({ _id: B, name: '乙计划' })),
    });
    saveLogin(makeLoginResult({ roles: [1] }));
    const { router } = renderRoute(`/evaluation-list/detail/${A}`);
    await waitFor(() => expect(activeTab(A)).toBe('基本信息'));
    await userEvent.click(tabNamed(pageOf(A), '流程记录'));
    await waitFor(() => expect(activeTab(A)).toBe('流程记录'));

    await act(() => router.navigate(`/evaluation-list/detail/${B}`));
    await waitFor(() => expect(activeTab(B)).toBe('基本信息'));
    expect(screen.getAllByText('乙计划').length).toBeGreaterThan(0);

    await act(() => router.navigate(`/evaluation-list/detail/${A}`));
    await waitFor(() => expect(pageOf(A).closest('[style*="display: none"]')).toBeNull());
    expect(activeTab(A)).toBe('流程记录');
    expect(activeTab(B)).toBe('基本信息');
  });
});
