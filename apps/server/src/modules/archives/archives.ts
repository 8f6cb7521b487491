import {
  ARCHIVE_VOLUMES,
  type ArchiveAbilities,
  ArchiveAction,
  type ArchiveActionValue,
  type ArchiveDetail,
  type ArchiveDocument,
  type ArchiveItemBody,
  type ArchiveKindValue,
  type ArchiveListQuery,
  type ArchiveRetentionBody,
  type ArchiveRow,
  ArchiveStatus,
  type ArchiveVolumeValue,
  archiveActionText,
  archiveFolderName,
  archiveKindText,
  archiveKindVolumes,
  archiveStatusText,
  EXPIRING_WITHIN_DAYS,
  volumeAcceptsUploads,
} from '@skill-cert/shared/archives';
import { CompanyRole } from '@skill-cert/shared/companies';
import { type SkillLevelCode, skillLevelName } from '@skill-cert/shared/occupations';
import type { PageQuery } from '@skill-cert/shared/pagination';
import { formatDate, formatDateTime, SHANGHAI_OFFSET_MS } from '@skill-cert/shared/time';
import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { containsAny } from '../../lib/like.ts';
import { totalOf } from '../../lib/page-total.ts';
import { stepRows, timelineOf } from '../../lib/timeline.ts';
import { assignToCompany, findFiles } from '../files/service.ts';
import type { UserRow } from '../users/service.ts';
import type { ArchiveContext, ArchiveRecord, ArchiveSources } from './sources.ts';
import { archiveItems, archiveLogs, archives } from './tables.ts';

export const ARCHIVE_NOT_FOUND = '档案不存在或已删除';
export const ITEM_NOT_FOUND = '材料不存在或已删除';

const DAY_MS = 24 * 60 * 60_000;

