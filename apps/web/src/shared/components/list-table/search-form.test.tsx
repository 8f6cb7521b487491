import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { isOpen } from '@/test/ui';
import { SearchForm } from './search-form';

describe('SearchForm date filter', () => {
  it('a click on the date box before the calendar has loaded opens the calendar when it arrives', async () => {
    renderWithProviders(
      <SearchForm
        label="日期搜索"
        initialValues={{ day: '' }}
        fields={[{ name: 'day', label: '开始日期', date: true, placeholder: '请选择开始日期' }]}
        onSearch={() => undefined}
      />,
    );
    // Rendered synchronously: the calendar (a lazy part) cannot have loaded yet, so this is the stand-in box.
    const standIn = screen.getByPlaceholderText('请选择开始日期');
    expect(standIn).toHaveAttribute('readonly');
    fireEvent.click(standIn);
    fireEvent.focus(standIn);
    // The calendar opens without a second click: today's cell is shown.
    const today = dayjs().format('YYYY-MM-DD');
    const cell = await waitFor(() => {
      const td = document.querySelector<HTMLElement>(`td[title="${today}"]`);
      expect(td).not.toBeNull();
      return td as HTMLElement;
    });
    // Picking a day fills the box and closes the calendar, as it does when opened by hand.
    fireEvent.click(cell);
    await waitFor(() => expect(screen.getByPlaceholderText('请选择开始日期')).toHaveValue(today));
    // The calendar is no longer shown.
    await waitFor(() => expect(isOpen(cell)).toBe(false));
  });
});

describe('SearchForm field ids', () => {
  it("a list's filter does not take the label of another open page's field of the same name", () => {
    renderWithProviders(
      <>
        <SearchForm
          label="批次搜索"
          initialValues={{ level: null }}
          fields={[{ name: 'level', label: '等级', options: [{ label: '四级/中级工', value: 4 }] }]}
          onSearch={() => undefined}
        />
        <form aria-label="新增证书">
          <label htmlFor="level">职业技能等级</label>
          <input id="level" />
        </form>
      </>,
    );
    const filter = screen.getByRole('combobox', { name: '等级' });
    expect(filter.id).not.toBe('level');
    expect(screen.getByLabelText('职业技能等级')).toBe(screen.getByRole('textbox'));
  });
});
