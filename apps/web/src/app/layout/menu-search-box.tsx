import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { NavItem } from '../menu-routes';
import { createMenuSearch, menuSearchEntries } from '../menu-search';
import { useNavMenu } from '../use-server-routes';

/** 搜索菜单: fuzzy search over the visible pages of the active role; choosing one opens it. */
export function MenuSearchBox() {
  return <MenuSearchField nav={useNavMenu()} />;
}

/** The search box over the pages of `nav` (its benchmark gives it 500). */
export function MenuSearchField({ nav }: { nav: readonly NavItem[] }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const search = useMemo(() => createMenuSearch(menuSearchEntries(nav)), [nav]);
  const options = useMemo(
    () => search(query).map((entry) => ({ value: entry.path, label: entry.title.join(' > ') })),
    [search, query],
  );

  return (
    <AutoComplete
      className="menu-search"
      options={options}
      value={query}
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
