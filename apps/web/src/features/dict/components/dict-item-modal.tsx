import {
  DICT_LABEL_MAX,
  DICT_SORT_MAX,
  DICT_VALUE_MAX,
  type DictItemBody,
  type DictItemRow,
  type DictionaryRow,
  dictItemBody,
} from '@skill-cert/shared/dict';
import { App, Button, ColorPicker, Form, Input, InputNumber, Modal, Switch, Tag } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useEffect } from 'react';
import { useAction } from '@/shared/hooks/use-action';
import { useUnsavedForm } from '@/shared/unsaved-changes';
import { useSaveDictItem } from '../api/dictionaries';

interface ItemValues {
  label?: string;
  value?: string;
  sort?: number | null;
  enabled?: boolean;
  color?: string | null;
}

const COLORS = ['#1677ff', '#52c41a', '#faad14', '#ff4d4f', '#722ed1', '#13c2c2', '#8c8c8c'];

export const valuesOf = (row: DictItemRow): ItemValues => ({
  label: row.label,
  value: String(row.value),
  sort: row.sort,
  enabled: row.enabled,
  color: row.color,
});

export const bodyOf = (v: ItemValues): DictItemBody => ({
  label: v.label ?? '',
  value: v.value?.trim() ?? '',
  sort: v.sort ?? 0,
  enabled: v.enabled ?? true,
  color: v.color ?? null,
});

/** 新增字典项 / 修改字典项 of `dict` (`editing`: the item, or null for a new one). A fixed item's value is read-only. */
export function DictItemModal({
  dict,
  editing,
  open,
  nextSort,
  onClose,
}: {
  dict: DictionaryRow;
  editing: DictItemRow | null;
  open: boolean;
  /** A new item's order: after the last. */
  nextSort: number;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ItemValues>();
  const unsaved = useUnsavedForm(form, open);
  const save = useSaveDictItem();
  const valueFixed = editing?.fixed ?? dict.fixed;
  const color = Form.useWatch('color', form);
  const label = Form.useWatch('label', form);

  useEffect(() => {
    if (open)
      form.setFieldsValue(
        editing ? valuesOf(editing) : { label: '', value: '', sort: nextSort, enabled: true, color: null },
      );
  }, [open, editing, nextSort, form]);

  const submit = useAction(async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const parsed = dictItemBody.safeParse(bodyOf(v));
    if (!parsed.success) {
      message.error(parsed.error.issues[0]?.message ?? '请检查填写的内容');
      return;
    }
    try {
      await unsaved.whileSaving(() =>
        save.mutateAsync({ dict: dict.name, id: editing?._id ?? null, body: bodyOf(v) }),
      );
      message.success('保存成功');
      onClose();
    } catch {
      // shown by the client; what was typed stays
    }
  });

  const title = editing ? '修改字典项' : '新增字典项';
  return (
    <Modal
      title={`${title}（${dict.title}）`}
      open={open}
      width={520}
      destroyOnHidden
      onCancel={() => unsaved.confirmDiscard(onClose)}
      footer={[
        <Button key="cancel" onClick={() => unsaved.confirmDiscard(onClose)}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={submit.running} onClick={() => void submit.run()}>
          保存
        </Button>,
      ]}
    >
      <Form<ItemValues> form={form} layout="vertical" aria-label={title} preserve={false}>
        <Form.Item
          label="名称"
          name="label"
          rules={[
            { required: true, whitespace: true, message: '请输入名称' },
            { max: DICT_LABEL_MAX, message: `名称不能超过${DICT_LABEL_MAX}个字符` },
          ]}
        >
          <Input placeholder="页面上显示的文字" maxLength={DICT_LABEL_MAX} />
        </Form.Item>
        <Form.Item
          label="值"
          name="value"
          extra={
            valueFixed
              ? '该字典的值被系统使用，不能修改'
              : dict.numeric
                ? '整数，在本字典中不能重复'
                : '在本字典中不能重复'
          }
          rules={[
            { required: true, whitespace: true, message: '请输入值' },
            { max: DICT_VALUE_MAX, message: `值不能超过${DICT_VALUE_MAX}个字符` },
            ...(dict.numeric && !valueFixed
              ? [{ pattern: /^-?\d{1,9}$/, message: '该字典的值应为整数' }]
              : []),
          ]}
        >
          <Input disabled={valueFixed} maxLength={DICT_VALUE_MAX} />
        </Form.Item>
        <Form.Item label="排序" name="sort" extra="数字越小越靠前">
          <InputNumber min={0} max={DICT_SORT_MAX} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="启用" name="enabled" valuePropName="checked" extra="停用后各页面不再显示此项">
          <Switch checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
        <Form.Item
          label="颜色"
          name="color"
          extra="状态标签的颜色，可不选"
          getValueFromEvent={(c: Color | null) => (!c || c.cleared ? null : c.toHexString())}
        >
          <ColorPicker
            allowClear
            disabledAlpha
            format="hex"
            presets={[{ label: '推荐', colors: COLORS }]}
            aria-label="颜色"
            showText={(c) => (c.cleared ? '不设置' : c.toHexString())}
          />
        </Form.Item>
        <Form.Item label="预览">
          <Tag color={color ?? undefined}>{label || '名称'}</Tag>
        </Form.Item>
      </Form>
    </Modal>
  );
}
