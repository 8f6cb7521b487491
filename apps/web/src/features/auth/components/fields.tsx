import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { sameAsRule } from '@/shared/forms';
import { newPasswordRule, phoneRule } from './rules';

/** The `phone` input of the sign-in page's forms (验证码登录, 注册, 忘记密码); the SMS code field sends to it. */
export function PhoneField() {
  return (
    <Form.Item name="phone" rules={[phoneRule]}>
      <Input prefix={<MobileOutlined />} placeholder="请输入手机号" aria-label="手机号" autoComplete="tel" />
    </Form.Item>
  );
}

/** A new password and its confirmation (`password`, `confirm_password`): 密码 when registering, 新密码 when resetting. */
export function NewPasswordFields({ noun }: { noun: '密码' | '新密码' }) {
  return (
    <>
      <Form.Item name="password" rules={[newPasswordRule]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={`请输入${noun}`}
          aria-label={noun}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item name="confirm_password" dependencies={['password']} rules={[sameAsRule('password')]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={`请再次输入${noun}`}
          aria-label={`确认${noun}`}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
