import { fireEvent, isInaccessible, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/*
 * Finding things as a user names them: a dialog by its title, a table's rows, a field's error by its description,
 * the selected tab, a list's options. Read from the roles and ARIA attributes antd writes, not from its class names,
 * and without testing-library's role queries, which compute styles for every element they pass and are slow under
 * antd's style sheets in jsdom.
 */

type Name = string | RegExp;

const matches = (text: string, name: Name) =>
  typeof name === 'string' ? text.replace(/\s+/g, ' ').trim() === name : name.test(text);

/** The element `id` refers to: looked up inside `scope` first, as antd's ids repeat under NODE_ENV=test. */
function referred(scope: Element, id: string): Element | null {
  const inside = scope.querySelector(`[id="${CSS.escape(id)}"]`);
  return (
    inside ?? scope.closest('form')?.querySelector(`[id="${CSS.escape(id)}"]`) ?? document.getElementById(id)
  );
}

/** The text of the elements an ARIA id list (aria-labelledby, aria-describedby) refers to. */
const referredText = (element: Element, ids: string | null): string =>
  (ids ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => referred(element, id)?.textContent ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

/** An element's accessible name when it is given by aria-label or aria-labelledby (a dialog, a region, a form). */
export const nameOf = (element: Element): string =>
  element.getAttribute('aria-label') ?? referredText(element, element.getAttribute('aria-labelledby'));

/** What an element's description says (aria-describedby), e.g. a form field's error and the hint under it. */
export const descriptionOf = (element: Element): string =>
  referredText(element, element.getAttribute('aria-describedby'));

/** Whether an element is on screen: in the document and not hidden. */
export const isShown = (element: Element): boolean => element.isConnected && !isInaccessible(element);

/**
 * Whether a dialog or a popup is open: shown, and not on its way out. jsdom runs no animation, so antd keeps a closed
 * one in the document for good, in its leave motion (a `…-leave` class). A message lingers the same way, which
 * spares tests a race with its 3 seconds on a busy machine.
 */
export const isOpen = (element: Element): boolean =>
  isShown(element) && !element.closest('[class*="-leave"]');

/** Elements of `role` in `scope` that are shown. */
const shown = (scope: ParentNode, role: string): HTMLElement[] =>
  [...scope.querySelectorAll<HTMLElement>(`[role="${role}"]`)].filter(isShown);

/** An element's name as a user reads it: its aria-label or aria-labelledby, else its text. */
const readName = (element: Element): string => nameOf(element) || (element.textContent ?? '');

/** The shown elements of `role` (as written on them) in `scope`, named `name` when given. */
export const allWithRole = (scope: ParentNode, role: string, name?: Name): HTMLElement[] =>
  [...scope.querySelectorAll<HTMLElement>(`[role="${role}"]`)]
    .filter((e) => name === undefined || matches(readName(e), name))
    .filter(isShown);

/** The one shown element of `role` in `scope` named `name`; throws when there is none or more than one. */
export function withRole(scope: ParentNode, role: string, name: Name): HTMLElement {
  const found = allWithRole(scope, role, name);
  if (found.length !== 1) throw new Error(`${found.length} ${role} named ${name}`);
  return found[0]!;
}

/** `withRole`, once it is there. */
export const findWithRole = (scope: ParentNode, role: string, name: Name): Promise<HTMLElement> =>
  waitFor(() => withRole(scope, role, name));

/** The open dialogs, the last opened last. */
export const openDialogs = (): HTMLElement[] => shown(document, 'dialog').filter(isOpen);

/** The open dialogs titled `name`. */
export const dialogsTitled = (name: Name): HTMLElement[] =>
  openDialogs().filter((d) => matches(nameOf(d), name));

/** The open dialog titled `name`; throws when there is none or more than one. */
export function getDialog(name: Name): HTMLElement {
  const found = dialogsTitled(name);
  if (found.length !== 1) throw new Error(`${found.length} open dialogs titled ${name}`);
  return found[0]!;
}

/** The open dialog titled `name`, once it is there. */
export const findDialog = (name: Name): Promise<HTMLElement> => waitFor(() => getDialog(name));

/** The open dialogs whose text says `text` (a confirmation that has a question and no title). */
export const dialogsSaying = (text: Name): HTMLElement[] =>
  openDialogs().filter((d) =>
    typeof text === 'string' ? d.textContent?.includes(text) : text.test(d.textContent ?? ''),
  );

/** The one open dialog that says `text`, once it is there. */
export const findDialogSaying = (text: Name): Promise<HTMLElement> =>
  waitFor(() => {
    const found = dialogsSaying(text);
    if (found.length !== 1) throw new Error(`${found.length} open dialogs saying ${text}`);
    return found[0]!;
  });

/** Whether a dialog titled `name` is open now. */
export const dialogOpen = (name: Name): boolean => dialogsTitled(name).length > 0;

/**
 * The rows of records in a table (or in anything holding one): not its header, nor the 暂无数据 row of an empty
 * table. antd marks each record's row with its key.
 */
export const rowsOf = (table: ParentNode): HTMLElement[] => [
  ...table.querySelectorAll<HTMLElement>('[data-row-key]'),
];

/** The one record row of `table` that shows `text`. */
export function rowWith(table: ParentNode, text: Name): HTMLElement {
  const found = rowsOf(table).filter((r) =>
    typeof text === 'string' ? r.textContent?.includes(text) : text.test(r.textContent ?? ''),
  );
  if (found.length !== 1) throw new Error(`${found.length} rows showing ${text}`);
  return found[0]!;
}

/** The fields of a form that say they are invalid (aria-invalid): the ones showing an error. */
export const invalidFields = (scope: ParentNode = document): HTMLElement[] => [
  ...scope.querySelectorAll<HTMLElement>('[aria-invalid="true"]'),
];

/**
 * The error a form field shows: what its description says first (antd names the error before any hint under the
 * field) while the field says it is invalid; '' when it does not.
 */
export function errorOf(field: Element): string {
  if (field.getAttribute('aria-invalid') !== 'true') return '';
  const [first] = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return first ? referredText(field, first) : '';
}

/**
 * The errors the fields in `scope` show, in the order of the form: one a field (the two boxes of a date range share
 * their description).
 */
export function fieldErrors(scope: ParentNode = document): string[] {
  const described = new Map<string, Element>();
  for (const field of invalidFields(scope))
    described.set(field.getAttribute('aria-describedby') ?? '', field);
  return [...described.values()].map(errorOf);
}

/** The selected tab in `scope`. */
export const selectedTab = (scope: ParentNode = document): HTMLElement | null =>
  scope.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');

/** The tab named `name` in `scope`. */
export function tabNamed(scope: ParentNode, name: Name): HTMLElement {
  const found = [...scope.querySelectorAll<HTMLElement>('[role="tab"]')].filter((t) =>
    matches(t.textContent ?? '', name),
  );
  if (found.length !== 1) throw new Error(`${found.length} tabs named ${name}`);
  return found[0]!;
}

/**
 * Opens a select's list (its combobox) and answers the options it shows, by their titles: once the select is enabled
 * (a choice may wait for the one before it).
 */
export const openOptions = (combobox: HTMLElement): Promise<HTMLElement[]> =>
  waitFor(() => {
    if (combobox.hasAttribute('disabled')) throw new Error('the select is disabled');
    if (combobox.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(combobox);
    const options = optionsOf(combobox);
    if (options.length === 0) throw new Error('no options shown');
    return options;
  });

/** The open popup of `combobox`: the listbox it controls and what antd draws beside it. */
function popupOf(combobox: HTMLElement): HTMLElement | null {
  const id = combobox.getAttribute('aria-controls') ?? combobox.getAttribute('aria-owns');
  const popup = id ? document.getElementById(id)?.parentElement : null;
  return popup && isOpen(popup) ? popup : null;
}

/** The options the open list of `combobox` shows, each with its title. */
export const optionsOf = (combobox: HTMLElement): HTMLElement[] => [
  ...(popupOf(combobox)?.querySelectorAll<HTMLElement>('[title][aria-disabled]') ?? []),
];

/** The group headings of the open list of `combobox`: titled, and no option (nothing to pick). */
export const optionGroupsOf = (combobox: HTMLElement): HTMLElement[] => [
  ...(popupOf(combobox)?.querySelectorAll<HTMLElement>('[title]:not([aria-disabled])') ?? []),
];

/** Opens `combobox`'s list and picks the option titled `title`. */
export async function pickOption(combobox: HTMLElement, title: string): Promise<void> {
  const options = await openOptions(combobox);
  const option = options.find((o) => o.getAttribute('title') === title);
  if (!option) throw new Error(`no option ${title} among ${options.map((o) => o.title).join(', ')}`);
  await userEvent.setup().click(option);
}

/** The value a description list shows beside `label` (antd's Descriptions: the label's cell, then the value's). */
export function valueBeside(label: HTMLElement): HTMLElement {
  const value = label.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`nothing beside ${label.textContent}`);
  return value;
}

/**
 * The part of a form that holds the field labelled `label`: the label, the control it names, the value shown and the
 * error. Found through the label's `for`: the closest box holding both.
 */
export function fieldGroup(label: string, scope: HTMLElement = document.body): HTMLElement {
  const labelElement = within(scope).getByText(label, { selector: 'label' }) as HTMLLabelElement;
  const control = labelElement.htmlFor ? document.getElementById(labelElement.htmlFor) : null;
  if (!control) throw new Error(`the label ${label} names no field`);
  let box = labelElement.parentElement;
  while (box && !box.contains(control)) box = box.parentElement;
  if (!box) throw new Error(`no box holds ${label} and its field`);
  return box;
}

/** Types a day into a date picker's input and commits it, as a user typing and pressing Enter. */
export function typeDate(input: HTMLElement, value: string): void {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}
