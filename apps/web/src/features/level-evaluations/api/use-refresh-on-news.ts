import { TemplateKey } from '@skill-cert/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useMessageArrived } from '@/shared/realtime/message-events';
import { evaluationKeys } from './plans';

/**
 * Something waits for the caller's approval, their plan was decided, or its admission tickets are rendered: each
 * arrives as a message (`level_evaluation_waiting`, `level_evaluation_decided`, `admission_tickets_done`), and the
 * evaluation screens on show read again.
 */
export function useRefreshOnEvaluationNews(): void {
  const queryClient = useQueryClient();
  useMessageArrived(
    [TemplateKey.EVALUATION_WAITING, TemplateKey.EVALUATION_DECIDED, TemplateKey.ADMISSION_TICKETS_DONE],
    () => {
      void queryClient.invalidateQueries({ queryKey: evaluationKeys.all });
    },
  );
}
