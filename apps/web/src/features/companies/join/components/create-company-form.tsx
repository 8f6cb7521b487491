import { createCompanyBody } from '@skill-cert/shared/companies';
import { roleHome } from '@skill-cert/shared/roles';
import { App, Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { RegionCascader } from '@/shared/components/region-cascader/region-cascader';
import { FileUpload, type UploadedItem } from '@/shared/components/upload/file-upload';
import { schemaRule } from '@/shared/forms';
import { useAction } from '@/shared/hooks/use-action';
import { getUser } from '@/shared/session/api/get-user';
import { saveUser } from '@/shared/session/session';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { useCreateCompany } from '../api/create-company';

export interface CreateCompanyValues {
  name: string;
  credit_code: string;
  /** [province, city, county] codes from the region cascader. */
  region: string[];
  address: string;
  contact_name: string;
  contact_phone: string;
  licence: UploadedItem[];
}

const field = createCompanyBody.shape;
/** The cascader's last code is the county (or the city where a city has no counties). */
const regionRule = schemaRule({
  safeParse: (v: unknown) => field.region_code.safeParse((v as string[])?.at(-1)),
});
const licenceRule = schemaRule({
  safeParse: (v: unknown) => field.licence_file_id.safeParse((v as UploadedItem[] | undefined)?.[0]?.file_id),
});

/** 创建企业: the creator becomes its administrator and goes on to the record application. */
export function CreateCompanyForm() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const create = useCreateCompany();
  const [form] = Form.useForm<CreateCompanyValues>();
  const unsaved = useUnsavedForm(form);

  const submit = useAction(async (values: CreateCompanyValues) => {
    const body = createCompanyBody.parse({
      name: values.name,
      credit_code: values.credit_code,
      region_code: values.region.at(-1),
      address: values.address,
      contact_name: values.contact_name,
      contact_phone: values.contact_phone,
      licence_file_id: values.licence[0]?.file_id,
    });
    await unsaved
      .whileSaving(() => create.mutateAsync(body))
      .then(
        async () => {
          message.success('企业创建成功');
          // The session now belongs to a company: load it before the guard looks at it.
          const user = await getUser();
          saveUser(user);
          await navigate(roleHome(user.active_role_type_id, user.company_id), { replace: true });
        },
        () => undefined, // The HTTP client has shown the reason.
      );
  });

  return (
    <Form<CreateCompanyValues>
      form={form}
      name="create-company"
      aria-label="创建企业"
      layout="horizontal"
      labelCol={{ flex: '140px' }}
      onFinish={(values) => void submit.run(values)}
    >
      <Form.Item label="企业名称" name="name" rules={[schemaRule(field.name)]}>
        <Input placeholder="请输入企业名称" maxLength={100} />
      </Form.Item>
      <Form.Item
        label="统一社会信用代码"
        name="credit_code"
        rules={[schemaRule(field.credit_code)]}
        normalize={(v: string) => v.toUpperCase()}
        extra="18位，见营业执照"
      >
        <Input placeholder="请输入统一社会信用代码" maxLength={18} />
      </Form.Item>
      <Form.Item label="所在地区" name="region" rules={[regionRule]}>
        <RegionCascader placeholder="请选择省/市/区" />
      </Form.Item>
      <Form.Item label="详细地址" name="address" rules={[schemaRule(field.address)]}>
        <Input placeholder="请输入详细地址" maxLength={200} />
      </Form.Item>
      <Form.Item label="联系人" name="contact_name" rules={[schemaRule(field.contact_name)]}>
        <Input placeholder="请输入联系人" maxLength={50} />
      </Form.Item>
      <Form.Item label="联系电话" name="contact_phone" rules={[schemaRule(field.contact_phone)]}>
        <Input placeholder="请输入联系电话" />
      </Form.Item>
      <Form.Item label="营业执照" name="licence" rules={[licenceRule]} extra="JPG/PNG 图片，不超过 50M">
        <FileUpload kind="image" limit={1} />
      </Form.Item>
      <Form.Item label={null}>
        <Button type="primary" htmlType="submit" loading={submit.running}>
          创建企业
        </Button>
      </Form.Item>
    </Form>
  );
}
