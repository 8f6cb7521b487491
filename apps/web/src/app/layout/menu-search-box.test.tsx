import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { NavItem } from '../menu-routes';
import { MenuSearchField } from './menu-search-box';

const nav: NavItem[] = [
  {
    key: 'group:system',
    title: '系统管理',
    icon: null,
    path: null,
    children: [
      { key: '/system/role', title: '角色管理', icon: null, path: '/system/role' },
      { key: '/system/menu', title: '菜单管理', icon: null, path: '/system/menu' },
    ],
  },
  { key: '/news', title: '新闻公告', icon: null, path: '/news' },
];

function Where() {
  return <output aria-label="当前页面">{useLocation().pathname}</output>;
}

function renderSearch() {
  const element = (
    <>
      <MenuSearchField nav={nav} />
      <Where />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/company'] });
  render(<RouterProvider router={router} />);
  return screen.getByRole('combobox', { name: '搜索菜单' });
}

/** Types `text` once the search has loaded (it loads on the first focus). */
async function typeInto(box: HTMLElement, text: string) {
  await userEvent.click(box);
  await waitFor(() => {
    fireEvent.change(box, { target: { value: text } });
    expect(screen.getAllByRole('option').length).toBeGreaterThan(0);
  });
}

const where = () => screen.getByRole('status', { name: '当前页面' }).textContent;

describe('搜索菜单', () => {
  it('lists the matches with their groups, the first active; Enter opens it and empties the box', async () => {
    const box = renderSearch();
    await typeInto(box, '角色');
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveTextContent('系统管理 > 角色管理');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id);
    await userEvent.keyboard('{Enter}');
    expect(where()).toBe('/system/role');
    expect(box).toHaveValue('');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('↓ and ↑ move the active match; Esc closes the list', async () => {
    const box = renderSearch();
    await typeInto(box, '管理');
    expect(screen.getAllByRole('option')).toHaveLength(2);
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1].id);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('option')).toBeNull();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('a click on a match opens it; nothing matching shows no list', async () => {
    const box = renderSearch();
    await typeInto(box, 'news');
    await userEvent.click(screen.getByRole('option', { name: '新闻公告' }));
    expect(where()).toBe('/news');
    fireEvent.change(box, { target: { value: 'zzzq' } });
    expect(screen.queryByRole('option')).toBeNull();
  });
});
