import type {
  ArchiveDetail,
  ArchiveDocument,
  ArchiveItemBody,
  ArchivePage,
  ArchiveRetentionBody,
} from '@skill-cert/shared/archives';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** Archives (档案管理): `/api/archives…` (routes in `packages/shared/src/archives.ts`). */

const base = '/api/archives';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** The list's filters as the form holds them: '' / null when not set; `expiring` true when the switch is on. */
export interface ArchiveFilters {
  keyword: string;
  status: number | null;
  level: number | null;
  expiring: boolean | null;
}
export type ArchiveQuery = ArchiveFilters & { page: number; per_page: number };

export const archiveKeys = {
  all: ['archives'] as const,
  lists: ['archives', 'list'] as const,
  list: (query: ArchiveQuery) => ['archives', 'list', query] as const,
  detail: (id: string) => ['archives', 'detail', id] as const,
};

/** `GET /api/archives?keyword&status&level&expiring=1&page&per_page`. */
export const useArchives = (query: ArchiveQuery) =>
  useQuery({
    queryKey: archiveKeys.list(query),
    queryFn: () =>
      request<ArchivePage>('GET', base, { params: { ...query, expiring: query.expiring ? 1 : null } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** `GET /api/archives/{id}`: the volume tree, the timeline, what the caller may do. Silent: the page says. */
export const useArchive = (id: string) =>
  useQuery({
    queryKey: archiveKeys.detail(id),
    queryFn: () => request<ArchiveDetail>('GET', one(id), { silent: true }),
    enabled: Boolean(id),
    retry: false,
  });

/**
 * One document (generated now from the records, or an uploaded file), inline for the preview dialog or as an
 * attachment; the session cookie is accepted there, so a plain link works.
 */
export const documentUrl = (id: string, key: string, download = false): string =>
  `${one(id)}/documents/${encodeURIComponent(key)}${download ? '?download=1' : ''}`;

/** `GET /api/archives/{id}/download`: the whole archive as a streamed zip (one folder per volume, 目录.xlsx). */
export const archiveZipUrl = (id: string): string => `${one(id)}/download`;

/**
 * After a change: the detail the server answered (when it is one) goes into the cache and only the lists are asked
 * again; a change that answers no detail has the detail asked again too.
 */
function useArchiveMutation<V, A>(id: string, call: (variables: V) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'volumes' in answer) {
        queryClient.setQueryData(archiveKeys.detail(id), answer);
        return queryClient.invalidateQueries({ queryKey: archiveKeys.lists });
      }
      return queryClient.invalidateQueries({ queryKey: archiveKeys.all });
    },
  });
}

/** `POST /api/archives/{id}/items`: a file already sent to `/api/files/upload`, into volume 3 or 4. */
export const useAddArchiveItem = (id: string) =>
  useArchiveMutation(id, (body: ArchiveItemBody) =>
    request<ArchiveDocument>('POST', `${one(id)}/items`, { body }),
  );

/** `DELETE /api/archives/{id}/items/{itemId}` (administrators, open archives). */
export const useDeleteArchiveItem = (id: string) =>
  useArchiveMutation(id, (itemId: string) =>
    request<null>('DELETE', `${one(id)}/items/${encodeURIComponent(itemId)}`),
  );

/** `POST /api/archives/{id}/seal` (administrators): 已归档, nothing added or removed afterwards. */
export const useSealArchive = (id: string) =>
  useArchiveMutation(id, () => request<ArchiveDetail>('POST', `${one(id)}/seal`));

/** `PATCH /api/archives/{id}` (administrators, open archives): retention in years from the seal. */
export const useUpdateRetention = (id: string) =>
  useArchiveMutation(id, (body: ArchiveRetentionBody) => request<ArchiveDetail>('PATCH', one(id), { body }));
