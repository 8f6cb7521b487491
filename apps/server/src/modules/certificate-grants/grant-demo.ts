import { CertificateSource, NATIONAL_TEMPLATE_ID } from '@skill-cert/shared/certificates';
import { CompanyRole } from '@skill-cert/shared/companies';
import { formatDate } from '@skill-cert/shared/time';
import type { FastifyInstance } from 'fastify';
import { companyScope } from '../../lib/company-scope.ts';
import { AppError } from '../../lib/errors.ts';
import {
  certificateIdAt,
  queueRendering,
  revokeCertificate,
  wakeRendering,
} from '../certificates/service.ts';
import { passedPlanNamed } from '../level-evaluations/service.ts';
import { findUserByAccount } from '../users/service.ts';
import { markConfirmed, prepareGrant, writeGrant } from './grants.ts';

/** The demo plan 已通过 that is granted (level-evaluations/demo.ts seeds it); the other 已通过 one stays to grant. */
export const DEMO_GRANTED_PLAN = '2026年焊工（电焊工）五级评价 第二期';

/**
 * Demo content (SEED_DEMO; src/demo runs it once the job queue runs): qiye's plan DEMO_GRANTED_PLAN, still 已通过,
 * is granted with the national template and confirmed in one transaction: certificates valid in the library, one
 * revoked, the plan 已发证; the PDFs render in the background, so start-up stays fast. Once granted it is left alone;
 * of several instances starting together one grants it.
 */
export async function seedGrantDemo(app: FastifyInstance): Promise<void> {
  try {
    if (await grantDemoPlan(app)) wakeRendering(app, CertificateSource.GRANT);
  } catch (err) {
    // Granted already (by another instance), or the demo changed: nothing to seed.
    if (!(err instanceof AppError)) throw err;
  }
}

async function grantDemoPlan(app: FastifyInstance): Promise<boolean> {
  const admin = await findUserByAccount(app.db, 'qiye');
  if (!admin?.companyId) return false;
  const planId = await passedPlanNamed(app.db, admin.companyId, DEMO_GRANTED_PLAN);
  if (!planId) return false;
  const caller = { user: admin, company: companyScope(admin.companyId, CompanyRole.ADMIN) };
  const now = new Date();
  const prepared = await prepareGrant(app.db, caller, {
    evaluation_id: planId,
    template_id: NATIONAL_TEMPLATE_ID,
    issue_date: formatDate(new Date(now.getTime() - 86_400_000)),
    scope: 'all',
    candidate_ids: [],
  });
  await app.db.transaction(async (tx) => {
    const { grantId, rowNumbers } = await writeGrant(tx, prepared);
    await markConfirmed(tx, { id: grantId, evaluationId: planId }, admin, now);
    const second = await certificateIdAt(tx, grantId, 2);
    if (second) await revokeCertificate(tx, caller.company, admin, second, '演示数据：证书信息有误，已撤销');
    await queueRendering(
      app,
      tx,
      { kind: CertificateSource.GRANT, sourceId: grantId, companyId: admin.companyId as string },
      rowNumbers,
    );
  });
  return true;
}
