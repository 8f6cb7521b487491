import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `POST /api/companies/members`: an existing account without a company joins; otherwise one is created. */
export const addMember = (body: { name: string; phone: string }): Promise<{ user_id: string }> =>
  request('POST', '/api/companies/members', { body });

export const useAddMember = () => useMutation({ mutationFn: addMember });
