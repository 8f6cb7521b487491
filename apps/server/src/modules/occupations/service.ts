import {
  findOccupation,
  type Occupation,
  type OccupationCatalogue,
  skillLevelName,
  skillLevelNames,
} from '@skill-cert/shared/occupations';
import { badRequest } from '../../lib/errors.ts';
import { occupationCatalogue } from './catalogue.ts';

/** The catalogue as `GET /api/occupations` serves it. */
export function catalogue(): OccupationCatalogue {
  return {
    categories: occupationCatalogue,
    levels: ([5, 4, 3, 2, 1] as const).map((code) => ({ code, name: skillLevelNames[code] })),
  };
}

export const occupationByCode = (code: string): Occupation | undefined =>
  findOccupation(occupationCatalogue, code);

/**
 * Checks a scope row against the catalogue: the occupation exists, the 工种 is one of its own, every level
 * is one its standard sets. Returns the occupation; refuses with a message naming the row.
 */
export function checkScope(
  row: { occupation_code: string; work_type: string | null; levels: number[] },
  label: string,
): Occupation {
  const occupation = occupationByCode(row.occupation_code);
  if (!occupation) throw badRequest(`${label}：职业分类大典中没有编码为 ${row.occupation_code} 的职业`);
  if (row.work_type && !occupation.work_types.includes(row.work_type)) {
    throw badRequest(
      occupation.work_types.length
        ? `${label}：「${occupation.name}」没有工种「${row.work_type}」`
        : `${label}：「${occupation.name}」不分工种，请不要填写工种`,
    );
  }
  const wrong = row.levels.find((l) => !(occupation.levels as number[]).includes(l));
  if (wrong !== undefined) {
    throw badRequest(`${label}：「${occupation.name}」没有${skillLevelName(wrong)}等级`);
  }
  return occupation;
}
