import { describe, expect, it, vi } from 'vitest';
import { api, login, useTestApp } from '../../../test/harness.ts';
import { userChanged } from '../../lib/user-events.ts';

const ctx = useTestApp();

describe('the session guard under load', () => {
  it('requests of one session that miss the cache together share one lookup', async () => {
    const session = await login(ctx.app, 'qiye');
    // The cached entry is gone, as when it expires: the next requests all miss it.
    userChanged(session._id);
    const client = (ctx.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = vi.spyOn(client, 'query');
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => api(ctx.app, 'GET', '/api/user', { token: session.token })),
      );
      expect(answers.every((a) => a.body.code === 200)).toBe(true);
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
  });
});
