import { joinCompanyBody } from '@skill-cert/shared/companies';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { schemaRule } from '@/shared/forms';
import { useAction } from '@/shared/hooks/use-action';
import { myJoinRequestQueryOptions } from '../api/get-my-join-request';
import { useJoinCompany } from '../api/join-company';

const codeRule = schemaRule(joinCompanyBody.shape.code);

/** 加入企业: a request by the company's invite code, which its administrator approves. */
export function JoinCompanyForm() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const join = useJoinCompany();

  const submit = useAction(async ({ code }: { code: string }) => {
    // The HTTP client has shown a refusal.
    const joined = await join.mutateAsync(code.trim()).catch(() => null);
    if (!joined) return;
    message.success(`已申请加入「${joined.company_name}」，请等待企业管理员审核`);
    await queryClient.invalidateQueries({ queryKey: myJoinRequestQueryOptions().queryKey });
  });

  return (
    <Form<{ code: string }>
      name="join-company"
      aria-label="加入企业"
      layout="horizontal"
      labelCol={{ flex: '140px' }}
      onFinish={(values) => void submit.run(values)}
    >
      <Form.Item label="企业邀请码" name="code" rules={[codeRule]} extra="请向企业管理员索取邀请码">
        <Input placeholder="请输入邀请码" maxLength={32} />
      </Form.Item>
      <Form.Item label={null}>
        <Button type="primary" htmlType="submit" loading={submit.running}>
          申请加入
        </Button>
      </Form.Item>
    </Form>
  );
}
