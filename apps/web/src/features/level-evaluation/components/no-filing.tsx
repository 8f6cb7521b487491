import { ApiCode } from '@skill-cert/shared/envelope';
import { NO_APPROVED_FILING } from '@skill-cert/shared/levelEvaluation';
import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';
import { QueryError } from '@/shared/components/query-error/query-error';
import { ApiError } from '@/shared/http';

/** The server's code 61 (no approved filing yet): the client already showed the notice. */
export const isNoFiling = (error: unknown): boolean =>
  error instanceof ApiError && error.code === ApiCode.ACK_NOTICE;

/** What an evaluation page shows after code 61: why it is empty, and the way to 备案申请. */
export function NoFilingResult({ error }: { error: unknown }) {
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title="暂不能开展等级评价"
      subTitle={error instanceof ApiError && error.message ? error.message : NO_APPROVED_FILING}
      extra={
        <Button type="primary" onClick={() => navigate('/record-application')}>
          前往备案申请
        </Button>
      }
    />
  );
}

/** A page whose request failed: the code-61 state, or the reason and 重新获取. */
export function EvaluationLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return isNoFiling(error) ? (
    <Card>
      <NoFilingResult error={error} />
    </Card>
  ) : (
    <QueryError error={error} onRetry={onRetry} />
  );
}
