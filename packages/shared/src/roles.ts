/** Role types (DOMAIN.md). The _id values are fixed: the data and the web app rely on them. */
export const RoleType = {
  ENTERPRISE: 1,
  PLATFORM: 2,
  INSTITUTION: 3,
  EXAMINER: 4,
} as const;
export type RoleTypeId = (typeof RoleType)[keyof typeof RoleType];

/** A member's role in their company: 1 管理员 (administrator), 2 成员 (member). Here, without zod: the sign-in page reads it. */
export const CompanyRole = { ADMIN: 1, MEMBER: 2 } as const;
export type CompanyRoleValue = (typeof CompanyRole)[keyof typeof CompanyRole];

export const roleTypeNames: Record<RoleTypeId, string> = {
  1: '企业端',
  2: '平台端',
  3: '机构端',
  4: '考评员端',
};

/** Label of the profile link in the user dropdown, by active role (spec §2 Navbar). */
export const profileLabels: Record<RoleTypeId, string> = {
  1: '企业信息',
  2: '个人信息',
  3: '机构信息',
  4: '个人信息',
};

export const isRoleTypeId = (v: unknown): v is RoleTypeId => v === 1 || v === 2 || v === 3 || v === 4;

/** Landing page after login and after a role switch (spec §2 landing table). */
export function roleHome(roleTypeId: number | null | undefined, companyId?: string | null): string {
  switch (roleTypeId) {
    case RoleType.ENTERPRISE:
      return companyId ? '/record-application' : '/join';
    case RoleType.PLATFORM:
      return '/company';
    case RoleType.INSTITUTION:
      return '/record-center';
    case RoleType.EXAMINER:
      return '/exam-task';
    default:
      return '/';
  }
}
