import { Link } from 'react-router';

export const PRIVACY_REQUIRED_MESSAGE = '请先阅读并同意隐私协议';

/**
 * 我已阅读并同意《隐私协议》: login and register both ask for it. Controlled, also as an antd Form.Item child
 * (`valuePropName="checked"`: onChange answers the boolean). A plain checkbox: the sign-in page loads no antd.
 */
export function AgreementCheckbox({
  checked,
  onChange,
}: {
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  return (
    <div className="light-agreement">
      <label>
        <input type="checkbox" checked={checked ?? false} onChange={(e) => onChange?.(e.target.checked)} />
        <span>我已阅读并同意</span>
      </label>
      <Link to="/privacy-agreement" target="_blank">
        《隐私协议》
      </Link>
    </div>
  );
}

/** The form rule of the register form's agreement. */
export const agreementRule = {
  validator: async (_rule: unknown, agreed: boolean | undefined) => {
    if (!agreed) throw new Error(PRIVACY_REQUIRED_MESSAGE);
  },
};
