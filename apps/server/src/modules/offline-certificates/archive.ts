import type { Readable } from 'node:stream';
import { ArchiveKind, type ArchiveTimelineItem, type ArchiveVolumeValue } from '@skill-cert/shared/archives';
import { evaluationMethodText, idTypeText } from '@skill-cert/shared/level-evaluations';
import { skillLevelName } from '@skill-cert/shared/occupations';
import {
  OFFLINE_METHODS,
  OfflineBatchStatus,
  type OfflineBatchStatusValue,
  offlineBatchStatusText,
} from '@skill-cert/shared/offline-certificates';
import { formatDateTime } from '@skill-cert/shared/time';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { certificateSheet, openArchive, revocationSection } from '../archives/service.ts';
import type { ArchiveContext, ArchiveSource, GeneratedDocument } from '../archives/sources.ts';
import type { DocumentJob } from '../certificate-engine/service.ts';
import { streamTable, type TableRow } from '../certificate-engine/service.ts';
import { notGenerated, numberRange, ownBlanksOf } from '../certificates/service.ts';
import { type BatchRecord, findBatch } from './batches.ts';
import { offlineCertificateBatches, offlineCertificateDrafts } from './tables.ts';

/**
 * The archive of an offline batch (档案管理): opened when the batch is published, in the same
 * transaction; volume 4 the holders' results (.xlsx, from the drafts), volume 5 the certificate list (.xlsx, as the
 * library exports it) and the publish record (.pdf: the batch, its numbers, its revocations). Sealed once 已发布.
 */

/** Rows read at once while the results sheet streams out. */
const PAGE = 1000;

const DOCS = {
  results: { volume: 4, name: '持证人评价结果.xlsx', format: 'xlsx' },
  certificates: { volume: 5, name: '证书清单.xlsx', format: 'xlsx' },
  publish: { volume: 5, name: '证书发布记录.pdf', format: 'pdf' },
} as const satisfies Record<string, { volume: ArchiveVolumeValue; name: string; format: 'xlsx' | 'pdf' }>;
type DocKey = keyof typeof DOCS;

const PUBLISHED: readonly number[] = [OfflineBatchStatus.PUBLISHING, OfflineBatchStatus.PUBLISHED];
/** Every document exists once the batch is published (the archive opens then). */
const presentKeys = (status: number): DocKey[] =>
  PUBLISHED.includes(status) ? ['results', 'certificates', 'publish'] : [];

/** Inside the publish transaction: the batch's archive opens, with what its list shows. */
export async function openBatchArchive(
  tx: DbOrTx,
  b: BatchRecord,
  user: { id: string; name: string },
): Promise<void> {
  await openArchive(
    tx,
    ArchiveKind.OFFLINE_BATCH,
    {
      companyId: b.companyId,
      sourceId: b.id,
      number: null,
      name: b.name,
      occupationName: b.occupationName,
      workType: b.workType,
      level: b.level,
      startDate: b.startDate,
      endDate: b.endDate,
    },
    user,
  );
}

/** Volume 4: each holder's row of the sheet with the results per method, a page at a time. */
async function resultSheet(ctx: ArchiveContext, b: BatchRecord, signal: AbortSignal) {
  const own = ownBlanksOf(b.template);
  async function* rows(): AsyncIterable<TableRow[]> {
    let after = 0;
    let n = 0;
    for (;;) {
      const page = await ctx.app.db
        .select()
        .from(offlineCertificateDrafts)
        .where(and(eq(offlineCertificateDrafts.batchId, b.id), gt(offlineCertificateDrafts.rowNumber, after)))
        .orderBy(asc(offlineCertificateDrafts.rowNumber))
        .limit(PAGE);
      yield page.map((d) => [
        ++n,
        d.name,
        idTypeText[d.idType as 1] ?? '',
        d.idNumber,
        ...OFFLINE_METHODS.map((m) => d.results[String(m)] ?? ''),
        ...own.map((bl) => d.values[bl.name] ?? ''),
      ]);
      const tail = page.at(-1);
      if (!tail || page.length < PAGE) return;
      after = tail.rowNumber;
    }
  }
  return streamTable(
    {
      sheetName: '持证人评价结果',
      columns: [
        { header: '序号', width: 8 },
        { header: '姓名', width: 12 },
        { header: '证件类型', width: 14 },
        { header: '证件号码', width: 22 },
        ...OFFLINE_METHODS.map((m) => ({ header: evaluationMethodText[m], width: 14 })),
        ...own.map((bl) => ({ header: bl.cn_name, width: 16 })),
      ],
    },
    rows,
    (err) => ctx.app.log.error({ err, archive: ctx.archive.id }, '档案文件生成失败'),
    signal,
  );
}

