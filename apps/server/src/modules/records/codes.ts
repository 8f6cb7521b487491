import { INSTITUTION_CODE, SITE_CODE } from '@skill-cert/shared/certificate';
import type { RecordApproveBody } from '@skill-cert/shared/recordApplication';
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { companies } from '../companies/tables.ts';
import { recordApplications, recordSites } from './tables.ts';

/**
 * The codes of certificate numbers a filing's approval gives (issue 21 point 1): the company's 4-digit 评价机构代码
 * (unique among companies, kept once given) and a 6-digit 考核站点代码 for each site of the application (unique
 * within the company). The province code is not stored: it is the first two digits of the company's region.
 */
export interface FilingCodes {
  institutionCode: string | null;
  provinceCode: string | null;
  /** Site id → code, for every site of the application. */
  siteCodes: Map<string, string>;
}

const provinceOf = (regionCode: string | null) => {
  const code = regionCode?.slice(0, 2) ?? '';
  return /^\d{2}$/.test(code) ? code : null;
};

/** The smallest 4-digit institution code no company holds (0001 first). */
async function freeInstitutionCode(db: DbOrTx): Promise<string> {
  const res = (await db.execute(sql`
    select lpad(n::text, 4, '0') as code from generate_series(1, 9999) n
    where not exists (select 1 from ${companies} c where c.institution_code = lpad(n::text, 4, '0'))
    order by n limit 1`)) as unknown as { rows: { code: string }[] };
  const code = res.rows[0]?.code;
  if (!code) throw badRequest('评价机构代码已用尽，请手工填写');
  return code;
}

/** Site codes the company's other filings hold. */
async function usedSiteCodes(db: DbOrTx, companyId: string, applicationId: string): Promise<Set<string>> {
  const rows = await db
    .select({ code: recordSites.siteCode })
    .from(recordSites)
    .innerJoin(recordApplications, eq(recordApplications.id, recordSites.applicationId))
    .where(
      and(
        eq(recordApplications.companyId, companyId),
        ne(recordApplications.id, applicationId),
        isNotNull(recordSites.siteCode),
      ),
    );
  return new Set(rows.map((r) => r.code as string));
}

/** Codes for the sites without one, in the application's order: the next free ones of the company (000001 first). */
function nextSiteCodes(sites: { id: string; siteCode: string | null }[], taken: Set<string>) {
  const codes = new Map<string, string>();
  let n = 0;
  for (const site of sites) {
    if (site.siteCode) {
      codes.set(site.id, site.siteCode);
      continue;
    }
    let code: string;
    do code = String(++n).padStart(6, '0');
    while (taken.has(code));
    taken.add(code);
    codes.set(site.id, code);
  }
  return codes;
}

async function applicationSites(db: DbOrTx, applicationId: string) {
  return db
    .select({ id: recordSites.id, name: recordSites.name, siteCode: recordSites.siteCode })
    .from(recordSites)
    .where(eq(recordSites.applicationId, applicationId))
    .orderBy(asc(recordSites.sort), asc(recordSites.id));
}

async function companyCodes(db: DbOrTx, companyId: string) {
  const [company] = await db
    .select({ institutionCode: companies.institutionCode, regionCode: companies.regionCode })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company ?? { institutionCode: null, regionCode: null };
}

/** The codes an approval would give now (what the reviewer sees and may change), or the ones it gave. */
export async function proposedCodes(
  db: DbOrTx,
  application: { id: string; companyId: string },
): Promise<FilingCodes> {
  const company = await companyCodes(db, application.companyId);
  const sites = await applicationSites(db, application.id);
  const taken = await usedSiteCodes(db, application.companyId, application.id);
  return {
    institutionCode: company.institutionCode ?? (await freeInstitutionCode(db)),
    provinceCode: provinceOf(company.regionCode),
    siteCodes: nextSiteCodes(sites, taken),
  };
}

/** The codes an approved filing holds (none before approval). */
export async function assignedCodes(
  db: DbOrTx,
  application: { id: string; companyId: string },
): Promise<FilingCodes> {
  const company = await companyCodes(db, application.companyId);
  const sites = await applicationSites(db, application.id);
  const siteCodes = new Map<string, string>();
  for (const s of sites) if (s.siteCode) siteCodes.set(s.id, s.siteCode);
  return {
    institutionCode: company.institutionCode,
    provinceCode: provinceOf(company.regionCode),
    siteCodes,
  };
}

/**
 * Inside the approval's transaction: gives the company its institution code (if it has none) and each site of the
 * application its site code, the proposal or what the reviewer typed, after checking them. Approvals take their codes
 * one at a time (a transaction lock), so two approvals at once never propose the same free code.
 */
export async function assignCodes(
  tx: DbOrTx,
  application: { id: string; companyId: string },
  body: RecordApproveBody,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('record_filing_codes'))`);
  const company = await companyCodes(tx, application.companyId);
  const wanted = body?.institution_code;
  if (company.institutionCode) {
    if (wanted && wanted !== company.institutionCode)
      throw badRequest(`该企业已有评价机构代码 ${company.institutionCode}，不能修改`);
  } else {
    const code = wanted ?? (await freeInstitutionCode(tx));
    if (!INSTITUTION_CODE.test(code)) throw badRequest('评价机构代码应为4位数字');
    const [holder] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.institutionCode, code));
    if (holder) throw badRequest(`评价机构代码 ${code} 已被其他企业使用，请换一个`);
    await tx.update(companies).set({ institutionCode: code }).where(eq(companies.id, application.companyId));
  }

  const sites = await applicationSites(tx, application.id);
  const taken = await usedSiteCodes(tx, application.companyId, application.id);
  const typed = new Map<string, string>();
  for (const entry of body?.site_codes ?? []) {
    const site = sites.find((s) => s.id === entry.site_id);
    if (!site) throw badRequest('考核站点代码：考核场地不存在');
    if (!SITE_CODE.test(entry.site_code))
      throw badRequest(`考核场地「${site.name}」：考核站点代码应为6位数字`);
    if (taken.has(entry.site_code))
      throw badRequest(
        `考核场地「${site.name}」：考核站点代码 ${entry.site_code} 已被本企业的其他考核场地使用`,
      );
    if ([...typed.values()].includes(entry.site_code))
      throw badRequest(`考核场地「${site.name}」：考核站点代码 ${entry.site_code} 重复`);
    typed.set(site.id, entry.site_code);
  }
  for (const code of typed.values()) taken.add(code);
  const codes = nextSiteCodes(
    sites.map((s) => ({ id: s.id, siteCode: typed.get(s.id) ?? s.siteCode })),
    taken,
  );
  for (const [id, siteCode] of codes)
    await tx.update(recordSites).set({ siteCode }).where(eq(recordSites.id, id));
}
