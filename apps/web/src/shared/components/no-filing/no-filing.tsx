import { ApiCode } from '@skill-cert/shared/envelope';
import { NO_APPROVED_FILING } from '@skill-cert/shared/level-evaluations';
import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';
import { QueryError } from '@/shared/components/query-error/query-error';
import { ApiError } from '@/shared/http';

/** The server's code 61 (no approved filing yet): the client already showed the notice. */
export const isNoFiling = (error: unknown): boolean =>
  error instanceof ApiError && error.code === ApiCode.ACK_NOTICE;

/** Where a filing is made: the enterprise's 备案申请, or the institution's 备案中心. */
export interface FilingPlace {
  path: string;
  name: string;
}
const ENTERPRISE_FILING: FilingPlace = { path: '/record-application', name: '备案申请' };
export const INSTITUTION_FILING: FilingPlace = { path: '/record-center', name: '备案中心' };

/**
 * What a page behind the approved-filing gate (evaluations, offline certificates, test plans) shows after code 61:
 * why it is empty, and the way to the filing.
 */
export function NoFilingResult({
  error,
  title = '暂不能开展等级评价',
  filing = ENTERPRISE_FILING,
}: {
  error: unknown;
  title?: string;
  filing?: FilingPlace;
}) {
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={title}
      subTitle={error instanceof ApiError && error.message ? error.message : NO_APPROVED_FILING}
      extra={
        <Button type="primary" onClick={() => navigate(filing.path)}>
          前往{filing.name}
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
  filing,
}: {
  error: unknown;
  onRetry: () => void;
  /** The code-61 state's title. */
  title?: string;
  filing?: FilingPlace;
}) {
  return isNoFiling(error) ? (
    <Card>
      <NoFilingResult error={error} title={title} filing={filing} />
    </Card>
  ) : (
    <QueryError error={error} onRetry={onRetry} />
  );
}
