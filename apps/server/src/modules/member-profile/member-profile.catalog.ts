import {
  ALL_NATION_CODE,
  ALL_NATION_NAME,
  type Division,
  type DivisionList,
  type DivisionQuery,
  OCCUPATION_ROOT,
  type OccupationList,
  type OccupationQuery,
} from '@uplus/shared';
import type { Db } from '../../db/client';
import { CITIES, HOT_CITY_CODES, PROVINCES } from './catalog/divisions';
import { OCCUPATIONS } from './catalog/occupations';
import * as repo from './member-profile.catalog.repo';

/*
 * The lookups of the resume (issue 13; career spec 3, 7 "Profile and lookups"): China's provinces and
 * prefecture-level cities (GB/T 2260, with the first letter of the pinyin and the hot cities) and the
 * three-level occupation classification (职业分类大典 2022). Shipped as seed files in `catalog/` (their
 * provenance in `catalog/README.md`) and loaded on every start by `loadLookups`.
 *
 * Other areas check a member's picks here (the contract for `PUT /member_profiles`):
 * `citiesExist`, `occupationsExist`, `domicileExists`, and read names with `divisionNamesOf` /
 * `occupationNamesOf`.
 */

export { ALL_NATION_CODE };

/**
 * True when every code is a city (level 2) of the division catalogue, or '' (全国). An empty list is true
 * (how many cities a member must pick is the intention rule's business).
 */
export const citiesExist = async (opts: { db: Db; codes: readonly string[] }) => {
  const wanted = [...new Set(opts.codes.filter((c) => c !== ALL_NATION_CODE))];
  if (wanted.length === 0) return true;
  const rows = await repo.divisionsByCodes(opts.db, wanted);
  return rows.length === wanted.length && rows.every((r) => r.level === 2);
};

/** True when every code is a 小类 (level 3, the level a member picks) of the occupation catalogue. */
export const occupationsExist = async (opts: { db: Db; codes: readonly string[] }) => {
  const wanted = [...new Set(opts.codes)];
  if (wanted.length === 0) return true;
  const rows = await repo.occupationsByCodes(opts.db, wanted);
  return rows.length === wanted.length && rows.every((r) => r.level === 3);
};

/**
 * A domicile (户籍所在地): the province is a province (level 1) and the city, when given, one of its cities.
 * Both null/empty is true (the domicile is optional); a city without its province is false.
 */
export const domicileExists = async (opts: {
  db: Db;
  provinceCode: string | null | undefined;
  cityCode: string | null | undefined;
}) => {
  const province = opts.provinceCode || null;
  const city = opts.cityCode || null;
  if (!province) return !city;
  const rows = await repo.divisionsByCodes(opts.db, city ? [province, city] : [province]);
  const p = rows.find((r) => r.code === province);
  if (p?.level !== 1) return false;
  if (!city) return true;
  const c = rows.find((r) => r.code === city);
  return c?.level === 2 && c.parentCode === province;
};

/** The names of these division codes ('' is 全国); unknown codes are left out. */
export const divisionNamesOf = async (opts: { db: Db; codes: readonly string[] }) => {
  const names = new Map<string, string>();
  if (opts.codes.includes(ALL_NATION_CODE)) names.set(ALL_NATION_CODE, ALL_NATION_NAME);
  for (const r of await repo.divisionsByCodes(
    opts.db,
    opts.codes.filter((c) => c !== ALL_NATION_CODE),
  ))
    names.set(r.code, r.name);
  return names;
};

/** The names of these occupation codes; unknown codes are left out. */
export const occupationNamesOf = async (opts: { db: Db; codes: readonly string[] }) => {
  const names = new Map<string, string>();
  for (const r of await repo.occupationsByCodes(opts.db, opts.codes)) names.set(r.code, r.name);
  return names;
};

// ---------------------------------------------------------------------------------------------------------
// The shipped catalogues and their loader

