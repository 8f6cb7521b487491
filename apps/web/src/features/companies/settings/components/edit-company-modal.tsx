import {
  type CompanyInfo,
  contactInfoBody,
  enNameBody,
  logoBody,
  subNameBody,
} from '@skill-cert/shared/companies';
import { App, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { FileUpload, type UploadedItem } from '@/shared/components/upload/file-upload';
import { schemaRule } from '@/shared/forms';
import { useAction } from '@/shared/hooks/use-action';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { useUpdateContactInfo } from '../api/update-contact-info';
import { useUpdateEnName } from '../api/update-en-name';
import { useUpdateLogo } from '../api/update-logo';
import { useUpdateSubName } from '../api/update-sub-name';

/** What the administrator edits: each is its own PATCH. */
export type CompanySetting = 'contact' | 'sub_name' | 'en_name' | 'logo';

const titles: Record<CompanySetting, string> = {
  contact: '修改联系信息',
  sub_name: '修改企业简称',
  en_name: '修改英文名称',
  logo: '更换企业标志',
};

interface SettingValues {
  contact_name?: string;
  contact_phone?: string;
  contact_email?: string;
  sub_name?: string;
  en_name?: string;
  logo?: UploadedItem[];
}

const emailRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const result = contactInfoBody.shape.contact_email.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? '邮箱格式不正确');
  },
};
const logoRule = schemaRule({
  safeParse: (v: unknown) =>
    logoBody.shape.logo_file_id.safeParse((v as UploadedItem[] | undefined)?.[0]?.file_id),
});

const initialValues = (company: CompanyInfo): SettingValues => ({
  contact_name: company.contact_name ?? '',
  contact_phone: company.contact_phone ?? '',
  contact_email: company.contact_email ?? '',
  sub_name: company.sub_name ?? '',
  en_name: company.en_name ?? '',
  logo: company.logo_file ? [{ ...company.logo_file, name: '企业标志' }] : [],
});

/** One dialog for the four settings the administrator may change (spec §7 updateContactInfo and siblings). */
export function EditCompanyModal({
  company,
  setting,
  onClose,
}: {
  company: CompanyInfo;
  setting: CompanySetting | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingValues>();
  const contact = useUpdateContactInfo();
  const subName = useUpdateSubName();
  const enName = useUpdateEnName();
  const logo = useUpdateLogo();
  const unsaved = useUnsavedForm(form, setting !== null);

  const patch = (values: SettingValues) => {
    switch (setting) {
      case 'contact':
        return contact.mutateAsync(
          contactInfoBody.parse({
            contact_name: values.contact_name,
            contact_phone: values.contact_phone,
            contact_email: values.contact_email,
          }),
        );
      case 'sub_name':
        return subName.mutateAsync(subNameBody.parse({ sub_name: values.sub_name }));
      case 'en_name':
        return enName.mutateAsync(enNameBody.parse({ en_name: values.en_name }));
      case 'logo':
        return logo.mutateAsync({ logo_file_id: values.logo?.[0]?.file_id ?? '' });
      default:
        return Promise.resolve(null);
    }
  };
  const submit = useAction(async (values: SettingValues) => {
    try {
      await unsaved.whileSaving(() => patch(values));
    } catch {
      return; // The HTTP client has shown the server's reason; what was typed stays.
    }
    message.success('保存成功');
    onClose();
  });

  let fields: ReactNode = null;
  if (setting === 'contact')
    fields = (
      <>
        <Form.Item
          label="联系人"
          name="contact_name"
          rules={[schemaRule(contactInfoBody.shape.contact_name)]}
        >
          <Input placeholder="请输入联系人" maxLength={50} />
        </Form.Item>
        <Form.Item
          label="联系电话"
          name="contact_phone"
          rules={[schemaRule(contactInfoBody.shape.contact_phone)]}
        >
          <Input placeholder="请输入联系电话" />
        </Form.Item>
        <Form.Item label="联系邮箱" name="contact_email" rules={[emailRule]}>
          <Input placeholder="请输入联系邮箱（选填）" />
        </Form.Item>
      </>
    );
  else if (setting === 'sub_name')
    fields = (
      <Form.Item label="企业简称" name="sub_name" rules={[schemaRule(subNameBody.shape.sub_name)]}>
        <Input placeholder="请输入企业简称" maxLength={30} />
      </Form.Item>
    );
  else if (setting === 'en_name')
    fields = (
      <Form.Item label="英文名称" name="en_name" rules={[schemaRule(enNameBody.shape.en_name)]}>
        <Input placeholder="请输入英文名称" maxLength={200} />
      </Form.Item>
    );
  else if (setting === 'logo')
    fields = (
      <Form.Item label="企业标志" name="logo" rules={[logoRule]} extra="JPG/PNG 图片，建议为正方形">
        <FileUpload kind="image" limit={1} />
      </Form.Item>
    );

  return (
    <Modal
      title={setting ? titles[setting] : ''}
      open={setting !== null}
      onCancel={() => unsaved.confirmDiscard(onClose)}
      okText="保存"
      cancelText="取消"
      onOk={() => form.submit()}
      confirmLoading={submit.running}
      destroyOnHidden
    >
      <Form<SettingValues>
        form={form}
        name="company-setting"
        aria-label={setting ? titles[setting] : undefined}
        layout="vertical"
        initialValues={initialValues(company)}
        onFinish={(values) => void submit.run(values)}
      >
        {fields}
      </Form>
    </Modal>
  );
}
