import type { JoinRequestRow, MemberRow } from '@skill-cert/shared/companies';
import { useSessionStore } from '@/shared/session/session-store';
import { type FakeRequest, makeUser, paged } from '@/test/fake-network';

/** Test data and rendering for the staff screens (imported by their tests only). */

let seq = 0;
const uuid = () => {
  seq += 1;
  return `0190a8f0-0000-7000-8000-${String(seq).padStart(12, '0')}`;
};

export const ME = makeUser({ _id: uuid(), name: '王管理', phone: '13800000001', company_id: 'company-1' });

export function member(
  name: string,
  phone: string,
  role: 1 | 2 = 2,
  extra: Partial<MemberRow> = {},
): MemberRow {
  return {
    user_id: uuid(),
    name,
    phone,
    role,
    role_text: role === 1 ? '管理员' : '成员',
    joined_time_str: '2026-03-01 09:00:00',
    ...extra,
  };
}

export function joinRequest(
  name: string,
  phone: string,
  extra: Partial<JoinRequestRow> = {},
): JoinRequestRow {
  return {
    _id: uuid(),
    company_id: 'company-1',
    company_name: '示例智能制造有限公司',
    user_id: uuid(),
    user_name: name,
    user_phone: phone,
    status: 0,
    status_text: '待审核',
    reason: null,
    create_time_str: '2026-03-02 10:00:00',
    decide_time_str: null,
    ...extra,
  };
}

/** `GET /api/companies/members` as the server answers it: `list`, filtered by the keyword (name or phone). */
export const membersRoute =
  (list: MemberRow[] | (() => MemberRow[]), total?: number) => (request: FakeRequest) => {
    const rows = typeof list === 'function' ? list() : list;
    const keyword = request.query.get('keyword');
    if (!keyword) return paged(rows, total ?? rows.length);
    return paged(rows.filter((m) => m.name.includes(keyword) || m.phone.includes(keyword)));
  };

/** Signs in the enterprise user ME as the company's 管理员 (1) or a 成员 (2), as `GET /api/user` tells. */
export const signIn = (companyRole: 1 | 2 = 1) =>
  useSessionStore.setState({ user: { ...ME, company_role: companyRole } });
