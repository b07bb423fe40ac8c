import { z } from 'zod';

/*
 * The lookups of the job intention and the domicile (issue 13; career spec 3 "Divisions", "Occupations",
 * 7 "Profile and lookups"): China's provinces and prefecture-level cities (GB/T 2260 codes, first letter
 * of the pinyin, hot cities) and the three levels of the occupation classification (职业分类大典 2022).
 */

/** The code of 全国 (the whole nation) among a member's intended cities. */
export const ALL_NATION_CODE = '';
export const ALL_NATION_NAME = '全国';

/** The city selector's letter groups (spec 9), after the hot tab. */
export const CITY_LETTER_GROUPS = ['ABCDE', 'FGHJ', 'KLMN', 'PQRST', 'WXYZ'] as const;

/** The parentCode of the occupation classification's first level (大类). */
export const OCCUPATION_ROOT = '0';

const yesNo = z.enum(['Yes', 'No']);

/**
 * `GET /divisions`: hot=Yes answers the hot cities; parentCode answers the cities of a province; neither
 * answers the provinces. sort (sequence, code, letter) and order (asc, desc).
 */
export const divisionQuery = z.object({
  sort: z.enum(['sequence', 'code', 'letter']).default('sequence'),
  order: z.enum(['asc', 'desc']).default('asc'),
  hot: yesNo.optional(),
  /** a province's code (six digits) */
  parentCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '请选择正确的省份')
    .optional(),
});
export type DivisionQuery = z.infer<typeof divisionQuery>;

export const division = z.object({
  /** the same as code */
  id: z.string(),
  /** GB/T 2260, six digits (杭州市 330100) */
  code: z.string(),
  name: z.string(),
  /** first letter of the pinyin, A-Z */
  letter: z.string(),
  /** '' for a province */
  parentCode: z.string(),
  /** 1 province, 2 city */
  level: z.number().int(),
  hot: yesNo,
});
export type Division = z.infer<typeof division>;
export const divisionList = z.array(division);
export type DivisionList = z.infer<typeof divisionList>;

/** `GET /occupations?parentCode=`: '0' for the 大类, then a 大类's code (2), then a 中类's (2-02). */
export const occupationQuery = z.object({
  parentCode: z
    .string()
    .trim()
    .regex(/^(0|\d|\d-\d{2})$/, '请选择正确的职位类别')
    .default(OCCUPATION_ROOT),
});
export type OccupationQuery = z.infer<typeof occupationQuery>;

export const occupation = z.object({
  /** the same as code */
  id: z.string(),
  /** the 大典's code: 2 (大类), 2-02 (中类), 2-02-10 (小类) */
  code: z.string(),
  name: z.string(),
  parentCode: z.string(),
  /** 1 大类, 2 中类, 3 小类 (the level a member picks) */
  level: z.number().int(),
});
export type Occupation = z.infer<typeof occupation>;
export const occupationList = z.array(occupation);
export type OccupationList = z.infer<typeof occupationList>;

/** The letter group (CITY_LETTER_GROUPS) a letter falls in; '' when none (I, O, U, V start no pinyin). */
export const letterGroupOf = (letter: string) =>
  CITY_LETTER_GROUPS.find((g) => g.includes(letter.toUpperCase())) ?? '';
