/**
 * What other modules may call of the companies module: names and roles of companies, their administrators and
 * members. The module's own routes use its files directly (companies, join requests, members, platform).
 */
export {
  companiesNamed,
  companyActiveSql,
  companyAdminIds,
  companyFilesLink,
  companyNameOf,
  companyNameSql,
  companyNamesOf,
  companyRoleOf,
  companyRoleSql,
  companyTypeSql,
  findCompany,
  soleAdminSql,
  toCompanyRole,
} from './companies.ts';
export { companyTypeCounts } from './counts.ts';
export {
  companyCodes,
  freeInstitutionCode,
  institutionCodeTaken,
  setInstitutionCode,
} from './institution-codes.ts';
export { addMember, addMembers, listMembers, membersAmong } from './members.ts';
