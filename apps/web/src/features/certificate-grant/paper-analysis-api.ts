import type { PaperAnalysis, PaperScanResult } from '@skill-cert/shared/certificateGrant';
import { TemplateKey } from '@skill-cert/shared/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
