import type { GrantDetail, GrantOptions } from '@skill-cert/shared/certificate-grants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import type { GrantStart } from '../components/grant-setup';
import { GRANT_POLL_MS, grantKeys, isRendering } from './grants';

/**
 * The grant of a test plan (`/api/testPlans/{id}/certificateGrant`): the same grant, reached through the plan it
 * belongs to. Keys sit under the grants' own, so the done message refreshes them with the rest.
 */
export const planGrantPath = (planId: string) =>
  `/api/testPlans/${encodeURIComponent(planId)}/certificateGrant`;

const planGrantKeys = {
  detail: (planId: string) => [...grantKeys.all, 'test-plan', planId, 'detail'] as const,
  options: (planId: string) => [...grantKeys.all, 'test-plan', planId, 'options'] as const,
  certificates: (planId: string) => [...grantKeys.all, 'test-plan', planId, 'certificates'] as const,
};

/** `GET .../certificateGrant`: the plan's grant, or null before one; asked again every 2 s while it renders. */
export const usePlanGrant = (planId: string) =>
  useQuery({
    queryKey: planGrantKeys.detail(planId),
    queryFn: () => request<GrantDetail | null>('GET', planGrantPath(planId)),
    retry: false,
    refetchInterval: (query) => (query.state.data && isRendering(query.state.data) ? GRANT_POLL_MS : false),
  });

/** `GET .../certificateGrant/options`: the plan, the national template, the 合格 examinees; before a grant. */
export const usePlanGrantOptions = (planId: string, enabled: boolean) =>
  useQuery({
    queryKey: planGrantKeys.options(planId),
    queryFn: () => request<GrantOptions>('GET', `${planGrantPath(planId)}/options`),
    enabled,
    retry: false,
  });

export function usePlanGrantMutations(planId: string) {
  const queryClient = useQueryClient();
  const after = {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: grantKeys.all });
      // The plan's state follows its grant (已发证).
      void queryClient.invalidateQueries({ queryKey: ['level-evaluations'] });
    },
  };
  return {
    start: useMutation({
      mutationFn: (body: GrantStart) => request<GrantDetail>('POST', planGrantPath(planId), { body }),
      ...after,
    }),
    confirm: useMutation({
      mutationFn: () => request<GrantDetail>('POST', `${planGrantPath(planId)}/confirm`),
      ...after,
    }),
  };
}

/** What the shared certificate table reads of a test plan's grant. */
export const planGrantCertificateSource = (planId: string, g: GrantDetail) => ({
  path: planGrantPath(planId),
  queryKey: planGrantKeys.certificates(planId),
  refreshKey: grantKeys.all,
  rendering: isRendering(g),
  fileUrl: (row: { _id: string }) =>
    `${planGrantPath(planId)}/certificates/${encodeURIComponent(row._id)}/file`,
});
