import { describe, expect, it } from 'vitest';
import { pageCacheKey, pathAfterClosing, type Tab, type TabInput, tabsReducer } from './tabs-model';

const input = (key: string, extra: Partial<TabInput> = {}): TabInput => ({
  key,
  fullPath: key.startsWith('/') ? key : `/${key.toLowerCase()}`,
  title: key,
  affix: false,
  cache: true,
  ...extra,
});
const open = (tabs: Tab[], ...inputs: TabInput[]) =>
  inputs.reduce((list, tab) => tabsReducer(list, { type: 'open', tab }), tabs);
const keys = (tabs: Tab[]) => tabs.map((t) => t.key);

const home = input('Company', { fullPath: '/company', affix: true });
const start = () => tabsReducer([], { type: 'setAffix', tabs: [home] });

describe('tabs reducer', () => {
  it('opens a tab once per key, keeping the latest full path and title', () => {
    const tabs = open(start(), input('News'), input('News', { fullPath: '/news?page=2', title: '新闻' }));
    expect(keys(tabs)).toEqual(['Company', 'News']);
    expect(tabs[1]).toMatchObject({ fullPath: '/news?page=2', title: '新闻', version: 0 });
  });

  it('returns the same list when nothing changes (no needless re-render)', () => {
    const tabs = open(start(), input('News'));
    expect(tabsReducer(tabs, { type: 'open', tab: input('News') })).toBe(tabs);
  });

  it('closes a tab but never an affixed one', () => {
    const tabs = open(start(), input('News'));
    expect(keys(tabsReducer(tabs, { type: 'close', key: 'News' }))).toEqual(['Company']);
    expect(tabsReducer(tabs, { type: 'close', key: 'Company' })).toBe(tabs);
  });

  it('close others keeps the affixed tabs and the chosen one', () => {
    const tabs = open(start(), input('A'), input('B'), input('C'));
    expect(keys(tabsReducer(tabs, { type: 'closeOthers', key: 'B' }))).toEqual(['Company', 'B']);
  });

  it('close all keeps only the affixed tabs', () => {
    const tabs = open(start(), input('A'), input('B'));
    expect(keys(tabsReducer(tabs, { type: 'closeAll' }))).toEqual(['Company']);
  });

  it('refresh bumps the version of that tab only', () => {
    const tabs = tabsReducer(open(start(), input('A'), input('B')), { type: 'refresh', key: 'A' });
    expect(tabs.map((t) => t.version)).toEqual([0, 1, 0]);
  });

  it('affixed tabs come first, keep their state, and a tab that lost the flag stays open', () => {
    const visited = open([], input('A'), input('Company', { fullPath: '/company?x=1' }));
    const tabs = tabsReducer(visited, { type: 'setAffix', tabs: [home] });
    expect(keys(tabs)).toEqual(['Company', 'A']);
    expect(tabs[0]).toMatchObject({ affix: true, fullPath: '/company?x=1' });
    const moved = tabsReducer(tabs, { type: 'setAffix', tabs: [input('A', { affix: true })] });
    expect(moved.map((t) => [t.key, t.affix])).toEqual([
      ['A', true],
      ['Company', false],
    ]);
  });

  it('reset empties the bar', () => {
    expect(tabsReducer(open(start(), input('A')), { type: 'reset' })).toEqual([]);
  });
});

describe('after closing the active tab', () => {
  it('goes to the last remaining tab', () => {
    const tabs = open(start(), input('A', { fullPath: '/a?page=3' }));
    expect(pathAfterClosing(tabs, '/company')).toBe('/a?page=3');
  });

  it('goes to the role home when no tab remains', () => {
    expect(pathAfterClosing([], '/record-application')).toBe('/record-application');
  });
});

describe('page cache key', () => {
  it.each([
    ['/record-application/detail/:id', '/record-application/detail/1'],
    ['/test-plan/edit/:id', '/test-plan/edit/7?type=3'],
    ['/grant-certificate/confirm-add/:id', '/grant-certificate/confirm-add/9'],
    ['/grant-certificate/add/:id/:type?', '/grant-certificate/add/4'],
  ])('keys %s by full path', (pattern, fullPath) => {
    expect(pageCacheKey({ name: 'Page', pattern, fullPath })).toBe(fullPath);
  });

  it('keys record views by full path even when the route has no param in its pattern', () => {
    expect(
      pageCacheKey({
        name: 'Edit',
        pattern: '/offline-certificate/edit/x',
        fullPath: '/offline-certificate/edit/x',
      }),
    ).toBe('/offline-certificate/edit/x');
  });

  it('keys other pages by route name, whatever the query', () => {
    expect(pageCacheKey({ name: 'News', pattern: '/news', fullPath: '/news?page=2' })).toBe('News');
    expect(pageCacheKey({ name: 'Editor', pattern: '/editor', fullPath: '/editor' })).toBe('Editor');
  });

  it('gives two detail pages of one route two keys', () => {
    const key = (id: number) =>
      pageCacheKey({ name: 'Detail', pattern: '/a/detail/:id', fullPath: `/a/detail/${id}` });
    expect(key(1)).not.toBe(key(2));
  });
});
