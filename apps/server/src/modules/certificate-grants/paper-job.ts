import { PaperOutcome, type PaperOutcomeValue } from '@skill-cert/shared/certificate-grants';
import { TemplateKey } from '@skill-cert/shared/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { JobInterrupted } from '../../plugins/jobs.ts';
import { countGrantCertificates, grantCertificatesAmong } from '../certificates/service.ts';
import { detectFileKind } from '../files/file-type.ts';
import { findFiles, localPathOf } from '../files/service.ts';
import { ENTRY_BROKEN, ENTRY_ENCRYPTED, ENTRY_NOT_SCAN, entryTooBig } from './paper-problems.ts';
import { createScanReader, type PageRead, type ScanInput, type ScanReader } from './paper-reader.ts';
import {
  matchedCertificates,
  PAPER_GAVE_UP_QUEUE,
  PAPER_QUEUE,
  scanKindOfEntry,
  scanPageLimit,
  scansOfZip,
  tooManyPages,
  UploadStatus,
} from './paper-scans.ts';
import { certificateGrants, paperScanItems, paperScanUploads } from './tables.ts';

/** A zip entry (one scan) is read into memory up to this size: the upload limit of a single file. */
const ENTRY_MAX_BYTES = 50 * 1024 * 1024;
/** Pages of a PDF one reader task reads: a long PDF is read by every thread at once, a range each. */
const PDF_PAGES_PER_TASK = 8;
const CERTIFICATE_CATEGORY = '证书通知';
export const PAPER_FAILED_REASON = '识别扫描件时系统多次出错，请稍后重新上传';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The certificate a QR code names: its public page `…/information-link/{id}` (what the engine prints, see
 * certificates/rendering.ts verifyPath), or a bare id. Null for any other text.
 */
export function certificateIdOf(text: string): string | null {
  const trimmed = text.trim();
  const bare = trimmed.match(new RegExp(`^${UUID.source}$`, 'i'));
  if (bare) return bare[0].toLowerCase();
  const linked = trimmed.match(new RegExp(`/information-link/(${UUID.source})/?(?:[?#].*)?$`, 'i'));
  return linked ? linked[1].toLowerCase() : null;
}

/** One page read, in the order of the upload: its name, what its code said. */
export interface ReadPage {
  seq: [number, number];
  sourceName: string;
  text: string | null;
  problem?: string;
}

/** One page as it is written: its outcome and the certificate it matched (or repeated). */
export interface JudgedPage extends ReadPage {
  outcome: PaperOutcomeValue;
  certificateId: string | null;
}

/**
 * The outcome of each page, in order: 无法识别 without a code, 非本批证书 for a code that names no certificate of the
 * grant, 重复 for a certificate matched already (by an earlier page or upload), else 匹配.
 */
export function judgePages(
  pages: ReadPage[],
  ofGrant: Set<string>,
  matchedBefore: Set<string>,
): JudgedPage[] {
  const matched = new Set(matchedBefore);
  return pages.map((p) => {
    if (p.text === null) return { ...p, outcome: PaperOutcome.UNREADABLE, certificateId: null };
    const id = certificateIdOf(p.text);
    if (!id || !ofGrant.has(id)) return { ...p, outcome: PaperOutcome.FOREIGN, certificateId: null };
    if (matched.has(id)) return { ...p, outcome: PaperOutcome.DUPLICATE, certificateId: id };
    matched.add(id);
    return { ...p, outcome: PaperOutcome.MATCHED, certificateId: id };
  });
}

/** An upload holds more pages than the grant allows: its reading stops there, and the upload fails saying so. */
class ScanTooLong extends Error {
  constructor(
    readonly pages: number,
    readonly limit: number,
  ) {
    super(tooManyPages(pages, limit));
  }
}

/** A unit of reading: one reader task and how its pages are named. */
interface ReadTask {
  input: ScanInput;
  sourceSeq: number;
  name: string;
  /** PDF: the file's name is followed by the page (扫描件.pdf 第3页). */
  paged: boolean;
  /** Why it cannot be read at all (a zip entry encrypted, too big, broken, not a scan): not sent to the reader. */
  problem?: string;
}

/**
 * The reader tasks of an upload, one file (or zip entry) at a time: a zip's entries are read into memory only as
 * they are pulled, so an upload of thousands of scans never holds more than the tasks in flight.
 */
