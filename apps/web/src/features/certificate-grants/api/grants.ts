import {
  type GrantCreateBody,
  type GrantDetail,
  type GrantOptions,
  type GrantRow,
  GrantStatus,
} from '@skill-cert/shared/certificate-grants';
import { TemplateKey } from '@skill-cert/shared/messages';
import type { Paged } from '@skill-cert/shared/pagination';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { useMessageArrived } from '@/shared/realtime/message-events';

/** Granting certificates from an approved evaluation: `/api/certificateGrants`. */

const base = '/api/certificateGrants';
export const grantPath = (id: string) => `${base}/${encodeURIComponent(id)}`;
const certificatePath = (id: string, certificateId: string) =>
  `${grantPath(id)}/certificates/${encodeURIComponent(certificateId)}`;

/** The server's rule: members read grants; administrators start, regenerate and confirm them. */
export const ADMIN_ONLY = '仅企业管理员可以发证和确认发证';

/** How often a grant still generating is asked again (its counts), besides the done message. */
export const GRANT_POLL_MS = 2000;

/** Query keys: everything under ['certificate-grants']. */
export const grantKeys = {
  all: ['certificate-grants'] as const,
  list: (query: object) => ['certificate-grants', 'list', query] as const,
  options: (evaluationId: string) => ['certificate-grants', 'options', evaluationId] as const,
  /** One grant: its detail and its certificates. */
  grant: (id: string) => ['certificate-grants', 'grant', id] as const,
  detail: (id: string) => ['certificate-grants', 'grant', id, 'detail'] as const,
  certificates: (id: string) => ['certificate-grants', 'grant', id, 'certificates'] as const,
};

export interface GrantListQuery {
  keyword?: string;
  status?: number | null;
  level?: number | null;
  page: number;
  per_page: number;
}

/** `GET /api/certificateGrants?keyword&status&level&page&per_page`. */
export const useGrants = (query: GrantListQuery) =>
  useQuery({
    queryKey: grantKeys.list(query),
    queryFn: () => request<Paged<GrantRow>>('GET', base, { params: { ...query } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** `GET /api/certificateGrants/options?evaluation_id=`: the plan, the templates, the 合格 candidates. */
export const useGrantOptions = (evaluationId: string) =>
  useQuery({
    queryKey: grantKeys.options(evaluationId),
    queryFn: () =>
      request<GrantOptions>('GET', `${base}/options`, {
        params: { evaluation_id: evaluationId },
        silent: true,
      }),
    enabled: Boolean(evaluationId),
    retry: false,
  });

/** Rendering is not over: the grant is 生成中, or some of its certificates still wait (a regeneration). */
export const isRendering = (grant: Pick<GrantRow, 'status' | 'total' | 'success_count' | 'failed_count'>) =>
  grant.status === GrantStatus.GENERATING ||
  (grant.status === GrantStatus.TO_CONFIRM && grant.success_count + grant.failed_count < grant.total);

/** `GET /api/certificateGrants/{id}`, asked again every 2 s while its certificates render. Silent: the page says. */
export const useGrant = (id: string) =>
  useQuery({
    queryKey: grantKeys.detail(id),
    queryFn: () => request<GrantDetail>('GET', grantPath(id), { silent: true }),
    enabled: Boolean(id),
    retry: false,
    refetchInterval: (query) => (query.state.data && isRendering(query.state.data) ? GRANT_POLL_MS : false),
  });

/** After a grant changed: the grant, its certificates, the lists. */
function useRefreshGrants() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: grantKeys.all });
}

/** `POST /api/certificateGrants`: numbers are allocated at once, the certificates render in the background. */
export function useCreateGrant() {
  const refresh = useRefreshGrants();
  return useMutation({
    mutationFn: (body: GrantCreateBody) => request<Pick<GrantDetail, '_id'>>('POST', base, { body }),
    onSuccess: () => void refresh(),
  });
}

/** `POST /api/certificateGrants/{id}/confirm` (确认发证). */
export function useConfirmGrant() {
  const refresh = useRefreshGrants();
  return useMutation({
    mutationFn: (id: string) => request<unknown>('POST', `${grantPath(id)}/confirm`),
    onSuccess: () => void refresh(),
  });
}

/** `GET .../{id}/certificates/{certificateId}/file`: the PDF (the session cookie authorises a plain link). */
export const grantCertificateFileUrl = (id: string, certificateId: string): string =>
  `${certificatePath(id, certificateId)}/file`;

/** `GET .../{id}/downloadCertificateZip`: every certificate of the grant, streamed. */
export const grantZipUrl = (id: string): string => `${grantPath(id)}/downloadCertificateZip`;

/** A grant finished rendering (`create_level_evaluate_certificate_done`): the grant screens read again. */
export function useRefreshOnGrantDone(): void {
  const refresh = useRefreshGrants();
  useMessageArrived([TemplateKey.LEVEL_CERTIFICATE_DONE], () => void refresh());
}

/** What the shared certificate table reads of a grant: its list, regeneration, PDFs, and whether it renders. */
export const grantCertificateSource = (g: GrantDetail) => ({
  path: grantPath(g._id),
  queryKey: grantKeys.certificates(g._id),
  refreshKey: grantKeys.all,
  rendering: isRendering(g),
  fileUrl: (row: { _id: string }) => grantCertificateFileUrl(g._id, row._id),
});
