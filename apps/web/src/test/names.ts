/**
 * The accessible name of an antd button labelled `label`, as a pattern: antd spaces out a two-character label
 * (编 辑), and a button that was loading keeps its icon's name (loading) while the icon's leave motion, which jsdom
 * never ends, lasts.
 */
export const buttonName = (label: string): RegExp =>
  new RegExp(
    `^(loading\\s?)?${[...label].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?')}$`,
  );
