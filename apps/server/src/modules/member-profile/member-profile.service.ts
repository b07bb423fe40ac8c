import {
  type CatalogQuery,
  degreeLabel,
  firstProfileError,
  isProfileComplete,
  type MajorPage,
  type MemberBasicInfo,
  type MemberProfileBody,
  PROFILE_MSG,
  profileFormOfBody,
  type SchoolPage,
  yearOfStart,
  yearStart,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { Actor } from '../sessions/actor';
import { MAJORS_BY_CATEGORY } from './catalog/majors';
import { SCHOOLS } from './catalog/schools';
import { profileOwnerOf } from './member-profile.policy';
import * as repo from './member-profile.repo';

/*
 * Member profiles (issue 12, spec 001 sections 2.14, 3, 5, 7): the facts a student completes once in the
 * profile-completion dialog, and the school and major catalogues it picks from. Certificates and (later)
 * the resume read a member's profile here.
 */

const ms = (d: Date | null) => (d ? d.getTime() : null);
/** How far ahead of the server a client's clock (time zone) may be. */
const CLIENT_AHEAD_MS = 14 * 3_600_000;

const completeRow = (row: repo.ProfileRow) =>
  isProfileComplete({
    name: row.name,
    sex: row.sex,
    birthday: row.birthday,
    schoolCode: row.schoolCode,
    majorCode: row.majorCode,
    degree: row.degree,
    enrolmentAt: row.enrolmentAt,
  });

/** What other areas print of a member: name (the user's name until the profile names them), school, major. */
export type ProfileSummary = {
  name: string;
  schoolName: string;
  majorName: string;
  /** the degree's Chinese label (本科 …), or null when not filled in */
  degree: string | null;
  /** every field of the profile-completion dialog is filled in */
  complete: boolean;
};

/** A member's profile summary; an unknown user gives empty fields (name '', complete false). */
const summaryOfRow = (row: repo.ProfileRow): ProfileSummary => ({
  name: row.name || row.userName,
  schoolName: row.schoolName ?? '',
  majorName: row.majorName ?? '',
  degree: row.degree ? degreeLabel(row.degree) || row.degree : null,
  complete: completeRow(row),
});

export const profileSummaryOf = async (opts: { db: Db; userId: number }): Promise<ProfileSummary> => {
  const row = await repo.findProfile(opts.db, opts.userId);
  if (!row) return { name: '', schoolName: '', majorName: '', degree: null, complete: false };
  return summaryOfRow(row);
};

/**
 * Several members' summaries in one query (a list page's applicants), each with `visible`: whether the
 * member shows their resume to employers (careerProfileOf's visible; true until they hide it). Unknown
 * users are absent from the map.
 */
export const profileSummariesOf = async (opts: {
  db: Db;
  userIds: readonly number[];
}): Promise<Map<number, ProfileSummary & { visible: boolean }>> => {
  const rows = await repo.findProfiles(opts.db, [...new Set(opts.userIds)]);
  return new Map(rows.map((row) => [row.userId, { ...summaryOfRow(row), visible: row.visible ?? true }]));
};

const basicInfoOfRow = (row: repo.ProfileRow): MemberBasicInfo => ({
  userId: String(row.userId),
  name: row.name || row.userName,
  sex: row.sex === 'Female' || row.sex === 'Male' ? row.sex : row.userSex === '2' ? 'Female' : 'Male',
  avatar: row.avatar,
  birthday: ms(row.birthday),
  degree: (row.degree as MemberBasicInfo['degree']) ?? null,
  schoolCode: row.schoolCode,
  schoolName: row.schoolName ?? '',
  majorCode: row.majorCode,
  majorName: row.majorName ?? '',
  enrolmentAt: ms(row.enrolmentAt),
  graduateAt: ms(row.graduateAt),
  perfected: completeRow(row),
});

const requireRow = async (db: Db, userId: number) => {
  const row = await repo.findProfile(db, userId);
  if (!row) throw AppError.unauthorized();
  return row;
};

/** `GET members/basic/info`: the asking member's name, sex, avatar and profile, with `perfected`. */
export const basicInfoOf = async (opts: { db: Db; actor: Actor }) =>
  basicInfoOfRow(await requireRow(opts.db, profileOwnerOf(opts.actor)));

/**
 * `PUT member_profiles`: checks the body in the spec's order (the first failing check's message, 400), then
 * that the school and the major are in the catalogues (else 请选择学校 / 请选择专业), and writes the asking
 * member's profile. enrolmentAt is kept as Jan 1 of its year, graduateAt as Jan 1 of the current year.
 */
export const saveProfile = async (opts: { db: Db; actor: Actor; body: MemberProfileBody; now: Date }) => {
  const form = profileFormOfBody(opts.body);
  // The browser counts years in its own time zone: a client up to 14 hours ahead of the server (China on
  // New Year's morning while the server is on UTC) may already offer next year, so that one is accepted too.
  const error =
    firstProfileError(form, opts.now) &&
    firstProfileError(form, new Date(opts.now.getTime() + CLIENT_AHEAD_MS)) &&
    firstProfileError(form, opts.now);
  if (error) throw AppError.badRequest(error.message);
  const schoolCode = (opts.body.schoolCode as string).trim();
  const majorCode = (opts.body.majorCode as string).trim();
  if (!(await repo.schoolExists(opts.db, schoolCode))) throw AppError.badRequest(PROFILE_MSG.schoolRequired);
  if (!(await repo.majorExists(opts.db, majorCode))) throw AppError.badRequest(PROFILE_MSG.majorRequired);
  const userId = profileOwnerOf(opts.actor);
  await repo.upsertProfile(opts.db, {
    userId,
    name: (opts.body.name as string).trim(),
    sex: opts.body.sex as string,
    birthday: new Date(opts.body.birthday as number),
    degree: opts.body.degree as string,
    schoolCode,
    majorCode,
    enrolmentAt: new Date(yearStart(yearOfStart(opts.body.enrolmentAt as number))),
    graduateAt: new Date(yearStart(opts.now.getFullYear())),
    updatedAt: opts.now,
  });
  return basicInfoOfRow(await requireRow(opts.db, userId));
};

const pageOf = (q: CatalogQuery) => ({
  search: q.search,
  offset: (q.pageNumber - 1) * q.pageSize,
  limit: q.pageSize,
});

/** `GET schools`: a page of the school catalogue by name or code. */
export const pageSchools = async (opts: { db: Db; query: CatalogQuery }): Promise<SchoolPage> => {
  const page = await repo.pageSchools(opts.db, pageOf(opts.query));
  return {
    rows: page.rows.map((r) => ({ code: r.code, name: r.name, province: r.province })),
    total: page.total,
  };
};

/** `GET majors`: a page of the major catalogue by name or code. */
export const pageMajors = async (opts: { db: Db; query: CatalogQuery }): Promise<MajorPage> => {
  const page = await repo.pageMajors(opts.db, pageOf(opts.query));
  return {
    rows: page.rows.map((r) => ({
      code: r.code,
      name: r.name,
      category: (r as { category: string }).category,
    })),
    total: page.total,
  };
};

/** The shipped catalogues as rows. */
export const CATALOG_SCHOOLS = SCHOOLS.map(([code, name, province]) => ({ code, name, province }));
export const CATALOG_MAJORS = Object.entries(MAJORS_BY_CATEGORY).flatMap(([category, majors]) =>
  majors.map(([code, name]) => ({ code, name, category })),
);

/**
 * Loads the school and major catalogues on every start (not only with demo data), idempotently: a
 * catalogue that already holds at least the shipped rows costs one count query; otherwise the shipped rows
 * are upserted (names and provinces brought up to date, rows added by others kept).
 */
export const loadCatalogues = async (opts: { db: Db }) => {
  const counts = await repo.countCatalogues(opts.db);
  const loadSchools = counts.schools < CATALOG_SCHOOLS.length;
  const loadMajors = counts.majors < CATALOG_MAJORS.length;
  if (loadSchools) await repo.upsertSchools(opts.db, CATALOG_SCHOOLS);
  if (loadMajors) await repo.upsertMajors(opts.db, CATALOG_MAJORS);
  return { schools: loadSchools, majors: loadMajors };
};

/** Adds schools to the catalogue (the demo school, a deployment's own college). */
export const addCatalogSchools = (opts: {
  db: Db;
  schools: { code: string; name: string; province?: string }[];
}) =>
  repo.upsertSchools(
    opts.db,
    opts.schools.map((s) => ({ code: s.code, name: s.name, province: s.province ?? '' })),
  );

/** Writes a member's profile without the dialog (demo data, other areas' tests), checked as the dialog is. */
export const setProfile = async (opts: { db: Db; userId: number; body: MemberProfileBody; now?: Date }) =>
  saveProfile({
    db: opts.db,
    actor: { userId: opts.userId } as Actor,
    body: opts.body,
    now: opts.now ?? new Date(),
  });

/**
 * A member's profile as the resume reads it (issue 13; the contract the resume area builds on): personal
 * information, the first (highest) education, the job intention, status and privacy switch. Fields are null
 * (lists empty) until filled in; `personalComplete` is what the completeness rule counts as 个人信息.
 */
export type CareerProfile = {
  userId: number;
  name: string | null;
  sex: 'Male' | 'Female' | 'Secrecy' | null;
  birthday: number | null;
  email: string | null;
  mobile: string | null;
  politicalStatus: string | null;
  domicileProvinceCode: string | null;
  domicileCityCode: string | null;
  /** the avatar's file id (turn it into an address with the files area's `fileUrlById`) */
  portraitFileId: number | null;
  /** the first education, when its school, major, degree and both times are set */
  topEducation: {
    schoolCode: string;
    schoolName: string;
    majorCode: string;
    majorName: string;
    degree: string;
    enrolmentAt: number;
    graduateAt: number;
    gradingRank: string | null;
  } | null;
  intentions: { code: string; name: string }[];
  /** '' is 全国 (name '全国') */
  cities: { code: string; name: string }[];
  minSalary: number | null;
  maxSalary: number | null;
  status: 'Seeking' | 'Accepted';
  companyName: string | null;
  companyId: number | null;
  occupationName: string | null;
  occupationId: string | null;
  visible: boolean;
  /** name, birthday, sex and mobile are set (the completeness rule's 个人信息) */
  personalComplete: boolean;
  updatedAt: number | null;
};

export const careerProfileOf = async (opts: { db: Db; userId: number }): Promise<CareerProfile> => {
  const basic = await repo.findProfile(opts.db, opts.userId);
  const { row, intentions, cities } = await repo.findCareerProfile(opts.db, opts.userId);
  const top =
    row?.schoolCode && row.majorCode && row.degree && row.enrolmentAt && row.graduateAt
      ? {
          schoolCode: row.schoolCode,
          schoolName: basic?.schoolName ?? '',
          majorCode: row.majorCode,
          majorName: basic?.majorName ?? '',
          degree: row.degree,
          enrolmentAt: row.enrolmentAt.getTime(),
          graduateAt: row.graduateAt.getTime(),
          gradingRank: row.gradingRank,
        }
      : null;
  return {
    userId: opts.userId,
    name: row?.name ?? null,
    sex: (row?.sex as CareerProfile['sex']) ?? null,
    birthday: ms(row?.birthday ?? null),
    email: row?.email ?? null,
    mobile: row?.mobile ?? null,
    politicalStatus: row?.politicalStatus ?? null,
    domicileProvinceCode: row?.domicileProvinceCode ?? null,
    domicileCityCode: row?.domicileCityCode ?? null,
    portraitFileId: row?.portraitFileId ?? null,
    topEducation: top,
    intentions,
    cities: cities.map((c) => ({ code: c.code, name: c.code === '' ? '全国' : (c.name ?? '') })),
    minSalary: row?.minSalary ?? null,
    maxSalary: row?.maxSalary ?? null,
    status: row?.status === 'Accepted' ? 'Accepted' : 'Seeking',
    companyName: row?.companyName ?? null,
    companyId: row?.companyId ?? null,
    occupationName: row?.occupationName ?? null,
    occupationId: row?.occupationId ?? null,
    visible: row?.visible ?? true,
    personalComplete: Boolean(row?.name && row.birthday && row.sex && row.mobile),
    updatedAt: ms(row?.updatedAt ?? null),
  };
};
