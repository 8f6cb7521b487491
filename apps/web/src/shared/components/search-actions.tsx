import { Button, Form, Space } from 'antd';

/** The 搜索 (submit) and 重置 buttons at the end of every list page's filter form. */
export function SearchActions({ onReset }: { onReset: () => void }) {
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          搜索
        </Button>
        <Button onClick={onReset}>重置</Button>
      </Space>
    </Form.Item>
  );
}
