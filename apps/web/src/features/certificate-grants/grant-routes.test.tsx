import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveLogin } from '@/shared/session/session';
import { GRANT_ID, grantCertificate, grantDetail } from '@/test/certificate-sources';
import { installFakeNetwork, makeLoginResult, ok, paged } from '@/test/fake-network';
import { preloadShell, renderRoute } from '@/test/render-route';

// The whole shell in jsdom: slow on a busy machine.
describe('the grant routes', () => {
  beforeAll(async () => {
    await Promise.all([preloadShell(), import('./grant-confirm-page')]);
  }, 120_000);

  it("the done message's link /certificate/confirm-add/{id} opens the grant's 确认发证 page", async () => {
    installFakeNetwork({
      [`GET /api/certificateGrants/${GRANT_ID}`]: ok(grantDetail()),
      [`GET /api/certificateGrants/${GRANT_ID}/certificates`]: paged([grantCertificate()]),
    });
    saveLogin(makeLoginResult({ roles: [1] }));
    const { location } = renderRoute(`/certificate/confirm-add/${GRANT_ID}`);
    await waitFor(() => expect(location()).toBe(`/grant-certificate/confirm-add/${GRANT_ID}`));
    expect(await screen.findByText('确认发证：2026年第一期电工评价')).toBeInTheDocument();
    expect(await screen.findByText('Y123433010600264000001')).toBeInTheDocument();
  });
});
