import { TemplateKey } from '@skill-cert/shared/messages';
import {
  type OfflineBatchCreateBody,
  type OfflineBatchDetail,
  type OfflineBatchOptions,
  type OfflineBatchPatchBody,
  type OfflineBatchRow,
  OfflineBatchStatus,
  type OfflineDraftPatchBody,
  type OfflineDraftRow,
  type OfflinePublishResult,
} from '@skill-cert/shared/offline-certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { cleanQuery } from '@skill-cert/shared/query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { useMessageArrived } from '@/shared/realtime/message-events';

/** Offline certificates (证书生成): `/api/offlineCertificateBatches`. */

const base = '/api/offlineCertificateBatches';
export const batchPath = (id: string) => `${base}/${encodeURIComponent(id)}`;
const draftPath = (id: string, draftId: string) => `${batchPath(id)}/drafts/${encodeURIComponent(draftId)}`;

/** The server's rule: members read, upload and fix drafts; administrators publish and delete. */
export const ADMIN_ONLY = '仅企业管理员可以确认发证和删除批次';

/** How often a batch still being read or rendered is asked again, besides the done messages. */
export const BATCH_POLL_MS = 2000;

/** Query keys: everything under ['offline-certificates']. */
export const offlineKeys = {
  all: ['offline-certificates'] as const,
  list: (query: object) => ['offline-certificates', 'list', query] as const,
  options: ['offline-certificates', 'options'] as const,
  /** One batch: its detail, drafts and certificates. */
  batch: (id: string) => ['offline-certificates', 'batch', id] as const,
  detail: (id: string) => ['offline-certificates', 'batch', id, 'detail'] as const,
  drafts: (id: string, query: object) => ['offline-certificates', 'batch', id, 'drafts', query] as const,
  certificates: (id: string) => ['offline-certificates', 'batch', id, 'certificates'] as const,
};

const params = (q: object) => cleanQuery({ ...q }) as Record<string, string | number>;

/** The list's filters as the search form holds them ('' / null when not set). */
export interface BatchFilters {
  keyword: string;
  status: number | null;
  level: number | null;
  issue_date_start: string;
  issue_date_end: string;
}

/**
 * `GET /api/offlineCertificateBatches?keyword&status&level&issue_date_start&issue_date_end&page&per_page`, asked again
 * every 2 s while a batch of the page is 解析中 or 发布中 (besides the done messages).
 */
export const useBatches = (query: BatchFilters & { page: number; per_page: number }) =>
  useQuery({
    queryKey: offlineKeys.list(query),
    queryFn: () => request<Paged<OfflineBatchRow>>('GET', base, { params: params(query) }),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (q) => (q.state.data?.list.some(isBusy) ? BATCH_POLL_MS : false),
  });

/** `GET .../options`: the approved scopes, the filed sites, the templates (national first). Silent: the form says. */
export const useBatchOptions = () =>
  useQuery({
    queryKey: offlineKeys.options,
    queryFn: () => request<OfflineBatchOptions>('GET', `${base}/options`, { silent: true }),
    retry: false,
  });

/**
 * The batch is still moving on its own: its sheet is read (解析中), its certificates render (发布中), or failed ones
 * render again after it was published (已发布 with fewer rendered and failed than its total).
 */
export const isBusy = (
  batch: Pick<OfflineBatchRow, 'status' | 'total' | 'rendered_count' | 'failed_count'> | undefined,
): boolean =>
  batch?.status === OfflineBatchStatus.PARSING ||
  batch?.status === OfflineBatchStatus.PUBLISHING ||
  (batch?.status === OfflineBatchStatus.PUBLISHED && batch.rendered_count + batch.failed_count < batch.total);

/** `GET .../{id}`, asked again every 2 s while it is busy. Silent: the page says what went wrong. */
export const useBatch = (id: string) =>
  useQuery({
    queryKey: offlineKeys.detail(id),
    queryFn: () => request<OfflineBatchDetail>('GET', batchPath(id), { silent: true }),
    enabled: Boolean(id),
    retry: false,
    refetchInterval: (query) => (isBusy(query.state.data) ? BATCH_POLL_MS : false),
  });

export interface DraftQuery {
  keyword: string;
  /** 1: only drafts with problems. */
  problem: number | null;
  page: number;
  per_page: number;
}

/** `GET .../{id}/drafts?keyword&problem&page&per_page`, in sheet order. */
export const useDrafts = (id: string, query: DraftQuery, enabled = true) =>
  useQuery({
    queryKey: offlineKeys.drafts(id, query),
    queryFn: () =>
      request<Paged<OfflineDraftRow>>('GET', `${batchPath(id)}/drafts`, {
        params: params(query),
        silent: true,
      }),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });

