import { BankOutlined } from '@ant-design/icons';
import { companyRoleText } from '@skill-cert/shared/companies';
import {
  Avatar,
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Flex,
  Image,
  Space,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { PageLoading } from '@/shared/components/page-loading';
import { QueryError } from '@/shared/components/query-error/query-error';
import { maskPhone } from '@/shared/components/sms-code-field';
import { useCurrentUser, useIsCompanyAdmin } from '@/shared/session/session-store';
import { useCompany } from './api/get-company';
import { type CompanySetting, EditCompanyModal } from './components/edit-company-modal';

const unset = <Typography.Text type="secondary">未设置</Typography.Text>;

/**
 * 企业信息 (/profile of the enterprise role): the company's record; its administrator may change the
 * contact, short name, English name and logo. Also the signed-in account, with 修改密码 and 修改手机号.
 */
export function CompanyProfile({ companyId }: { companyId: string }) {
  const user = useCurrentUser();
  const company = useCompany(companyId);
  const isAdmin = useIsCompanyAdmin();
  const [editing, setEditing] = useState<CompanySetting | null>(null);

  const title = (
    <Typography.Title level={4} style={{ margin: 0 }}>
      企业信息
    </Typography.Title>
  );
  if (company.isPending) return <PageLoading />;
  if (company.isError)
    return (
      <Card title={title}>
        <QueryError error={company.error} onRetry={() => void company.refetch()} />
      </Card>
    );
  const c = company.data;

  /** A value with its 修改 link for the administrator. */
  const editable = (value: ReactNode, setting: CompanySetting, label = '修改') => (
    <Flex justify="space-between" align="center" gap={8}>
      <span>{value}</span>
      {isAdmin && (
        <Button
          type="link"
          size="small"
          onClick={() => setEditing(setting)}
          aria-label={`${label}${settingLabels[setting]}`}
        >
          {label}
        </Button>
      )}
    </Flex>
  );

  const items: DescriptionsProps['items'] = [
    { key: 'name', label: '企业名称', children: c.name },
    { key: 'credit_code', label: '统一社会信用代码', children: c.credit_code ?? '-' },
    { key: 'sub_name', label: '企业简称', children: editable(c.sub_name || unset, 'sub_name') },
    { key: 'en_name', label: '英文名称', children: editable(c.en_name || unset, 'en_name') },
    { key: 'region', label: '所在地区', children: c.region_names.join(' / ') || '-' },
    { key: 'address', label: '详细地址', children: c.address ?? '-' },
    { key: 'contact_name', label: '联系人', children: editable(c.contact_name || unset, 'contact') },
    { key: 'contact_phone', label: '联系电话', children: c.contact_phone || unset },
    { key: 'contact_email', label: '联系邮箱', children: c.contact_email || unset },
    { key: 'create_time', label: '创建时间', children: c.create_time_str },
    {
      key: 'licence',
      label: '营业执照',
      span: 2,
      children: c.licence_file ? (
        <Image src={c.licence_file.webPath} alt="营业执照" width={160} />
      ) : (
        <Typography.Text type="secondary">未上传</Typography.Text>
      ),
    },
  ];

  const account: DescriptionsProps['items'] = [
    { key: 'name', label: '用户名', children: user?.name },
    {
      key: 'phone',
      label: '手机号',
      children: (
        <Space>
          <span>{user?.phone ? maskPhone(user.phone) : '-'}</span>
          <Link to="/update-phone">修改手机号</Link>
        </Space>
      ),
    },
    { key: 'email', label: '邮箱', children: user?.email || '-' },
    {
      key: 'role',
      label: '企业角色',
      children: user?.company_role ? companyRoleText[user.company_role] : '-',
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={title}
        extra={
          <Space>
            <Link to="/update-password">修改密码</Link>
            <Link to="/update-phone">修改手机号</Link>
          </Space>
        }
      >
        <Flex gap={16} align="center" style={{ marginBottom: 24 }}>
          <Avatar
            shape="square"
            size={72}
            src={c.logo_file?.webPath}
            icon={<BankOutlined />}
            alt="企业标志"
          />
          <div>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {c.name} {c.status === 1 ? <Tag color="green">正常</Tag> : <Tag color="red">已冻结</Tag>}
            </Typography.Title>
            {isAdmin && (
              <Button type="link" style={{ padding: 0 }} onClick={() => setEditing('logo')}>
                更换企业标志
              </Button>
            )}
          </div>
        </Flex>
        <Descriptions bordered column={{ xs: 1, md: 2 }} items={items} />
        {!isAdmin && (
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
            企业信息仅企业管理员可以修改。
          </Typography.Paragraph>
        )}
      </Card>
      <Card title="账号信息">
        <Descriptions column={{ xs: 1, md: 2 }} items={account} />
      </Card>
      {isAdmin && (
        // Keyed by what it edits: each opening starts from the company as it is now.
        <EditCompanyModal
          key={editing ?? ''}
          company={c}
          setting={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Space>
  );
}

const settingLabels: Record<CompanySetting, string> = {
  contact: '联系信息',
  sub_name: '企业简称',
  en_name: '英文名称',
  logo: '企业标志',
};
