import { changePasswordBody } from '@skill-cert/shared/auth';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { feedback } from '@/shared/feedback';
import { sameAsRule, schemaRule } from '@/shared/forms';
import { errorMessage } from '@/shared/http';
import { clearSession } from '@/shared/session/session';
import { useChangePassword } from './api/change-password';

interface UpdatePasswordValues {
  old_password: string;
  password: string;
  confirm_password: string;
}

const oldPasswordRule = schemaRule(changePasswordBody.shape.old_password);
const newPasswordRule = schemaRule(changePasswordBody.shape.password);

export function UpdatePasswordPage() {
  const navigate = useNavigate();
  const change = useChangePassword();

  const submit = ({ old_password, password }: UpdatePasswordValues) => {
    change.mutate(
      { old_password, password },
      {
        onSuccess: () => {
          // Shown on /login, where the user lands: the layout's own message holder goes with the layout.
          feedback.leaving.success('密码修改成功，请重新登录');
          clearSession();
          navigate('/login', { replace: true });
        },
      },
    );
  };

  return (
    <Card title="修改密码">
      {change.isError && (
        // The server's reason stays on the page: 原密码错误, or for an account added by phone that never had a
        // password, 您尚未设置密码，请通过“忘记密码”设置 (on the login page).
        <Alert
          type="error"
          showIcon
          style={{ maxWidth: 480, marginBottom: 16 }}
          title={errorMessage(change.error)}
        />
      )}
      <Form<UpdatePasswordValues>
        name="update-password"
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        style={{ maxWidth: 480 }}
        onFinish={submit}
      >
        <Form.Item label="原密码" name="old_password" rules={[oldPasswordRule]}>
          <Input.Password placeholder="请输入原密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="password" rules={[newPasswordRule]}>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm_password"
          dependencies={['password']}
          rules={[sameAsRule('password')]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={null}>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            保存
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
