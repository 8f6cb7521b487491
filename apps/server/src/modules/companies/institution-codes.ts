import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from './tables.ts';

/**
 * A company's 评价机构代码 (the 4 digits after the kind letter of its certificate numbers), given when the
 * platform first approves one of its filings (records/codes.ts), and the province code of its region.
 */
export interface CompanyCodes {
  /** 1 企业 (its certificate numbers start with Y), 2 社会培训评价组织 (with S). */
  type: number;
  institutionCode: string | null;
  /** The first two digits of the company's region, or null without one. */
  provinceCode: string | null;
}

export async function companyCodes(db: DbOrTx, companyId: string): Promise<CompanyCodes> {
  const [row] = await db
    .select({
      institutionCode: companies.institutionCode,
      regionCode: companies.regionCode,
      type: companies.type,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  const province = row?.regionCode?.slice(0, 2) ?? '';
  return {
    type: row?.type ?? 1,
    institutionCode: row?.institutionCode ?? null,
    provinceCode: /^\d{2}$/.test(province) ? province : null,
  };
}

/** The smallest 4-digit institution code no company holds (0001 first), or null when all are taken. */
export async function freeInstitutionCode(db: DbOrTx): Promise<string | null> {
  const res = (await db.execute(sql`
    select lpad(n::text, 4, '0') as code from generate_series(1, 9999) n
    where not exists (select 1 from ${companies} c where c.institution_code = lpad(n::text, 4, '0'))
    order by n limit 1`)) as unknown as { rows: { code: string }[] };
  return res.rows[0]?.code ?? null;
}

/** Whether a company holds the code. */
export async function institutionCodeTaken(db: DbOrTx, code: string): Promise<boolean> {
  const [holder] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.institutionCode, code));
  return Boolean(holder);
}

/** Gives the company its code (callers check it is free; the column is unique). */
export async function setInstitutionCode(db: DbOrTx, companyId: string, code: string | null): Promise<void> {
  await db.update(companies).set({ institutionCode: code }).where(eq(companies.id, companyId));
}
