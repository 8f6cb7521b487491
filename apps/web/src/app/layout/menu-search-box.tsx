import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { NavItem } from '../menu-routes';
import { useNavMenu } from '../use-server-routes';

type MenuSearchModule = typeof import('../menu-search');

/**
 * 搜索菜单: fuzzy search over the visible pages of the active role; choosing one opens it. The search (fuse.js)
 * loads when the box is first focused, not with the layout; what was typed meanwhile is searched then.
 */
export function MenuSearchBox() {
  return <MenuSearchField nav={useNavMenu()} />;
}

/**
 * The search box over the pages of `nav` (its benchmarks give it 500). A combobox of its own rather than antd's
 * AutoComplete: the matches are plain options in a list under the box, placed by CSS, so a
 * keystroke costs the search and a few dozen plain elements, not a select's virtual list measuring its rows and its
 * popup re-aligning. The first match is active; ↑/↓ move, Enter opens, Esc closes (WAI-ARIA combobox with a listbox).
 */
export function MenuSearchField({ nav }: { nav: readonly NavItem[] }) {
  const navigate = useNavigate();
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [engine, setEngine] = useState<MenuSearchModule | null>(null);
  const load = () => {
    setOpen(true);
    if (!engine) void import('../menu-search').then(setEngine);
  };
  const search = useMemo(
    () => (engine ? engine.createMenuSearch(engine.menuSearchEntries(nav)) : () => []),
    [engine, nav],
  );
  const matches = useMemo(() => search(query), [search, query]);
  const shown = open && matches.length > 0;
  const current = Math.min(active, matches.length - 1);

  const choose = (path: string) => {
    setQuery('');
    setOpen(false);
    navigate(path);
  };
  const moveTo = (index: number) => {
    setActive(index);
    // jsdom has no scrollIntoView.
    listRef.current?.children[index]?.scrollIntoView?.({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') setOpen(false);
    if (!shown) {
      if (event.key === 'ArrowDown' && matches.length > 0) setOpen(true);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      moveTo((current + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      choose(matches[current].path);
    }
  };

  return (
    <div className="menu-search">
      <Input
        prefix={<SearchOutlined />}
        placeholder="搜索菜单"
        aria-label="搜索菜单"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown ? `${listId}-${current}` : undefined}
        allowClear
        value={query}
        onFocus={load}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
      />
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="匹配的菜单"
        className="menu-search-popup"
        hidden={!shown}
      >
        {shown &&
          matches.map((entry, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: the combobox keeps the focus and points at its active option (aria-activedescendant).
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's (↑/↓, Enter, Esc).
            <div
              key={entry.path}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === current}
              className={i === current ? 'menu-search-option is-active' : 'menu-search-option'}
              title={entry.path}
              // Keep the focus in the box: a click chooses without blurring it first.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(entry.path)}
            >
              {entry.title.join(' > ')}
            </div>
          ))}
      </div>
    </div>
  );
}
