import { describe, expect, it } from 'vitest';
import { TableWrites } from '../db/table-writes.ts';
import { CompanyListCache } from './list-cache.ts';

/** A read that counts its calls and answers the call's number; `gate` holds it until released. */
function counter() {
  let calls = 0;
  let release: (() => void) | null = null;
  const read = async (hold = false) => {
    calls++;
    const n = calls;
    if (hold) await new Promise<void>((r) => (release = r));
    return { value: n };
  };
  return { read, calls: () => calls, release: () => release?.() };
}

describe('CompanyListCache', () => {
  it('a repeated read is answered from memory', async () => {
    const cache = new CompanyListCache(new TableWrites());
    const c = counter();
    expect(await cache.get('a', 'page1', ['certificates'], () => c.read())).toBe(1);
    expect(await cache.get('a', 'page1', ['certificates'], () => c.read())).toBe(1);
    expect(c.calls()).toBe(1);
  });

  it('keys and companies are apart', async () => {
    const cache = new CompanyListCache(new TableWrites());
    const c = counter();
    await cache.get('a', 'page1', ['certificates'], () => c.read());
    expect(await cache.get('a', 'page2', ['certificates'], () => c.read())).toBe(2);
    expect(await cache.get('b', 'page1', ['certificates'], () => c.read())).toBe(3);
  });

  it('a write to a table the read named makes the next read read again; a write to another table does not', async () => {
    const writes = new TableWrites();
    const cache = new CompanyListCache(writes);
    const c = counter();
    await cache.get('a', 'page1', ['certificates'], () => c.read());
    writes.observe('update "archives" set "status" = 1');
    expect(await cache.get('a', 'page1', ['certificates'], () => c.read())).toBe(1);
    writes.observe('update "certificates" set "status" = 2');
    expect(await cache.get('a', 'page1', ['certificates'], () => c.read())).toBe(2);
    expect(await cache.get('a', 'page1', ['certificates'], () => c.read())).toBe(2);
  });

  it('an answer holds no longer than the time it depends on', async () => {
    const cache = new CompanyListCache(new TableWrites());
    let n = 0;
    const read = async () => ({ value: ++n, until: Date.now() - 1 });
    expect(await cache.get('a', 'plans', ['level_evaluations'], read)).toBe(1);
    expect(await cache.get('a', 'plans', ['level_evaluations'], read)).toBe(2);
  });

  it('requests missing one key together share one read', async () => {
    const cache = new CompanyListCache(new TableWrites());
    const c = counter();
    const first = cache.get('a', 'page1', ['certificates'], () => c.read(true));
    const second = cache.get('a', 'page1', ['certificates'], () => c.read());
    c.release();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(c.calls()).toBe(1);
  });

  it('a write while the read runs: its answer is not kept', async () => {
    const writes = new TableWrites();
    const cache = new CompanyListCache(writes);
    const c = counter();
    const first = cache.get('a', 'page1', ['certificates'], () => c.read(true));
    writes.observe('insert into "certificates" ("id") values ($1)');
    c.release();
    expect(await first).toBe(1);
    expect(await cache.get('a', 'page1', ['certificates'], () => c.read())).toBe(2);
  });

  it('a failed read is not kept', async () => {
    const cache = new CompanyListCache(new TableWrites());
    await expect(
      cache.get('a', 'page1', ['certificates'], async () => {
        throw new Error('database gone');
      }),
    ).rejects.toThrow('database gone');
    expect(await cache.get('a', 'page1', ['certificates'], async () => ({ value: 7 }))).toBe(7);
  });

  it('holds at most its number of pages, the least recently read dropped first', async () => {
    const cache = new CompanyListCache(new TableWrites(), 2);
    const c = counter();
    await cache.get('a', 'page1', ['certificates'], () => c.read());
    await cache.get('a', 'page2', ['certificates'], () => c.read());
    await cache.get('a', 'page1', ['certificates'], () => c.read());
    await cache.get('a', 'page3', ['certificates'], () => c.read());
    expect(await cache.get('a', 'page1', ['certificates'], () => c.read())).toBe(1);
    expect(await cache.get('a', 'page2', ['certificates'], () => c.read())).toBe(4);
  });

  it('off without table writes (PostgreSQL): every call reads', async () => {
    const cache = new CompanyListCache(null);
    const c = counter();
    await cache.get('a', 'page1', ['certificates'], () => c.read());
    await cache.get('a', 'page1', ['certificates'], () => c.read());
    expect(c.calls()).toBe(2);
  });
});
