import { addMemberBody } from '@skill-cert/shared/companies';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Result, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { schemaRule } from '@/shared/forms';
import { useAction } from '@/shared/hooks/use-action';
import { useIsCompanyAdmin } from '@/shared/session/session-store';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { useAddMember } from './api/add-member';
import { MEMBERS_KEY } from './api/get-members';

interface AddMemberValues {
  name: string;
  phone: string;
}

const nameRule = schemaRule(addMemberBody.shape.name);
const phoneRule = schemaRule(addMemberBody.shape.phone);

/** 新增员工 (/user-list/add): the administrator adds a person by name and phone. */
export function UserListAddPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AddMemberValues>();
  const add = useAddMember();
  const isAdmin = useIsCompanyAdmin();
  const unsaved = useUnsavedForm(form);

  const submit = useAction(async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const result = await unsaved
      .whileSaving(() => add.mutateAsync(addMemberBody.parse(values)))
      // The HTTP client has shown the server's reason; what was typed stays.
      .catch(() => null);
    if (!result) return;
    message.success(result.invited ? '已向该用户发送邀请，对方接受后加入企业' : '添加成功');
    form.resetFields();
    await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
    await navigate('/user-list');
  });

  const title = (
    <Typography.Title level={4} style={{ margin: 0 }}>
      新增员工
    </Typography.Title>
  );

  if (!isAdmin)
    return (
      <Card title={title}>
        <Result
          status="403"
          title="仅企业管理员可以添加员工"
          extra={<Button onClick={() => navigate('/user-list')}>返回员工管理</Button>}
        />
      </Card>
    );

  return (
    <Card title={title}>
      <Form<AddMemberValues>
        form={form}
        name="add-member"
        aria-label="新增员工"
        layout="horizontal"
        labelCol={{ flex: '100px' }}
        style={{ maxWidth: 520 }}
        onFinish={() => void submit.run()}
      >
        <Form.Item label="姓名" name="name" rules={[nameRule]}>
          <Input placeholder="请输入姓名" maxLength={32} />
        </Form.Item>
        <Form.Item
          label="手机号"
          name="phone"
          rules={[phoneRule]}
          extra="已注册且未加入企业的用户将收到邀请，接受后加入本企业；未注册的手机号将自动创建账号，员工可使用手机验证码登录。"
        >
          <Input placeholder="请输入手机号" maxLength={11} />
        </Form.Item>
        <Form.Item label={null}>
          <Space>
            {/* A submit button (Enter submits too): onFinish runs the action, once however often clicked. */}
            <Button type="primary" htmlType="submit" loading={submit.running}>
              保存
            </Button>
            <Button onClick={() => unsaved.confirmDiscard(() => void navigate('/user-list'))}>取消</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
