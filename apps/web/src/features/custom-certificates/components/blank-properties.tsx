import { DeleteOutlined } from '@ant-design/icons';
import {
  type QrPlacement,
  qrPlacementInput,
  templateBlankInput,
} from '@skill-cert/shared/custom-certificates';
import { Button, ColorPicker, Empty, Form, Input, InputNumber, Radio, Switch, Typography } from 'antd';
import type { DesignerBlank } from '../lib/designer-model';

type Patch = Partial<Omit<DesignerBlank, 'key'>>;

/** The first message of each field the contract refuses, to show under that field as it is typed. */
function issuesOf(blank: DesignerBlank): Record<string, string> {
  const result = templateBlankInput.safeParse(blank);
  if (result.success) return {};
  const issues: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : 'geometry';
    issues[field] ??= issue.message;
  }
  return issues;
}

const percent = (fraction: number) => Math.round(fraction * 1000) / 10;
const fraction = (value: number | null) => Math.round((value ?? 0) * 100) / 10_000;

/** The selected blank's properties (spec §3 Blank, TemplateBlank): every change applies at once. */
export function BlankProperties({
  blank,
  onChange,
  onDelete,
}: {
  blank: DesignerBlank | null;
  onChange: (patch: Patch) => void;
  onDelete: () => void;
}) {
  if (!blank) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="在画布或字段列表中选择一个字段" />;
  }
  const issues = issuesOf(blank);
  const item = (field: string) =>
    issues[field] ? { validateStatus: 'error' as const, help: issues[field] } : { help: undefined };
  const isText = blank.blank_type === 1;
  const geometry = (label: string, field: 'x' | 'y' | 'width' | 'height') => (
    <Form.Item label={label} {...item(field)} style={{ marginBottom: 8 }}>
      <InputNumber
        aria-label={label}
        value={percent(blank[field])}
        min={0}
        max={100}
        step={0.5}
        precision={1}
        suffix="%"
        style={{ width: '100%' }}
        onChange={(value) => onChange({ [field]: fraction(value) })}
      />
    </Form.Item>
  );

  return (
    <Form layout="vertical" size="small" component="div">
      <Form.Item label="字段名" {...item('name')} extra="表格的列名，小写字母开头">
        <Input aria-label="字段名" value={blank.name} onChange={(e) => onChange({ name: e.target.value })} />
      </Form.Item>
      <Form.Item label="中文名" {...item('cn_name')}>
        <Input
          aria-label="中文名"
          value={blank.cn_name}
          onChange={(e) => onChange({ cn_name: e.target.value })}
        />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12 }}>
        <Form.Item label="类型" style={{ flex: 1 }}>
          <Radio.Group
            aria-label="类型"
            value={blank.blank_type}
            optionType="button"
            options={[
              { label: '文本', value: 1 },
              { label: '图片', value: 2 },
            ]}
            onChange={(e) => onChange({ blank_type: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="必填">
          <Switch
            aria-label="必填"
            checked={blank.required === 1}
            onChange={(checked) => onChange({ required: checked ? 1 : 0 })}
          />
        </Form.Item>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 12 }}>
        {geometry('横向位置', 'x')}
        {geometry('纵向位置', 'y')}
        {geometry('宽度', 'width')}
        {geometry('高度', 'height')}
      </div>
      {issues.geometry && (
        <Form.Item validateStatus="error" help={issues.geometry} style={{ marginBottom: 8 }} />
      )}
      {isText && (
        <>
          <div style={{ display: 'flex', gap: 12 }}>
            <Form.Item label="字号" {...item('font_size')} style={{ flex: 1 }}>
              <InputNumber
                aria-label="字号"
                value={blank.font_size}
                min={6}
                max={96}
                suffix="pt"
                style={{ width: '100%' }}
                onChange={(value) => onChange({ font_size: value ?? 14 })}
              />
            </Form.Item>
            <Form.Item label="颜色" {...item('color')}>
              <ColorPicker
                aria-label="颜色"
                value={blank.color}
                format="hex"
                disabledAlpha
                showText
                onChange={(color) => onChange({ color: color.toHexString().slice(0, 7) })}
              />
            </Form.Item>
          </div>
          <div style={{ display: 'flex', gap: 12 }}>
            <Form.Item label="对齐" style={{ flex: 1 }}>
              <Radio.Group
                aria-label="对齐"
                value={blank.align}
                optionType="button"
                options={[
                  { label: '左', value: 'left' },
                  { label: '中', value: 'center' },
                  { label: '右', value: 'right' },
                ]}
                onChange={(e) => onChange({ align: e.target.value })}
              />
            </Form.Item>
            <Form.Item label="加粗">
              <Switch
                aria-label="加粗"
                checked={blank.bold === 1}
                onChange={(checked) => onChange({ bold: checked ? 1 : 0 })}
              />
            </Form.Item>
          </div>
        </>
      )}
      <Button danger block icon={<DeleteOutlined />} onClick={onDelete}>
        删除字段
      </Button>
    </Form>
  );
}

/** The QR code's place and size (percent of the page width); 恢复默认 puts it back in the corner. */
export function QrProperties({
  qr,
  isDefault,
  onChange,
  onReset,
}: {
  qr: QrPlacement;
  isDefault: boolean;
  onChange: (qr: QrPlacement) => void;
  onReset: () => void;
}) {
  const issue = qrPlacementInput.safeParse(qr);
  const help = issue.success ? undefined : issue.error.issues[0]?.message;
  const field = (label: string, key: keyof QrPlacement, min: number, max: number) => (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <InputNumber
        aria-label={label}
        value={percent(qr[key])}
        min={min}
        max={max}
        step={0.5}
        precision={1}
        suffix="%"
        style={{ width: '100%' }}
        onChange={(value) => onChange({ ...qr, [key]: fraction(value) })}
      />
    </Form.Item>
  );
  return (
    <Form layout="vertical" size="small" component="div">
      <Typography.Paragraph type="secondary">
        二维码链接到证书的公开查询页，生成时自动绘制。{isDefault ? '当前为默认位置（右下角）。' : ''}
      </Typography.Paragraph>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 12 }}>
        {field('横向位置', 'x', 0, 100)}
        {field('纵向位置', 'y', 0, 100)}
        {field('大小', 'size', 4, 50)}
      </div>
      {help && <Form.Item validateStatus="error" help={help} style={{ marginBottom: 8 }} />}
      <Button block onClick={onReset} disabled={isDefault}>
        恢复默认位置
      </Button>
    </Form>
  );
}
