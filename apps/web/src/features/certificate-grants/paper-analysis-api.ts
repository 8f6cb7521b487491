import type { PaperAnalysis, PaperMissingRow, PaperScanResult } from '@skill-cert/shared/certificate-grants';
import { TemplateKey } from '@skill-cert/shared/messages';
import type { Paged } from '@skill-cert/shared/pagination';
import { cleanQuery } from '@skill-cert/shared/query';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { useMessageArrived } from '@/shared/realtime/message-events';

/** The query key of a grant's paper analysis. */
export const paperAnalysisKey = (grantId: string) =>
  ['certificate-grant', grantId, 'paper-analysis'] as const;

/** `GET /api/certificateGrants/{id}/paperAnalysis`. */
export const usePaperAnalysis = (grantId: string) =>
  useQuery({
    queryKey: paperAnalysisKey(grantId),
    queryFn: () => request<PaperAnalysis>('GET', `/api/certificateGrants/${grantId}/paperAnalysis`),
  });

export interface PaperMissingQuery {
  keyword: string;
  page: number;
  per_page: number;
}

/**
 * `GET /api/certificateGrants/{id}/paperAnalysis/missing`: a page of the certificates no scan matched yet. Under the
 * analysis' key, so that whatever reads the analysis again reads this too.
 */
export const usePaperMissing = (grantId: string, query: PaperMissingQuery) =>
  useQuery({
    queryKey: [...paperAnalysisKey(grantId), 'missing', query],
    queryFn: () =>
      request<Paged<PaperMissingRow>>('GET', `/api/certificateGrants/${grantId}/paperAnalysis/missing`, {
        params: cleanQuery({ ...query }) as Record<string, string | number>,
      }),
    placeholderData: keepPreviousData,
  });

/** `POST /api/certificateGrants/{id}/paperScans` with files already uploaded; the analysis reads again after. */
export function useSendPaperScans(grantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileIds: string[]) =>
      request<PaperScanResult>('POST', `/api/certificateGrants/${grantId}/paperScans`, {
        body: { file_ids: fileIds },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paperAnalysisKey(grantId) }),
  });
}

/** An upload of this grant has been read (paper_certificate_parse_done names the grant): the analysis reads again. */
export function useRefreshOnPaperParsed(grantId: string): void {
  const queryClient = useQueryClient();
  useMessageArrived([TemplateKey.PAPER_CERTIFICATE_PARSED], (id) => {
    if (id === grantId) void queryClient.invalidateQueries({ queryKey: paperAnalysisKey(grantId) });
  });
}
