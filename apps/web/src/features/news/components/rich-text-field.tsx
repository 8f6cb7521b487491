import { sanitizeHtml } from '@skill-cert/shared/sanitize-html';
import { Button, Input, Space, Tabs } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';

interface RichTextFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}

/** Tags the toolbar wraps the selection in. */
const WRAPS: { label: string; before: string; after: string }[] = [
  { label: '加粗', before: '<strong>', after: '</strong>' },
  { label: '斜体', before: '<em>', after: '</em>' },
  { label: '标题', before: '<h3>', after: '</h3>' },
  { label: '段落', before: '<p>', after: '</p>' },
  { label: '列表', before: '<ul>\n<li>', after: '</li>\n</ul>' },
  { label: '链接', before: '<a href="https://">', after: '</a>' },
];

/**
 * 正文: HTML with a toolbar that wraps the selection, and a preview shown through the one sanitiser, exactly as
 * readers will see it (the server sanitises it again when saved).
 */
export function RichTextField({ value = '', onChange, id, ...aria }: RichTextFieldProps) {
  const area = useRef<TextAreaRef>(null);
  const [tab, setTab] = useState('edit');

  const wrap = (before: string, after: string) => {
    const el = area.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange?.(`${value.slice(0, start)}${before}${value.slice(start, end)}${after}${value.slice(end)}`);
  };

  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      size="small"
      items={[
        {
          key: 'edit',
          label: '编辑',
          children: (
            <>
              <Space wrap size={4} style={{ marginBottom: 8 }}>
                {WRAPS.map((w) => (
                  <Button key={w.label} size="small" onClick={() => wrap(w.before, w.after)}>
                    {w.label}
                  </Button>
                ))}
              </Space>
              <Input.TextArea
                ref={area}
                id={id}
                aria-label="正文"
                {...aria}
                rows={10}
                value={value}
                placeholder="请输入正文，可使用上方按钮添加格式"
                onChange={(e) => onChange?.(e.target.value)}
              />
            </>
          ),
        },
        {
          key: 'preview',
          label: '预览',
          children: (
            <div
              className="news-content"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: passed through the one rich-text sanitiser
              dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }}
            />
          ),
        },
      ]}
    />
  );
}
