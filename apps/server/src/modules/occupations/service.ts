import {
  type Occupation,
  type OccupationCatalogue,
  type OccupationRow,
  OccupationStatus,
  type OccupationStatusValue,
  type occupationBody,
  occupationCategoryNames,
  type occupationFilters,
  occupationStatusNames,
  skillLevelName,
  skillLevelNames,
  sortLevels,
  type WorkTypeKindValue,
  workTypeKindNames,
} from '@skill-cert/shared/occupations';
import { type Paged, type PageQuery, pageMeta } from '@skill-cert/shared/pagination';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { containsPattern, prefixPattern } from '../../lib/like.ts';
import { totalOf } from '../../lib/page-total.ts';
import { occupationCatalogue as shippedCatalogue } from './catalogue.ts';
import { occupationSeeds, occupations, occupationWorkTypes } from './tables.ts';

type OccupationRecord = typeof occupations.$inferSelect;
type WorkTypeRecord = typeof occupationWorkTypes.$inferSelect;
type SavedBody = z.output<typeof occupationBody>;
type Filters = z.output<typeof occupationFilters>;
interface Loaded {
  occupation: OccupationRecord;
  workTypes: WorkTypeRecord[];
}

export const OCCUPATION_NOT_FOUND = '职业不存在或已删除';
const ENABLED = OccupationStatus.ENABLED;

// ------------------------------------------------------------------------------------------------ reading

/** The occupations matching `where` with their 工种 / 职业方向, in the catalogue's order (sort, then code). */
async function load(db: DbOrTx, where?: SQL, page?: PageQuery): Promise<{ rows: Loaded[]; total: number }> {
  const query = db
    .select({ occupation: occupations, total: totalOf(occupations, where) })
    .from(occupations)
    .where(where)
    .orderBy(asc(occupations.sort), asc(occupations.code));
  const found = page ? await query.limit(page.per_page).offset((page.page - 1) * page.per_page) : await query;
  const ids = found.map((r) => r.occupation.id);
  const children = ids.length
    ? await db
        .select()
        .from(occupationWorkTypes)
        .where(inArray(occupationWorkTypes.occupationId, ids))
        .orderBy(asc(occupationWorkTypes.sort), asc(occupationWorkTypes.name))
    : [];
  const byOccupation = groupBy(children, (c) => c.occupationId);
  return {
    rows: found.map((r) => ({
      occupation: r.occupation,
      workTypes: byOccupation.get(r.occupation.id) ?? [],
    })),
    total: Number(found[0]?.total ?? 0),
  };
}

const categoryOf = (code: string) => code.split('-')[0];

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** An occupation as readers see it: its enabled 工种 / 职业方向, whether it is enabled, whether 2/1 need 综合评审. */
const readerOf = ({ occupation: o, workTypes }: Loaded): Occupation => ({
  code: o.code,
  name: o.name,
  levels: sortLevels(o.levels),
  work_types: workTypes.filter((w) => w.status === ENABLED).map((w) => w.name),
  enabled: o.status === ENABLED,
  comprehensive_review: o.comprehensiveReview,
});

/**
 * The catalogue as `GET /api/occupations` serves it: every occupation under its 大类, disabled ones too (marked, so a
 * form still names what an existing filing holds, and offers only enabled ones).
 */
export async function catalogue(db: DbOrTx): Promise<OccupationCatalogue> {
  const { rows } = await load(db);
  const byCategory = groupBy(rows, (r) => categoryOf(r.occupation.code));
  return {
    categories: [...byCategory.keys()].sort().map((code) => ({
      code,
      name: occupationCategoryNames[code] ?? code,
      occupations: (byCategory.get(code) ?? []).map(readerOf),
    })),
    levels: ([5, 4, 3, 2, 1] as const).map((code) => ({ code, name: skillLevelNames[code] })),
  };
}

/** The occupation with this code, enabled or not; undefined when the catalogue has none. */
export async function occupationByCode(db: DbOrTx, code: string): Promise<Occupation | undefined> {
  const { rows } = await load(db, eq(occupations.code, code));
  return rows[0] && readerOf(rows[0]);
}

/** The occupations of these codes (those the catalogue has), by code. */
export async function occupationsByCode(db: DbOrTx, codes: string[]): Promise<Map<string, Occupation>> {
  const wanted = [...new Set(codes)];
  if (wanted.length === 0) return new Map();
  const { rows } = await load(db, inArray(occupations.code, wanted));
  return new Map(rows.map((r) => [r.occupation.code, readerOf(r)]));
}

/**
 * An occupation chosen for something new (a filing's row, a plan, a qualification, an offline batch): it exists and
 * is enabled, unless the thing being saved already held it (`kept`), which still reads and saves as it was.
 */
