import type {
  CertificateBlank,
  CustomCertificateBatch,
  CustomCertificateRow,
  CustomCertificateTemplate,
  DefaultBlank,
  TemplateBlank,
} from '@skill-cert/shared/custom-certificates';
import { fireEvent, waitFor } from '@testing-library/react';
import { useSessionStore } from '@/shared/session/session-store';
import { makeUser } from '@/test/fake-network';
import { findDialog, findDialogSaying } from '@/test/ui';

/** Test data and rendering for the custom-certificate screens (imported by their tests only). */

let seq = 0;
export const uuid = () => {
  seq += 1;
  return `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
};

export const textBlank = (
  name: string,
  cn_name: string,
  extra: Partial<TemplateBlank> = {},
): TemplateBlank => ({
  _id: uuid(),
  name,
  cn_name,
  required: 1,
  blank_type: 1,
  x: 0.1,
  y: 0.3,
  width: 0.3,
  height: 0.06,
  font_size: 16,
  color: '#000000',
  align: 'left',
  bold: 0,
  ...extra,
});

export const defaultBlanks: DefaultBlank[] = [
  { ...textBlank('name', '姓名', { x: 0.2, y: 0.3 }) },
  { ...textBlank('id_card', '身份证号', { x: 0.2, y: 0.4 }) },
  { ...textBlank('photo', '照片', { blank_type: 2, x: 0.75, y: 0.25, width: 0.12, height: 0.2 }) },
].map(({ _id, ...b }) => b);

export function template(extra: Partial<CustomCertificateTemplate> = {}): CustomCertificateTemplate {
  return {
    _id: uuid(),
    template_name: '职业技能等级证书',
    company_name: '示例智能制造有限公司',
    background_file_id: uuid(),
    background_web_path: '/api/files/background',
    page_size: 'A4',
    orientation: 'landscape',
    blanks: [textBlank('name', '姓名')],
    qr: { x: 0.86, y: 0.74, size: 0.1 },
    create_time_str: '2026-03-01 10:00:00',
    update_time_str: '2026-03-02 11:00:00',
    ...extra,
  };
}

export function batch(extra: Partial<CustomCertificateBatch> = {}): CustomCertificateBatch {
  return {
    _id: uuid(),
    name: '2026年3月批次',
    certificate_handle_status: 1,
    certificate_handle_status_value: '已完成',
    custom_certificate_template_id: uuid(),
    custom_certificate_template_info: {
      template_name: '职业技能等级证书',
      company_name: '示例智能制造有限公司',
    },
    file_info: { originName: '证书数据.xlsx', webPath: '/api/files/sheet-1' },
    total: 3,
    success_count: 3,
    failed_count: 0,
    progress: 100,
    creator_name: '张三',
    create_time_str: '2026-03-03 09:00:00',
    finish_time_str: '2026-03-03 09:01:00',
    ...extra,
  };
}

export const certificateBlank = (
  name: string,
  cn_name: string,
  val: string,
  extra: Partial<CertificateBlank> = {},
): CertificateBlank => ({
  _id: uuid(),
  name,
  cn_name,
  required: 1,
  blank_type: 1,
  val,
  file_web_path: null,
  ...extra,
});

export function certificateRow(extra: Partial<CustomCertificateRow> = {}): CustomCertificateRow {
  const id = extra._id ?? uuid();
  return {
    _id: id,
    row_number: 1,
    row_key: '1',
    blanks: [
      certificateBlank('name', '姓名', '李四'),
      certificateBlank('id_card', '身份证号', '110101199003071234'),
    ],
    custom_certificate_produce_status: 1,
    custom_certificate_produce_status_value: '生成成功',
    fail_reason: null,
    custom_certificate_file_info: { originName: '李四.pdf', webPath: `/api/files/pdf-${id}` },
    verify_path: `/information-link/${id}`,
    ...extra,
  };
}

/** A signed-in enterprise user with a company. */
export function signInEnterprise() {
  useSessionStore.setState({ user: makeUser({ roles: [1] }) });
}

export { uploadOk } from '@/test/files';

/*
 * Role queries compute styles for every element, and antd's CSS-in-JS makes that slow in jsdom: these
 * tests find most things by text, label or attribute instead.
 */

/** The open dialog whose text includes `title`. */
export const dialogNamed = (title: string): Promise<HTMLElement> => findDialogSaying(title);

/** The open dialog whose title is exactly `title`. */
export const dialogTitled = (title: string): Promise<HTMLElement> => findDialog(title);

/** The element labelled `label` (aria-label) inside `scope`. */
export function byLabel<E extends HTMLElement = HTMLElement>(scope: ParentNode, label: string): E {
  const found = scope.querySelector<E>(`[aria-label="${label}"]`);
  if (!found) throw new Error(`nothing labelled ${label}`);
  return found;
}

/** The button whose text is exactly `text` inside `scope` (icons aside). */
export function buttonNamed(scope: HTMLElement, text: string): HTMLButtonElement {
  const found = [...scope.querySelectorAll<HTMLButtonElement>('button, a[href]')].filter(
    (b) => b.textContent?.trim() === text,
  );
  if (found.length !== 1) throw new Error(`${found.length} buttons named ${text}`);
  return found[0]!;
}

/** Clicks the button named `text`, once it is there and enabled. */
export async function clickButton(scope: HTMLElement, text: string): Promise<void> {
  const button = await waitFor(() => {
    const found = buttonNamed(scope, text);
    if (found.disabled) throw new Error(`${text} is disabled`);
    return found;
  });
  fireEvent.click(button);
}
