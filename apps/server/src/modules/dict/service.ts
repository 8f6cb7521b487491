import { createHash } from 'node:crypto';
import type { DictData, DictItem, DictItemRow, DictionaryRow, dictItemBody } from '@skill-cert/shared/dict';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { TableWrites } from '../../db/table-writes.ts';
import { badRequest, excerpt, notFound } from '../../lib/errors.ts';
import { dictionaries, dictionaryTitles, FREE_DICTIONARIES } from './dictionaries.ts';
import { dictItems, dictSeededItems } from './tables.ts';

type Item = typeof dictItems.$inferSelect;
type SavedBody = z.output<typeof dictItemBody>;

const NOT_FOUND = '字典项不存在或已删除';
const DICT_NOT_FOUND = '字典不存在';
const FIXED_VALUE = '该字典的值被系统使用，只能修改名称、排序、颜色和启用状态，不能修改值';
const FIXED_ADD = '该字典的值被系统使用，不能新增字典项';
const FIXED_DELETE = '该字典的值被系统使用，不能删除字典项，不再使用时请停用';

const isFixed = (name: string) => !FREE_DICTIONARIES.has(name);
/** A dictionary's values are numbers when the code's are (文化程度's are its texts). */
const isNumeric = (name: string) => (dictionaries[name] ?? []).every((i) => typeof i.value === 'number');
const servedValue = (i: Pick<Item, 'value' | 'numeric'>) => (i.numeric ? Number(i.value) : i.value);

/**
 * Adds the code's dictionary items the table lacks (by name and value), each once in the life of the database
 * (`dict_seeded_items`): an administrator's labels, order, colours and switches are never overwritten, and an item
 * deleted from a dictionary that is not fixed stays deleted. Whether a dictionary is fixed follows the code. Answers
 * how many items were added.
 */
export async function ensureDictionaries(db: DbOrTx): Promise<number> {
  const seeded = new Set(
    (await db.select().from(dictSeededItems)).map((s) => `${s.dictName}\u0000${s.value}`),
  );
  const missing = Object.entries(dictionaries).flatMap(([name, items]) =>
    items
      .map((item, i) => ({ item, sort: (i + 1) * 10 }))
      .filter(({ item }) => !seeded.has(`${name}\u0000${item.value}`))
      .map(({ item, sort }) => ({
        dictName: name,
        label: item.label,
        value: String(item.value),
        numeric: typeof item.value === 'number',
        sort,
        fixed: isFixed(name),
      })),
  );
  let added = 0;
  if (missing.length) {
    added = (await db.insert(dictItems).values(missing).onConflictDoNothing().returning({ id: dictItems.id }))
      .length;
    await db
      .insert(dictSeededItems)
      .values(missing.map((m) => ({ dictName: m.dictName, value: m.value })))
      .onConflictDoNothing();
  }
  // A dictionary the code came to rely on is fixed from now on (and one it no longer relies on is free).
  const fixedNames = Object.keys(dictionaries).filter(isFixed);
  await db
    .update(dictItems)
    .set({ fixed: true })
    .where(and(inArray(dictItems.dictName, fixedNames), eq(dictItems.fixed, false)));
  await db
    .update(dictItems)
    .set({ fixed: false })
    .where(and(notInArray(dictItems.dictName, fixedNames), eq(dictItems.fixed, true)));
  return added;
}

/** What `POST /api/dict` serves: each dictionary's enabled items in order, and a version that names them. */
export interface DictSnapshot {
  version: string;
  byName: ReadonlyMap<string, DictItem[]>;
}

async function readSnapshot(db: DbOrTx): Promise<DictSnapshot> {
  const rows = await db
    .select()
    .from(dictItems)
    .where(eq(dictItems.enabled, true))
    .orderBy(asc(dictItems.dictName), asc(dictItems.sort), asc(dictItems.createdAt), asc(dictItems.id));
  const byName = new Map<string, DictItem[]>(Object.keys(dictionaries).map((n) => [n, []]));
  for (const r of rows) {
    const item: DictItem = { label: r.label, value: servedValue(r) };
    if (r.color) item.color = r.color;
    byName.get(r.dictName)?.push(item);
  }
  const version = createHash('sha1')
    .update(JSON.stringify([...byName]))
    .digest('hex')
    .slice(0, 12);
  return { version, byName };
}

/** Without a write seen (PostgreSQL, another instance may write): kept at most this long if a notice is lost. */
const MAX_AGE_MS = 60_000;

/**
 * The served dictionaries kept in memory: read again after a write to `dict_items` (on the embedded database, which
 * this process alone writes, `TableWrites` tells), after `forget` (this instance's change, or another's told by the
 * bus), and on PostgreSQL at least every minute, should a notice be lost.
 */
export class DictionaryStore {
  #loaded: { at: number; since: number; snapshot: Promise<DictSnapshot> } | null = null;
  constructor(
    private readonly db: DbOrTx,
    private readonly writes: TableWrites | null,
  ) {}

