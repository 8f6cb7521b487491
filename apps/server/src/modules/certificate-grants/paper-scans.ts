import path from 'node:path';
import {
  GrantStatus,
  type PaperAnalysis,
  type PaperMissingRow,
  PaperOutcome,
  type PaperOutcomeValue,
  type PaperScanResult,
  paperOutcomeText,
} from '@skill-cert/shared/certificate-grants';
import { CertificateStatus } from '@skill-cert/shared/certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { type PageQuery, pageMeta } from '@skill-cert/shared/pagination';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/id.ts';
import {
  isUnsafeZipPath,
  pdfPageCount,
  readZipDirectory,
  readZipEntry,
  type ZipItem,
} from '../certificate-engine/service.ts';
import { certificateLabels, countGrantCertificates, grantCertificatesPage } from '../certificates/service.ts';
import type { FileKind } from '../files/file-type.ts';
import { type FileRow, localPathOf, readableFile } from '../files/service.ts';
import type { UserRow } from '../users/service.ts';
import { findGrant } from './grants.ts';
import { UNKNOWN_PROBLEM } from './paper-problems.ts';
import { type certificateGrants, paperScanItems, paperScanUploads } from './tables.ts';

/**
 * Paper-certificate analysis: scans of the printed certificates of a grant are uploaded, read by a
 * background job (paper-job.ts) and each page matched to the grant's certificates by the QR code printed on it.
 */

export const STILL_GENERATING = '发证记录：证书尚在生成中，生成完成后才能上传纸质证书扫描件';
export const SCAN_KINDS: readonly FileKind[] = ['jpg', 'png', 'pdf', 'zip'];
export const SCAN_REFUSAL = '纸质证书扫描件应为 JPG/PNG 图片、PDF 或 ZIP 压缩包';
/**
 * The pages one upload may hold: twice the grant's certificates (fronts and backs) and some spare. A scan of
 * thousands of pages would hold the readers, which every company shares, for many minutes.
 */
export const scanPageLimit = (certificates: number) => certificates * 2 + 10;
export const tooManyPages = (pages: number, limit: number) =>
  `扫描件共 ${pages} 页，超过本次发证可上传的上限 ${limit} 页（证书张数的 2 倍再加 10 页），请分批上传本次发证的证书扫描件`;

/** The certificates that should be on paper: drafts and valid ones. */
const ON_PAPER = [CertificateStatus.DRAFT, CertificateStatus.VALID];
/** The items the analysis lists at most (newest upload first). */
export const PAPER_ITEMS_MAX = 5000;

export const PAPER_QUEUE = 'paper-scan-read';
export const PAPER_GAVE_UP_QUEUE = 'paper-scan-read-gave-up';
declare module '../../plugins/jobs.ts' {
  interface JobPayloads {
    'paper-scan-read': { uploadId: string };
    'paper-scan-read-gave-up': { uploadId: string };
  }
}

/** 0 解析中, 1 完成, 2 失败 (paper_scan_uploads.status). */
export const UploadStatus = { PARSING: 0, DONE: 1, FAILED: 2 } as const;

export interface Caller {
  user: UserRow;
  company: CompanyScope;
}

type GrantRow = Pick<typeof certificateGrants.$inferSelect, 'id' | 'status' | 'createdBy'>;

/** Scans are taken once the grant's certificates exist: 400 while they are still being generated. */
export function assertTakesScans(grant: Pick<GrantRow, 'status'>): void {
  if (grant.status === GrantStatus.GENERATING) throw badRequest(STILL_GENERATING);
}

/** Zip entries that are no scan of the user's: folders, macOS resource forks, hidden files, unsafe paths. */
const ignoredEntry = (name: string) =>
  name.endsWith('/') ||
  isUnsafeZipPath(name) ||
  name.split('/').some((s) => s === '__MACOSX' || s.startsWith('.'));

