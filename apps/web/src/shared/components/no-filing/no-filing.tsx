import { ApiCode } from '@skill-cert/shared/envelope';
import { NO_APPROVED_FILING } from '@skill-cert/shared/levelEvaluation';
import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';
import { QueryError } from '@/shared/components/query-error/query-error';
import { ApiError } from '@/shared/http';

/** The server's code 61 (no approved filing yet): the client already showed the notice. */
export const isNoFiling = (error: unknown): boolean =>
  error instanceof ApiError && error.code === ApiCode.ACK_NOTICE;

/**
 * What a page behind the approved-filing gate (evaluations, offline certificates) shows after code 61: why it is
 * empty, and the way to 备案申请.
 */
export function NoFilingResult({ error, title = '暂不能开展等级评价' }: { error: unknown; title?: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={title}
      subTitle={error instanceof ApiError && error.message ? error.message : NO_APPROVED_FILING}
      extra={
        <Button type="primary" onClick={() => navigate('/record-application')}>
          前往备案申请
        </Button>
      }
    />
  );
}

/** A gated page whose request failed: the code-61 state, or the reason and 重新获取. */
export function GatedLoadError({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry: () => void;
  /** The code-61 state's title. */
  title?: string;
}) {
  return isNoFiling(error) ? (
    <Card>
      <NoFilingResult error={error} title={title} />
    </Card>
  ) : (
    <QueryError error={error} onRetry={onRetry} />
  );
}