/** After a batch changed: the batch, its drafts and certificates, the lists. */
function useRefreshBatches() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: offlineKeys.all });
}

/**
 * Creating a batch checks the scope, the site, the template and both files before it answers (the sheet is read in
 * the background): the photo zip's directory may take a while on a big zip.
 */
const CREATE_TIMEOUT_MS = 10 * 60_000;

/** `POST /api/offlineCertificateBatches` → `{ _id }`, 解析中. */
export function useCreateBatch() {
  const refresh = useRefreshBatches();
  return useMutation({
    mutationFn: (body: OfflineBatchCreateBody) =>
      request<{ _id: string }>('POST', base, { body, timeoutMs: CREATE_TIMEOUT_MS }),
    onSuccess: () => void refresh(),
  });
}

/** `PATCH .../{id}`: a new sheet, photo zip or template reads the batch again. */
export function usePatchBatch() {
  const refresh = useRefreshBatches();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OfflineBatchPatchBody }) =>
      request<null>('PATCH', batchPath(id), { body, timeoutMs: CREATE_TIMEOUT_MS }),
    onSuccess: () => void refresh(),
  });
}

/** `DELETE .../{id}` (administrators, before publishing). */
export function useDeleteBatch() {
  const refresh = useRefreshBatches();
  return useMutation({
    mutationFn: (id: string) => request<null>('DELETE', batchPath(id)),
    onSuccess: () => void refresh(),
  });
}

/**
 * `PATCH .../{id}/drafts/{draftId}` → the draft validated again. Silent: the dialog shows the refusal beside the
 * fields, and the draft's new problems.
 */
export function usePatchDraft() {
  const refresh = useRefreshBatches();
  return useMutation({
    mutationFn: ({ id, draftId, body }: { id: string; draftId: string; body: OfflineDraftPatchBody }) =>
      request<OfflineDraftRow>('PATCH', draftPath(id, draftId), { body, silent: true }),
    onSuccess: () => void refresh(),
  });
}

/** `DELETE .../{id}/drafts/{draftId}`. */
export function useDeleteDraft() {
  const refresh = useRefreshBatches();
  return useMutation({
    mutationFn: ({ id, draftId }: { id: string; draftId: string }) =>
      request<null>('DELETE', draftPath(id, draftId)),
    onSuccess: () => void refresh(),
  });
}

/** `POST .../{id}/publish` (确认发证): numbers allocated at once, the certificates render in the background. */
export function usePublishBatch() {
  const refresh = useRefreshBatches();
  return useMutation({
    mutationFn: (id: string) => request<OfflinePublishResult>('POST', `${batchPath(id)}/publish`),
    onSuccess: () => void refresh(),
  });
}

/** `GET .../sheetTemplate?template_id=`: the .xlsx to fill for that template (its own blanks are columns). */
export const sheetTemplateUrl = (templateId: string): string =>
  `${base}/sheetTemplate?template_id=${encodeURIComponent(templateId)}`;

/** `GET .../{id}/downloadCertificateZip`: every rendered PDF, streamed (the session cookie authorises a link). */
export const batchZipUrl = (id: string): string => `${batchPath(id)}/downloadCertificateZip`;

/** `GET .../{id}/export`: the numbers as .xlsx, for filing with the authorities. */
export const batchExportUrl = (id: string): string => `${batchPath(id)}/export`;

/** A library certificate's PDF: inline for the preview dialog, `download` as a file. */
export const certificateFileUrl = (certificateId: string, download = false): string =>
  `/api/certificates/${encodeURIComponent(certificateId)}/file${download ? '?download=1' : ''}`;

/** An uploaded or generated file (the error sheet of a read) as an attachment. */
export const fileDownloadUrl = (fileId: string): string =>
  `/api/files/${encodeURIComponent(fileId)}?download=1`;

/**
 * The batch was read (create_offline_level_evaluate_certificate_done) or published
 * (publish_offline_level_evaluate_certificate_done): every offline screen reads again.
 */
export function useRefreshOnBatchNews(): void {
  const refresh = useRefreshBatches();
  useMessageArrived(
    [TemplateKey.OFFLINE_CERTIFICATE_DONE, TemplateKey.OFFLINE_CERTIFICATE_PUBLISHED],
    () => void refresh(),
  );
}

/** What the shared certificate table reads of a batch: its list, regeneration, PDFs, and whether it renders. */
export const batchCertificateSource = (b: OfflineBatchDetail) => ({
  path: batchPath(b._id),
  queryKey: offlineKeys.certificates(b._id),
  refreshKey: offlineKeys.all,
  rendering: isBusy(b),
  fileUrl: (row: { _id: string }, download: boolean) => certificateFileUrl(row._id, download),
});