/** Volume 5: the batch, what was evaluated where, its numbers and who published it, and the revocations. */
async function publishDocument(ctx: ArchiveContext, b: BatchRecord): Promise<DocumentJob> {
  const range = await numberRange(ctx.app.db, b.id);
  return {
    title: `${b.name} 证书发布记录`,
    sections: [
      {
        heading: '一、评价与发布',
        lines: [
          ['职业', b.occupationName],
          ['工种/职业方向', b.workType ?? '--'],
          ['职业技能等级', skillLevelName(b.level)],
          ['评价日期', `${b.startDate} 至 ${b.endDate}`],
          ['考核站点', b.siteName],
          ['证书模板', b.template.template_name],
          ['发证日期', b.issueDate],
          ['证书数量', `${b.total}（生成成功 ${b.renderedCount}，失败 ${b.failedCount}）`],
          ['证书编号', range.first ? `${range.first} 至 ${range.last ?? ''}` : ''],
          ['上传人', b.createdByName],
          ['上传时间', formatDateTime(b.createdAt)],
          ['确认发证人', b.publishedByName ?? ''],
          ['确认发证时间', b.publishedAt ? formatDateTime(b.publishedAt) : ''],
          ['状态', offlineBatchStatusText[b.status]],
        ],
      },
      await revocationSection(ctx, b.id, '二、撤销'),
    ],
  };
}

/** The batch's steps for the archive's timeline, oldest first. */
function batchTimeline(b: BatchRecord): ArchiveTimelineItem[] {
  const step = (action: string, text: string, at: Date | null, user: string | null): ArchiveTimelineItem[] =>
    at
      ? [
          {
            _id: `${b.id}-${action}`,
            source: 'plan',
            action,
            action_text: text,
            user_name: user ?? '',
            note: null,
            create_time_str: formatDateTime(at),
          },
        ]
      : [];
  return [
    ...step('upload', '上传证书信息', b.createdAt, b.createdByName),
    ...step('publish', '确认发证', b.publishedAt, b.publishedByName),
    ...step('published', '证书发布完成', b.finishedAt, null),
  ];
}

/**
 * Why the batch's archive cannot be sealed yet, or null: it is sealed once 3 已发布 with every certificate generated
 * (a failed one is regenerated first, so the sealed certificate list is final).
 */
async function sealBlockedReason(db: DbOrTx, b: BatchRecord): Promise<string | null> {
  if (b.status !== OfflineBatchStatus.PUBLISHED) return '证书尚未全部生成，发布完成后才能归档';
  const n = await notGenerated(db, b.id);
  return n > 0 ? `有 ${n} 张证书生成失败，重新生成后才能归档` : null;
}

/** The archive of a published offline batch: its sheet, holders and certificates, produced on request. */
export const offlineArchiveSource: ArchiveSource = {
  kind: ArchiveKind.OFFLINE_BATCH,
  state: {
    values: (batchId) =>
      sql<number[] | null>`(select array[${offlineCertificateBatches.status}]::int[]
        from ${offlineCertificateBatches} where ${eq(offlineCertificateBatches.id, batchId)})`,
    read: ([status = 0]) => ({
      status,
      statusText: offlineBatchStatusText[status as OfflineBatchStatusValue] ?? '',
      filled: new Set(presentKeys(status).map((k) => DOCS[k].volume)),
    }),
    tables: ['offline_certificate_batches'],
  },
  async documents(ctx) {
    const b = await findBatch(ctx.app.db, ctx.own, ctx.archive.sourceId);
    return presentKeys(b.status).map((key): GeneratedDocument => ({ key, ...DOCS[key] }));
  },
  async produce(ctx, key, signal): Promise<Readable | Uint8Array | null> {
    const b = await findBatch(ctx.app.db, ctx.own, ctx.archive.sourceId);
    if (!presentKeys(b.status).includes(key as DocKey)) return null;
    switch (key as DocKey) {
      case 'results':
        return resultSheet(ctx, b, signal);
      case 'certificates':
        return certificateSheet(ctx, b.id, signal);
      case 'publish':
        return ctx.app.renderPool.document(await publishDocument(ctx, b));
      default:
        return null;
    }
  },
  async timeline(ctx) {
    return batchTimeline(await findBatch(ctx.app.db, ctx.own, ctx.archive.sourceId));
  },
  async sealBlocked(ctx) {
    return sealBlockedReason(ctx.app.db, await findBatch(ctx.app.db, ctx.own, ctx.archive.sourceId));
  },
  async seal(tx, ctx) {
    const reason = await sealBlockedReason(tx, await findBatch(tx, ctx.own, ctx.archive.sourceId, true));
    if (reason) throw badRequest(reason);
  },
};
