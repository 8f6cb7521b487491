import { formatDate } from '@skill-cert/shared/time';
import type { FastifyInstance } from 'fastify';
import { findUserByAccount } from '../users/service.ts';
import { createReport } from './reports.ts';
import { certificateReports } from './tables.ts';

const DAY = 86_400_000;

/**
 * 数据上报's demo (after 发证): `pingtai` has reported the certificates issued in the last 7 days (the demo grant's 8,
 * issued yesterday, one of them revoked), so /certificate-report lists one report and 证书库 shows both 已上报 (those)
 * and 未上报 (the published offline batch's, issued 50 days ago and confirmed once rendered). Nothing when a report
 * exists.
 */
export async function seedReportDemo(app: FastifyInstance): Promise<void> {
  const [any] = await app.db.select({ id: certificateReports.id }).from(certificateReports).limit(1);
  if (any) return;
  const platform = await findUserByAccount(app.db, 'pingtai');
  if (!platform) return;
  const today = Date.now();
  const scope = {
    company_id: null,
    start_date: formatDate(new Date(today - 7 * DAY)),
    end_date: formatDate(new Date(today)),
  };
  await createReport(app.db, scope, platform).catch((err: unknown) => {
    app.log.info({ err }, '数据上报演示：没有可上报的证书');
  });
}
