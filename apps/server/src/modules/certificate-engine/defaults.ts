import type { DefaultBlank } from '@skill-cert/shared/custom-certificates';

/** The blank whose value is the holder's name / ID number (public page, photo names, zip entry names). */
export const NAME_BLANK = 'name';
export const ID_CARD_BLANK = 'id_card';
export const ISSUE_DATE_BLANK = 'issue_date';

const text = (name: string, cn_name: string, required: 0 | 1, y: number): DefaultBlank => ({
  name,
  cn_name,
  required,
  blank_type: 1,
  x: 0.28,
  y,
  width: 0.42,
  height: 0.052,
  font_size: 14,
  color: '#000000',
  align: 'left',
  bold: name === NAME_BLANK ? 1 : 0,
});

/** The text column's rows, top to bottom, 0.058 of the page apart. */
const row = (n: number) => Math.round((0.2 + n * 0.058) * 1000) / 1000;

/**
 * GET /api/defaultBlanks: the fields of a national skill-level certificate (DOMAIN.md "Certificate fields"),
 * laid out on a landscape A4: the 1-inch photo on the left, the values in one column beside it, the QR code's
 * default place (bottom-right) left free. 证件类型 came last, so the columns of sheets filled before keep their
 * places.
 */
export const DEFAULT_BLANKS: DefaultBlank[] = [
  text(NAME_BLANK, '姓名', 1, row(0)),
  text(ID_CARD_BLANK, '身份证号', 1, row(3)),
  text('certificate_no', '证书编号', 1, row(7)),
  {
    name: 'photo',
    cn_name: '照片',
    required: 1,
    blank_type: 2,
    x: 0.08,
    y: 0.26,
    width: 0.12,
    height: 0.24,
    font_size: 14,
    color: '#000000',
    align: 'center',
    bold: 0,
  },
  text(ISSUE_DATE_BLANK, '发证日期', 1, row(9)),
  text('gender', '性别', 0, row(1)),
  text('occupation', '职业名称', 1, row(4)),
  text('work_type', '工种/职业方向', 0, row(5)),
  text('level', '职业技能等级', 1, row(6)),
  text('organization', '评价机构名称', 1, row(8)),
  text('id_type', '证件类型', 0, row(2)),
];

const SAMPLE_VALUES: Record<string, string> = {
  name: '张三',
  id_card: '110101199003071234',
  certificate_no: 'Y000011000001225000001',
  gender: '男',
  occupation: '电工',
  work_type: '维修电工',
  level: '四级/中级工',
  id_type: '居民身份证',
};

/** The values a preview shows: realistic ones for the default blanks, the label itself for any other. */
export function sampleValue(name: string, cnName: string, companyName: string, today = new Date()): string {
  if (name === ISSUE_DATE_BLANK)
    return `${today.getFullYear()}年${today.getMonth() + 1}月${today.getDate()}日`;
  if (name === 'organization') return companyName;
  return SAMPLE_VALUES[name] ?? `示例${cnName}`;
}
