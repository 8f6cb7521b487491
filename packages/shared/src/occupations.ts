import { z } from 'zod';
import { keywordParam, optionalParam } from './fields.ts';
import { paged, pageQuery } from './pagination.ts';

/**
 * The national occupation catalogue as reference data (DOMAIN.md "Reference data"): occupations of
 * 《中华人民共和国职业分类大典》 under their major group, with their 工种/职业方向 and the skill levels
 * a national standard sets for them. `GET /api/occupations` serves the tree.
 */

/** Skill level codes (national rule): 5 五级/初级工 … 1 一级/高级技师. */
export const SkillLevel = { FIVE: 5, FOUR: 4, THREE: 3, TWO: 2, ONE: 1 } as const;
export const skillLevelCode = z.literal([1, 2, 3, 4, 5]);
export type SkillLevelCode = z.infer<typeof skillLevelCode>;

export const skillLevelNames: Record<SkillLevelCode, string> = {
  5: '五级/初级工',
  4: '四级/中级工',
  3: '三级/高级工',
  2: '二级/技师',
  1: '一级/高级技师',
};

/** Lowest level first, as standards list them. */
export const ALL_SKILL_LEVELS: readonly SkillLevelCode[] = [5, 4, 3, 2, 1];

export const isSkillLevelCode = (v: unknown): v is SkillLevelCode =>
  v === 1 || v === 2 || v === 3 || v === 4 || v === 5;

export const skillLevelName = (code: number): string =>
  isSkillLevelCode(code) ? skillLevelNames[code] : String(code);

/**
 * The level a certificate prints, read back from its text: 四级 / 中级工 / 四级/中级工 / 4级 → 4. Null when the text names
 * no level or two different ones.
 */
export function skillLevelFromText(text: string): SkillLevelCode | null {
  const found = new Set<SkillLevelCode>();
  for (const m of text.matchAll(/([一二三四五1-5])\s*级/g)) found.add(LEVEL_DIGITS[m[1]]);
  // The longer names first: 高级技师 contains 技师.
  let rest = text;
  for (const [name, level] of LEVEL_TITLES) {
    if (rest.includes(name)) found.add(level);
    rest = rest.replaceAll(name, '');
  }
  return found.size === 1 ? [...found][0] : null;
}

const LEVEL_DIGITS: Record<string, SkillLevelCode> = {
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
};
const LEVEL_TITLES: [string, SkillLevelCode][] = [
  ['高级技师', 1],
  ['技师', 2],
  ['高级工', 3],
  ['中级工', 4],
  ['初级工', 5],
];

/** Levels sorted lowest first (5 → 1), without repeats. */
export const sortLevels = (levels: readonly number[]): SkillLevelCode[] =>
  [...new Set(levels)].filter(isSkillLevelCode).sort((a, b) => b - a);

/** 职业 (a 细类 of the catalogue), e.g. 6-31-01-03 电工. */
export const occupation = z.object({
  /** 'N-NN-NN-NN'. */
  code: z.string(),
  name: z.string(),
  /** The levels its national standard sets, lowest first. */
  levels: z.array(skillLevelCode),
  /** 工种 / 职业方向 (enabled ones); empty when the occupation has none. */
  work_types: z.array(z.string()),
  /** false: 停用 in the catalogue (职业目录): not offered for anything new; what already uses it still reads it. */
  enabled: z.boolean(),
  /** Whether an evaluation at levels 2 and 1 must include 综合评审 (the national rule: yes). */
  comprehensive_review: z.boolean(),
});
export type Occupation = z.infer<typeof occupation>;

/** A major group (大类) with its occupations. */
export const occupationCategory = z.object({
  code: z.string(),
  name: z.string(),
  occupations: z.array(occupation),
});
export type OccupationCategory = z.infer<typeof occupationCategory>;

/** `data` of `GET /api/occupations`. */
export const occupationCatalogue = z.object({
  categories: z.array(occupationCategory),
  levels: z.array(z.object({ code: skillLevelCode, name: z.string() })),
});
export type OccupationCatalogue = z.infer<typeof occupationCatalogue>;

export const OCCUPATION_CODE = /^\d-\d{2}-\d{2}-\d{2}$/;

/** The occupation with this code in a catalogue, or undefined. */
export function findOccupation(
  categories: readonly OccupationCategory[],
  code: string,
): Occupation | undefined {
  for (const c of categories) {
    const hit = c.occupations.find((o) => o.code === code);
    if (hit) return hit;
  }
  return undefined;
}

/** Whether an evaluation at `level` of this occupation must include 综合评审: levels 2 and 1, unless the catalogue says not. */
export const occupationRequiresComprehensive = (
  occupation: { comprehensive_review: boolean } | undefined,
  level: number,
): boolean => (level === 1 || level === 2) && (occupation?.comprehensive_review ?? true);

/** 《中华人民共和国职业分类大典（2022年版）》's eight major groups (大类): an occupation's code starts with its own. */
export const occupationCategoryNames: Record<string, string> = {
  '1': '党的机关、国家机关、群众团体和社会组织、企事业单位负责人',
  '2': '专业技术人员',
  '3': '办事人员和有关人员',
  '4': '社会生产服务和生活服务人员',
  '5': '农、林、牧、渔业生产及辅助人员',
  '6': '生产制造及有关人员',
  '7': '军队人员',
  '8': '不便分类的其他从业人员',
};

// ------------------------------------------------------------------------------- 职业目录 (the platform's editor)