async function* readTasks(app: FastifyInstance, fileIds: string[]): AsyncGenerator<ReadTask> {
  const rows = await findFiles(app.db, fileIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  let sourceSeq = 0;
  for (const id of fileIds) {
    const file = byId.get(id);
    if (!file) continue;
    const filePath = await localPathOf(app.storage, file.sha256);
    if (file.kind === 'jpg' || file.kind === 'png' || file.kind === 'pdf') {
      yield {
        input: { kind: file.kind, path: filePath },
        sourceSeq: sourceSeq++,
        name: file.originName,
        paged: file.kind === 'pdf',
      };
      continue;
    }
    const zip = await scansOfZip(file, filePath);
    try {
      for (const item of zip.items) {
        const name = `${file.originName}/${item.name}`;
        const bytes = item.encrypted ? null : await zip.read(item, ENTRY_MAX_BYTES);
        const kind = bytes ? detectFileKind(Buffer.from(bytes.subarray(0, 4096)), item.name) : null;
        const scanKind = kind === 'jpg' || kind === 'png' || kind === 'pdf' ? kind : null;
        // Not an image or PDF inside, or not unpacked: the page says 无法识别 and why.
        const problem = item.encrypted
          ? ENTRY_ENCRYPTED
          : item.size > ENTRY_MAX_BYTES
            ? entryTooBig(ENTRY_MAX_BYTES)
            : !bytes
              ? ENTRY_BROKEN
              : !scanKind
                ? ENTRY_NOT_SCAN
                : undefined;
        yield {
          input: scanKind && bytes ? { kind: scanKind, bytes } : { kind: 'png', bytes: new Uint8Array(0) },
          sourceSeq: sourceSeq++,
          name,
          paged: scanKindOfEntry(item.name) === 'pdf',
          ...(problem ? { problem } : {}),
        };
      }
    } finally {
      zip.close();
    }
  }
}

/**
 * Reads every page of an upload with the scan reader, `threads × 2` tasks in flight (so no thread waits while the
 * main thread unpacks the next entry); a PDF's further pages become tasks of their own once its first range tells
 * how many there are.
 */
export async function readUploadPages(
  app: FastifyInstance,
  reader: ScanReader,
  fileIds: string[],
  signal: AbortSignal,
  pageLimit = Number.POSITIVE_INFINITY,
): Promise<ReadPage[]> {
  const source = readTasks(app, fileIds);
  // One pull at a time: the generator reads a zip's entries in order.
  let pulling: Promise<unknown> = Promise.resolve();
  const pull = (): Promise<IteratorResult<ReadTask>> => {
    const pulled = pulling.then(() => source.next());
    pulling = pulled.catch(() => {});
    return pulled;
  };
  const queue: ReadTask[] = [];
  const pages: ReadPage[] = [];
  // Pages known so far (a file or entry is one until a PDF's first range tells how many it has).
  let planned = 0;
  // Once one runner fails (a scan too long, a shutdown), the others stop after the page in their hands.
  let failed = false;
  const runner = async () => {
    for (;;) {
      if (signal.aborted) throw new JobInterrupted();
      if (failed) return;
      let task = queue.shift();
      if (!task) {
        const pulled = await pull();
        if (pulled.done) return;
        task = pulled.value;
        planned += 1;
        // A PDF's first task reads its first range only; the rest are queued once it tells how many pages there are.
        if (task.input.kind === 'pdf')
          task = { ...task, input: { ...task.input, from: 1, to: PDF_PAGES_PER_TASK } };
      }
      const out = task.problem
        ? { pageCount: 1, pages: [{ page: 1, text: null, problem: task.problem }] }
        : await reader.read(task.input);
      if (task.input.kind === 'pdf' && task.input.from === 1) {
        planned += out.pageCount - 1;
        if (planned > pageLimit) throw new ScanTooLong(planned, pageLimit);
      }
      if (task.input.kind === 'pdf' && task.input.from === 1)
        for (let start = 1 + PDF_PAGES_PER_TASK; start <= out.pageCount; start += PDF_PAGES_PER_TASK)
          queue.push({ ...task, input: { ...task.input, from: start, to: start + PDF_PAGES_PER_TASK - 1 } });
      for (const p of out.pages) pages.push(named(task, p));
    }
  };
  try {
    await Promise.all(
      Array.from({ length: reader.threads * 2 }, () =>
        runner().catch((err) => {
          failed = true;
          throw err;
        }),
      ),
    );
  } finally {
    await pulling;
    await source.return(undefined);
  }
  return pages.sort((a, b) => a.seq[0] - b.seq[0] || a.seq[1] - b.seq[1]);
}

const named = (task: ReadTask, p: PageRead): ReadPage => ({
  seq: [task.sourceSeq, p.page],
  sourceName: task.paged ? `${task.name} 第${p.page}页` : task.name,
  text: p.text,
  ...(p.problem ? { problem: p.problem } : {}),
});

/**
 * Writes an upload's pages and finishes it, in one transaction under the grant's row lock: uploads of one grant
 * are judged one after another, so a certificate is matched once whatever runs at the same time. The starter gets
 * paper_certificate_parse_done in the same transaction (pushed after it commits). A job run again after a crash
 * finds the upload finished and does nothing.
 */
export async function finishUpload(
  app: FastifyInstance,
  uploadId: string,
  pages: ReadPage[],
  failReason: string | null = null,
): Promise<void> {
  await app.messenger.finishAndTell(
    async (tx) => {
      const [upload] = await tx
        .select()
        .from(paperScanUploads)
        .where(and(eq(paperScanUploads.id, uploadId), eq(paperScanUploads.status, UploadStatus.PARSING)));
      if (!upload) return null;
      await tx.execute(sql`select id from ${certificateGrants} where id = ${upload.grantId} for update`);
      const judged = failReason ? [] : await judge(tx, upload.grantId, pages);
      for (let i = 0; i < judged.length; i += 500) {
        await tx.insert(paperScanItems).values(
          judged.slice(i, i + 500).map((p, k) => ({
            uploadId,
            grantId: upload.grantId,
            sourceName: p.sourceName,
            outcome: p.outcome,
            certificateId: p.certificateId,
            decoded: p.text?.slice(0, 500) ?? null,
            detail: { seq: i + k, ...(p.problem ? { problem: p.problem } : {}) },
          })),
        );
      }
      await tx
        .update(paperScanUploads)
        .set({
          status: failReason ? UploadStatus.FAILED : UploadStatus.DONE,
          failReason,
          pageCount: judged.length,
          finishedAt: new Date(),
        })
        .where(eq(paperScanUploads.id, uploadId));
      return {
        userIds: [upload.createdBy],
        message: {
          category: CERTIFICATE_CATEGORY,
          content: failReason ? `纸质证书识别失败：${failReason}` : summary(judged),
          templateKey: TemplateKey.PAPER_CERTIFICATE_PARSED,
          relatedId: upload.grantId,
        },
      };
    },
    { uploadId },
  );
}

async function judge(tx: DbOrTx, grantId: string, pages: ReadPage[]): Promise<JudgedPage[]> {
  const named = [
    ...new Set(pages.map((p) => (p.text ? certificateIdOf(p.text) : null)).filter((id) => id !== null)),
  ];
  const ofGrant = await grantCertificatesAmong(tx, grantId, named);
  return judgePages(pages, ofGrant, new Set(await matchedCertificates(tx, grantId)));
}

function summary(pages: JudgedPage[]): string {
  const n = (o: PaperOutcomeValue) => pages.filter((p) => p.outcome === o).length;
  return (
    `纸质证书识别完成：共 ${pages.length} 页，匹配 ${n(PaperOutcome.MATCHED)} 张，` +
    `非本批证书 ${n(PaperOutcome.FOREIGN)} 页，无法识别 ${n(PaperOutcome.UNREADABLE)} 页，重复 ${n(PaperOutcome.DUPLICATE)} 页`
  );
}

/**
 * The durable job of an upload: read its pages, then judge and write them (finishUpload). Retried after a crash or
 * an error of the system (nothing is written before the end); once the retries are spent its dead letter marks the
 * upload failed and tells the starter.
 */
export async function registerPaperJob(app: FastifyInstance, reader: () => ScanReader): Promise<void> {
  await app.jobs.work(
    PAPER_QUEUE,
    async ({ uploadId }, job) => {
      const [upload] = await app.db
        .select({
          fileIds: paperScanUploads.fileIds,
          status: paperScanUploads.status,
          grantId: paperScanUploads.grantId,
        })
        .from(paperScanUploads)
        .where(eq(paperScanUploads.id, uploadId));
      if (upload?.status !== UploadStatus.PARSING) return;
      const limit = scanPageLimit(await countGrantCertificates(app.db, upload.grantId, [0, 1, 2, 3]));
      try {
        await finishUpload(
          app,
          uploadId,
          await readUploadPages(app, reader(), upload.fileIds, job.signal, limit),
        );
      } catch (err) {
        if (!(err instanceof ScanTooLong)) throw err;
        await finishUpload(app, uploadId, [], tooManyPages(err.pages, err.limit));
      }
    },
    // Queued by paper-scans.ts, which wakes the worker after the commit.
    {
      retryLimit: 2,
      retryDelay: 5,
      expireInSeconds: 3600,
      deadLetter: PAPER_GAVE_UP_QUEUE,
      pollRarely: true,
    },
  );
  await app.jobs.work(
    PAPER_GAVE_UP_QUEUE,
    async ({ uploadId }) => finishUpload(app, uploadId, [], PAPER_FAILED_REASON),
    { pollRarely: true },
  );
}

/** The job reading paper scans; its reader threads start with the first scan read and close with the app. */
export async function startPaperReading(app: FastifyInstance): Promise<void> {
  let reader: ScanReader | null = null;
  await registerPaperJob(app, () => {
    reader ??= createScanReader(app.config.renderThreads, (err) =>
      app.log.error({ err }, '纸质证书识别线程出错'),
    );
    return reader;
  });
  app.addHook('onClose', async () => {
    await reader?.close();
  });
}
