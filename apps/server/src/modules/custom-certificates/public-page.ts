import {
  BlankType,
  maskIdNumber,
  ProduceStatus,
  type PublicCertificate,
} from '@skill-cert/shared/customCertificate';
import { formatDate } from '@skill-cert/shared/time';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { ID_CARD_BLANK, ISSUE_DATE_BLANK, NAME_BLANK } from '../certificate-engine/defaults.ts';
import { visible } from './batches.ts';
import { companyNameOf } from './caller.ts';
import { customCertificateBatches, customCertificates } from './tables.ts';

export const PUBLIC_NOT_FOUND = '证书不存在或已失效';

/** What /information-link/:id shows without login: generated certificates only, all valid (no revocation yet). */
export async function publicCertificate(db: DbOrTx, id: string): Promise<PublicCertificate> {
  const [row] = await db
    .select({ certificate: customCertificates, batch: customCertificateBatches })
    .from(customCertificates)
    .innerJoin(customCertificateBatches, eq(customCertificateBatches.id, customCertificates.batchId))
    .where(and(eq(customCertificates.id, id), visible));
  // Only a generated certificate exists for the public: one still waiting, or one that failed (never issued),
  // answers like an unknown id, so its holder's details are not shown.
  if (!row || row.certificate.status !== ProduceStatus.DONE) throw notFound(PUBLIC_NOT_FOUND);
  const { certificate: c, batch } = row;
  const values = new Map(c.blanks.map((v) => [v.name, v.val]));
  const text = batch.template.blanks.filter((b) => b.blank_type === BlankType.TEXT);
  const nameBlank = text.find((b) => b.name === NAME_BLANK) ?? text[0];
  const idCard = values.get(ID_CARD_BLANK);
  return {
    _id: c.id,
    holder_name: nameBlank ? (values.get(nameBlank.name) ?? '') : '',
    id_card_masked: idCard ? maskIdNumber(idCard) : null,
    fields: text
      .filter((b) => b !== nameBlank && b.name !== ID_CARD_BLANK && b.name !== ISSUE_DATE_BLANK)
      .map((b) => ({ label: b.cn_name, value: values.get(b.name) ?? '' }))
      .filter((f) => f.value),
    issuer: await companyNameOf(db, batch.companyId),
    issue_date: values.get(ISSUE_DATE_BLANK) || (c.generatedAt ? formatDate(c.generatedAt) : null),
    template_name: batch.template.template_name,
    valid: true,
    status_text: '有效',
  };
}
