import { DeleteOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { IMAGE_LIMIT_TEXT } from '@skill-cert/shared/constants';
import { type CustomCertificateTemplate, templateBody } from '@skill-cert/shared/custom-certificates';
import {
  Alert,
  App,
  Button,
  Divider,
  Dropdown,
  Empty,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useId, useState } from 'react';
import { FileUpload, type UploadedItem } from '@/shared/components/upload/file-upload';
import { useAction } from '@/shared/hooks/use-action';
import { errorMessage } from '@/shared/http';
import { useUnsavedChanges } from '@/shared/unsaved-changes';
import { useDefaultBlanks, usePreviewTemplate, useSaveTemplate } from '../api/templates';
import {
  backgroundMismatch,
  blankFromDefault,
  bodyOf,
  customBlank,
  type DesignerBlank,
  type DesignerState,
  designOf,
  emptyDesign,
  qrOf,
} from '../lib/designer-model';
import { BlankProperties, QrProperties } from './blank-properties';
import { DesignerCanvas, QR_KEY } from './designer-canvas';
import { usePdfPreview } from './use-pdf-preview';

/** Full screen: above the fixed sidebar of the layout (z-index 1001); popups inside stack on top of it. */
const ABOVE_LAYOUT_Z_INDEX = 1100;

const orientationText = { landscape: '横向', portrait: '纵向' } as const;

const pageSizeOptions = [
  { label: 'A4', value: 'A4' },
  { label: 'A5', value: 'A5' },
  { label: 'B5', value: 'B5' },
];

/**
 * The template designer (full screen): name, page size and orientation, the background, blanks on the
 * page, their properties, 预览 (rendered by the server) and 保存. `template` null designs a new one.
 */
export function TemplateDesigner({
  template,
  onClose,
}: {
  template: CustomCertificateTemplate | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [design, setDesign] = useState<DesignerState>(() => (template ? designOf(template) : emptyDesign()));
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const nameErrorId = useId();
  // The upload control's value is kept as it reported it, so it knows the value for its own.
  const [backgroundImages, setBackgroundImages] = useState<UploadedItem[]>(() =>
    design.background ? [design.background] : [],
  );
  const defaults = useDefaultBlanks();
  const save = useSaveTemplate();
  const preview = usePreviewTemplate();
  const { showPdf, previewDialog } = usePdfPreview();
  const [backgroundSize, setBackgroundSize] = useState<{ src: string; width: number; height: number } | null>(
    null,
  );
  const mismatch = backgroundMismatch(
    backgroundSize && backgroundSize.src === design.background?.webPath ? backgroundSize : null,
    design,
  );

  // What the template would be saved as, against what it was when opened (or last saved).
  const designText = JSON.stringify(bodyOf(design));
  const [savedText, setSavedText] = useState(designText);
  const unsaved = useUnsavedChanges(() => designText !== savedText, {
    saved: () => setSavedText(designText),
  });

  const selected = design.blanks.find((b) => b.key === selectedKey) ?? null;
  const patch = (next: Partial<DesignerState>) => setDesign((d) => ({ ...d, ...next }));
  const patchBlank = (key: string, change: Partial<DesignerBlank>) =>
    setDesign((d) => ({ ...d, blanks: d.blanks.map((b) => (b.key === key ? { ...b, ...change } : b)) }));
  const addBlanks = (added: DesignerBlank[]) => {
    if (added.length === 0) return;
    setDesign((d) => ({ ...d, blanks: [...d.blanks, ...added] }));
    setSelectedKey(added[added.length - 1]!.key);
  };
  const removeBlank = (key: string) => {
    setDesign((d) => ({ ...d, blanks: d.blanks.filter((b) => b.key !== key) }));
    setSelectedKey((k) => (k === key ? null : k));
  };

  const unused = (defaults.data ?? []).filter((d) => !design.blanks.some((b) => b.name === d.name));
  const addDefault = (name: string) => {
    if (name === '*') {
      const added: DesignerBlank[] = [];
      for (const d of unused) {
        const blank = blankFromDefault(d, [...design.blanks, ...added]);
        if (blank) added.push(blank);
      }
      addBlanks(added);
      return;
    }
    const found = defaults.data?.find((d) => d.name === name);
    const blank = found ? blankFromDefault(found, design.blanks) : null;
    if (blank) addBlanks([blank]);
  };

  /** The body the contract accepts, or null after saying what is wrong (and selecting the blank at fault). */
  const validBody = () => {
    const body = bodyOf(design);
    const result = templateBody.safeParse(body);
    if (result.success) {
      setNameError(null);
      return body;
    }
    const issue = result.error.issues[0]!;
    const [field, index] = issue.path;
    if (field === 'template_name') setNameError(issue.message);
    if (field === 'blanks' && typeof index === 'number' && design.blanks[index]) {
      const blank = design.blanks[index];
      setSelectedKey(blank.key);
      message.error(`字段「${blank.cn_name || blank.name}」：${issue.message}`);
    } else {
      message.error(issue.message);
    }
    return null;
  };

  const runPreview = async () => {
    const body = validBody();
    if (!body) return;
    try {
      showPdf(await preview.mutateAsync(body), `${body.template_name}（预览）.pdf`);
    } catch (error) {
      message.error(errorMessage(error));
    }
  };

  const runSave = useAction(async () => {
    const body = validBody();
    if (!body) return;
    try {
      await unsaved.whileSaving(() => save.mutateAsync({ id: template?._id ?? null, body }));
      message.success(template ? '模板修改成功' : '模板创建成功');
      onClose();
    } catch {
      // The HTTP client has shown the server's message; the designer stays open.
    }
  });
  const cancel = () => unsaved.confirmDiscard(onClose);

  const defaultMenu = {
    items: [
      { key: '*', label: '全部添加', disabled: unused.length === 0 },
      { type: 'divider' as const },
      ...(defaults.data ?? []).map((d) => ({
        key: d.name,
        label: `${d.cn_name}${d.blank_type === 2 ? '（图片）' : ''}`,
        disabled: design.blanks.some((b) => b.name === d.name),
      })),
    ],
    onClick: ({ key }: { key: string }) => addDefault(key),
  };

  return (
    <Modal
      open
      title={template ? `编辑模板：${template.template_name}` : '新建模板'}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 124px)', overflow: 'hidden' } }}
      onCancel={cancel}
      mask={{ closable: false }}
      zIndex={ABOVE_LAYOUT_Z_INDEX}
      keyboard={false}
      footer={
        <Space>
          <Button onClick={cancel}>取消</Button>
          <Button onClick={runPreview} loading={preview.isPending}>
            预览
          </Button>
          <Button type="primary" onClick={() => void runSave.run()} loading={runSave.running}>
            保存
          </Button>
        </Space>
      }
    >
      <div className="cc-designer">
        <aside className="cc-designer-side" aria-label="模板设置">
          <Form layout="vertical" size="small" component="div">
            <Form.Item
              label="模板名称"
              required
              validateStatus={nameError ? 'error' : undefined}
              help={nameError ? <span id={nameErrorId}>{nameError}</span> : undefined}
            >
              {/* A form item without a name links no error to its field: the name's error is its description. */}
              <Input
                aria-label="模板名称"
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? nameErrorId : undefined}
                placeholder="请输入模板名称"
                maxLength={50}
                value={design.template_name}
                onChange={(e) => {
                  setNameError(null);
                  patch({ template_name: e.target.value });
                }}
              />
            </Form.Item>
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item label="纸张大小" style={{ flex: 1 }}>
                <Select
                  aria-label="纸张大小"
                  value={design.page_size}
                  options={pageSizeOptions}
                  onChange={(page_size) => patch({ page_size })}
                />
              </Form.Item>
              <Form.Item label="方向">
                <Radio.Group
                  aria-label="方向"
                  value={design.orientation}
                  optionType="button"
                  options={[
                    { label: orientationText.landscape, value: 'landscape' },
                    { label: orientationText.portrait, value: 'portrait' },
                  ]}
                  onChange={(e) => patch({ orientation: e.target.value })}
                />
              </Form.Item>
            </div>
            <Form.Item label="证书底图" required extra={`JPG/PNG，按纸张比例铺满整页，${IMAGE_LIMIT_TEXT}`}>
              <FileUpload
                kind="image"
                limit={1}
                value={backgroundImages}
                onChange={(images) => {
                  setBackgroundImages(images);
                  patch({ background: images[0] ?? null });
                }}
              />
            </Form.Item>
          </Form>
          <Divider style={{ margin: '8px 0' }} />
          <Space style={{ marginBottom: 8 }} wrap>
            <Dropdown menu={defaultMenu} trigger={['click']} disabled={!defaults.data}>
              <Button size="small" loading={defaults.isLoading}>
                添加默认字段 <DownOutlined />
              </Button>
            </Dropdown>
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => addBlanks([customBlank(design.blanks)])}
            >
              自定义字段
            </Button>
          </Space>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
            字段（{design.blanks.length}）
          </Typography.Text>
          {design.blanks.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无字段" />
          ) : (
            <ul aria-label="字段列表" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {design.blanks.map((blank) => (
                <li
                  key={blank.key}
                  className={`cc-blank-list-item${blank.key === selectedKey ? ' active' : ''}`}
                >
                  <button
                    type="button"
                    className="cc-blank-list-name"
                    aria-pressed={blank.key === selectedKey}
                    onClick={() => setSelectedKey(blank.key)}
                  >
                    {blank.required === 1 && <span className="cc-required">*</span>}
                    {blank.cn_name || blank.name}
                  </button>
                  <Tag style={{ marginInlineEnd: 0 }}>{blank.blank_type === 2 ? '图片' : '文本'}</Tag>
                  <Button
                    type="text"
                    size="small"
                    danger
                    aria-label={`删除 ${blank.cn_name}`}
                    icon={<DeleteOutlined />}
                    onClick={() => removeBlank(blank.key)}
                  />
                </li>
              ))}
            </ul>
          )}
          <div
            className={`cc-blank-list-item${selectedKey === QR_KEY ? ' active' : ''}`}
            style={{ marginTop: 4 }}
          >
            <button
              type="button"
              className="cc-blank-list-name"
              aria-pressed={selectedKey === QR_KEY}
              onClick={() => setSelectedKey(QR_KEY)}
            >
              二维码（公开查询）
            </button>
          </div>
        </aside>
        <main className="cc-designer-main">
          {mismatch && backgroundSize && (
            <Alert
              type="warning"
              showIcon
              role="alert"
              title="底图比例与纸张不一致，生成的证书中底图会被拉伸变形"
              description={`底图 ${backgroundSize.width}×${backgroundSize.height} 像素（宽高比 ${mismatch.imageAspect.toFixed(2)}），${design.page_size} ${orientationText[design.orientation]}纸张宽高比 ${mismatch.pageAspect.toFixed(2)}。${
                mismatch.better
                  ? `建议将方向改为「${orientationText[mismatch.better]}」。`
                  : '请换用与纸张比例一致的底图。'
              }`}
              action={
                mismatch.better && (
                  <Button size="small" onClick={() => patch({ orientation: mismatch.better! })}>
                    改为{orientationText[mismatch.better]}
                  </Button>
                )
              }
            />
          )}
          <DesignerCanvas
            onBackgroundSize={setBackgroundSize}
            design={design}
            selectedKey={selectedKey}
            onSelect={setSelectedKey}
            onGeometry={patchBlank}
            onQr={(qr) => patch({ qr })}
          />
        </main>
        <aside className="cc-designer-props" aria-label="字段属性">
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            字段属性
          </Typography.Title>
          {selectedKey === QR_KEY ? (
            <QrProperties
              qr={qrOf(design)}
              isDefault={design.qr === null}
              onChange={(qr) => patch({ qr })}
              onReset={() => patch({ qr: null })}
            />
          ) : (
            <BlankProperties
              blank={selected}
              onChange={(change) => selected && patchBlank(selected.key, change)}
              onDelete={() => selected && removeBlank(selected.key)}
            />
          )}
        </aside>
      </div>
      {previewDialog}
    </Modal>
  );
}
