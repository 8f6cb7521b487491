import { Button, type DatePickerProps, Form, Input, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { outsideDateRange } from '@/shared/forms';

// The calendar loads with the first list that has a date filter, not with every list.
const DatePicker = lazy(() =>
  import('antd/es/date-picker').then((m) => ({ default: m.default as ComponentType<DatePickerProps> })),
);

/**
 * A date filter: a plain box of the same size and text until the calendar has loaded. A click or focus on the box
 * meanwhile is not lost: the calendar arrives open (and focused), then works as usual once closed.
 */
function DateFilter(props: DatePickerProps) {
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  return (
    <Suspense
      fallback={
        <Input readOnly placeholder={props.placeholder} style={props.style} onClick={want} onFocus={want} />
      }
    >
      <DatePicker
        {...props}
        autoFocus={wanted}
        open={wanted || undefined}
        onOpenChange={(open) => {
          if (!open) setWanted(false);
          props.onOpenChange?.(open);
        }}
      />
    </Suspense>
  );
}

/**
 * One filter of a list: a text box, a select (全部 when cleared) when it has options, a date ('YYYY-MM-DD') or a
 * switch.
 */
export interface SearchField {
  name: string;
  label: string;
  /** A day picked from a calendar; its value is the text 'YYYY-MM-DD' ('' when cleared). */
  date?: boolean;
  /** An on/off filter (90 天内到期); its value is true when on and null when off (no filter). */
  switch?: boolean;
  placeholder?: string;
  options?: { label: string; value: number | string }[];
  width?: number;
}

export interface SearchFormProps<V extends object> {
  /** The form's accessible name, e.g. 备案搜索. */
  label: string;
  initialValues: V;
  fields: SearchField[];
  /** The filters as entered: strings trimmed, a cleared field as its empty value. */
  onSearch: (values: V) => void;
  /** Buttons beside the form (新增…, 下载全部). */
  extra?: ReactNode;
  /** The filters applied: the fields show them when they change from outside the form (a link's filters). */
  values?: V;
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
  fields,
  onSearch,
  extra,
  values,
}: SearchFormProps<V>) {
  const [form] = Form.useForm<V>();
  // The applied filters are shown when they differ from what the fields show (a link's at the start, or a change
  // made outside the form); a kept page shown again runs its effects again and keeps what was typed but not searched.
  const shown = useRef<V | undefined>(initialValues);
  useEffect(() => {
    if (!values || shown.current === values) return;
    shown.current = values;
    form.setFieldsValue(values as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, values]);
  // Its own field ids: a list kept open behind another page would otherwise take that page's labels (等级 and
  // 职业技能等级 both naming `level`).
  const formName = useId();
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
        name={formName}
        aria-label={label}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 12 }}
        initialValues={initialValues}
        onFinish={search}
      >
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            {...(field.date
              ? {
                  getValueProps: (v: string | null) => ({ value: v ? dayjs(v) : null }),
                  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : ''),
                }
              : field.switch
                ? {
                    getValueProps: (v: boolean | null) => ({ checked: v === true }),
                    normalize: (on: boolean) => (on ? true : null),
                  }
                : {})}
          >
            {field.switch ? (
              <Switch />
            ) : field.date ? (
              <DateFilter
                placeholder={field.placeholder ?? '请选择日期'}
                style={{ width: field.width ?? 150 }}
                disabledDate={outsideDateRange}
              />
            ) : field.options ? (
              <Select
                options={field.options}
                allowClear
                placeholder={field.placeholder ?? '全部'}
                style={{ width: field.width ?? 140 }}
              />
            ) : (
              <Input
                placeholder={field.placeholder}
                allowClear
                style={field.width ? { width: field.width } : undefined}
              />
            )}
          </Form.Item>
        ))}
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
