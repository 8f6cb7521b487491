import {
  CertificateNumberKind,
  type CertificateNumberParts,
  certificateNumberPrefix,
  formatCertificateNumber,
  SERIAL_MAX,
} from '@skill-cert/shared/certificates';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { companyCodes } from '../companies/service.ts';
import { siteCodeOf } from '../records/service.ts';
import { certificateNumberCounters } from './tables.ts';

/** What a certificate number starts with: the filed institution and site (positions 1–13). */
export type NumberPrefix = Pick<
  CertificateNumberParts,
  'kind' | 'institutionCode' | 'provinceCode' | 'siteCode'
>;

/**
 * The prefix of a company's certificates evaluated at a filed site, or why there is none yet (in Chinese): the
 * institution code and site code are assigned when the platform approves the filing; the province code is the first
 * two digits of the company's region.
 */
export async function numberPrefixOf(
  db: DbOrTx,
  companyId: string,
  siteId: string | null,
): Promise<{ prefix: NumberPrefix; problem: null } | { prefix: null; problem: string }> {
  const company = await companyCodes(db, companyId);
  if (!company.institutionCode)
    return { prefix: null, problem: '企业尚未分配评价机构代码，请等待平台审核通过备案后再发证' };
  if (!company.provinceCode)
    return { prefix: null, problem: '企业所在地区未填写，无法生成证书编号的省份代码，请先完善企业信息' };
  const siteCode = siteId ? await siteCodeOf(db, siteId) : null;
  if (!siteCode) return { prefix: null, problem: '考核站点尚未分配考核站点代码，无法生成证书编号' };
  return {
    prefix: {
      // An institution (社会培训评价组织) numbers with S, an enterprise (用人单位) with Y.
      kind: company.type === 2 ? CertificateNumberKind.SOCIAL : CertificateNumberKind.EMPLOYER,
      institutionCode: company.institutionCode,
      provinceCode: company.provinceCode,
      siteCode,
    },
    problem: null,
  };
}

/**
 * Takes `count` consecutive serials of (prefix, year, level) inside the caller's transaction, answering the first.
 * One statement raises the counter (inserting it at the first use): its row lock orders concurrent grants, so the
 * serials of each are consecutive and none is taken twice; a rollback gives them back (no gap); nothing ever lowers
 * the counter, so a revoked number stays taken. Past 999999 the transaction is refused.
 */
export async function allocateSerials(
  tx: DbOrTx,
  key: { prefix: string; year: number; level: number },
  count: number,
): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`serial count ${count}`);
  const year = key.year % 100;
  const [row] = await tx
    .insert(certificateNumberCounters)
    .values({ prefix: key.prefix, year, level: key.level, lastSerial: count })
    .onConflictDoUpdate({
      target: [
        certificateNumberCounters.prefix,
        certificateNumberCounters.year,
        certificateNumberCounters.level,
      ],
      set: {
        lastSerial: sql`${certificateNumberCounters.lastSerial} + ${count}`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ last: certificateNumberCounters.lastSerial });
  if (row.last > SERIAL_MAX)
    throw badRequest(
      `证书编号已用尽：该评价机构、考核站点${key.year}年${key.level}级证书的流水号最多${SERIAL_MAX}个，本次需要${count}个`,
    );
  return row.last - count + 1;
}

/** `count` new certificate numbers of the prefix, year and level, consecutive, in the caller's transaction. */
export async function allocateCertificateNumbers(
  tx: DbOrTx,
  prefix: NumberPrefix,
  year: number,
  level: number,
  count: number,
): Promise<string[]> {
  const first = await allocateSerials(tx, { prefix: certificateNumberPrefix(prefix), year, level }, count);
  return Array.from({ length: count }, (_, i) =>
    formatCertificateNumber({ ...prefix, year, level, serial: first + i }),
  );
}
