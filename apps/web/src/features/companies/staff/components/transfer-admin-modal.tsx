import { CompanyRole, newAdminSmsBody } from '@skill-cert/shared/companies';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { maskPhone, SmsCodeField } from '@/shared/components/sms-code-field';
import { schemaRule } from '@/shared/forms';
import { getUser } from '@/shared/session/api/get-user';
import { saveUser } from '@/shared/session/session';
import { MEMBERS_KEY, useMembers } from '../api/get-members';
import { useMakeAdmin } from '../api/make-admin';
import { useSendNewAdminCode } from '../api/send-new-admin-code';

interface TransferValues {
  user_id: string;
  verify_code: string;
}

const memberRule = schemaRule(newAdminSmsBody.shape.user_id);

/**
 * 转让管理员: pick a member, send a code to that member's phone, enter it and confirm. The caller stays
 * in the company as a member.
 */
export function TransferAdminModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TransferValues>();
  const [keyword, setKeyword] = useState('');
  const candidates = useMembers({ keyword, page: 1, per_page: 50 }, open);
  const sendCode = useSendNewAdminCode();
  const makeAdmin = useMakeAdmin();
  const userId = Form.useWatch('user_id', form);

  const members = (candidates.data?.list ?? []).filter((m) => m.role !== CompanyRole.ADMIN);
  const chosen = members.find((m) => m.user_id === userId);

  const send = async (): Promise<boolean> => {
    try {
      await form.validateFields(['user_id']);
    } catch {
      return false;
    }
    const target = form.getFieldValue('user_id') as string;
    return sendCode.mutateAsync(target).then(
      () => {
        message.success(chosen ? `验证码已发送至 ${maskPhone(chosen.phone)}` : '验证码已发送');
        return true;
      },
      () => false,
    );
  };

  const submit = (values: TransferValues) =>
    makeAdmin.mutate(
      { userId: values.user_id, verify_code: values.verify_code.trim() },
      {
        onSuccess: async () => {
          message.success('管理员已移交');
          onClose();
          // The caller is no longer 管理员: reload who they are and everything that depends on it.
          saveUser(await getUser());
          await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
        },
      },
    );

  return (
    <Modal
      title="转让管理员"
      open={open}
      onCancel={onClose}
      okText="确认移交"
      cancelText="取消"
      onOk={() => form.submit()}
      confirmLoading={makeAdmin.isPending}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="移交后您将成为普通成员，不能再管理员工、审核加入申请或修改企业信息。"
      />
      <Form<TransferValues> form={form} name="transfer-admin" layout="vertical" onFinish={submit}>
        <Form.Item label="新管理员" name="user_id" rules={[memberRule]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder="请选择成员（可输入姓名或手机号搜索）"
            loading={candidates.isFetching}
            options={members.map((m) => ({ label: `${m.name}（${m.phone}）`, value: m.user_id }))}
            notFoundContent="没有可选的成员"
          />
        </Form.Item>
        <SmsCodeField
          label="验证码"
          extra={chosen ? `验证码将发送至新管理员的手机 ${maskPhone(chosen.phone)}` : undefined}
          send={send}
          to={userId}
        />
      </Form>
    </Modal>
  );
}
