import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NewsDetail } from '@skill-cert/shared/news';
import { formatDateTime } from '@skill-cert/shared/time';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { within } from '../../../test/fixtures/custom-certificates.ts';
import { api, login, openTestDatabase } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { seedDemoData } from '../../db/seed.ts';
import { ensureRoleTypes } from '../users/service.ts';
import { NEWS_PUBLISH_QUEUE, onScheduledPublish } from './service.ts';
import { newsArticles } from './tables.ts';

let database: Database;
let dispose: () => Promise<void>;
let dataDir: string;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
  await ensureRoleTypes(database.db);
  await seedDemoData(database.db);
  dataDir = mkdtempSync(path.join(tmpdir(), 'sc-news-'));
});
afterAll(async () => {
  await dispose?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = () => buildApp(testConfig({ dataDir }), { database });

describe('scheduled publishing across a restart', () => {
  it('an article scheduled before the server stopped is published by the next server when its time comes', async () => {
    const first = await start();
    let id: string;
    try {
      const { token } = await login(first, 'pingtai');
      const made = await api<NewsDetail>(first, 'POST', '/api/news', {
        token,
        body: {
          title: '停机前定时发布的公告',
          category: '平台公告',
          content: '<p>正文</p>',
          audience_all: true,
          publish_at: formatDateTime(Date.now() + 3_600_000),
        },
      });
      expect(made.body.code, made.body.message).toBe(200);
      id = made.body.data._id;
    } finally {
      await first.close();
    }
    // The server was down when the time came: the job waits in the database.
    await database.db.execute(
      sql`update pgboss.job set start_after = now() where name = ${NEWS_PUBLISH_QUEUE} and data->>'articleId' = ${id}`,
    );
    const fired = new Promise<void>((resolve) => {
      const stop = onScheduledPublish((articleId) => {
        if (articleId !== id) return;
        stop();
        resolve();
      });
    });
    const second = await start();
    try {
      // Its workers start once it is ready.
      await second.ready();
      second.jobs.notify(NEWS_PUBLISH_QUEUE);
      await within(fired, 30_000, () => 'the article was not published after the restart');
    } finally {
      await second.close();
    }
    const [row] = await database.db.select().from(newsArticles).where(eq(newsArticles.id, id));
    expect(row.status).toBe(1);
  });
});
