import { INSTITUTION_CODE, SITE_CODE } from '@skill-cert/shared/certificates';
import type { RecordApproveBody } from '@skill-cert/shared/records';
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  companyCodes,
  freeInstitutionCode,
  institutionCodeTaken,
  setInstitutionCode,
} from '../companies/service.ts';
import { recordApplications, recordSites } from './tables.ts';

/**
 * The codes of certificate numbers a filing's approval gives: the company's 4-digit 评价机构代码
 * (unique among companies, kept once given) and a 6-digit 考核站点代码 for each site of the application (unique
 * within the company). The province code is not stored: it is the first two digits of the company's region.
 */
export interface FilingCodes {
  institutionCode: string | null;
  provinceCode: string | null;
  /** Site id → code, for every site of the application. */
  siteCodes: Map<string, string>;
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
    provinceCode: company.provinceCode,
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
  return { institutionCode: company.institutionCode, provinceCode: company.provinceCode, siteCodes };
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
    if (!code) throw badRequest('评价机构代码已用尽，请手工填写');
    if (!INSTITUTION_CODE.test(code)) throw badRequest('评价机构代码应为4位数字');
    if (await institutionCodeTaken(tx, code))
      throw badRequest(`评价机构代码 ${code} 已被其他企业使用，请换一个`);
    await setInstitutionCode(tx, application.companyId, code);
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

/** The 考核站点代码 of a filed site, or null (not approved yet, or no such site). */
export async function siteCodeOf(db: DbOrTx, siteId: string): Promise<string | null> {
  const [site] = await db
    .select({ code: recordSites.siteCode })
    .from(recordSites)
    .where(eq(recordSites.id, siteId));
  return site?.code ?? null;
}
