import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `DELETE /api/companies/members/:userId`: the server refuses the last administrator. */
export const removeMember = (userId: string): Promise<null> =>
  request<null>('DELETE', `/api/companies/members/${userId}`);

export const useRemoveMember = () => useMutation({ mutationFn: removeMember });
