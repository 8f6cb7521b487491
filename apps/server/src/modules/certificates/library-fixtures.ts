import { randomUUID } from 'node:crypto';
import {
  type CertificateSourceValue,
  type CertificateStatusValue,
  formatCertificateNumber,
} from '@skill-cert/shared/certificate';
import type { DbOrTx } from '../../db/client.ts';
import { certificates } from './tables.ts';

type NewCertificate = typeof certificates.$inferInsert;

/** The national number of a test certificate: institution 0001, province 33, site 000001, 2026. */
export const testCertificateNo = (serial: number, level = 4): string =>
  formatCertificateNumber({
    kind: 'Y',
    institutionCode: '0001',
    provinceCode: '33',
    siteCode: '000001',
    year: 2026,
    level,
    serial,
  });

/**
 * A library row written directly, as a grant or a reissue would leave it (the library's tests do not depend on
 * granting): source 1, a national number from `serial`, issued (status 1) unless told otherwise.
 */
export async function seedCertificate(
  db: DbOrTx,
  companyId: string,
  serial: number,
  overrides: Partial<NewCertificate> & {
    status?: CertificateStatusValue;
    source?: CertificateSourceValue;
  } = {},
): Promise<typeof certificates.$inferSelect> {
  const [row] = await db
    .insert(certificates)
    .values({
      id: randomUUID(),
      companyId,
      source: 1,
      sourceId: randomUUID(),
      certificateNo: testCertificateNo(serial, overrides.level ?? 4),
      holderName: '张三',
      idType: 1,
      idNumber: `33010619900101${String(serial).padStart(4, '0')}`,
      occupationCode: '6-31-01-03',
      occupationName: '电工',
      workType: null,
      level: 4,
      institutionName: '示例智能制造有限公司',
      issueDate: '2026-06-01',
      status: 1,
      confirmedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row;
}

/** Library rows written directly, a thousand per statement (a 10,000-certificate grant for the archive benchmark). */
export async function seedCertificateRows(db: DbOrTx, rows: NewCertificate[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(certificates).values(rows.slice(i, i + 1000));
}
