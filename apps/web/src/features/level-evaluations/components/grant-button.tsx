import { EvaluationStatus, type LevelEvaluationRow } from '@skill-cert/shared/level-evaluations';
import { Button } from 'antd';

/** Where certificates are granted from an approved plan (the grant page). */
export const grantPagePath = (planId: string): string => `/evaluation-approve/grant-certificate/${planId}`;

/** 发放证书 on a plan's detail while it is 已通过 (the grant page says when a grant cannot start). */
export function GrantCertificatesButton({
  plan,
  onGo,
}: {
  plan: Pick<LevelEvaluationRow, '_id' | 'status'>;
  onGo: (to: string) => void;
}) {
  if (plan.status !== EvaluationStatus.PASSED) return null;
  return (
    <Button type="primary" onClick={() => onGo(grantPagePath(plan._id))}>
      发放证书
    </Button>
  );
}
