import { TemplateKey } from '@skill-cert/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useMessageArrived } from '@/shared/realtime/message-events';
import { evaluationKeys } from './plans';

/**
 * Something waits for the caller's approval, or their plan was decided: both arrive as messages
 * (`level_evaluation_waiting`, `level_evaluation_decided`), and the evaluation screens on show read again.
 */
export function useRefreshOnEvaluationNews(): void {
  const queryClient = useQueryClient();
  useMessageArrived([TemplateKey.EVALUATION_WAITING, TemplateKey.EVALUATION_DECIDED], () => {
    void queryClient.invalidateQueries({ queryKey: evaluationKeys.all });
  });
}
