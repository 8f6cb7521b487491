import { issueDateProblem } from '@skill-cert/shared/issue-date';
import { isBlank } from '@skill-cert/shared/query';
import { DATE_YEAR_MAX, DATE_YEAR_MIN, dayTextMessage, formatDate } from '@skill-cert/shared/time';
import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** The part of a zod schema a form rule needs; keeps zod itself out of the web app's imports. */
interface ParsingSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/** An antd form rule that validates with a schema of @skill-cert/shared (its messages are Chinese). */
export const schemaRule = (schema: ParsingSchema): FormRule => ({
  required: true,
  validator: async (_rule, value: unknown) => {
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
  },
});

/**
 * A field a draft may leave blank: blank passes unless `required()` (submitting); what is filled
 * in is checked against the schema either way.
 */
export const draftRule = (schema: ParsingSchema, required: () => boolean): FormRule => ({
  required: true,
  validator: async (_rule, value: unknown) => {
    if (isBlank(value) && !required()) return;
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
  },
});

/** Rule for a "confirm password" field that must equal `field`. */
export const sameAsRule =
  (field: string): FormRule =>
  ({ getFieldValue }) => ({
    required: true,
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error('请再次输入密码');
      if (value !== getFieldValue(field)) throw new Error('两次输入的密码不一致');
    },
  });

/**
 * Today in the product's zone (Asia/Shanghai), as a date picker's value. `dayjs()` is the browser's day, which
 * differs from the server's between 16:00 and 24:00 UTC for a browser on UTC: a default or a bound taken from it
 * would be the day before the one the server checks against.
 */
export const shanghaiToday = (): Dayjs => dayjs(formatDate(new Date()));

/** A day outside the years the API accepts (the shared date rule): a date picker greys it out. */
export const outsideDateRange = (d: Dayjs) => d.year() < DATE_YEAR_MIN || d.year() > DATE_YEAR_MAX;

/** Why a picked issue date is refused: the shared date rule, then issueDateProblem (`earliest` read at the time). */
export function issueDateRefusal(
  value: Dayjs,
  earliest: { day: string | null; name: string } = { day: null, name: '' },
): string | null {
  const day = value.format('YYYY-MM-DD');
  return dayTextMessage('发证日期', day) ?? issueDateProblem(day, formatDate(new Date()), earliest);
}

/**
 * The issue date of a certificate, as the server checks it (grants and offline batches alike); `earliest` is read
 * from the form when validating (the evaluation's end may be a field of it).
 */
export const issueDateRule =
  (
    earliest: (form: { getFieldValue(name: string): unknown }) => { day: string | null; name: string },
  ): FormRule =>
  (form) => ({
    validator: async (_rule, value: Dayjs | null | undefined) => {
      const refusal = value ? issueDateRefusal(value, earliest(form)) : null;
      if (refusal) throw new Error(refusal);
    },
  });
