import type {
  BatchUploadBody,
  CreatedBatch,
  CustomCertificateBatch,
  CustomCertificateRow,
} from '@skill-cert/shared/custom-certificates';
import { CertificateHandleStatus } from '@skill-cert/shared/custom-certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** Batch generation (spec §7 batch uploads): one record per uploaded spreadsheet. */

const base = '/api/customCertificateBatchUploadRecords';
const batchPath = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** How often a batch still generating (status 0) is asked again. */
export const BATCH_POLL_MS = 2000;

export interface BatchQuery {
  name?: string;
  certificate_handle_status?: number | null;
  page: number;
  per_page: number;
}

/** `GET /api/customCertificateBatchUploadRecords?name&certificate_handle_status&page&per_page`. */
export const getBatches = (query: BatchQuery): Promise<Paged<CustomCertificateBatch>> =>
  request<Paged<CustomCertificateBatch>>('GET', base, { params: { ...query } });

export const batchesQueryOptions = (query: BatchQuery) =>
  queryOptions({
    queryKey: ['customCertificateBatches', 'list', query],
    queryFn: () => getBatches(query),
    placeholderData: keepPreviousData,
  });

export const useBatches = (query: BatchQuery) => useQuery(batchesQueryOptions(query));

/** `GET .../{id}`: counts, progress and state. Silent: the detail dialog says what went wrong itself. */
export const getBatch = (id: string): Promise<CustomCertificateBatch> =>
  request<CustomCertificateBatch>('GET', batchPath(id), { silent: true });

export const isGenerating = (batch: Pick<CustomCertificateBatch, 'certificate_handle_status'> | undefined) =>
  batch?.certificate_handle_status === CertificateHandleStatus.PROCESSING;

/** One batch, asked again every 2 s while it is still generating. */
export const useBatch = (id: string | null) =>
  useQuery({
    queryKey: ['customCertificateBatches', 'one', id],
    queryFn: () => getBatch(id!),
    enabled: id !== null,
    retry: false,
    refetchInterval: (query) => (isGenerating(query.state.data) ? BATCH_POLL_MS : false),
  });

/**
 * How long creating a batch may take: the server reads the whole spreadsheet and every photo's header in a zip of
 * up to 2 GB before it answers (seconds for ten thousand rows with photos; on a slow disk, far more).
 */
export const CREATE_BATCH_TIMEOUT_MS = 10 * 60_000;

/** `POST /api/customCertificateBatchUploadRecords`. Silent: the dialog shows the message and the row errors. */
export const createBatch = (body: BatchUploadBody): Promise<CreatedBatch> =>
  request<CreatedBatch>('POST', base, { body, silent: true, timeoutMs: CREATE_BATCH_TIMEOUT_MS });

export const useCreateBatch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customCertificateBatches', 'list'] }),
  });
};

export interface CertificateListQuery {
  name?: string;
  custom_certificate_produce_status?: number | null;
  page: number;
  per_page: number;
}

/** `GET .../{id}/certificateList?name&custom_certificate_produce_status&page&per_page` (page size 10). */
export const getCertificateList = (
  id: string,
  query: CertificateListQuery,
): Promise<Paged<CustomCertificateRow>> =>
  request<Paged<CustomCertificateRow>>('GET', `${batchPath(id)}/certificateList`, {
    params: { ...query },
    silent: true,
  });

export const certificateListQueryOptions = (id: string, query: CertificateListQuery) =>
  queryOptions({
    queryKey: ['customCertificateBatches', 'certificates', id, query],
    queryFn: () => getCertificateList(id, query),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useCertificateList = (id: string, query: CertificateListQuery) =>
  useQuery(certificateListQueryOptions(id, query));

/** `GET .../{id}/downloadCertificateZip`: streamed; the Admin-Token cookie authorises a plain link. */
export const certificateZipUrl = (id: string): string => `${batchPath(id)}/downloadCertificateZip`;
