import { z } from 'zod';

/** One option of a server dictionary (`POST /api/dict`, spec §6); `color` only when the platform gave it one. */
export const dictItem = z.object({
  label: z.string(),
  value: z.union([z.number(), z.string()]),
  color: z.string().optional(),
});
export type DictItem = z.infer<typeof dictItem>;

/** `data` of `POST /api/dict`: each dictionary asked for, by name. */
export const dictData = z.record(z.string(), z.array(dictItem));
export type DictData = z.infer<typeof dictData>;

export { DICT_VERSION_HEADER } from './dict-version.ts';

export const DICT_LABEL_MAX = 50;
export const DICT_VALUE_MAX = 50;
export const DICT_SORT_MAX = 9999;

/** A colour of an item's tag: `#rrggbb`. */
const colorField = z
  .string({ error: '颜色应为井号加 6 位十六进制数字，如 #123456' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, '颜色应为井号加 6 位十六进制数字，如 #123456')
  .nullable()
  .default(null);

/** A dictionary of the 字典管理 list. */
export const dictionaryRow = z.object({
  /** The name pages ask `POST /api/dict` for (`test_plan_status`). */
  name: z.string(),
  /** Its Chinese name (考试计划状态). */
  title: z.string(),
  /** Whether the code relies on its values: labels, order, colour and enabled may change, values may not. */
  fixed: z.boolean(),
  /** Whether its values are numbers (a new item's value must then be an integer). */
  numeric: z.boolean(),
  item_count: z.number(),
  enabled_count: z.number(),
  update_time_str: z.string().nullable(),
});
export type DictionaryRow = z.infer<typeof dictionaryRow>;
export const dictionaryList = z.array(dictionaryRow);

/** An item of a dictionary, as the platform edits it. */
export const dictItemRow = z.object({
  _id: z.string(),
  dict_name: z.string(),
  label: z.string(),
  value: z.union([z.number(), z.string()]),
  sort: z.number(),
  enabled: z.boolean(),
  color: z.string().nullable(),
  /** The value cannot change and the item cannot be deleted (its dictionary is fixed). */
  fixed: z.boolean(),
  create_time_str: z.string(),
  update_time_str: z.string(),
});
export type DictItemRow = z.infer<typeof dictItemRow>;
export const dictItemList = z.array(dictItemRow);

const labelField = z
  .string({ error: '请输入名称' })
  .trim()
  .min(1, '请输入名称')
  .max(DICT_LABEL_MAX, `名称不能超过${DICT_LABEL_MAX}个字符`);
const sortField = z
  .number({ error: '排序应为整数' })
  .int('排序应为整数')
  .min(0, '排序不能小于0')
  .max(DICT_SORT_MAX, `排序不能大于${DICT_SORT_MAX}`);
/** A value as typed: a number dictionary's is checked to be an integer by the server. */
const valueField = z
  .union([z.number(), z.string()], { error: '请输入值' })
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, '请输入值').max(DICT_VALUE_MAX, `值不能超过${DICT_VALUE_MAX}个字符`));

/** An item saved (edited): the value may only change in a dictionary that is not fixed. */
export const dictItemBody = z.object({
  label: labelField,
  value: valueField,
  sort: sortField.default(0),
  enabled: z.boolean({ error: '请选择是否启用' }).default(true),
  color: colorField,
});
export type DictItemBody = z.input<typeof dictItemBody>;
