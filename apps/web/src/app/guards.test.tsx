import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveLogin } from '@/shared/session/session';
import { installFakeNetwork, makeLoginResult } from '@/test/fake-network';
import { renderRoute } from '@/test/render-route';

describe('/join (requireSessionWithoutCompany)', () => {
  it('keeps an enterprise user without a company there', async () => {
    installFakeNetwork({});
    saveLogin(makeLoginResult({ roles: [1], company_id: null }));
    const { location } = renderRoute('/join');
    expect(await screen.findByRole('heading', { name: '加入或创建企业' })).toBeInTheDocument();
    expect(location()).toBe('/join');
  });

  it.each([
    [2, '/company', '企业管理'],
    [4, '/exam-task', '考评任务'],
  ] as const)(
    'sends a user of role type %i without a company to its home %s',
    async (role, home, heading) => {
      installFakeNetwork({});
      saveLogin(makeLoginResult({ roles: [role], company_id: null }));
      const { location } = renderRoute('/join');
      await waitFor(() => expect(location()).toBe(home));
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: '加入或创建企业' })).not.toBeInTheDocument();
    },
  );

  it('sends an institution user (with its institution) to /record-center', async () => {
    installFakeNetwork({});
    saveLogin(makeLoginResult({ roles: [3], company_id: 'company-9' }));
    const { location } = renderRoute('/join');
    await waitFor(() => expect(location()).toBe('/record-center'));
  });
});
