import { createInstitutionBody, type InstitutionCreated } from '@skill-cert/shared/companies';
import { Alert, App, Button, Col, Divider, Form, Input, Modal, Result, Row } from 'antd';
import { useState } from 'react';
import { RegionCascader } from '@/shared/components/region-cascader/region-cascader';
import { schemaRule } from '@/shared/forms';
import { useAction } from '@/shared/hooks/use-action';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { useCreateInstitution } from '../api/create-institution';

interface InstitutionValues {
  name?: string;
  credit_code?: string;
  /** [province, city, county] codes. */
  region?: string[];
  address?: string;
  contact_name?: string;
  contact_phone?: string;
  contact_email?: string;
  admin_name?: string;
  admin_phone?: string;
}

const field = createInstitutionBody.shape;
/** The cascader's last code is the county (or the city where a city has no counties). */
const regionRule = schemaRule({
  safeParse: (v: unknown) => field.region_code.safeParse((v as string[] | undefined)?.at(-1)),
});
const optionalRule = (schema: Parameters<typeof schemaRule>[0]) => ({
  ...schemaRule(schema),
  required: false,
});

/** What the platform is told about the administrator's account once the institution exists. */
export const adminOutcome = (created: InstitutionCreated) =>
  created.admin.created
    ? `已为管理员 ${created.admin.name}（${created.admin.phone}）创建机构端账号，可使用手机号验证码登录`
    : `管理员 ${created.admin.name}（${created.admin.phone}）已有账号，已加入该机构并获得机构管理员角色`;

/**
 * 新增机构: the platform creates a 社会培训评价组织 (company type 2) and its administrator by phone: an account without a
 * company becomes its 机构管理员; with none, one is created (SMS-code sign-in). Then it says which it was.
 */
export function CreateInstitutionModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<InstitutionValues>();
  const unsaved = useUnsavedForm(form, open);
  const create = useCreateInstitution();
  const [created, setCreated] = useState<InstitutionCreated | null>(null);
  // The result stays while the dialog closes; the next opening starts with an empty form.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setCreated(null);
  }

  const submit = useAction(async () => {
    // An invalid field shows its message under it.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = createInstitutionBody.parse({
      name: v.name,
      credit_code: v.credit_code,
      region_code: v.region?.at(-1),
      address: v.address,
      contact_name: v.contact_name,
      contact_phone: v.contact_phone,
      contact_email: v.contact_email,
      admin_name: v.admin_name,
      admin_phone: v.admin_phone,
    });
    try {
      const answer = await unsaved.whileSaving(() => create.mutateAsync(body));
      message.success('机构已创建');
      setCreated(answer);
    } catch {
      // shown by the client; what was typed stays
    }
  });

  const close = onClose;

  return (
    <Modal
      title="新增机构"
      open={open}
      width={760}
      destroyOnHidden
      onCancel={() => (created ? close() : unsaved.confirmDiscard(close))}
      footer={
        created ? (
          <Button type="primary" onClick={close}>
            完成
          </Button>
        ) : (
          [
            <Button key="cancel" onClick={() => unsaved.confirmDiscard(close)}>
              取消
            </Button>,
            <Button key="ok" type="primary" loading={submit.running} onClick={() => void submit.run()}>
              创建机构
            </Button>,
          ]
        )
      }
    >
      {created ? (
        <Result
          status="success"
          title={`机构“${created.company.name}”已创建`}
          subTitle={adminOutcome(created)}
        />
      ) : (
        <Form<InstitutionValues> form={form} layout="vertical" aria-label="新增机构" preserve={false}>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="机构即社会培训评价组织。创建后由其管理员登录机构端提交备案，平台审核通过后方可组织考试。"
          />
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item label="机构名称" name="name" rules={[schemaRule(field.name)]}>
                <Input placeholder="请输入机构名称" maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="统一社会信用代码"
                name="credit_code"
                rules={[schemaRule(field.credit_code)]}
                normalize={(v: string) => v.toUpperCase()}
              >
                <Input placeholder="请输入统一社会信用代码" maxLength={18} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="所在地区" name="region" rules={[regionRule]}>
                <RegionCascader placeholder="请选择省/市/区" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="详细地址" name="address" rules={[schemaRule(field.address)]}>
                <Input placeholder="请输入详细地址" maxLength={200} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label="联系人" name="contact_name" rules={[schemaRule(field.contact_name)]}>
                <Input placeholder="请输入联系人" maxLength={50} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label="联系电话" name="contact_phone" rules={[schemaRule(field.contact_phone)]}>
                <Input placeholder="请输入联系电话" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label="联系邮箱" name="contact_email" rules={[optionalRule(field.contact_email)]}>
                <Input placeholder="选填" />
              </Form.Item>
            </Col>
          </Row>
          <Divider titlePlacement="start" plain>
            机构管理员
          </Divider>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item label="管理员姓名" name="admin_name" rules={[schemaRule(field.admin_name)]}>
                <Input placeholder="请输入管理员姓名" maxLength={32} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                label="管理员手机号"
                name="admin_phone"
                rules={[schemaRule(field.admin_phone)]}
                extra="该手机号已有未加入企业或机构的账号时，将其设为机构管理员；没有账号时自动创建，使用验证码登录"
              >
                <Input placeholder="请输入管理员手机号" maxLength={11} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      )}
    </Modal>
  );
}
