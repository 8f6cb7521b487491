import { Tag } from 'antd';
import type { DictItem } from './dict-cache';

/**
 * A state as a tag in the platform's words: the dictionary item's label and colour (字典管理) when the dictionary has
 * the value, else the caller's text and colour (the API's `*_text`, while the dictionary loads or lacks the value).
 */
export function DictTag({
  items,
  value,
  text,
  color,
}: {
  items: readonly DictItem[];
  value: number | string;
  text: string;
  color?: string;
}) {
  const item = items.find((i) => String(i.value) === String(value));
  return (
    <Tag color={item?.color ?? color} data-status={value}>
      {item?.label || text}
    </Tag>
  );
}
