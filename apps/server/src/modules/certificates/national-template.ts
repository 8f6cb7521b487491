import { NATIONAL_TEMPLATE_NAME, NO_WORK_TYPE } from '@skill-cert/shared/certificates';
import { type Align, BlankType, type TemplateBlank } from '@skill-cert/shared/custom-certificates';
import { idTypeText } from '@skill-cert/shared/level-evaluations';
import { skillLevelName } from '@skill-cert/shared/occupations';
import { ID_CARD_BLANK, ISSUE_DATE_BLANK, NAME_BLANK } from '../certificate-engine/service.ts';
import type { BlankValue, CertificateTemplate } from '../certificate-engine/types.ts';

/**
 * The built-in national-style template 职业技能等级证书: an A4 portrait page laid out with the
 * national fields, usable without designing anything. No background image: the engine draws text, the photo and the
 * QR code on a white page. Its data blanks carry the default blank names (certificate-engine/defaults.ts), so a
 * company's own template made from the default blanks receives the same values; its labels are blanks too, whose
 * values are fixed (`LABELS`).
 */

/** Where the public page lives, printed under the QR code (the query address). */
export const QUERY_PATH = '/information-link';

const LABEL_X = 0.14;
const VALUE_X = 0.34;
const ROW_HEIGHT = 0.03;
/** The field rows, top to bottom. */
const FIELDS: [name: string, label: string][] = [
  [NAME_BLANK, '姓　　名'],
  ['id_type', '证件类型'],
  [ID_CARD_BLANK, '证件号码'],
  ['occupation', '职业名称'],
  ['work_type', '工种/职业方向'],
  ['level', '职业技能等级'],
  ['organization', '评价机构名称'],
  [ISSUE_DATE_BLANK, '发证日期'],
  ['certificate_no', '证书编号'],
];
const rowY = (i: number) => Math.round((0.4 + i * 0.045) * 1000) / 1000;

function blank(
  name: string,
  cn_name: string,
  at: { x: number; y: number; width: number; height: number },
  style: { font_size?: number; align?: Align; bold?: 0 | 1; blank_type?: 1 | 2 } = {},
): TemplateBlank {
  return {
    _id: name,
    name,
    cn_name,
    required: 0,
    blank_type: style.blank_type ?? 1,
    ...at,
    font_size: style.font_size ?? 13,
    color: '#000000',
    align: style.align ?? 'left',
    bold: style.bold ?? 0,
  };
}

/** Fixed texts of the page: title, field labels, the footer. */
const LABELS: Record<string, string> = {
  title: NATIONAL_TEMPLATE_NAME,
  subtitle: 'Vocational Skill Level Certificate',
  ...Object.fromEntries(FIELDS.map(([name, label]) => [`label_${name}`, `${label}：`])),
  query_hint: '扫描二维码或登录查询网址，输入证书编号和姓名核验本证书',
};

/**
 * The blanks whose value is the same on every certificate (the labels and the query address): the renderer lays
 * them out once per thread for all (`RenderBlank.fixed`).
 */
export const FIXED_BLANKS: ReadonlySet<string> = new Set([...Object.keys(LABELS), 'query_address']);

/**
 * FIXED_BLANKS and the fields that are the same on every certificate of one grant or offline batch (one plan's or
 * batch's occupation, 工种 and level, one company) or almost every (证件类型): the library renders with these
 * (certificates/rendering.ts; −10 to −18 % CPU a national PDF, `bench:render-cpu --ab`). Fixed means laid out once
 * per thread for each value, not the same value everywhere: a certificate with another value (a passport, another
 * plan's level) gets a layer of its own, drawn the same. What is fixed depends on the blank's name only, so a
 * certificate rendered again is the same bytes. The issue date is left out: its digits drawn from a font of their own
 * moved 7 pixels of anti-aliasing (at 1.5×), and the ID number needs the digits anyway.
 */
export const BATCH_FIXED_BLANKS: ReadonlySet<string> = new Set([
  ...FIXED_BLANKS,
  'id_type',
  'occupation',
  'work_type',
  'level',
  'organization',
]);

