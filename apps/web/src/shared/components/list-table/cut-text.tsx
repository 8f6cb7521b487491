import { Typography } from 'antd';

/**
 * A cell's text on one line, cut with an ellipsis, the whole of it in a tooltip when (and only when) it is cut: for
 * long values a reader needs whole (评价范围), where the cell's own title would show late or not at all.
 */
export function CutText({ text }: { text: string }) {
  return (
    <Typography.Text
      ellipsis={{ tooltip: { title: text, placement: 'topLeft' } }}
      style={{ maxWidth: '100%' }}
    >
      {text}
    </Typography.Text>
  );
}
