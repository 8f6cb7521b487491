import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { NavItem } from '../menu-routes';
import { useNavMenu } from '../use-server-routes';

type MenuSearchModule = typeof import('../menu-search');

/**
 * 搜索菜单: fuzzy search over the visible pages of the active role; choosing one opens it. The search (fuse.js)
 * loads when the box is first focused, not with the layout (issue 23); what was typed meanwhile is searched then.
 */
export function MenuSearchBox() {
  return <MenuSearchField nav={useNavMenu()} />;
}

/** The search box over the pages of `nav` (its benchmark gives it 500). */
export function MenuSearchField({ nav }: { nav: readonly NavItem[] }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [engine, setEngine] = useState<MenuSearchModule | null>(null);
  const load = () => {
    if (!engine) void import('../menu-search').then(setEngine);
  };
  const search = useMemo(
    () => (engine ? engine.createMenuSearch(engine.menuSearchEntries(nav)) : () => []),
    [engine, nav],
  );
  const options = useMemo(
    () => search(query).map((entry) => ({ value: entry.path, label: entry.title.join(' > ') })),
    [search, query],
  );

  return (
    <AutoComplete
      className="menu-search"
      options={options}
      value={query}
      onFocus={load}
      onSearch={setQuery}
      onChange={setQuery}
      onSelect={(path: string) => {
        setQuery('');
        navigate(path);
      }}
      filterOption={false}
      popupMatchSelectWidth={240}
    >
      <Input prefix={<SearchOutlined />} placeholder="搜索菜单" aria-label="搜索菜单" allowClear />
    </AutoComplete>
  );
}
