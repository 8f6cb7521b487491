import type { AddMemberResult } from '@skill-cert/shared/companies';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/**
 * `POST /api/companies/members`: an existing account without a company is invited (it joins when the person
 * accepts on /join); otherwise an account is created in the company.
 */
export const addMember = (body: { name: string; phone: string }): Promise<AddMemberResult> =>
  request('POST', '/api/companies/members', { body });

export const useAddMember = () => useMutation({ mutationFn: addMember });
