import { Button, Form, Space } from 'antd';
import type { ReactNode } from 'react';

export interface SearchFormProps<V extends object> {
  /** The form's accessible name, e.g. 备案搜索. */
  label: string;
  initialValues: V;
  /** The filter fields (Form.Item with a name). */
  children: ReactNode;
  /** The filters as entered: strings trimmed, a cleared field as its empty value. */
  onSearch: (values: V) => void;
  /** Buttons beside the form (新增…, 下载全部). */
  extra?: ReactNode;
}

/** Strings trimmed; a cleared select (undefined) becomes null, a cleared text field ''. */
export function cleanFilters<V extends object>(values: Partial<V>, initial: V): V {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const start = (initial as Record<string, unknown>)[key];
    if (typeof value === 'string') out[key] = value.trim();
    else out[key] = value === undefined ? (typeof start === 'string' ? '' : null) : value;
  }
  return out as V;
}

/** A list's filter form: its fields, then 搜索 (submit) and 重置 (back to the initial values, and search). */
export function SearchForm<V extends object>({
  label,
  initialValues,
  children,
  onSearch,
  extra,
}: SearchFormProps<V>) {
  const [form] = Form.useForm<V>();
  const search = () => onSearch(cleanFilters(form.getFieldsValue() as Partial<V>, initialValues));
  return (
    <div
      style={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'flex-start',
        flexWrap: 'wrap',
        gap: 12,
      }}
    >
      <Form<V>
        form={form}
        aria-label={label}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 12 }}
        initialValues={initialValues}
        onFinish={search}
      >
        {children}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              搜索
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search();
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {extra && <div style={{ marginBottom: 16 }}>{extra}</div>}
    </div>
  );
}
