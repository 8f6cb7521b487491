import { describe, expect, it } from 'vitest';
import {
  filterMenuRows,
  linkedTreeKeys,
  parentIndex,
  parentOptions,
  subtreeIds,
  toMenuRows,
  withAncestors,
} from './menu-tree';
import { platformMenus } from './test-fixtures';

describe('menu tree helpers', () => {
  const m = platformMenus();

  it('a linked tree shows checked only leaves and fully granted parents', () => {
    const granted = new Set([m.system._id, m.rolePage._id, m.addRole._id, m.userPage._id]);
    expect(linkedTreeKeys(m.tree, granted).checked.sort()).toEqual([m.addRole._id, m.userPage._id].sort());
    const all = new Set([m.system._id, m.rolePage._id, m.addRole._id, m.deleteRole._id, m.userPage._id]);
    expect(linkedTreeKeys(m.tree, all).checked).toContain(m.system._id);
  });

  it('a page granted without its buttons shows half-checked, as do its granted parents', () => {
    const granted = new Set([m.system._id, m.rolePage._id]);
    const keys = linkedTreeKeys(m.tree, granted);
    expect(keys.checked).toEqual([]);
    expect(keys.halfChecked.sort()).toEqual([m.system._id, m.rolePage._id].sort());
  });

  it('withAncestors completes a grant up to the root; subtreeIds finds a node and all below', () => {
    const parents = parentIndex(m.tree);
    expect(withAncestors([m.deleteRole._id], parents).sort()).toEqual(
      [m.deleteRole._id, m.rolePage._id, m.system._id].sort(),
    );
    expect(subtreeIds(m.tree, m.rolePage._id).sort()).toEqual(
      [m.rolePage._id, m.addRole._id, m.deleteRole._id].sort(),
    );
  });

  it('parent choices leave out buttons and the menu being edited with its subtree', () => {
    const options = parentOptions(m.tree, m.rolePage._id);
    const titles = JSON.stringify(options);
    expect(titles).toContain('系统管理');
    expect(titles).toContain('用户管理');
    expect(titles).not.toContain('角色管理');
    expect(titles).not.toContain('新增角色');
  });

  it('rows drop empty children; a filter keeps the ancestors of a match', () => {
    const rows = toMenuRows(m.tree);
    expect(rows[0]).not.toHaveProperty('children');
    const filtered = filterMenuRows(rows, '用户');
    expect(filtered.map((r) => r.name)).toEqual(['系统管理']);
    expect(filtered[0]?.children?.map((r) => r.name)).toEqual(['用户管理']);
  });
});
