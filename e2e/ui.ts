import { expect, type Locator, type Page } from '@playwright/test';

/*
 * Finding things as a user names them, in the browser: a dialog by its title, a table's rows, a field's error by its
 * description, a select's options. Read from the roles and ARIA attributes antd writes, not from its class names.
 */

/** The open dialog titled `title`. */
export const dialogTitled = (page: Page, title: string | RegExp): Locator =>
  page.getByRole('dialog', { name: title, exact: typeof title === 'string' });

/** The ✕ in the corner of `dialog` (antd names it 关闭). */
export const closeOf = (dialog: Locator): Locator =>
  dialog.getByRole('button', { name: '关闭', exact: true });

/** The open dialog that says `text` (a confirmation with a question and no title). */
export const dialogSaying = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('dialog').filter({ hasText: text });

/**
 * The field labelled exactly `label` in `scope` (a form's label may read "* 职业 :" with its marks, and 职业 is not
 * 职业技能等级).
 */
export const field = (scope: Locator | Page, label: string): Locator =>
  scope.getByLabel(new RegExp(`^[*\\s]*${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[\\s:：]*$`));

/** The actions of the page on screen (a detail page's 页面操作 group, beside its heading). */
export const pageActions = (page: Page): Locator => page.getByRole('group', { name: '页面操作' });

/**
 * The rows of records in a table (or in anything holding one): not its header, an empty table's 暂无数据 row, nor a row
 * hidden from the reader (antd's column-measuring row).
 */
export const rowsOf = (scope: Locator | Page): Locator =>
  scope.locator('[data-row-key]:not([aria-hidden="true"])');

/**
 * The rows of `table`'s body as a user sees them: its records, or the one row saying it has none (not its header, nor
 * antd's hidden row that measures the columns).
 */
export const bodyRowsOf = (table: Locator): Locator =>
  table.getByRole('row').filter({ hasNot: table.page().getByRole('columnheader') });

/** What covers `target` while it loads (antd's spinner says aria-busy): none once it has loaded. */
export const busyOver = (target: Locator): Locator => target.locator('xpath=ancestor::*[@aria-busy="true"]');

/** The record row of `scope`'s table that shows `text`. */
export const rowWith = (scope: Locator | Page, text: string | RegExp): Locator =>
  rowsOf(scope).filter({ hasText: text });

/** The fields in `scope` that say they are invalid (aria-invalid), in the order of the form. */
export const invalidFields = (scope: Locator): Locator => scope.locator('[aria-invalid="true"]');

/**
 * The errors the invalid fields in `scope` show, in the order of the form: what each one's description says first
 * (antd names the error before any hint under the field).
 */
export const fieldErrors = (scope: Locator): Promise<string[]> =>
  invalidFields(scope).evaluateAll((fields) =>
    // One a field: the two boxes of a date range share their description.
    [...new Set(fields.map((field) => field.getAttribute('aria-describedby') ?? ''))].map((ids) => {
      const [first] = ids.split(/\s+/).filter(Boolean);
      return (first && document.getElementById(first)?.textContent?.trim()) || '';
    }),
  );

/**
 * The options the open list of `field` (a select's combobox) shows. antd draws them in a popup beside the listbox
 * the combobox controls, by their titles.
 */
export async function optionsOf(field: Locator): Promise<Locator> {
  await expect(field).toHaveAttribute('aria-controls', /./);
  const list = await field.getAttribute('aria-controls');
  return field.page().locator(`[id="${list}"]`).locator('..').locator('[title][aria-disabled]');
}

/** Opens the list of `field` (a select) and picks the option titled `option`, or the first one when none is named. */
export async function pickOption(field: Locator, option?: string | RegExp): Promise<void> {
  await field.click();
  const options = await optionsOf(field);
  const picked =
    option === undefined
      ? options.first()
      : typeof option === 'string'
        ? options.and(field.page().getByTitle(option, { exact: true }))
        : options.filter({ hasText: option }).first();
  await picked.click();
}

/** The errors shown on the page, as messages or alerts: antd marks an error with its close-circle icon. */
export const errorsShown = (page: Page): Locator =>
  page.getByRole('alert').filter({ has: page.getByRole('img', { name: 'close-circle' }) });