export async function usableOccupation(
  db: DbOrTx,
  code: string,
  messages: { missing: string; disabled: (name: string) => string },
  kept = false,
): Promise<Occupation> {
  const occupation = await occupationByCode(db, code);
  if (!occupation) throw badRequest(messages.missing);
  if (!occupation.enabled && !kept) throw badRequest(messages.disabled(occupation.name));
  return occupation;
}

/**
 * Checks a scope row against the catalogue: the occupation exists and is enabled, the 工种 is one of its own (enabled),
 * every level is one its standard sets. `keptCodes`: occupations the filing already held, which may stay although
 * disabled since (their disabled 工种 too). Returns the occupation; refuses with a message naming the row.
 */
export async function checkScope(
  db: DbOrTx,
  row: { occupation_code: string; work_type: string | null; levels: number[] },
  label: string,
  keptCodes: ReadonlySet<string> = new Set(),
): Promise<Occupation> {
  const kept = keptCodes.has(row.occupation_code);
  const occupation = await usableOccupation(
    db,
    row.occupation_code,
    {
      missing: `${label}：职业分类大典中没有编码为 ${row.occupation_code} 的职业`,
      disabled: (name) => `${label}：职业「${name}」已在职业目录中停用，请选择其他职业`,
    },
    kept,
  );
  if (row.work_type && !occupation.work_types.includes(row.work_type)) {
    const all = kept ? await allWorkTypes(db, occupation.code) : [];
    if (!all.includes(row.work_type))
      throw badRequest(
        occupation.work_types.length
          ? `${label}：「${occupation.name}」没有工种「${row.work_type}」`
          : `${label}：「${occupation.name}」不分工种，请不要填写工种`,
      );
  }
  const wrong = row.levels.find((l) => !(occupation.levels as number[]).includes(l));
  if (wrong !== undefined) {
    throw badRequest(`${label}：「${occupation.name}」没有${skillLevelName(wrong)}等级`);
  }
  return occupation;
}

async function allWorkTypes(db: DbOrTx, code: string): Promise<string[]> {
  const { rows } = await load(db, eq(occupations.code, code));
  return rows[0]?.workTypes.map((w) => w.name) ?? [];
}

// ------------------------------------------------------------------------------------------------ where used

/**
 * Something that stores occupation codes (filings, plans, qualifications…): its Chinese name and how many of its rows
 * hold this occupation (or this 工种 of it). Written by the module that owns the rows, registered in app.ts.
 */
export interface OccupationUse {
  name: string;
  count(db: DbOrTx, code: string, workType?: string): Promise<number>;
}

const uses: OccupationUse[] = [];

/** The uses of occupations (app.ts, at start). */
export function registerOccupationUses(list: OccupationUse[]): void {
  for (const use of list) if (!uses.includes(use)) uses.push(use);
}

/** Where an occupation (or one 工种 of it) is used: each use with its count, only those that hold it. */
export async function occupationUsesOf(
  db: DbOrTx,
  code: string,
  workType?: string,
): Promise<{ name: string; count: number }[]> {
  const counted = await Promise.all(
    uses.map(async (u) => ({ name: u.name, count: await u.count(db, code, workType) })),
  );
  return counted.filter((u) => u.count > 0);
}

const usedText = (found: { name: string; count: number }[]) =>
  found.map((u) => `${u.count} 个${u.name}`).join('、');

// ------------------------------------------------------------------------------------------------ 职业目录

export function toOccupationRow({ occupation: o, workTypes }: Loaded): OccupationRow {
  const levels = sortLevels(o.levels);
  const status = o.status as OccupationStatusValue;
  const category = categoryOf(o.code);
  return {
    _id: o.id,
    code: o.code,
    name: o.name,
    category_code: category,
    category_name: occupationCategoryNames[category] ?? '',
    levels,
    levels_text: levels.map((l) => skillLevelNames[l]).join('、'),
    comprehensive_review: o.comprehensiveReview,
    status,
    status_name: occupationStatusNames[status],
    sort: o.sort,
    work_types: workTypes.map((w) => ({
      _id: w.id,
      name: w.name,
      kind: w.kind as WorkTypeKindValue,
      kind_name: workTypeKindNames[w.kind as WorkTypeKindValue] ?? '',
      status: w.status as OccupationStatusValue,
      status_name: occupationStatusNames[w.status as OccupationStatusValue],
      sort: w.sort,
    })),
    create_time_str: formatDateTime(o.createdAt),
    update_time_str: formatDateTime(o.updatedAt),
  };
}

