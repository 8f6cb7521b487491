import { idNumberProblem, idTypeText } from '@skill-cert/shared/level-evaluations';
import { Col, Form, type FormRule, Input, Select } from 'antd';
import type { ReactNode } from 'react';

const ID_TYPE_OPTIONS = Object.entries(idTypeText).map(([value, label]) => ({ value: Number(value), label }));

type NamePath = (string | number)[];

/** The ID-number check of @skill-cert/shared against the 证件类型 beside it (`typePath`, from the form's root). */
const idNumberRule =
  (typePath: NamePath, warningOnly: boolean): FormRule =>
  ({ getFieldValue }) => ({
    warningOnly,
    validator: async (_rule, value: string | undefined) => {
      // Blank is the required rule's to say.
      if (!value?.trim()) return;
      const problem = idNumberProblem(Number(getFieldValue(typePath) ?? 1), value ?? '');
      if (problem) throw new Error(problem);
    },
  });

interface IdentityFieldsProps {
  /** A row of a Form.List (its name and the row's `field.name`); the fields are the form's own when absent. */
  row?: { list: string; index: number };
  /** Whose they are, for the inputs' accessible names in a list of people (`张三的证件号码`). */
  who?: string;
  /**
   * A wrong number warns without blocking the save (a draft, whose problems the server lists); blank is refused
   * either way.
   */
  warnOnly?: boolean;
  /** Grid widths of the two fields when they sit in a Row; none in a one-column form. */
  spans?: [number, number];
}

/**
 * 证件类型 and 证件号码 (`id_type`, `id_number`), the number checked as the server checks it (a 居民身份证号's length
 * and check digit, 30 characters for the other types, Excel's scientific notation). Every form asking who a person is
 * uses this group.
 */
export function IdentityFields({ row, who, warnOnly = false, spans }: IdentityFieldsProps) {
  const name = (key: string): NamePath => (row ? [row.index, key] : [key]);
  const fromRoot = (key: string): NamePath => (row ? [row.list, row.index, key] : [key]);
  const cell = (span: number | undefined, item: ReactNode) => (span ? <Col span={span}>{item}</Col> : item);
  return (
    <>
      {cell(
        spans?.[0],
        <Form.Item
          name={name('id_type')}
          label="证件类型"
          rules={[{ required: true, message: '请选择证件类型' }]}
        >
          <Select aria-label={who ? `${who}的证件类型` : undefined} options={ID_TYPE_OPTIONS} />
        </Form.Item>,
      )}
      {cell(
        spans?.[1],
        <Form.Item
          name={name('id_number')}
          label="证件号码"
          dependencies={[fromRoot('id_type')]}
          rules={[
            { required: true, whitespace: true, message: '请输入证件号码' },
            idNumberRule(fromRoot('id_type'), warnOnly),
          ]}
        >
          <Input maxLength={32} aria-label={who ? `${who}的证件号码` : undefined} />
        </Form.Item>,
      )}
    </>
  );
}
