import { Checkbox } from 'antd';
import { Link } from 'react-router';

export const PRIVACY_REQUIRED_MESSAGE = '请先阅读并同意隐私协议';

/** 我已阅读并同意《隐私协议》: login and register both ask for it. Controlled, also as a Form.Item child. */
export function AgreementCheckbox({
  checked,
  onChange,
}: {
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  return (
    <>
      <Checkbox checked={checked} onChange={(e) => onChange?.(e.target.checked)}>
        我已阅读并同意
      </Checkbox>
      <Link to="/privacy-agreement" target="_blank">
        《隐私协议》
      </Link>
    </>
  );
}

/** The form rule of the register form's agreement. */
export const agreementRule = {
  validator: async (_rule: unknown, agreed: boolean | undefined) => {
    if (!agreed) throw new Error(PRIVACY_REQUIRED_MESSAGE);
  },
};
