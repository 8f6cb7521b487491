import { isBlank } from '@skill-cert/shared/query';
import type { FormRule } from 'antd';

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
 * A field a draft may leave blank (issue 17): blank passes unless `required()` (submitting); what is filled
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
