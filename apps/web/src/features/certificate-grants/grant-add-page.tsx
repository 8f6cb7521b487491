import { GrantScope, type GrantScopeValue } from '@skill-cert/shared/certificate-grants';
import { App, Button, Card } from 'antd';
import { useLocation, useParams } from 'react-router';
import { PageLoading } from '@/shared/components/page-loading';
import { QueryError } from '@/shared/components/query-error/query-error';
import { useLeavePage } from '@/shared/page-tab';
import { useIsCompanyAdmin } from '@/shared/session/session-store';
import { ADMIN_ONLY, useCreateGrant, useGrantOptions } from './api/grants';
import { GrantSetup } from './components/grant-setup';

/** `:type` of `/grant-certificate/add/:id/:type?`: selected, else all (also on `/evaluation-approve/grant-certificate/:id`). */
const scopeOf = (type: string | undefined): GrantScopeValue =>
  type === GrantScope.SELECTED ? GrantScope.SELECTED : GrantScope.ALL;

/**
 * 发放证书 / 新增发证: an approved evaluation's grant set up (GrantSetup); 开始生成 goes to confirm-add, where it
 * renders. Only the company's administrators start one.
 */
export function GrantAddPage() {
  const { id = '', type } = useParams();
  const { pathname } = useLocation();
  // Back where the user came from: 评价审批 (its 待发证 tab) or 证书发放.
  const back = pathname.startsWith('/evaluation-approve') ? '/evaluation-approve' : '/grant-certificate';
  const { message } = App.useApp();
  const leave = useLeavePage();
  const admin = useIsCompanyAdmin();
  const options = useGrantOptions(id);
  const create = useCreateGrant();

  if (options.isError) return <QueryError error={options.error} onRetry={() => void options.refetch()} />;
  if (!options.data) return <PageLoading />;
  const { evaluation } = options.data;
  return (
    <Card title={`发放证书：${evaluation.name}`} extra={<Button onClick={() => leave(back)}>返回</Button>}>
      <GrantSetup
        options={options.data}
        blocked={options.data.blocked_reason ?? (admin ? null : ADMIN_ONLY)}
        initialScope={scopeOf(type)}
        onStart={async (start) => {
          const grant = await create.mutateAsync({ evaluation_id: evaluation._id, ...start });
          message.success('已开始生成证书');
          leave(`/grant-certificate/confirm-add/${grant._id}`);
        }}
      />
    </Card>
  );
}
