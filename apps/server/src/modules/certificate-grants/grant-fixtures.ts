import { randomUUID } from 'node:crypto';
import { NATIONAL_TEMPLATE_ID } from '@skill-cert/shared/certificate';
import type { DbOrTx } from '../../db/client.ts';
import type { CertificateTemplate } from '../certificate-engine/types.ts';
import { certificateGrants } from './tables.ts';

/** A grant of the plan written directly as confirmed (已发证) on the national template: answers its id. */
export async function seedConfirmedGrant(
  db: DbOrTx,
  companyId: string,
  evaluationId: string,
  total: number,
): Promise<string> {
  const [grant] = await db
    .insert(certificateGrants)
    .values({
      companyId,
      evaluationId,
      templateId: NATIONAL_TEMPLATE_ID,
      template: { template_name: '职业技能等级证书' } as CertificateTemplate,
      issueDate: '2026-11-20',
      status: 2,
      total,
      successCount: total,
      createdBy: randomUUID(),
      createdByName: '企业管理员',
      confirmedAt: new Date(),
    })
    .returning({ id: certificateGrants.id });
  if (!grant) throw new Error('grant not inserted');
  return grant.id;
}
