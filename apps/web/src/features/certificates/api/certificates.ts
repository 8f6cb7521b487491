import type {
  CertificateDetail,
  CertificateListQuery,
  CertificateRow,
  ReissueBody,
  ReissueResult,
  RevokeBody,
} from '@skill-cert/shared/certificates';
import type { EvaluationOptions } from '@skill-cert/shared/level-evaluations';
import type { Paged } from '@skill-cert/shared/pagination';
import { cleanQuery } from '@skill-cert/shared/query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** The certificate library (证书库): `GET/POST /api/certificates…`. */

const base = '/api/certificates';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** The list's filters as the form holds them: '' / null when not set. */
export type LibraryFilters = {
  [K in keyof Omit<CertificateListQuery, 'keyword'>]-?: CertificateListQuery[K] | null | '';
} & { keyword: string };
export type LibraryQuery = LibraryFilters & { page: number; per_page: number };

const params = (q: object) => cleanQuery({ ...q }) as Record<string, string | number>;

export const libraryKeys = { all: ['certificates'] as const };

/** `GET /api/certificates`: drafts are never listed. */
export const useCertificates = (query: LibraryQuery) =>
  useQuery({
    queryKey: [...libraryKeys.all, 'list', query],
    queryFn: () => request<Paged<CertificateRow>>('GET', base, { params: params(query) }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/certificates/{id}`. */
export const useCertificate = (id: string | null) =>
  useQuery({
    queryKey: [...libraryKeys.all, 'one', id],
    queryFn: () => request<CertificateDetail>('GET', one(id!)),
    enabled: id !== null,
  });

/** The PDF (inline for the preview dialog; `download` for a file); the session cookie is accepted there. */
export const certificateFileUrl = (id: string, download = false) =>
  `${one(id)}/file${download ? '?download=1' : ''}`;

/** `GET /api/certificates/export?…`: the current search as a streamed .xlsx (a plain link, cookie session). */
export function exportUrl(filters: Partial<LibraryFilters>): string {
  const search = new URLSearchParams(
    Object.entries(params(filters)).map(([k, v]) => [k, String(v)]),
  ).toString();
  return `${base}/export${search ? `?${search}` : ''}`;
}

/** After a revoke or reissue the list and every opened detail are asked again. */
const useLibraryMutation = <B, A>(action: 'revoke' | 'reissue') => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: B }) =>
      request<A>('POST', `${one(id)}/${action}`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
};

/** `POST /api/certificates/{id}/revoke` (administrators): 有效 → 已撤销 with a reason. */
export const useRevokeCertificate = () => useLibraryMutation<RevokeBody, CertificateDetail>('revoke');

/** `POST /api/certificates/{id}/reissue`: a new certificate and number; the old one becomes 已换发. */
export const useReissueCertificate = () => useLibraryMutation<ReissueBody, ReissueResult>('reissue');

/**
 * The occupations of the company's approved filings (the occupations its certificates are granted in), for the
 * search's 职业 choice; silent and optional: without a filing the choice is empty.
 */
export const useFiledOccupations = () =>
  useQuery({
    queryKey: [...libraryKeys.all, 'occupations'],
    queryFn: () => request<EvaluationOptions>('GET', '/api/levelEvaluations/options', { silent: true }),
    retry: false,
    select: (options) => [
      ...new Map(
        options.filings
          .flatMap((f) => f.scopes)
          .map((s) => [s.occupation_code, { label: s.occupation_name, value: s.occupation_code }]),
      ).values(),
    ],
  });
