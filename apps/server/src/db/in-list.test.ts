import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import type { Database } from './client.ts';
import { arrayLiteral, inList, notInList } from './in-list.ts';

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(() => dispose());

const rowsOf = async <T>(query: SQL): Promise<T[]> =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The values of `values` that `filter` keeps, asked of the database. */
async function kept(values: string[], filter: (column: SQL) => SQL) {
  const rows = await rowsOf<{ v: string }>(sql`
    select v from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) as t(v)
    where ${filter(sql`t.v`)} order by v`);
  return rows.map((r) => r.v);
}

describe('a list of values as one parameter', () => {
  it('text values with quotes, backslashes, commas, braces and spaces are matched exactly', async () => {
    const odd = ['a"b', 'c\\d', 'e,f', '{g}', ' h ', 'NULL', '张三'];
    expect(await kept([...odd, 'other'], (c) => inList(c, odd, 'text'))).toEqual([...odd].sort());
    expect(await kept([...odd, 'other'], (c) => notInList(c, odd, 'text'))).toEqual(['other']);
  });

  it('uuids: thousands in one parameter', async () => {
    const ids = Array.from(
      { length: 5000 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const [row] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from unnest(${arrayLiteral(ids)}::uuid[]) as u(id)
        where ${inList(sql`u.id`, ids.slice(0, 2500))}`,
    );
    expect(row.n).toBe(2500);
  });
});
