import { TemplateKey } from '@skill-cert/shared/template-keys';
import { useQueryClient } from '@tanstack/react-query';
import { useMessageArrived } from '@/shared/realtime/message-events';

/** The platform's decision on a filing arrives as a message: the filings on screen show it at once. */
export function useRefreshOnRecordDecision(): void {
  const queryClient = useQueryClient();
  useMessageArrived([TemplateKey.RECORD_DECIDED], () => {
    void queryClient.invalidateQueries({ queryKey: ['record-applications'] });
  });
}
