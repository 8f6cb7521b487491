import {
  ARCHIVE_VOLUMES,
  type ArchiveAbilities,
  ArchiveAction,
  type ArchiveActionValue,
  type ArchiveDetail,
  type ArchiveDocument,
  type ArchiveItemBody,
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
} from '@skill-cert/shared/archive';
import { CompanyRole } from '@skill-cert/shared/company';
import { type SkillLevelCode, skillLevelName } from '@skill-cert/shared/occupation';
import type { PageQuery } from '@skill-cert/shared/pagination';
import { formatDate, formatDateTime } from '@skill-cert/shared/time';
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyScope, ofCompany } from '../../lib/company-scope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { containsAny } from '../../lib/like.ts';
import { stepRows, timelineOf } from '../../lib/timeline.ts';
import { assignToCompany, findFiles } from '../files/service.ts';
import type { UserRow } from '../users/service.ts';
import { type ArchiveContext, type ArchiveRecord, archiveSource } from './sources.ts';
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

/** Uploaded volumes of these archives, by archive id (one query). */
async function uploadedVolumes(db: DbOrTx, ids: string[]): Promise<Map<string, Set<number>>> {
  const map = new Map<string, Set<number>>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectDistinct({ archiveId: archiveItems.archiveId, volume: archiveItems.volume })
    .from(archiveItems)
    .where(inArray(archiveItems.archiveId, ids));
  for (const r of rows) map.set(r.archiveId, (map.get(r.archiveId) ?? new Set()).add(r.volume));
  return map;
}

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

/** Rows of these archives with the volumes filled (the sources' generated documents and the uploads). */
async function rowsOf(db: DbOrTx, list: ArchiveRecord[], now = new Date()) {
  const uploads = await uploadedVolumes(
    db,
    list.map((a) => a.id),
  );
  const states = new Map<string, { status: number; statusText: string; filled: ReadonlySet<number> }>();
  for (const kind of new Set(list.map((a) => a.kind))) {
    const ids = list.filter((a) => a.kind === kind).map((a) => a.sourceId);
    for (const [id, s] of await archiveSource(kind).states(db, ids)) states.set(`${kind}:${id}`, s);
  }
  const cutoff = expiringCutoff(now);
  return list.map((a) => {
    const state = states.get(`${a.kind}:${a.sourceId}`);
    const filled = new Set<number>([...(state?.filled ?? []), ...(uploads.get(a.id) ?? [])]);
    return { row: toRow(a, filled, cutoff), state };
  });
}

/** `GET /api/archives`: the company's archives, newest first. */
export async function listArchives(
  db: DbOrTx,
  own: CompanyScope,
  q: ArchiveListQuery & PageQuery,
  now = new Date(),
): Promise<{ list: ArchiveRow[]; total: number }> {
  const where = and(
    ofCompany(archives, own),
    containsAny(q.keyword, archives.name, archives.number),
    q.status === undefined ? undefined : eq(archives.status, q.status),
    q.level === undefined ? undefined : eq(archives.level, q.level),
    q.kind === undefined ? undefined : eq(archives.kind, q.kind),
    q.expiring
      ? and(
          eq(archives.status, ArchiveStatus.SEALED),
          lte(sql`least(${archives.paperUntil}, ${archives.electronicUntil})`, expiringCutoff(now)),
        )
      : undefined,
  );
  const [{ total }] = (await db.select({ total: count() }).from(archives).where(where)) as [
    { total: number },
  ];
  const page = await db
    .select()
    .from(archives)
    .where(where)
    .orderBy(desc(archives.createdAt), desc(archives.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const rows = await rowsOf(db, page, now);
  return { list: rows.map(({ row: { source_status: _, ...row } }) => row), total };
}

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
  const generated = await archiveSource(ctx.archive.kind).documents(ctx);
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
  const source = archiveSource(a.kind);
  const documents = await archiveDocuments(ctx);
  const [{ row, state }] = (await rowsOf(app.db, [a])) as [Awaited<ReturnType<typeof rowsOf>>[number]];
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
    await archiveSource(a.kind).seal(tx, { ...ctx, archive: a });
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