const hotRank = new Map(HOT_CITY_CODES.map((code, i) => [code, i + 1]));
/** Sequence of the cities that are not hot: after every hot one, in code order. */
const NOT_HOT_BASE = 1000;

/** The shipped divisions as rows: provinces in code order, hot cities first (in hot order), then the others. */
export const CATALOG_DIVISIONS = [
  ...PROVINCES.map(([code, name, letter], i) => ({
    code,
    name,
    parentCode: '',
    level: 1,
    letter,
    hot: false,
    sequence: i + 1,
  })),
  ...CITIES.map(([code, name, parentCode, letter], i) => ({
    code,
    name,
    parentCode,
    level: 2,
    letter,
    hot: hotRank.has(code),
    sequence: hotRank.get(code) ?? NOT_HOT_BASE + i,
  })),
];

const parentOfOccupation = (code: string) =>
  code.includes('-') ? code.slice(0, code.lastIndexOf('-')) : OCCUPATION_ROOT;

/** The shipped occupation classification as rows, in the 大典's order. */
export const CATALOG_OCCUPATIONS = OCCUPATIONS.map(([code, name], i) => ({
  code,
  name,
  parentCode: parentOfOccupation(code),
  level: code.split('-').length,
  sequence: i + 1,
}));

/**
 * Loads the division and occupation catalogues on every start (like `loadCatalogues` for schools and
 * majors), idempotently: a catalogue holding at least the shipped rows costs one count query; otherwise the
 * shipped rows are upserted (names, letters, hot flags and order brought up to date, others' rows kept).
 */
export const loadLookups = async (opts: { db: Db }) => {
  const counts = await repo.countLookups(opts.db);
  const loadDivisions = counts.divisions < CATALOG_DIVISIONS.length;
  const loadOccupations = counts.occupations < CATALOG_OCCUPATIONS.length;
  if (loadDivisions) await repo.upsertDivisions(opts.db, CATALOG_DIVISIONS);
  if (loadOccupations) await repo.upsertOccupations(opts.db, CATALOG_OCCUPATIONS);
  return { divisions: loadDivisions, occupations: loadOccupations };
};

// ---------------------------------------------------------------------------------------------------------
// The lookup calls

const divisionOf = (r: repo.DivisionRow): Division => ({
  id: r.code,
  code: r.code,
  name: r.name,
  letter: r.letter,
  parentCode: r.parentCode,
  level: r.level,
  hot: r.hot ? 'Yes' : 'No',
});

/**
 * `GET /divisions`: hot=Yes answers the hot cities; parentCode the cities of that province; neither the
 * provinces. Bounded by the catalogue (34 provinces; at most a few dozen cities per province).
 */
export const listDivisions = async (opts: { db: Db; query: DivisionQuery }): Promise<DivisionList> => {
  const { sort, order, hot, parentCode } = opts.query;
  const rows = await repo.listDivisions(opts.db, {
    sort,
    order,
    ...(hot === 'Yes'
      ? { hot: true, level: 2, ...(parentCode ? { parentCode } : {}) }
      : parentCode
        ? { parentCode }
        : { parentCode: '', level: 1 }),
  });
  return rows.map(divisionOf);
};

/** `GET /divisions/mobile`: every city with its letter, by letter then catalogue order (hot ones first). */
export const mobileCities = async (opts: { db: Db }): Promise<DivisionList> =>
  (await repo.listCitiesByLetter(opts.db)).map(divisionOf);

/** `GET /occupations?parentCode=`: the children of '0' (大类), of a 大类 (中类) or of a 中类 (小类). */
export const listOccupations = async (opts: { db: Db; query: OccupationQuery }): Promise<OccupationList> =>
  (await repo.listOccupations(opts.db, opts.query.parentCode)).map((r) => ({
    id: r.code,
    code: r.code,
    name: r.name,
    parentCode: r.parentCode,
    level: r.level,
  }));
