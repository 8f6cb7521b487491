import { Tag } from 'antd';

/** A state in the contract's text and colour (a grant, an offline batch, an archive). */
export function StatusTag({
  status,
  text,
  color,
}: {
  status: number;
  text: Partial<Record<number, string>>;
  color: Partial<Record<number, string>>;
}) {
  return (
    <Tag color={color[status]} data-status={status}>
      {text[status] ?? status}
    </Tag>
  );
}
