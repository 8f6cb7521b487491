import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DictTag } from './dict-tag';

const items = [
  { label: '已完成评分', value: 4, color: '#722ed1' },
  { label: '已退回', value: 3 },
];

describe('DictTag (a state in the words and colour of 字典管理)', () => {
  it('shows the dictionary’s label and colour for a value it has', () => {
    render(<DictTag items={items} value={4} text="已完成" color="green" />);
    const tag = screen.getByText('已完成评分');
    expect(tag).toHaveAttribute('data-status', '4');
    // antd draws a custom colour as the text on a lighter ground.
    expect(tag).toHaveStyle({ color: 'rgb(114, 46, 209)' });
  });

  it('keeps the caller’s colour when the item has none, and its text when the dictionary lacks the value', () => {
    render(
      <>
        <DictTag items={items} value={3} text="退回" color="orange" />
        <DictTag items={[]} value={0} text="待开始" color="blue" />
      </>,
    );
    expect(screen.getByText('已退回')).toHaveClass('ant-tag-orange');
    expect(screen.getByText('待开始')).toHaveClass('ant-tag-blue');
  });
});
