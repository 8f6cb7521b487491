import { CertificateSource } from '@skill-cert/shared/certificates';
import { TemplateKey } from '@skill-cert/shared/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CUSTOM_RENDER_QUEUE,
  type LibrarySource,
  noneWaiting,
  rowCounters,
} from '../certificates/service.ts';
import { customCertificateBatches } from './tables.ts';

export const CERTIFICATE_CATEGORY = '证书通知';

/** What a custom certificate's PDF is called (inside the zip too): its 序号 as the list shows it, name, ID number. */
export function certificateFileName(c: {
  rowNumber: number;
  rowKey: string;
  holderName: string;
  idNumber: string;
}) {
  const parts = [c.rowKey || String(c.rowNumber), c.holderName, c.idNumber].filter(Boolean);
  return `${parts.join('_').replace(/[\\/:*?"<>|\s]+/g, '-')}.pdf`;
}

const counters = rowCounters({
  table: customCertificateBatches,
  id: customCertificateBatches.id,
  succeeded: customCertificateBatches.successCount,
  failed: customCertificateBatches.failedCount,
  total: customCertificateBatches.total,
});

/**
 * Custom batches are one more source of the certificate library: their rows are library certificates rendered on
 * the library's path with exactly the values typed, issued (有效, public) when generated; the batch keeps its counters,
 * and a finished batch whose last failure is regenerated becomes 已完成.
 */
export const customLibrarySource: LibrarySource = {
  kind: CertificateSource.CUSTOM,
  queue: CUSTOM_RENDER_QUEUE,
  async load(db, batchId) {
    const [b] = await db
      .select({
        template: customCertificateBatches.template,
        createdAt: customCertificateBatches.createdAt,
        ownerId: customCertificateBatches.createdBy,
        companyId: customCertificateBatches.companyId,
      })
      .from(customCertificateBatches)
      .where(eq(customCertificateBatches.id, batchId));
    return b ?? null;
  },
  valuesOf: (_template, row) => row.ownValues,
  fileName: certificateFileName,
  validWhenGenerated: true,
  ...counters,
  async counted(tx, batchId, change) {
    await counters.counted(tx, batchId, change);
    await tx.execute(sql`
      update ${customCertificateBatches} set status = 1
      where id = ${batchId} and status = 2 and failed_count = 0`);
  },
  finish: finishBatchIfDone,
};

/**
 * Once no certificate of a batch is waiting, the batch is 已完成 (1) or 部分失败 (2) and its uploader gets
 * create_custom_certificate_done, once however many workers finish its last chunks together.
 */
export async function finishBatchIfDone(app: FastifyInstance, batchId: string): Promise<void> {
  await app.messenger.finishAndTell(
    async (tx) => {
      const res = (await tx.execute(sql`
        update ${customCertificateBatches} b
        set status = case when b.failed_count > 0 then 2 else 1 end, finished_at = now()
        where b.id = ${batchId} and b.status = 0 and ${noneWaiting(batchId)}
        returning b.name, b.created_by, b.success_count, b.failed_count`)) as unknown as {
        rows: { name: string; created_by: string; success_count: number; failed_count: number }[];
      };
      const [done] = res.rows;
      if (!done) return null;
      return {
        userIds: [done.created_by],
        message: {
          category: CERTIFICATE_CATEGORY,
          content:
            done.failed_count > 0
              ? `「${done.name}」证书生成完成：成功 ${done.success_count} 张，失败 ${done.failed_count} 张，失败的证书可修改后重新生成`
              : `「${done.name}」证书生成完成：共 ${done.success_count} 张`,
          templateKey: TemplateKey.CUSTOM_CERTIFICATE_DONE,
          relatedId: batchId,
        },
      };
    },
    { batchId },
  );
}