/** 1 工种, 2 职业方向: what a child of an occupation is called. */
export const WorkTypeKind = { WORK_TYPE: 1, DIRECTION: 2 } as const;
export type WorkTypeKindValue = (typeof WorkTypeKind)[keyof typeof WorkTypeKind];
export const workTypeKindNames: Record<WorkTypeKindValue, string> = { 1: '工种', 2: '职业方向' };

export const OccupationStatus = { DISABLED: 0, ENABLED: 1 } as const;
export type OccupationStatusValue = (typeof OccupationStatus)[keyof typeof OccupationStatus];
export const occupationStatusNames: Record<OccupationStatusValue, string> = { 0: '停用', 1: '启用' };
const statusCode = z.literal([0, 1], { error: '状态只能是启用或停用' });

export const OCCUPATION_NAME_MAX = 50;
export const WORK_TYPE_NAME_MAX = 50;
export const WORK_TYPES_MAX = 50;
export const OCCUPATION_SORT_MAX = 9999;
const CODE_MESSAGE = '职业编码应为“大类-中类-小类-细类”格式，如 6-31-01-03';

const sortField = z
  .number({ error: '排序应为整数' })
  .int('排序应为整数')
  .min(0, '排序不能小于0')
  .max(OCCUPATION_SORT_MAX, `排序不能大于${OCCUPATION_SORT_MAX}`)
  .default(0);

export const workTypeBody = z.object({
  name: z
    .string({ error: '请输入工种/职业方向名称' })
    .trim()
    .min(1, '请输入工种/职业方向名称')
    .max(WORK_TYPE_NAME_MAX, `工种/职业方向名称不能超过${WORK_TYPE_NAME_MAX}个字符`),
  kind: z.literal([1, 2], { error: '类型只能是工种或职业方向' }).default(WorkTypeKind.WORK_TYPE),
  status: statusCode.default(OccupationStatus.ENABLED),
});

/** An occupation saved (new or edited) with its 工种 / 职业方向 (in their order). */
export const occupationBody = z.object({
  code: z.string({ error: '请输入职业编码' }).trim().regex(OCCUPATION_CODE, CODE_MESSAGE),
  name: z
    .string({ error: '请输入职业名称' })
    .trim()
    .min(1, '请输入职业名称')
    .max(OCCUPATION_NAME_MAX, `职业名称不能超过${OCCUPATION_NAME_MAX}个字符`),
  levels: z
    .array(skillLevelCode, { error: '请选择可评价等级' })
    .min(1, '请至少选择一个可评价等级')
    .transform(sortLevels),
  comprehensive_review: z.boolean({ error: '请选择二级、一级是否须综合评审' }).default(true),
  sort: sortField,
  status: statusCode.default(OccupationStatus.ENABLED),
  work_types: z
    .array(workTypeBody)
    .max(WORK_TYPES_MAX, `工种/职业方向最多${WORK_TYPES_MAX}个`)
    .default([])
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((w, i) => {
        if (seen.has(w.name))
          ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `工种/职业方向「${w.name}」重复` });
        seen.add(w.name);
      });
    }),
});
export type OccupationBody = z.input<typeof occupationBody>;

export const workTypeRow = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.literal([1, 2]),
  kind_name: z.string(),
  status: z.literal([0, 1]),
  status_name: z.string(),
  sort: z.number(),
});
export type WorkTypeRow = z.infer<typeof workTypeRow>;

/** A row of 职业目录 (and the editor's values). */
export const occupationRow = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  category_code: z.string(),
  category_name: z.string(),
  levels: z.array(skillLevelCode),
  /** e.g. 五级/初级工、四级/中级工. */
  levels_text: z.string(),
  comprehensive_review: z.boolean(),
  status: z.literal([0, 1]),
  status_name: z.string(),
  sort: z.number(),
  work_types: z.array(workTypeRow),
  create_time_str: z.string(),
  update_time_str: z.string(),
});
export type OccupationRow = z.infer<typeof occupationRow>;

export const occupationPage = paged(occupationRow);
export type OccupationPage = z.infer<typeof occupationPage>;

/** Filters of the list and the export: code, name or 工种 name contains the keyword; 大类; status. */
export const occupationFilters = z.object({
  keyword: keywordParam,
  category_code: optionalParam(z.string().refine((c) => c in occupationCategoryNames, '大类不正确')),
  status: optionalParam(
    z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)], { error: '状态只能是 0 或 1' })),
  ),
});
export type OccupationFilters = z.input<typeof occupationFilters>;
export const occupationListQuery = pageQuery.extend(occupationFilters.shape);
export type OccupationListQuery = z.input<typeof occupationListQuery>;

export const occupationStatusBody = z.object({ status: statusCode });

/**
 * The sheet of 导出 and 导入 (one row per occupation). 评价等级 lists levels as 五级、四级…; the 工种 and 职业方向
 * columns list names separated by 、, a disabled one marked （停用）.
 */
export const OCCUPATION_SHEET_COLUMNS = [
  '职业编码',
  '职业名称',
  '评价等级',
  '二级一级须综合评审',
  '工种',
  '职业方向',
  '状态',
  '排序',
] as const;
export type OccupationSheetColumn = (typeof OCCUPATION_SHEET_COLUMNS)[number];
export const OCCUPATION_SHEET_REQUIRED: readonly OccupationSheetColumn[] = [
  '职业编码',
  '职业名称',
  '评价等级',
];
export const OCCUPATION_IMPORT_MAX_ROWS = 5000;
/** The mark after a 工种 / 职业方向 name in the sheet that says it is disabled. */
export const DISABLED_MARK = '（停用）';
