import type { InstitutionStaffRow } from '@skill-cert/shared/companies';
import type { Paged } from '@skill-cert/shared/pagination';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

export interface StaffQuery {
  keyword?: string;
  page: number;
  per_page: number;
}

const STAFF_KEY = ['institution-staff'] as const;
const BASE = '/api/institution/staff';

/** `GET /api/institution/staff?keyword&page&per_page`: the caller institution's staff with its roles. */
export const useInstitutionStaff = (query: StaffQuery) =>
  useQuery({
    queryKey: [...STAFF_KEY, query],
    queryFn: () => request<Paged<InstitutionStaffRow>>('GET', BASE, { params: { ...query } }),
    placeholderData: keepPreviousData,
  });

/** 新增人员, 设置角色, 移除: each refreshes the list. */
export function useStaffMutations() {
  const queryClient = useQueryClient();
  const after = { onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }) };
  return {
    add: useMutation({
      mutationFn: (body: { name: string; phone: string; role_ids: string[] }) =>
        request<InstitutionStaffRow>('POST', BASE, { body }),
      ...after,
    }),
    setRoles: useMutation({
      mutationFn: ({ userId, role_ids }: { userId: string; role_ids: string[] }) =>
        request<InstitutionStaffRow>('PUT', `${BASE}/${userId}/roles`, { body: { role_ids } }),
      ...after,
    }),
    remove: useMutation({
      mutationFn: (userId: string) => request<null>('DELETE', `${BASE}/${userId}`),
      ...after,
    }),
  };
}
