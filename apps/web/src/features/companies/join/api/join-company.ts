import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `POST /api/companies/join`: a join request by invite code; it waits for an administrator. */
export const joinCompany = (code: string): Promise<{ _id: string; company_name: string }> =>
  request('POST', '/api/companies/join', { body: { code } });

export const useJoinCompany = () => useMutation({ mutationFn: joinCompany });