  snapshot(): Promise<DictSnapshot> {
    const loaded = this.#loaded;
    const fresh =
      loaded &&
      (this.writes
        ? this.writes.unchangedSince(loaded.since, ['dict_items'])
        : Date.now() - loaded.at < MAX_AGE_MS);
    if (fresh) return loaded.snapshot;
    const next = {
      at: Date.now(),
      since: this.writes?.now() ?? 0,
      snapshot: readSnapshot(this.db),
    };
    this.#loaded = next;
    next.snapshot.catch(() => {
      if (this.#loaded === next) this.#loaded = null;
    });
    return next.snapshot;
  }

  forget(): void {
    this.#loaded = null;
  }

  /** The named dictionaries; 400 naming up to three unknown ones. */
  async serve(names: readonly string[]): Promise<DictData> {
    const { byName } = await this.snapshot();
    const unknown = names.filter((n) => !byName.has(n));
    if (unknown.length)
      throw badRequest(
        `字典不存在：${unknown
          .slice(0, 3)
          .map((n) => excerpt(n))
          .join('、')}${unknown.length > 3 ? ' 等' : ''}`,
      );
    return Object.fromEntries(names.map((n) => [n, byName.get(n) ?? []]));
  }
}

const str = (d: Date) => formatDateTime(d);

export function toDictItemRow(i: Item): DictItemRow {
  return {
    _id: i.id,
    dict_name: i.dictName,
    label: i.label,
    value: servedValue(i),
    sort: i.sort,
    enabled: i.enabled,
    color: i.color,
    fixed: i.fixed,
    create_time_str: str(i.createdAt),
    update_time_str: str(i.updatedAt),
  };
}

function checkDictionary(name: string): void {
  if (!(name in dictionaries)) throw notFound(DICT_NOT_FOUND);
}

/** Every dictionary, in the code's order, with its item counts and last change. */
export async function listDictionaries(db: DbOrTx): Promise<DictionaryRow[]> {
  const counts = await db
    .select({
      name: dictItems.dictName,
      items: sql<number>`count(*)::int`,
      enabled: sql<number>`count(*) filter (where ${dictItems.enabled})::int`,
      updated: sql<Date>`max(${dictItems.updatedAt})`.mapWith(dictItems.updatedAt),
    })
    .from(dictItems)
    .groupBy(dictItems.dictName);
  return Object.keys(dictionaries).map((name) => {
    const c = counts.find((r) => r.name === name);
    return {
      name,
      title: dictionaryTitles[name] ?? name,
      fixed: isFixed(name),
      numeric: isNumeric(name),
      item_count: c?.items ?? 0,
      enabled_count: c?.enabled ?? 0,
      update_time_str: c?.updated ? str(c.updated) : null,
    };
  });
}

/** A dictionary's items, enabled or not, in their order. */
export async function listDictItems(db: DbOrTx, name: string): Promise<DictItemRow[]> {
  checkDictionary(name);
  const rows = await db
    .select()
    .from(dictItems)
    .where(eq(dictItems.dictName, name))
    .orderBy(asc(dictItems.sort), asc(dictItems.createdAt), asc(dictItems.id));
  return rows.map(toDictItemRow);
}

export async function findDictItem(db: DbOrTx, id: string): Promise<DictItemRow> {
  const [row] = await db.select().from(dictItems).where(eq(dictItems.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return toDictItemRow(row);
}

/** The value as stored: a number dictionary's must be an integer; none twice in one dictionary. */
async function checkValue(db: DbOrTx, name: string, value: string, exceptId?: string): Promise<void> {
  if (isNumeric(name) && !/^-?\d{1,9}$/.test(value)) throw badRequest('该字典的值应为整数');
  const [taken] = await db
    .select({ id: dictItems.id })
    .from(dictItems)
    .where(and(eq(dictItems.dictName, name), eq(dictItems.value, value)));
  if (taken && taken.id !== exceptId) throw badRequest(`该字典已有值为“${excerpt(value)}”的字典项`);
}

const columnsOf = (body: SavedBody) => ({
  label: body.label,
  sort: body.sort,
  enabled: body.enabled,
  color: body.color,
});

/** 新增字典项: only in a dictionary that is not fixed. */
export async function createDictItem(db: DbOrTx, name: string, body: SavedBody): Promise<DictItemRow> {
  checkDictionary(name);
  if (isFixed(name)) throw badRequest(FIXED_ADD);
  await checkValue(db, name, body.value);
  const [row] = await db
    .insert(dictItems)
    .values({ ...columnsOf(body), dictName: name, value: body.value, numeric: isNumeric(name), fixed: false })
    .returning();
  return toDictItemRow(row);
}

/** 修改字典项: label, order, colour, enabled; the value only in a dictionary that is not fixed. */
export async function updateDictItem(db: DbOrTx, id: string, body: SavedBody): Promise<DictItemRow> {
  const [current] = await db.select().from(dictItems).where(eq(dictItems.id, id));
  if (!current) throw notFound(NOT_FOUND);
  const value = current.numeric && /^-?\d+$/.test(body.value) ? String(Number(body.value)) : body.value;
  if (value !== current.value) {
    if (current.fixed) throw badRequest(FIXED_VALUE);
    await checkValue(db, current.dictName, value, current.id);
  }
  const [row] = await db
    .update(dictItems)
    .set({ ...columnsOf(body), value })
    .where(eq(dictItems.id, id))
    .returning();
  if (!row) throw notFound(NOT_FOUND);
  return toDictItemRow(row);
}

/** 删除字典项: only of a dictionary that is not fixed (a fixed one's item is switched off instead). */
export async function deleteDictItem(db: DbOrTx, id: string): Promise<void> {
  const [current] = await db.select().from(dictItems).where(eq(dictItems.id, id));
  if (!current) throw notFound(NOT_FOUND);
  if (current.fixed) throw badRequest(FIXED_DELETE);
  await db.delete(dictItems).where(and(eq(dictItems.id, id), eq(dictItems.fixed, false)));
}
