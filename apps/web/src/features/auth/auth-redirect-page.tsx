import type { LoginResult } from '@skill-cert/shared/auth';
import { roleHome } from '@skill-cert/shared/roles';
import { Button, Result } from 'antd';
import { Link, type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { errorMessage } from '@/shared/http';
import { safeRedirect } from '@/shared/redirect';
import { saveLogin } from '@/shared/session/session';
import { loginWithCode } from './api/login-code';

/**
 * /auth-redirect?code=...&redirect=...: a single-use code from another system becomes a session.
 * A loader (not an effect) so the code is sent exactly once, even under StrictMode.
 */
export async function authRedirectLoader({ request }: LoaderFunctionArgs): Promise<{ error: string }> {
  const params = new URL(request.url).searchParams;
  const code = params.get('code')?.trim();
  if (!code) return { error: '缺少登录码' };
  let result: LoginResult;
  try {
    result = await loginWithCode(code);
  } catch (error) {
    return { error: errorMessage(error) };
  }
  saveLogin(result);
  throw redirect(
    safeRedirect(params.get('redirect')) ?? roleHome(result.active_role_type_id, result.company_id),
  );
}

export function AuthRedirectPage() {
  const { error } = useLoaderData<typeof authRedirectLoader>();
  return (
    <Result
      status="error"
      title="登录失败"
      subTitle={error}
      extra={
        <Link to="/login">
          <Button type="primary">返回登录</Button>
        </Link>
      }
    />
  );
}