/** The filters of the list and the export: code or name (or a 工种's name) contains the keyword; 大类; status. */
export function occupationFilter(q: Filters) {
  const keyword = q.keyword ? containsPattern(q.keyword) : null;
  return and(
    keyword
      ? or(
          ilike(occupations.code, keyword),
          ilike(occupations.name, keyword),
          sql`exists (select 1 from ${occupationWorkTypes} where ${occupationWorkTypes.occupationId} = ${occupations.id} and ${occupationWorkTypes.name} ilike ${keyword})`,
        )
      : undefined,
    q.category_code ? ilike(occupations.code, prefixPattern(`${q.category_code}-`)) : undefined,
    q.status === undefined ? undefined : eq(occupations.status, q.status),
  );
}

export async function listOccupations(db: DbOrTx, q: PageQuery & Filters): Promise<Paged<OccupationRow>> {
  const { rows, total } = await load(db, occupationFilter(q), q);
  let count = total;
  if (rows.length === 0 && q.page > 1) {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(occupations)
      .where(occupationFilter(q));
    count = n;
  }
  return { list: rows.map(toOccupationRow), meta: pageMeta(count, q) };
}

/** Every occupation matching the filters (the export). */
export async function allOccupations(db: DbOrTx, q: Filters): Promise<OccupationRow[]> {
  return (await load(db, occupationFilter(q))).rows.map(toOccupationRow);
}

async function findLoaded(db: DbOrTx, id: string): Promise<Loaded> {
  const { rows } = await load(db, eq(occupations.id, id));
  if (!rows[0]) throw notFound(OCCUPATION_NOT_FOUND);
  return rows[0];
}

export const getOccupation = async (db: DbOrTx, id: string): Promise<OccupationRow> =>
  toOccupationRow(await findLoaded(db, id));

const columnsOf = (body: SavedBody) => ({
  code: body.code,
  name: body.name,
  levels: body.levels,
  comprehensiveReview: body.comprehensive_review,
  sort: body.sort,
  status: body.status,
});

async function codeTaken(db: DbOrTx, code: string, except?: string): Promise<void> {
  const [hit] = await db.select({ id: occupations.id }).from(occupations).where(eq(occupations.code, code));
  if (hit && hit.id !== except) throw badRequest(`职业编码 ${code} 已存在，请勿重复添加`);
}

export async function createOccupation(db: DbOrTx, body: SavedBody): Promise<OccupationRow> {
  return db.transaction(async (tx) => {
    await codeTaken(tx, body.code);
    const [row] = await tx.insert(occupations).values(columnsOf(body)).returning();
    await writeWorkTypes(tx, row.id, row.code, [], body.work_types);
    return getOccupation(tx, row.id);
  });
}

/**
 * Saves the 工种 / 职业方向 as listed (their order is the list's); one left out is removed, unless something uses it
 * (then 400 naming where: disable it instead). `removeMissing` false (an import) keeps the ones left out.
 */
async function writeWorkTypes(
  tx: DbOrTx,
  occupationId: string,
  code: string,
  current: WorkTypeRecord[],
  wanted: SavedBody['work_types'],
  removeMissing = true,
): Promise<void> {
  const names = new Set(wanted.map((w) => w.name));
  const gone = removeMissing ? current.filter((c) => !names.has(c.name)) : [];
  for (const g of gone) {
    const found = await occupationUsesOf(tx, code, g.name);
    if (found.length)
      throw badRequest(
        `${workTypeKindNames[g.kind as WorkTypeKindValue] ?? '工种'}「${g.name}」已被 ${usedText(found)}使用，不能删除，可停用`,
      );
  }
  if (gone.length)
    await tx.delete(occupationWorkTypes).where(
      inArray(
        occupationWorkTypes.id,
        gone.map((g) => g.id),
      ),
    );
  const byName = new Map(current.map((c) => [c.name, c]));
  const base = removeMissing ? 0 : current.length;
  for (const [i, w] of wanted.entries()) {
    const values = { kind: w.kind, status: w.status, sort: (base + i + 1) * 10 };
    const had = byName.get(w.name);
    if (had) {
      if (removeMissing || had.kind !== w.kind || had.status !== w.status)
        await tx
          .update(occupationWorkTypes)
          .set(removeMissing ? values : { kind: w.kind, status: w.status })
          .where(eq(occupationWorkTypes.id, had.id));
    } else await tx.insert(occupationWorkTypes).values({ ...values, occupationId, name: w.name });
  }
}

export async function updateOccupation(db: DbOrTx, id: string, body: SavedBody): Promise<OccupationRow> {
  return db.transaction(async (tx) => {
    const { occupation: current, workTypes } = await findLoaded(tx, id);
    if (body.code !== current.code) {
      const found = await occupationUsesOf(tx, current.code);
      if (found.length) throw badRequest(`该职业已被 ${usedText(found)}使用，不能修改职业编码`);
      await codeTaken(tx, body.code, id);
    }
    await tx.update(occupations).set(columnsOf(body)).where(eq(occupations.id, id));
    await writeWorkTypes(tx, id, current.code, workTypes, body.work_types);
    return getOccupation(tx, id);
  });
}

