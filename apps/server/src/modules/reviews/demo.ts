import { CompanyRole, CompanyType } from '@skill-cert/shared/companies';
import { withCheckDigit } from '@skill-cert/shared/id-card';
import { recordApplicationBody } from '@skill-cert/shared/records';
import type { DbOrTx } from '../../db/client.ts';
import { companyScope } from '../../lib/company-scope.ts';
import { findCompany } from '../companies/service.ts';
import { applicationCounts, createApplication } from '../records/service.ts';
import { findUserByAccount } from '../users/service.ts';

/** A second filing of the demo institution, waiting for the platform: 电工 level 2 and 维修电工 at a new site. */
const waitingFiling = recordApplicationBody.parse({
  scopes: [{ occupation_code: '6-31-01-03', levels: [2] }],
  evaluation_basis: 1,
  sites: [
    { name: '示例职业技能培训评价中心朝阳考点', region_code: '110105', address: '北京市朝阳区建国路88号' },
  ],
  examiners: [
    {
      name: '吴建华',
      id_number: withCheckDigit('11010519720915005'),
      phone: '13900000203',
      qualification: '电工 一级/高级技师',
    },
  ],
  supervisors: [
    {
      name: '郑丽',
      id_number: withCheckDigit('11010519850120006'),
      phone: '13900000204',
      qualification: '质量督导员',
    },
  ],
  remark: '演示数据：等待平台审核的备案（审核中心）',
  submit: true,
});

/**
 * Start-only demo content of 审核中心 (SEED_DEMO), after the institution demo: jigou's institution files a second
 * time, so pingtai's queue is not empty; nothing when a filing of it waits, was rejected, or a second was decided.
 */
export async function seedReviewDemo(db: DbOrTx): Promise<void> {
  const admin = await findUserByAccount(db, 'jigou');
  if (!admin?.companyId) return;
  const company = await findCompany(db, admin.companyId);
  if (company?.type !== CompanyType.INSTITUTION) return;
  const filed = await applicationCounts(db, company.id);
  // One waiting or rejected already, or a second filing decided since: the demo has its content.
  if (filed.application_count > filed.approved_count || filed.application_count >= 2) return;
  const own = companyScope(company.id, CompanyRole.ADMIN, CompanyType.INSTITUTION);
  await createApplication(db, own, admin, waitingFiling);
}