/** The caller company's archive, or 404 (another company's reads as a missing one); `forUpdate` locks it. */
export async function findArchive(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
  forUpdate = false,
): Promise<ArchiveRecord> {
  const query = db
    .select()
    .from(archives)
    .where(and(eq(archives.id, id), ofCompany(archives, own)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(ARCHIVE_NOT_FOUND);
  return row;
}

/** `YYYY-MM-DD` plus whole years (29 February → 28 February). */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${String(y + years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The last day a retention date counts as expiring: today (China) + EXPIRING_WITHIN_DAYS. */
export const expiringCutoff = (now = new Date()): string =>
  formatDate(new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY_MS));

const earlier = (a: string | null, b: string | null) => (a && b ? (a < b ? a : b) : (a ?? b));

/**
 * The volumes an archive's uploads fill, as SQL beside its row (the list reads them with the page). The condition
 * is an SQL object of its own so its columns keep their table names (drizzle leaves them off a one-table select).
 */
const uploadedVolumesOf = sql<number[]>`array(select distinct ${archiveItems.volume}::int from ${archiveItems}
  where ${eq(archiveItems.archiveId, archives.id)})`;

/** What an archive's row shows besides its own columns: its uploaded volumes and its source's state. */
const besideRow = (sources: ArchiveSources) => ({
  uploaded: uploadedVolumesOf,
  state: sources.stateValues(archives.kind, archives.sourceId),
});

function toRow(
  a: ArchiveRecord,
  filled: ReadonlySet<number>,
  cutoff: string,
): ArchiveRow & { source_status: number } {
  const volumes = archiveKindVolumes[a.kind];
  const until = earlier(a.paperUntil, a.electronicUntil);
  return {
    _id: a.id,
    kind: a.kind,
    kind_text: archiveKindText[a.kind],
    source_id: a.sourceId,
    plan_no: a.number,
    name: a.name,
    occupation_name: a.occupationName,
    work_type: a.workType,
    level: (a.level as SkillLevelCode | null) ?? null,
    level_name: a.level ? skillLevelName(a.level) : null,
    start_date: a.startDate,
    end_date: a.endDate,
    volumes_filled: volumes.filter((v) => filled.has(v)).length,
    volume_total: volumes.length,
    paper_retention_years: a.paperYears,
    electronic_retention_years: a.electronicYears,
    paper_retention_until: a.paperUntil,
    electronic_retention_until: a.electronicUntil,
    expiring: a.status === ArchiveStatus.SEALED && until !== null && until <= cutoff,
    status: a.status,
    status_text: archiveStatusText[a.status],
    create_time_str: formatDateTime(a.createdAt),
    sealed_time_str: a.sealedAt ? formatDateTime(a.sealedAt) : null,
    sealed_by_name: a.sealedByName,
    source_status: 0,
  };
}

/** An archive read with what its row shows beside it (`besideRow`). */
interface ArchiveRead {
  archive: ArchiveRecord;
  uploaded: number[];
  state: number[] | null;
}

/** The row of an archive read with its uploads and its source's state, with the volumes filled. */
function rowOf(sources: ArchiveSources, r: ArchiveRead, cutoff: string) {
  const state = sources.stateOf(r.archive.kind, r.state);
  const filled = new Set<number>([...(state?.filled ?? []), ...r.uploaded]);
  return { row: toRow(r.archive, filled, cutoff), state };
}

/** What the archive list reads itself; each source names what its state reads (`ArchiveSource.state.tables`). */
export const ARCHIVE_LIST_TABLES = ['archives', 'archive_items'] as const;

/**
 * `GET /api/archives`: the company's archives, newest first. One statement: the page, its total, and beside each
 * row its uploaded volumes and its source's state. `until`: when the expiring flags may change (the next day in
 * China).
 */
export async function listArchives(
  db: DbOrTx,
  sources: ArchiveSources,
  own: CompanyScope,
  q: ArchiveListQuery & PageQuery,
  now = new Date(),
): Promise<{ list: ArchiveRow[]; total: number; until: number }> {
  const cutoff = expiringCutoff(now);
  const where = and(
    ofCompany(archives, own),
    containsAny(q.keyword, archives.name, archives.number),
    q.status === undefined ? undefined : eq(archives.status, q.status),
    q.level === undefined ? undefined : eq(archives.level, q.level),
    q.kind === undefined ? undefined : eq(archives.kind, q.kind),
    q.expiring
      ? and(
          eq(archives.status, ArchiveStatus.SEALED),
          lte(sql`least(${archives.paperUntil}, ${archives.electronicUntil})`, cutoff),
        )
      : undefined,
  );
  const page = await db
    .select({ archive: archives, ...besideRow(sources), total: totalOf(archives, where) })
    .from(archives)
    .where(where)
    .orderBy(desc(archives.createdAt), desc(archives.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  // An empty page past the first carries no total: it is counted alone.
  const total =
    page[0]?.total ??
    (q.page === 1 ? 0 : ((await db.select({ n: count() }).from(archives).where(where))[0]?.n ?? 0));
  return {
    list: page.map((r) => {
      const { source_status: _, ...row } = rowOf(sources, r, cutoff).row;
      return row;
    }),
    total,
    until: nextShanghaiDay(now),
  };
}

/** The first instant of the next day in China (UTC+8), as ms. */
const nextShanghaiDay = (now: Date): number =>
  (Math.floor((now.getTime() + SHANGHAI_OFFSET_MS) / DAY_MS) + 1) * DAY_MS - SHANGHAI_OFFSET_MS;

const itemDocument = (i: typeof archiveItems.$inferSelect, size: number | null): ArchiveDocument => ({
  key: i.id,
  kind: 'uploaded',
  volume: i.volume as ArchiveVolumeValue,
  name: i.name,
  format: extensionOf(i.name),
  item_id: i.id,
  file_id: i.fileId,
  size,
  created_by_name: i.createdByName,
  create_time_str: formatDateTime(i.createdAt),
});

const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** Every document of the archive, by volume: generated ones first, then uploads oldest first. */
export async function archiveDocuments(ctx: ArchiveContext): Promise<ArchiveDocument[]> {
  const generated = await ctx.app.archiveSources.of(ctx.archive.kind).documents(ctx);
  const items = await ctx.app.db
    .select()
    .from(archiveItems)
    .where(eq(archiveItems.archiveId, ctx.archive.id))
    .orderBy(asc(archiveItems.volume), asc(archiveItems.createdAt), asc(archiveItems.id));
  const sizes = new Map(
    (
      await findFiles(
        ctx.app.db,
        items.map((i) => i.fileId),
      )
    ).map((f) => [f.id, f.size]),
  );
  const docs: ArchiveDocument[] = generated.map((g) => ({
    key: g.key,
    kind: 'generated',
    volume: g.volume,
    name: g.name,
    format: g.format,
    item_id: null,
    file_id: null,
    size: null,
    created_by_name: null,
    create_time_str: null,
  }));
  docs.push(...items.map((i) => itemDocument(i, sizes.get(i.fileId) ?? null)));
  return ARCHIVE_VOLUMES.flatMap((v) => docs.filter((d) => d.volume === v.volume));
}

/** `GET /api/archives/{id}`: the row, the volume tree, the timeline and what the caller may do. */
export async function archiveDetail(ctx: ArchiveContext): Promise<ArchiveDetail> {
  const { app, archive: a, own } = ctx;
  const source = app.archiveSources.of(a.kind);
  const documents = await archiveDocuments(ctx);
  const [beside] = await app.db
    .select(besideRow(app.archiveSources))
    .from(archives)
    .where(eq(archives.id, a.id));
  const { row, state } = rowOf(
    app.archiveSources,
    { archive: a, uploaded: beside?.uploaded ?? [], state: beside?.state ?? null },
    expiringCutoff(),
  );
  const { source_status: _, ...base } = row;
  const volumes = archiveKindVolumes[a.kind].map((volume) => ({
    volume,
    name: ARCHIVE_VOLUMES.find((v) => v.volume === volume)?.name ?? '',
    folder: archiveFolderName(volume),
    accepts_uploads: volumeAcceptsUploads(volume),
    documents: documents.filter((d) => d.volume === volume),
  }));
  const filled = new Set(documents.map((d) => d.volume));
  const open = a.status === ArchiveStatus.OPEN;
  const admin = own.role === CompanyRole.ADMIN;
  const blocked = open ? await source.sealBlocked(ctx) : '档案已归档';
  const logs = await app.db
    .select()
    .from(archiveLogs)
    .where(eq(archiveLogs.archiveId, a.id))
    .orderBy(asc(archiveLogs.createdAt), asc(archiveLogs.id));
  const own_steps = timelineOf(logs, archiveActionText).map((s) => ({ ...s, source: 'archive' as const }));
  const timeline = [...(await source.timeline(ctx)), ...own_steps].sort((x, y) =>
    x.create_time_str === y.create_time_str ? 0 : x.create_time_str < y.create_time_str ? -1 : 1,
  );
  const abilities: ArchiveAbilities = {
    can_upload: open,
    can_delete: open && admin,
    can_edit_retention: open && admin,
    can_seal: open && admin && blocked === null,
  };
  return {
    ...base,
    volumes_filled: archiveKindVolumes[a.kind].filter((v) => filled.has(v)).length,
    source_status: state?.status ?? 0,
    source_status_text: state?.statusText ?? '',
    volumes,
    timeline,
    abilities,
    seal_blocked_reason: blocked,
  };
}

async function log(
  tx: DbOrTx,
  archiveId: string,
  user: { id: string; name: string },
  action: ArchiveActionValue,
  note: string | null = null,
) {
  await tx.insert(archiveLogs).values(stepRows(user, [{ action, note }]).map((s) => ({ archiveId, ...s })));
}

const refuseSealed = (a: ArchiveRecord, what: string) => {
  if (a.status === ArchiveStatus.SEALED) throw badRequest(`档案已归档，${what}`);
};

/** `POST /api/archives/{id}/items`: a file the caller (or the company) uploaded, into volume 3 or 4 of an open archive. */
export async function addItem(
  db: DbOrTx,
  own: CompanyScope,
  user: UserRow,
  id: string,
  body: ArchiveItemBody,
): Promise<ArchiveDocument> {
  return db.transaction(async (tx) => {
    const a = await findArchive(tx, own, id, true);
    refuseSealed(a, '不能再上传材料');
    if (
      !archiveKindVolumes[a.kind].includes(body.volume as ArchiveVolumeValue) ||
      !volumeAcceptsUploads(body.volume)
    )
      throw badRequest('只能上传到第3卷（过程记录）或第4卷（试卷与结果）');
    await assignToCompany(tx, body.file_id, user.id, own.id, '文件不存在或已删除，请重新上传');
    const [file] = await findFiles(tx, [body.file_id]);
    if (!file) throw badRequest('文件不存在或已删除，请重新上传');
    const name = body.name ? withExtension(body.name, file.originName) : file.originName;
    const [item] = await tx
      .insert(archiveItems)
      .values({
        archiveId: a.id,
        volume: body.volume,
        fileId: file.id,
        name,
        createdBy: user.id,
        createdByName: user.name,
      })
      .returning();
    if (!item) throw new Error('archive item not inserted');
    await log(tx, a.id, user, ArchiveAction.UPLOAD, `第${body.volume}卷：${name}`);
    return itemDocument(item, file.size);
  });
}

/** A typed name keeps the uploaded file's extension (the zip's entry opens with the right program). */
function withExtension(name: string, original: string): string {
  const ext = extensionOf(original);
  return ext && extensionOf(name) !== ext ? `${name}.${ext}` : name;
}

/** `DELETE /api/archives/{id}/items/{itemId}` (administrator, open archive). */
export async function removeItem(
  db: DbOrTx,
  own: CompanyScope,
  user: UserRow,
  id: string,
  itemId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const a = await findArchive(tx, own, id, true);
    const [item] = await tx
      .select()
      .from(archiveItems)
      .where(and(eq(archiveItems.id, itemId), eq(archiveItems.archiveId, a.id)));
    if (!item) throw notFound(ITEM_NOT_FOUND);
    refuseSealed(a, '不能删除材料');
    await tx.delete(archiveItems).where(eq(archiveItems.id, item.id));
    await log(tx, a.id, user, ArchiveAction.REMOVE, `第${item.volume}卷：${item.name}`);
  });
}

/** `PATCH /api/archives/{id}` (administrator, open archive): retention years from the seal. */
export async function setRetention(
  db: DbOrTx,
  own: CompanyScope,
  user: UserRow,
  id: string,
  body: ArchiveRetentionBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const a = await findArchive(tx, own, id, true);
    refuseSealed(a, '不能修改保管期限');
    const paper = body.paper_retention_years ?? a.paperYears;
    const electronic = body.electronic_retention_years ?? a.electronicYears;
    await tx
      .update(archives)
      .set({ paperYears: paper, electronicYears: electronic, updatedAt: new Date() })
      .where(eq(archives.id, a.id));
    await log(tx, a.id, user, ArchiveAction.RETENTION, `纸质档案 ${paper} 年，电子档案 ${electronic} 年`);
  });
}

/**
 * `POST /api/archives/{id}/seal` (administrator): in one transaction the archive becomes 已归档 with its retention
 * dates from today, its source moves to its archived state (a plan to 7 已归档) and the seal is on both timelines.
 */
export async function sealArchive(ctx: ArchiveContext, now = new Date()): Promise<void> {
  const { app, own, user } = ctx;
  await app.db.transaction(async (tx) => {
    const a = await findArchive(tx, own, ctx.archive.id, true);
    if (a.status === ArchiveStatus.SEALED) throw badRequest('档案已归档，请勿重复归档');
    // The source checks its own state again under its lock, and refuses (400) when it may not be sealed.
    await ctx.app.archiveSources.of(a.kind).seal(tx, { ...ctx, archive: a });
    const today = formatDate(now);
    await tx
      .update(archives)
      .set({
        status: ArchiveStatus.SEALED,
        sealedAt: now,
        sealedBy: user.id,
        sealedByName: user.name,
        paperUntil: addYears(today, a.paperYears),
        electronicUntil: addYears(today, a.electronicYears),
        updatedAt: now,
      })
      .where(eq(archives.id, a.id));
    await log(
      tx,
      a.id,
      user,
      ArchiveAction.SEAL,
      `纸质档案保管至 ${addYears(today, a.paperYears)}，电子档案保管至 ${addYears(today, a.electronicYears)}`,
    );
  });
}

/**
 * Seals the archive of a source (a test plan archived from its own page, not from 档案管理): the caller company's
 * archive of that kind and source, sealed as `sealArchive` does; none 400.
 */
export async function sealArchiveOf(
  app: ArchiveContext['app'],
  own: CompanyScope,
  kind: ArchiveKindValue,
  sourceId: string,
  user: UserRow,
): Promise<void> {
  const [archive] = await app.db
    .select()
    .from(archives)
    .where(and(eq(archives.kind, kind), eq(archives.sourceId, sourceId), ofCompany(archives, own)));
  if (!archive) throw badRequest('该计划还没有档案，不能归档');
  await sealArchive({ app, archive, own, user });
}
