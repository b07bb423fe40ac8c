import type { Db } from '../../db/client';
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

/** The code of 全国 (the whole nation) among a member's intended cities. */
export const ALL_NATION_CODE = '';

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
  if (opts.codes.includes(ALL_NATION_CODE)) names.set(ALL_NATION_CODE, '全国');
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
