import type { NoticeBody } from '@skill-cert/shared/messages';
import { App, Button, Card, Form, Input, Radio, Select } from 'antd';
import { useState } from 'react';
import { useConfirmOnce } from '@/shared/hooks/use-action';
import { useCompanySearch } from '@/shared/platform/company-search';
import { useUsers } from './api/get-users';
import { useSendNotice } from './api/send-notice';

type Target = NoticeBody['target'];

/** 发送通知: the platform sends a 系统通知 to one user, one company or everyone; it arrives live. */
export function NoticePage() {
  const { message } = App.useApp();
  const confirmOnce = useConfirmOnce();
  const [form] = Form.useForm<NoticeBody>();
  const target = Form.useWatch('target', form) ?? 'user';
  const [userKeyword, setUserKeyword] = useState('');
  const [companyKeyword, setCompanyKeyword] = useState('');
  const users = useUsers({ keyword: userKeyword, page: 1, per_page: 20 });
  const companies = useCompanySearch(companyKeyword);
  const send = useSendNotice();

  const submit = async (values: NoticeBody) => {
    const go = async () => {
      const { count } = await send.mutateAsync(values);
      message.success(`已发送给 ${count} 位用户`);
      form.resetFields(['content']);
    };
    if (values.target === 'all') {
      confirmOnce({ title: '提示', content: '确定向全部用户发送该通知吗？', onOk: go });
    } else {
      await go();
    }
  };

  return (
    <Card title="发送通知">
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{ target: 'user' }}
        onFinish={submit}
      >
        <Form.Item label="发送对象" name="target">
          <Radio.Group
            options={[
              { label: '指定用户', value: 'user' satisfies Target },
              { label: '指定企业', value: 'company' satisfies Target },
              { label: '全部用户', value: 'all' satisfies Target },
            ]}
          />
        </Form.Item>
        {target === 'user' && (
          <Form.Item label="用户" name="user_id" rules={[{ required: true, message: '请选择用户' }]}>
            <Select
              showSearch={{ filterOption: false, onSearch: setUserKeyword }}
              placeholder="输入姓名或手机号搜索"
              loading={users.isFetching}
              options={(users.data?.list ?? []).map((u) => ({
                label: `${u.name}（${u.phone}）`,
                value: u._id,
              }))}
              notFoundContent="没有匹配的用户"
            />
          </Form.Item>
        )}
        {target === 'company' && (
          <Form.Item label="企业" name="company_id" rules={[{ required: true, message: '请选择企业' }]}>
            <Select
              showSearch={{ filterOption: false, onSearch: setCompanyKeyword }}
              placeholder="输入企业名称或统一社会信用代码搜索"
              loading={companies.isFetching}
              options={(companies.data?.list ?? []).map((c) => ({ label: c.name, value: c._id }))}
              notFoundContent="没有匹配的企业"
            />
          </Form.Item>
        )}
        <Form.Item
          label="通知内容"
          name="content"
          rules={[
            { required: true, whitespace: true, message: '请输入通知内容' },
            { max: 1000, message: '通知内容不能超过1000个字符' },
          ]}
        >
          <Input.TextArea rows={5} showCount maxLength={1000} placeholder="请输入通知内容" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            发送
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
