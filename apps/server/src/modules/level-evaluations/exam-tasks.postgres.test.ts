import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { assign, examinerPlan, planBase, scoreAndSubmit } from '../../../test/fixtures/exam-tasks.ts';
import { api, useTestApp } from '../../../test/harness.ts';

// Runs only on PostgreSQL (`*.postgres.test.ts`, vitest.config.ts): the embedded database has no connections to share.
const ctx = useTestApp();

describe('marking on PostgreSQL', () => {
  it('on PostgreSQL no query is sent on a connection still busy with another: items, assigning, scoring, submitting', async () => {
    const overlapping: string[] = [];
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client & { readyForQuery: boolean },
      ...args: unknown[]
    ) {
      const text = String((args[0] as { text?: string }).text ?? args[0]);
      // pg-boss's job polling keeps its own connections; only the app's statements are looked at.
      if (!this.readyForQuery && !text.includes('pgboss.')) overlapping.push(text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    try {
      const p = await examinerPlan(ctx.app);
      const items = await api(ctx.app, 'PUT', `${planBase(p.plan)}/marking/1`, {
        token: p.owner,
        body: { items: [{ name: '全卷', max: 100 }] },
      });
      expect(items.body.code, items.body.message).toBe(200);
      const task = await assign(ctx.app, p, { person_id: p.people.kaoping });
      await scoreAndSubmit(ctx.app, p.kaoping.token, task, [75]);
    } finally {
      spy.mockRestore();
    }
    expect(overlapping).toEqual([]);
  });
});
