import {
  BANNER_LINK_MAX,
  BANNER_SORT_MAX,
  BANNER_TITLE_MAX,
  type BannerBody,
  BannerPosition,
  type BannerRow,
  bannerBody,
  bannerPositionNames,
  isBannerLink,
} from '@skill-cert/shared/banners';
import { DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { contractProblem, FormModal } from '@/shared/components/form-modal/form-modal';
import { FileUpload, oneFileField, type UploadedItem } from '@/shared/components/upload/file-upload';
import { useSaveBanner } from '../api/banners';

interface BannerValues {
  title?: string;
  image?: UploadedItem | null;
  link?: string;
  position?: number;
  sort?: number | null;
  window?: [Dayjs | null, Dayjs | null] | null;
  status?: 0 | 1;
}

const TIME = 'YYYY-MM-DD HH:mm:ss';
const LINK_MESSAGE = '链接只能是 http(s):// 开头的网址或以 / 开头的站内路径';

export const positionOptions = Object.entries(bannerPositionNames).map(([value, label]) => ({
  label,
  value: Number(value),
}));

/** The form's values of a saved banner. */
export function valuesOf(row: BannerRow): BannerValues {
  return {
    title: row.title,
    image: { file_id: row.image_file_id, webPath: row.image_url },
    link: row.link ?? '',
    position: row.position,
    sort: row.sort,
    window:
      row.show_from_str || row.show_until_str
        ? [
            row.show_from_str ? dayjs(row.show_from_str) : null,
            row.show_until_str ? dayjs(row.show_until_str) : null,
          ]
        : null,
    status: row.status,
  };
}

/** The request body of the form's values (the contract checks it again). */
export function bodyOf(v: BannerValues): BannerBody {
  const [from, until] = v.window ?? [null, null];
  return {
    title: v.title ?? '',
    image_file_id: v.image?.file_id ?? '',
    link: v.link?.trim() || null,
    position: (v.position ?? BannerPosition.LOGIN) as BannerBody['position'],
    sort: v.sort ?? 0,
    show_from: from ? from.format(TIME) : null,
    show_until: until ? until.format(TIME) : null,
    status: v.status ?? 1,
  };
}

const EMPTY: BannerValues = { image: null, link: '', position: BannerPosition.LOGIN, sort: 0, status: 1 };

/** 新增轮播图 / 修改轮播图 (`editing`: the row, or null for a new one). */
export function BannerFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: BannerRow | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<BannerValues>();
  const save = useSaveBanner();

  useEffect(() => {
    if (open) form.setFieldsValue(editing ? valuesOf(editing) : EMPTY);
  }, [open, editing, form]);

  return (
    <FormModal
      title={editing ? '修改轮播图' : '新增轮播图'}
      open={open}
      width={640}
      form={form}
      check={(v) => contractProblem(bannerBody, bodyOf(v))}
      save={(v) => save.mutateAsync({ id: editing?._id ?? null, body: bodyOf(v) })}
      onClose={onClose}
    >
      <Form.Item
        label="标题（图片说明）"
        name="title"
        rules={[
          { required: true, whitespace: true, message: '请输入标题' },
          { max: BANNER_TITLE_MAX, message: `标题不能超过${BANNER_TITLE_MAX}个字符` },
        ]}
      >
        <Input placeholder="请输入标题，作为图片的替代文字" maxLength={BANNER_TITLE_MAX} />
      </Form.Item>
      <Form.Item
        label="图片"
        name="image"
        {...oneFileField}
        rules={[{ required: true, message: '请上传图片' }]}
        extra="JPG/PNG 图片，建议宽高比 3:1"
      >
        <FileUpload kind="image" limit={1} replace />
      </Form.Item>
      <Form.Item
        label="链接"
        name="link"
        extra="可不填；http(s):// 开头的网址，或以 / 开头的站内路径"
        rules={[
          { max: BANNER_LINK_MAX, message: `链接不能超过${BANNER_LINK_MAX}个字符` },
          {
            validator: (_, value?: string) =>
              !value?.trim() || isBannerLink(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(LINK_MESSAGE)),
          },
        ]}
      >
        <Input placeholder="如 https://www.example.com 或 /news/index" maxLength={BANNER_LINK_MAX} />
      </Form.Item>
      <Form.Item label="位置" name="position" rules={[{ required: true, message: '请选择位置' }]}>
        <Select placeholder="请选择位置" options={positionOptions} />
      </Form.Item>
      <Form.Item label="排序" name="sort" extra="数字越小越靠前">
        <InputNumber min={0} max={BANNER_SORT_MAX} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        label="展示时间（北京时间）"
        name="window"
        extra="不填则一直展示；只填开始或结束时间也可以"
        rules={[
          {
            validator: (_, value?: BannerValues['window']) =>
              value?.[0] && value[1] && !value[1].isAfter(value[0])
                ? Promise.reject(new Error('结束时间应晚于开始时间'))
                : Promise.resolve(),
          },
        ]}
      >
        <DatePicker.RangePicker
          showTime
          format={TIME}
          allowEmpty={[true, true]}
          placeholder={['开始时间', '结束时间']}
        />
      </Form.Item>
      <Form.Item label="状态" name="status">
        <Radio.Group
          options={[
            { label: '启用', value: 1 },
            { label: '停用', value: 0 },
          ]}
        />
      </Form.Item>
    </FormModal>
  );
}
