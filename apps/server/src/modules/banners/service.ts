import {
  type BannerPositionValue,
  type BannerRow,
  BannerStatus,
  type BannerStatusValue,
  type bannerBody,
  bannerPositionNames,
  bannerStatusNames,
  type ShownBanner,
} from '@skill-cert/shared/banners';
import { type Paged, type PageQuery, pageMeta } from '@skill-cert/shared/pagination';
import { formatDateTime, toTimestamp } from '@skill-cert/shared/time';
import { and, asc, desc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import { totalOf } from '../../lib/page-total.ts';
import { findFiles } from '../files/service.ts';
import { banners } from './tables.ts';

type Banner = typeof banners.$inferSelect;
type SavedBody = z.output<typeof bannerBody>;
/** Whose banners: null the platform's, else an institution's company id. */
export type BannerOwner = string | null;

const NOT_FOUND = '轮播图不存在或已删除';
const str = (d: Date | null) => (d ? formatDateTime(d) : null);
const timeOf = (t: string | null) => (t ? new Date(toTimestamp(t)) : null);

const ownedBy = (owner: BannerOwner): SQL =>
  owner === null ? isNull(banners.ownerCompanyId) : eq(banners.ownerCompanyId, owner);

/** Enabled and inside its window now. */
const shownNow = (): SQL =>
  and(
    eq(banners.status, BannerStatus.ENABLED),
    or(isNull(banners.showFrom), lte(banners.showFrom, sql`now()`)),
    or(isNull(banners.showUntil), gt(banners.showUntil, sql`now()`)),
  )!;

const isShown = (b: Banner, now = Date.now()) =>
  b.status === BannerStatus.ENABLED &&
  (!b.showFrom || b.showFrom.getTime() <= now) &&
  (!b.showUntil || b.showUntil.getTime() > now);

export function toBannerRow(b: Banner): BannerRow {
  const status = b.status as BannerStatusValue;
  return {
    _id: b.id,
    title: b.title,
    image_file_id: b.imageFileId,
    image_url: `/api/files/${b.imageFileId}`,
    link: b.link,
    position: b.position,
    position_name: bannerPositionNames[b.position as BannerPositionValue] ?? '',
    sort: b.sort,
    show_from_str: str(b.showFrom),
    show_until_str: str(b.showUntil),
    status,
    status_name: bannerStatusNames[status],
    shown: isShown(b),
    create_time_str: formatDateTime(b.createdAt),
    update_time_str: formatDateTime(b.updatedAt),
  };
}

async function findBanner(db: DbOrTx, owner: BannerOwner, id: string): Promise<Banner> {
  const [b] = await db
    .select()
    .from(banners)
    .where(and(eq(banners.id, id), ownedBy(owner)));
  if (!b) throw notFound(NOT_FOUND);
  return b;
}

/** The owner's banners, by position, then order (smaller first), newest first among equals. */
export async function listBanners(
  db: DbOrTx,
  owner: BannerOwner,
  q: PageQuery & { title?: string; position?: number; status?: number },
): Promise<Paged<BannerRow>> {
  const where = and(
    ownedBy(owner),
    q.title ? sql`${banners.title} ilike ${containsPattern(q.title)}` : undefined,
    q.position === undefined ? undefined : eq(banners.position, q.position),
    q.status === undefined ? undefined : eq(banners.status, q.status),
  );
  const rows = await db
    .select({ banner: banners, total: totalOf(banners, where) })
    .from(banners)
    .where(where)
    .orderBy(asc(banners.position), asc(banners.sort), desc(banners.createdAt), desc(banners.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(banners).where(where);
    total = n;
  }
  return { list: rows.map((r) => toBannerRow(r.banner)), meta: pageMeta(Number(total), q) };
}

/**
 * The image: a JPG or PNG the writer uploaded (or of the owner institution, or already one of the owner's banners),
 * since a shown banner's image is readable by anyone.
 */
async function checkImage(
  db: DbOrTx,
  owner: BannerOwner,
  userId: string,
  fileId: string,
  current?: Banner,
): Promise<void> {
  const [file] = await findFiles(db, [fileId]);
  if (!file) throw badRequest('图片不存在，请重新上传');
  if (!['jpg', 'png'].includes(file.kind)) throw badRequest('图片只能是 JPG 或 PNG');
  if (current?.imageFileId === fileId) return;
  if (file.ownerId === userId || (owner !== null && file.companyId === owner)) return;
  const [used] = await db
    .select({ id: banners.id })
    .from(banners)
    .where(and(ownedBy(owner), eq(banners.imageFileId, fileId)))
    .limit(1);
  if (!used) throw badRequest('图片不存在，请重新上传');
}

const columnsOf = (body: SavedBody) => ({
  title: body.title,
  imageFileId: body.image_file_id,
  link: body.link,
  position: body.position,
  sort: body.sort,
  showFrom: timeOf(body.show_from),
  showUntil: timeOf(body.show_until),
  status: body.status,
});

export async function createBanner(
  db: DbOrTx,
  owner: BannerOwner,
  userId: string,
  body: SavedBody,
): Promise<BannerRow> {
  await checkImage(db, owner, userId, body.image_file_id);
  const [row] = await db
    .insert(banners)
    .values({ ...columnsOf(body), ownerCompanyId: owner, createdBy: userId })
    .returning();
  return toBannerRow(row);
}

export async function updateBanner(
  db: DbOrTx,
  owner: BannerOwner,
  userId: string,
  id: string,
  body: SavedBody,
): Promise<BannerRow> {
  const current = await findBanner(db, owner, id);
  await checkImage(db, owner, userId, body.image_file_id, current);
  const [row] = await db
    .update(banners)
    .set(columnsOf(body))
    .where(and(eq(banners.id, id), ownedBy(owner)))
    .returning();
  if (!row) throw notFound(NOT_FOUND);
  return toBannerRow(row);
}

/** 启用 / 停用; asking for the status it has already changes nothing. */
export async function setBannerStatus(
  db: DbOrTx,
  owner: BannerOwner,
  id: string,
  status: BannerStatusValue,
): Promise<BannerRow> {
  const [row] = await db
    .update(banners)
    .set({ status })
    .where(and(eq(banners.id, id), ownedBy(owner)))
    .returning();
  if (!row) throw notFound(NOT_FOUND);
  return toBannerRow(row);
}

export async function deleteBanner(db: DbOrTx, owner: BannerOwner, id: string): Promise<void> {
  const gone = await db
    .delete(banners)
    .where(and(eq(banners.id, id), ownedBy(owner)))
    .returning({ id: banners.id });
  if (gone.length === 0) throw notFound(NOT_FOUND);
}

/** The owner's banners of a position shown now, in their order (what the login page and the learner app show). */
export async function listShownBanners(
  db: DbOrTx,
  owner: BannerOwner,
  position: number,
): Promise<ShownBanner[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(and(ownedBy(owner), eq(banners.position, position), shownNow()))
    .orderBy(asc(banners.sort), desc(banners.createdAt), desc(banners.id));
  return rows.map((b) => ({
    _id: b.id,
    image_url: `/api/banners/${b.id}/image`,
    link: b.link,
    title: b.title,
  }));
}

/** The image file of a banner shown now (read without signing in); anything else answers the same 404. */
export async function shownBannerImage(db: DbOrTx, id: string) {
  const [b] = await db
    .select({ fileId: banners.imageFileId })
    .from(banners)
    .where(and(eq(banners.id, id), shownNow()));
  const [file] = b ? await findFiles(db, [b.fileId]) : [];
  if (!file) throw notFound('图片不存在或已下线');
  return file;
}

/** Whether a file is the image of one of the owner's banners (the writers read every banner's image). */
export async function isBannerImage(db: DbOrTx, owner: BannerOwner, fileId: string): Promise<boolean> {
  const [hit] = await db
    .select({ id: banners.id })
    .from(banners)
    .where(and(ownedBy(owner), eq(banners.imageFileId, fileId)))
    .limit(1);
  return Boolean(hit);
}