/** What a zip entry is by its name: a scan (image or PDF) or nothing to read. Its content is checked when read. */
export function scanKindOfEntry(name: string): 'image' | 'pdf' | null {
  if (ignoredEntry(name)) return null;
  const ext = path.posix.extname(name).slice(1).toLowerCase();
  if (ext === 'pdf') return 'pdf';
  return ['jpg', 'jpeg', 'png'].includes(ext) ? 'image' : null;
}

/**
 * The scans of a zip (images and PDFs, in the zip's order; an encrypted one too, so that its page says why it was not
 * read), refused with 400 when it is broken or holds none.
 */
export async function scansOfZip(
  file: Pick<FileRow, 'originName'>,
  filePath: string,
): Promise<{
  items: ZipItem[];
  read(item: ZipItem, maxBytes: number): Promise<Uint8Array | null>;
  close(): void;
}> {
  let opened: Awaited<ReturnType<typeof readZipDirectory>>;
  try {
    opened = await readZipDirectory(filePath);
  } catch {
    throw badRequest(`扫描件压缩包「${file.originName}」已损坏或不是 ZIP 文件`);
  }
  const items = opened.items.filter((i) => scanKindOfEntry(i.name));
  if (items.length === 0) {
    opened.zip.close();
    throw badRequest(`扫描件压缩包「${file.originName}」中没有 JPG/PNG 图片或 PDF 文件`);
  }
  return {
    items,
    /** The entry's bytes; null when it is bigger than `maxBytes` or cannot be unpacked. */
    async read(item, maxBytes) {
      return readZipEntry(opened.zip, item.entry, maxBytes).catch(() => null);
    },
    close: () => opened.zip.close(),
  };
}

/**
 * An upload of scans: files uploaded already (each an image, a PDF or a zip of them), checked, then recorded with
 * its job in one transaction. Answers how many scan files it holds (a zip counts its images and PDFs).
 */
export async function createPaperScan(
  app: FastifyInstance,
  caller: Caller,
  grant: GrantRow,
  fileIds: string[],
): Promise<PaperScanResult> {
  const { db, storage } = app;
  assertTakesScans(grant);
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) throw badRequest('请上传纸质证书扫描件');
  let fileCount = 0;
  // Counted before the reading is queued: a PDF by its page tree, a zip by its scans (a PDF inside counts once here;
  // the reader stops at the limit should it hold more).
  let pages = 0;
  for (const id of ids) {
    const file = await readableFile(db, id, caller.user);
    if (!SCAN_KINDS.includes(file.kind as FileKind))
      throw badRequest(`扫描件「${file.originName}」不是 JPG/PNG 图片、PDF 或 ZIP 压缩包`);
    if (file.kind !== 'zip') {
      fileCount += 1;
      pages += file.kind === 'pdf' ? ((await pdfPageCount(await localPathOf(storage, file.sha256))) ?? 1) : 1;
      continue;
    }
    const zip = await scansOfZip(file, await localPathOf(storage, file.sha256));
    fileCount += zip.items.length;
    pages += zip.items.length;
    zip.close();
  }
  const limit = scanPageLimit(await countGrantCertificates(db, grant.id, [0, 1, 2, 3]));
  if (pages > limit) throw badRequest(tooManyPages(pages, limit));
  const uploadId = uuidv7();
  await db.transaction(async (tx) => {
    await tx.insert(paperScanUploads).values({
      id: uploadId,
      grantId: grant.id,
      companyId: caller.company.id,
      fileIds: ids,
      createdBy: caller.user.id,
    });
    await app.jobs.send(PAPER_QUEUE, { uploadId }, { tx, tenant: caller.company.id });
  });
  app.jobs.notify(PAPER_QUEUE);
  return { _id: uploadId, file_count: fileCount };
}

