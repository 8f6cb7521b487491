import { z } from 'zod';

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
  /** 工种 / 职业方向; empty when the occupation has none. */
  work_types: z.array(z.string()),
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
