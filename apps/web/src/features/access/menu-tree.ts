import { type MenuNode, MenuType } from '@skill-cert/shared/access';

/** A MenuNode with empty `children` dropped, so antd tree tables show no expander on leaves. */
export type MenuRow = Omit<MenuNode, 'children'> & { children?: MenuRow[] };

export function toMenuRows(nodes: readonly MenuNode[]): MenuRow[] {
  return nodes.map(({ children, ...node }) =>
    children.length > 0 ? { ...node, children: toMenuRows(children) } : { ...node },
  );
}

/** The nodes whose name contains `keyword`, with their ancestors so the tree still reads. */
export function filterMenuRows(rows: readonly MenuRow[], keyword: string): MenuRow[] {
  const word = keyword.trim();
  if (!word) return [...rows];
  const out: MenuRow[] = [];
  for (const row of rows) {
    if (row.name.includes(word)) out.push(row);
    else {
      const children = filterMenuRows(row.children ?? [], word);
      if (children.length > 0) out.push({ ...row, children });
    }
  }
  return out;
}

export interface MenuTreeOption {
  title: string;
  value: string;
  key: string;
  children?: MenuTreeOption[];
  disabled?: boolean;
}

/**
 * Parent choices for a menu: directories and pages, never buttons. `exclude` (the menu being edited)
 * is left out with its subtree: a menu cannot move under itself.
 */
export function parentOptions(nodes: readonly MenuNode[], exclude?: string): MenuTreeOption[] {
  return nodes
    .filter((n) => n.type !== MenuType.BUTTON && n._id !== exclude)
    .map((n) => {
      const children = parentOptions(n.children, exclude);
      return children.length > 0
        ? { title: n.name, value: n._id, key: n._id, children }
        : { title: n.name, value: n._id, key: n._id };
    });
}

/** Checkable tree data of a portal's menus, buttons included. */
export interface GrantTreeNode {
  title: string;
  key: string;
  children?: GrantTreeNode[];
}

export function grantTreeData(nodes: readonly MenuNode[]): GrantTreeNode[] {
  return nodes.map((n) =>
    n.children.length > 0
      ? { title: n.name, key: n._id, children: grantTreeData(n.children) }
      : { title: n.name, key: n._id },
  );
}

/** Parent of every menu id, for walking up. */
export function parentIndex(nodes: readonly MenuNode[]): Map<string, string | null> {
  const index = new Map<string, string | null>();
  const walk = (list: readonly MenuNode[], parent: string | null) => {
    for (const n of list) {
      index.set(n._id, parent);
      walk(n.children, n._id);
    }
  };
  walk(nodes, null);
  return index;
}

export function allMenuIds(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((n) => [n._id, ...allMenuIds(n.children)]);
}

/**
 * What a linked tree shows for a grant: checked, a node granted with everything below it; half-checked, a
 * node granted without all below it (a page without its buttons: the role still opens the page) or with
 * something granted below it. antd's own conduction would show such a page unticked and drop it on save.
 */
export function linkedTreeKeys(
  nodes: readonly MenuNode[],
  granted: ReadonlySet<string>,
): { checked: string[]; halfChecked: string[] } {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  /** [full, any]: granted with all below it; anything granted at or below it. */
  const visit = (n: MenuNode): [boolean, boolean] => {
    const below = n.children.map(visit);
    const full = granted.has(n._id) && below.every(([f]) => f);
    const any = granted.has(n._id) || below.some(([, a]) => a);
    if (full) checked.push(n._id);
    else if (any) halfChecked.push(n._id);
    return [full, any];
  };
  nodes.forEach(visit);
  return { checked, halfChecked };
}

/** The id and every id below it. */
export function subtreeIds(nodes: readonly MenuNode[], id: string): string[] {
  for (const n of nodes) {
    if (n._id === id) return [n._id, ...allMenuIds(n.children)];
    const below = subtreeIds(n.children, id);
    if (below.length > 0) return below;
  }
  return [];
}

/** The ids plus every ancestor of them: a grant that holds together (a button's page and directory too). */
export function withAncestors(ids: Iterable<string>, parents: ReadonlyMap<string, string | null>): string[] {
  const out = new Set<string>();
  for (const id of ids) {
    let current: string | null | undefined = id;
    while (current && !out.has(current)) {
      out.add(current);
      current = parents.get(current);
    }
  }
  return [...out];
}