const rowsOf = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The certificates of the grant some page has matched so far. */
export async function matchedCertificates(db: DbOrTx, grantId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: paperScanItems.certificateId })
    .from(paperScanItems)
    .where(and(eq(paperScanItems.grantId, grantId), eq(paperScanItems.outcome, PaperOutcome.MATCHED)));
  return rows.map((r) => r.id as string);
}

/** `GET .../{id}/paperAnalysis`: the counts of every upload of the grant so far, and its pages newest upload first. */
export async function paperAnalysisOf(
  db: DbOrTx,
  company: CompanyScope,
  grantId: string,
): Promise<PaperAnalysis> {
  const grant = await findGrant(db, company, grantId);
  const [uploads] = await rowsOf<{ uploads: number; parsing: number }>(
    db,
    sql`select count(*)::int as uploads, (count(*) filter (where status = ${UploadStatus.PARSING}))::int as parsing
        from ${paperScanUploads} where grant_id = ${grant.id}`,
  );
  const byOutcome = new Map(
    (
      await rowsOf<{ outcome: PaperOutcomeValue; n: number }>(
        db,
        sql`select outcome, count(*)::int as n from ${paperScanItems} where grant_id = ${grant.id} group by outcome`,
      )
    ).map((r) => [r.outcome, r.n]),
  );
  const missing = await countGrantCertificates(
    db,
    grant.id,
    ON_PAPER,
    await matchedCertificates(db, grant.id),
  );
  const items = await rowsOf<{
    id: string;
    source_name: string;
    outcome: PaperOutcomeValue;
    certificate_id: string | null;
    problem: string | null;
    created_at: string | Date;
  }>(
    db,
    sql`select i.id, i.source_name, i.outcome, i.certificate_id, i.detail->>'problem' as problem, i.created_at
        from ${paperScanItems} i
        join ${paperScanUploads} u on u.id = i.upload_id
        where i.grant_id = ${grant.id}
        order by u.created_at desc, u.id desc, (i.detail->>'seq')::int
        limit ${PAPER_ITEMS_MAX}`,
  );
  const labels = await certificateLabels(db, [
    ...new Set(items.map((i) => i.certificate_id).filter((id) => id !== null)),
  ]);
  const count = (o: PaperOutcomeValue) => byOutcome.get(o) ?? 0;
  return {
    parsing: uploads.parsing,
    uploads: uploads.uploads,
    pages: [...byOutcome.values()].reduce((a, b) => a + b, 0),
    matched: count(1),
    foreign: count(2),
    unreadable: count(3),
    duplicate: count(4),
    missing,
    items: items.map((i) => ({
      _id: i.id,
      source_name: i.source_name,
      outcome: i.outcome,
      outcome_text: paperOutcomeText[i.outcome],
      certificate_id: i.certificate_id,
      certificate_no: (i.certificate_id && labels.get(i.certificate_id)?.certificateNo) || null,
      holder_name: (i.certificate_id && labels.get(i.certificate_id)?.holderName) || null,
      reason: i.outcome === PaperOutcome.UNREADABLE ? i.problem || UNKNOWN_PROBLEM : null,
      create_time_str: formatDateTime(i.created_at),
    })),
  };
}

/**
 * `GET .../{id}/paperAnalysis/missing`: a page of the certificates that should be on paper (drafts and valid ones)
 * that no scan matched yet, in number order.
 */
export async function paperMissingOf(
  db: DbOrTx,
  company: CompanyScope,
  grantId: string,
  q: PageQuery & { keyword?: string },
): Promise<Paged<PaperMissingRow>> {
  const grant = await findGrant(db, company, grantId);
  const { rows, total } = await grantCertificatesPage(
    db,
    grant.id,
    ON_PAPER,
    await matchedCertificates(db, grant.id),
    q,
  );
  return {
    list: rows.map((r) => ({
      _id: r.id,
      certificate_no: r.certificateNo,
      holder_name: r.holderName,
      id_number: r.idNumber,
    })),
    meta: pageMeta(total, q),
  };
}