/** 启用 / 停用: a disabled occupation is offered for nothing new; what uses it still reads it. */
export async function setOccupationStatus(
  db: DbOrTx,
  id: string,
  status: OccupationStatusValue,
): Promise<OccupationRow> {
  const [row] = await db.update(occupations).set({ status }).where(eq(occupations.id, id)).returning();
  if (!row) throw notFound(OCCUPATION_NOT_FOUND);
  return getOccupation(db, id);
}

/** Deletes an occupation nothing uses; otherwise 400 saying where it is used (disable it instead). */
export async function deleteOccupation(db: DbOrTx, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { occupation } = await findLoaded(tx, id);
    const found = await occupationUsesOf(tx, occupation.code);
    if (found.length) throw badRequest(`该职业已被 ${usedText(found)}使用，不能删除，可停用`);
    await tx.delete(occupations).where(eq(occupations.id, id));
  });
}

/**
 * Writes the rows of a clean import in one transaction: a new code is added, a known one updated (name, levels, 综合评审,
 * status, order); its 工种 / 职业方向 listed are added or updated, those left out kept (an import removes nothing).
 */
export async function saveImported(
  db: DbOrTx,
  rows: SavedBody[],
): Promise<{ added: number; updated: number }> {
  return db.transaction(async (tx) => {
    let added = 0;
    for (const body of rows) {
      const { rows: found } = await load(tx, eq(occupations.code, body.code));
      if (found[0]) {
        await tx.update(occupations).set(columnsOf(body)).where(eq(occupations.id, found[0].occupation.id));
        await writeWorkTypes(
          tx,
          found[0].occupation.id,
          body.code,
          found[0].workTypes,
          body.work_types,
          false,
        );
      } else {
        const [row] = await tx.insert(occupations).values(columnsOf(body)).returning();
        await writeWorkTypes(tx, row.id, row.code, [], body.work_types);
        added++;
      }
    }
    return { added, updated: rows.length - added };
  });
}

// ------------------------------------------------------------------------------------------------ seed

/**
 * The catalogue shipped in catalogue.ts reaches the table at start: each occupation (by code) and each 工种 (by code
 * and name) the seed never added before is added; nothing is overwritten, and what the platform deleted is not
 * brought back (occupation_seeds remembers what was added). Answers how many occupations and 工种 were added.
 */
export async function ensureOccupationCatalogue(
  db: DbOrTx,
): Promise<{ occupations: number; workTypes: number }> {
  return db.transaction(async (tx) => {
    const seeded = new Set(
      (await tx.select({ key: occupationSeeds.key }).from(occupationSeeds)).map((s) => s.key),
    );
    const shipped = shippedCatalogue.flatMap((c) => c.occupations);
    const childKey = (code: string, name: string) => `${code}/${name}`;
    const fresh = shipped.filter(
      (o) => !seeded.has(o.code) || o.work_types.some((w) => !seeded.has(childKey(o.code, w))),
    );
    if (fresh.length === 0) return { occupations: 0, workTypes: 0 };
    const ids = new Map(
      (await tx.select({ id: occupations.id, code: occupations.code }).from(occupations)).map((o) => [
        o.code,
        o.id,
      ]),
    );
    const newOccupations = fresh.filter((o) => !seeded.has(o.code) && !ids.has(o.code));
    if (newOccupations.length) {
      const inserted = await tx
        .insert(occupations)
        .values(
          newOccupations.map((o) => ({
            code: o.code,
            name: o.name,
            levels: [...o.levels],
            sort: (shipped.indexOf(o) + 1) * 10,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: occupations.id, code: occupations.code });
      for (const o of inserted) ids.set(o.code, o.id);
    }
    const newWorkTypes = fresh.flatMap((o) =>
      o.work_types
        .filter((w) => !seeded.has(childKey(o.code, w)))
        .map((name) => ({ code: o.code, name, sort: (o.work_types.indexOf(name) + 1) * 10 })),
    );
    const placed = newWorkTypes.filter((w) => ids.has(w.code));
    const addedWorkTypes = placed.length
      ? await tx
          .insert(occupationWorkTypes)
          .values(placed.map((w) => ({ occupationId: ids.get(w.code)!, name: w.name, sort: w.sort })))
          .onConflictDoNothing()
          .returning({ id: occupationWorkTypes.id })
      : [];
    const keys = [
      ...fresh.filter((o) => !seeded.has(o.code)).map((o) => o.code),
      ...newWorkTypes.map((w) => childKey(w.code, w.name)),
    ];
    await tx
      .insert(occupationSeeds)
      .values(keys.map((key) => ({ key })))
      .onConflictDoNothing();
    return { occupations: newOccupations.length, workTypes: addedWorkTypes.length };
  });
}