export const NATIONAL_TEMPLATE: CertificateTemplate = {
  template_name: NATIONAL_TEMPLATE_NAME,
  page_size: 'A4',
  orientation: 'portrait',
  render_background_file_id: null,
  blanks: [
    blank(
      'title',
      '证书名称',
      { x: 0.1, y: 0.1, width: 0.8, height: 0.06 },
      {
        font_size: 30,
        align: 'center',
        bold: 1,
      },
    ),
    blank(
      'subtitle',
      '英文名称',
      { x: 0.1, y: 0.165, width: 0.8, height: 0.03 },
      {
        font_size: 12,
        align: 'center',
      },
    ),
    // A 1-inch photo (25 × 35 mm) centred above the fields.
    blank(
      'photo',
      '照片',
      { x: 0.44, y: 0.22, width: 25 / 210, height: 35 / 297 },
      { blank_type: 2, align: 'center' },
    ),
    ...FIELDS.flatMap(([name, label], i) => [
      blank(
        `label_${name}`,
        `${label}标签`,
        { x: LABEL_X, y: rowY(i), width: 0.2, height: ROW_HEIGHT },
        {
          align: 'right',
        },
      ),
      blank(
        name,
        label,
        { x: VALUE_X, y: rowY(i), width: 0.54, height: ROW_HEIGHT },
        {
          bold: name === NAME_BLANK ? 1 : 0,
        },
      ),
    ]),
    blank('query_hint', '查询说明', { x: 0.1, y: 0.86, width: 0.58, height: 0.025 }, { font_size: 9 }),
    blank('query_address', '查询网址', { x: 0.1, y: 0.89, width: 0.58, height: 0.025 }, { font_size: 9 }),
  ],
  // Bottom right, 1/6 of the page width.
  qr: { x: 0.72, y: 0.8, size: 0.16 },
};

/** What a certificate says, in the national fields. */
export interface CertificateFields {
  holderName: string;
  idType: number;
  idNumber: string;
  occupationName: string | null;
  workType: string | null;
  level: number | null;
  institutionName: string | null;
  /** YYYY-MM-DD. */
  issueDate: string;
  certificateNo: string;
  photoFileId: string | null;
  /** The values of the template's own blanks (`ownBlanksOf`), e.g. the columns of an offline batch's sheet. */
  ownValues?: readonly BlankValue[];
}

/** 2026-11-26 → 2026年11月26日. */
export function chineseDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${y}年${m}月${d}日`;
}

/** The blanks the national fields fill (certificateValues): the default blank names and the national labels. */
const DERIVED_BLANKS = new Set([
  ...Object.keys(LABELS),
  NAME_BLANK,
  'id_type',
  ID_CARD_BLANK,
  'occupation',
  'work_type',
  'level',
  'organization',
  ISSUE_DATE_BLANK,
  'certificate_no',
  'photo',
  'query_address',
]);

/** A template's own text blanks: those the national fields do not fill (none on the national template). */
export const ownBlanksOf = (template: Pick<CertificateTemplate, 'blanks'>): TemplateBlank[] =>
  template.blanks.filter((b) => b.blank_type === BlankType.TEXT && !DERIVED_BLANKS.has(b.name));

/**
 * The values of a template's blanks for one certificate: the national fields under the default blank names, the fixed
 * labels of the national template, the query address (`publicUrl` + /information-link), the template's own blanks
 * from `ownValues`; any other blank is empty.
 */
export function certificateValues(
  template: CertificateTemplate,
  c: CertificateFields,
  publicUrl: string,
): BlankValue[] {
  const values: Record<string, string> = {
    ...LABELS,
    [NAME_BLANK]: c.holderName,
    id_type: idTypeText[c.idType as keyof typeof idTypeText] ?? '居民身份证',
    [ID_CARD_BLANK]: c.idNumber,
    occupation: c.occupationName ?? '',
    work_type: c.workType || NO_WORK_TYPE,
    level: c.level ? skillLevelName(c.level) : '',
    organization: c.institutionName ?? '',
    [ISSUE_DATE_BLANK]: chineseDate(c.issueDate),
    certificate_no: c.certificateNo,
    photo: c.photoFileId ?? '',
    query_address: `查询网址：${publicUrl}${QUERY_PATH}`,
  };
  const own = new Map((c.ownValues ?? []).map((v) => [v.name, v.val]));
  return template.blanks.map((b) => ({ name: b.name, val: values[b.name] ?? own.get(b.name) ?? '' }));
}
