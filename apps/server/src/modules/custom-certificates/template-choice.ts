import { NATIONAL_TEMPLATE_ID } from '@skill-cert/shared/certificates';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../../lib/company-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import type { CertificateTemplate } from '../certificate-engine/types.ts';
import { NATIONAL_TEMPLATE } from '../certificates/service.ts';
import { findTemplate, snapshotOf } from './templates.ts';

export const TEMPLATE_GONE = '证书模板不存在或已删除，请重新选择';

/**
 * The template a source of national certificates (a grant, an offline batch) chose: `national` (the built-in
 * 职业技能等级证书) or one of the company's custom templates, as it is now; 400 naming the template otherwise.
 */
export async function chosenTemplate(
  db: DbOrTx,
  own: CompanyScope,
  id: string,
): Promise<CertificateTemplate> {
  if (id === NATIONAL_TEMPLATE_ID) return NATIONAL_TEMPLATE;
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw badRequest(TEMPLATE_GONE);
  try {
    return snapshotOf(await findTemplate(db, own, id));
  } catch {
    throw badRequest(TEMPLATE_GONE);
  }
}
