import {
  NEWS_ATTACHMENTS_MAX,
  NEWS_CATEGORIES,
  NEWS_PORTALS,
  NEWS_TITLE_MAX,
  type NewsBody,
  type NewsDetail,
  newsBody,
} from '@skill-cert/shared/news';
import { roleTypeNames } from '@skill-cert/shared/roles';
import { Checkbox, DatePicker, Form, Input, Radio, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { contractProblem, FormModal } from '@/shared/components/form-modal/form-modal';
import { FileUpload, oneFileField, type UploadedItem } from '@/shared/components/upload/file-upload';
import { shanghaiToday } from '@/shared/forms';
import { useNewsDetail, useSaveNews } from '../api/news';
import { RichTextField } from './rich-text-field';

interface NewsValues {
  title?: string;
  category?: string;
  cover?: UploadedItem | null;
  content?: string;
  attachments?: UploadedItem[];
  audience_all?: boolean;
  audience?: number[];
  top?: boolean;
  notify?: boolean;
  publish_at?: Dayjs | null;
}

const fileUrl = (id: string) => `/api/files/${id}`;

/** The form's values of a saved article. */
export function valuesOf(detail: NewsDetail): NewsValues {
  return {
    title: detail.title,
    category: detail.category,
    cover: detail.cover_file_id
      ? { file_id: detail.cover_file_id, webPath: fileUrl(detail.cover_file_id) }
      : null,
    content: detail.content,
    attachments: detail.attachments.map((f) => ({
      file_id: f.file_id,
      webPath: fileUrl(f.file_id),
      name: f.name,
    })),
    audience_all: detail.audience_all,
    audience: detail.audience,
    top: detail.top,
    notify: detail.notify,
    publish_at: detail.publish_at_str ? dayjs(detail.publish_at_str) : null,
  };
}

/** The request body of the form's values (the contract checks it again). */
export function bodyOf(v: NewsValues): NewsBody {
  return {
    title: v.title ?? '',
    category: v.category as NewsBody['category'],
    cover_file_id: v.cover?.file_id ?? null,
    content: v.content ?? '',
    attachments: (v.attachments ?? []).map((f) => ({ file_id: f.file_id, name: f.name ?? '附件' })),
    audience_all: v.audience_all ?? true,
    audience: v.audience_all ? [] : ((v.audience ?? []) as NewsBody['audience']),
    top: v.top ?? false,
    notify: v.notify ?? false,
    publish_at: v.publish_at ? v.publish_at.format('YYYY-MM-DD HH:mm:ss') : null,
  };
}

const portalOptions = NEWS_PORTALS.map((p) => ({ label: roleTypeNames[p], value: p }));
const EMPTY: NewsValues = {
  audience_all: true,
  audience: [],
  top: false,
  notify: false,
  attachments: [],
  cover: null,
};

/**
 * 新增新闻 / 修改新闻 (`editing`: the article's id, or null for a new one). Saving keeps a new article a draft, or
 * schedules it (定时发布); 发布 is the list's.
 */
export function NewsFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: string | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<NewsValues>();
  const detail = useNewsDetail(open ? editing : null);
  const save = useSaveNews();
  const audienceAll = Form.useWatch('audience_all', form);
  const draft = !editing || detail.data?.status === 0;

  useEffect(() => {
    if (!open) return;
    if (editing && !detail.data) return;
    form.setFieldsValue(editing && detail.data ? valuesOf(detail.data) : EMPTY);
  }, [open, editing, detail.data, form]);

  return (
    <FormModal
      title={editing ? '修改新闻' : '新增新闻'}
      open={open}
      width={880}
      form={form}
      check={(v) => contractProblem(newsBody, bodyOf(v))}
      save={(v) => save.mutateAsync({ id: editing, body: bodyOf(v) })}
      saved={(v) => (editing ? '保存成功' : v.publish_at ? '已保存，将按时发布' : '已保存为草稿')}
      loading={Boolean(editing) && detail.isLoading}
      onClose={onClose}
    >
      <Form.Item
        label="标题"
        name="title"
        rules={[
          { required: true, whitespace: true, message: '请输入标题' },
          { max: NEWS_TITLE_MAX, message: `标题不能超过${NEWS_TITLE_MAX}个字符` },
        ]}
      >
        <Input placeholder="请输入标题" maxLength={NEWS_TITLE_MAX} />
      </Form.Item>
      <Form.Item label="分类" name="category" rules={[{ required: true, message: '请选择分类' }]}>
        <Select placeholder="请选择分类" options={NEWS_CATEGORIES.map((c) => ({ label: c, value: c }))} />
      </Form.Item>
      <Form.Item label="封面" name="cover" {...oneFileField} extra="JPG/PNG 图片，可不上传">
        <FileUpload kind="image" limit={1} replace />
      </Form.Item>
      <Form.Item
        label="正文"
        name="content"
        rules={[{ required: true, whitespace: true, message: '请输入正文' }]}
      >
        <RichTextField />
      </Form.Item>
      <Form.Item label="附件" name="attachments" extra={`最多${NEWS_ATTACHMENTS_MAX}个`}>
        <FileUpload kind="file" limit={NEWS_ATTACHMENTS_MAX} buttonText="上传附件" />
      </Form.Item>
      <Form.Item label="可见范围" name="audience_all">
        <Radio.Group
          options={[
            { label: '全部端', value: true },
            { label: '指定端', value: false },
          ]}
        />
      </Form.Item>
      {audienceAll === false && (
        <Form.Item
          label="可见端"
          name="audience"
          rules={[{ required: true, type: 'array', min: 1, message: '请选择可见端' }]}
        >
          <Checkbox.Group options={portalOptions} />
        </Form.Item>
      )}
      <Form.Item label="置顶" name="top" valuePropName="checked">
        <Switch />
      </Form.Item>
      {draft && (
        <Form.Item label="发布时通知可见端用户" name="notify" valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      {draft && (
        <Form.Item label="定时发布（北京时间）" name="publish_at" extra="不填则保存为草稿，可在列表中发布">
          <DatePicker
            showTime
            format="YYYY-MM-DD HH:mm:ss"
            placeholder="请选择发布时间"
            disabledDate={(d) => d.isBefore(shanghaiToday(), 'day')}
          />
        </Form.Item>
      )}
    </FormModal>
  );
}
