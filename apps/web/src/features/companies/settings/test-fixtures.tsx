import type { CompanyInfo } from '@skill-cert/shared/companies';
import { useSessionStore } from '@/shared/session/session-store';
import { makeUser } from '@/test/fake-network';

/** Test data and rendering for the company settings screens (imported by their tests only). */

export const COMPANY_ID = '0190a8f0-0000-7000-8000-00000000c001';
export const ME = makeUser({
  _id: '0190a8f0-0000-7000-8000-00000000a001',
  name: '王管理',
  phone: '13800000001',
  company_id: COMPANY_ID,
});

export const company = (overrides: Partial<CompanyInfo> = {}): CompanyInfo => ({
  _id: COMPANY_ID,
  name: '示例智能制造有限公司',
  type: 1,
  type_text: '企业',
  credit_code: '91110000MA00000000',
  sub_name: null,
  en_name: null,
  region_code: '110102',
  region_names: ['北京市', '北京市', '西城区'],
  address: '金融街1号',
  contact_name: '李经理',
  contact_phone: '13912345678',
  contact_email: null,
  licence_file: { file_id: 'f-licence', webPath: '/api/files/f-licence' },
  logo_file: null,
  status: 1,
  create_time_str: '2026-01-02 10:00:00',
  ...overrides,
});

/** Signs in ME as the company's 管理员 (1) or a 成员 (2), as `GET /api/user` tells. */
export const signIn = (companyRole: 1 | 2 = 1) =>
  useSessionStore.setState({ user: { ...ME, company_role: companyRole } });
