import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const database = await openDatabase({ url: null, pgliteDir: null });
afterAll(() => database.close());

it('the embedded database lets the event loop run between statements, so requests are not held behind a long chain', async () => {
  let turns = 0;
  const timer = setInterval(() => turns++, 0);
  try {
    await new Promise((resolve) => setTimeout(resolve, 10));
    turns = 0;
    for (let i = 0; i < 50; i++) await database.db.execute(sql`select ${i}::int as n`);
    const afterSingles = turns;
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 50; i++) await tx.execute(sql`select ${i}::int as n`);
    });
    expect(afterSingles).toBeGreaterThan(0);
    expect(turns).toBeGreaterThan(afterSingles);
  } finally {
    clearInterval(timer);
  }
});
