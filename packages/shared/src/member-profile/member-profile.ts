import { z } from 'zod';
import { pageOf, pageQuery } from '../core/envelope';

/*
 * Member profiles (spec 001 sections 2.14, 3, 5, 7, 9; issue 12): the profile-completion dialog a student
 * fills in once, and the school and major catalogues it picks from. Paths are under SERVICE_BASES.ourea
 * (/api/ourea). Dates are epoch ms.
 *
 * `GET /api/ourea/members/basic/info`                          -> MemberBasicInfo (the signed-in member's)
 * `PUT /api/ourea/member_profiles` body MemberProfileBody        -> MemberBasicInfo (message 保存成功)
 * `GET /api/ourea/schools?search=&pageNumber=&pageSize=`         -> SchoolPage
 * `GET /api/ourea/majors?search=&pageNumber=&pageSize=`          -> MajorPage
 *
 * The body is checked in the spec's order (name, birth date, school, major, degree, enrolment year) and the
 * first failing check's message is the answer (400), on the server as in the dialog (`firstProfileError`).
 */

/** Limits of the profile form (spec 5 and 9). */
export const PROFILE_LIMITS = {
  /** name at most 8 characters */
  nameMax: 8,
  /** enrolment year choices: the current year back 12 years */
  enrolmentYears: 13,
  /** the default enrolment year is the current year minus this */
  defaultEnrolmentBack: 2,
  /** no birthday before this year */
  minBirthYear: 1950,
  searchMax: 50,
} as const;

/** Texts of the profile dialog and its calls. */
export const PROFILE_MSG = {
  title: '完善个人信息',
  later: '稍后完善',
  save: '保存',
  saved: '保存成功',
  nameRequired: '请输入姓名',
  nameTooLong: `姓名不能超过${PROFILE_LIMITS.nameMax}个字符`,
  birthdayRequired: '请选择出生日期',
  birthdayInvalid: '请选择正确的出生日期',
  schoolRequired: '请选择学校',
  majorRequired: '请选择专业',
  degreeRequired: '请选择学历',
  enrolmentYearRequired: '请选择入学年份',
  enrolmentYearInvalid: '入学年份不在可选范围内',
  sexRequired: '请选择性别',
  noMatch: '无匹配结果',
  searchSchool: '输入学校名称搜索',
  searchMajor: '输入专业名称搜索',
} as const;

/** Degrees (学历) with their Chinese labels, in the dialog's order. */
export const DEGREES = [
  { value: 'College', label: '大专' },
  { value: 'Bachelor', label: '本科' },
  { value: 'Master', label: '硕士' },
  { value: 'Doctor', label: '博士' },
  { value: 'Other', label: '其他' },
] as const;
export const DEGREE_VALUES = ['College', 'Bachelor', 'Master', 'Doctor', 'Other'] as const;
export type Degree = (typeof DEGREE_VALUES)[number];

/** Sexes with their Chinese labels. */
export const SEXES = [
  { value: 'Male', label: '男' },
  { value: 'Female', label: '女' },
] as const;
export const SEX_VALUES = ['Male', 'Female'] as const;
export type Sex = (typeof SEX_VALUES)[number];

/** A degree's Chinese label ('' for none or an unknown value). */
export const degreeLabel = (degree: string | null | undefined) =>
  DEGREES.find((d) => d.value === degree)?.label ?? '';

const yearOf = (now: Date | number) => new Date(now).getFullYear();

/** Enrolment year choices: the current year back 12 years (13 entries), newest first. */
export const enrolmentYearChoices = (now: Date | number = Date.now()): number[] => {
  const year = yearOf(now);
  return Array.from({ length: PROFILE_LIMITS.enrolmentYears }, (_, i) => year - i);
};

/** The enrolment year the dialog starts with: the current year minus 2. */
export const defaultEnrolmentYear = (now: Date | number = Date.now()) =>
  yearOf(now) - PROFILE_LIMITS.defaultEnrolmentBack;

/**
 * Jan 1 of a year as epoch ms, in UTC, so the browser (UTC+8) and the server read the same year back
 * (`yearOfStart`).
 */
export const yearStart = (year: number) => Date.UTC(year, 0, 1);
/** The year of a `yearStart` time. */
export const yearOfStart = (time: number) => new Date(time).getUTCFullYear();

/** The earliest birthday accepted (Jan 1 1950, UTC). */
export const MIN_BIRTHDAY = yearStart(PROFILE_LIMITS.minBirthYear);

/** The characters of a name as a person counts them (an emoji or a CJK character is one). */
export const nameLength = (name: string) => [...name].length;

/** The dialog's values as `firstProfileError` checks them; a missing value is null, '' or undefined. */
export type ProfileForm = {
  name?: string | null;
  sex?: string | null;
  /** epoch ms */
  birthday?: number | null;
  schoolCode?: string | null;
  majorCode?: string | null;
  degree?: string | null;
  enrolmentYear?: number | null;
};

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * The first message the form fails on, checked in the spec's order (name, birth date, school, major,
 * degree, enrolment year; then sex, which the dialog always preselects), with the field it belongs to; null
 * when the form is complete and valid. `now` bounds the birthday (not in the future, not before 1950) and
 * the enrolment years (the 13 choices).
 */
export const firstProfileError = (
  form: ProfileForm,
  now: Date | number = Date.now(),
): { field: keyof ProfileForm; message: string } | null => {
  const nowMs = new Date(now).getTime();
  if (blank(form.name)) return { field: 'name', message: PROFILE_MSG.nameRequired };
  if (nameLength((form.name as string).trim()) > PROFILE_LIMITS.nameMax)
    return { field: 'name', message: PROFILE_MSG.nameTooLong };
  if (blank(form.birthday) || !Number.isFinite(form.birthday))
    return { field: 'birthday', message: PROFILE_MSG.birthdayRequired };
  if ((form.birthday as number) > nowMs || (form.birthday as number) < MIN_BIRTHDAY)
    return { field: 'birthday', message: PROFILE_MSG.birthdayInvalid };
  if (blank(form.schoolCode)) return { field: 'schoolCode', message: PROFILE_MSG.schoolRequired };
  if (blank(form.majorCode)) return { field: 'majorCode', message: PROFILE_MSG.majorRequired };
  if (blank(form.degree) || !DEGREE_VALUES.includes(form.degree as Degree))
    return { field: 'degree', message: PROFILE_MSG.degreeRequired };
  if (blank(form.enrolmentYear) || !Number.isInteger(form.enrolmentYear))
    return { field: 'enrolmentYear', message: PROFILE_MSG.enrolmentYearRequired };
  if (!enrolmentYearChoices(now).includes(form.enrolmentYear as number))
    return { field: 'enrolmentYear', message: PROFILE_MSG.enrolmentYearInvalid };
  if (blank(form.sex) || !SEX_VALUES.includes(form.sex as Sex))
    return { field: 'sex', message: PROFILE_MSG.sexRequired };
  return null;
};

/** Whether a profile has every field of the dialog (what `perfected` reports). */
export const isProfileComplete = (
  profile: {
    name?: string | null;
    sex?: string | null;
    birthday?: number | Date | null;
    schoolCode?: string | null;
    majorCode?: string | null;
    degree?: string | null;
    enrolmentAt?: number | Date | null;
  } | null,
) =>
  Boolean(
    profile &&
      !blank(profile.name) &&
      !blank(profile.sex) &&
      profile.birthday !== null &&
      profile.birthday !== undefined &&
      !blank(profile.schoolCode) &&
      !blank(profile.majorCode) &&
      !blank(profile.degree) &&
      profile.enrolmentAt !== null &&
      profile.enrolmentAt !== undefined,
  );

// ---------------------------------------------------------------------------------------------------------
// Calls

const optionalText = z.string().max(200).nullish();

/**
 * `PUT member_profiles` (spec 3): name, sex, birthday (epoch ms), degree, schoolCode, majorCode, enrolmentAt
 * (Jan 1 of the chosen year, `yearStart`), graduateAt (Jan 1 of the current year; the server sets it). Every
 * field may be missing here so that the checks run in the spec's order and answer with the first message.
 */
export const memberProfileBody = z
  .object({
    name: optionalText.describe('at most 8 characters'),
    sex: optionalText.describe('Male or Female'),
    birthday: z.number().nullish().describe('epoch ms'),
    degree: optionalText.describe('College, Bachelor, Master, Doctor or Other'),
    schoolCode: optionalText.describe('a code from GET schools'),
    majorCode: optionalText.describe('a code from GET majors'),
    enrolmentAt: z.number().nullish().describe('Jan 1 (UTC) of the enrolment year, epoch ms'),
    graduateAt: z.number().nullish().describe('Jan 1 of the current year; ignored, the server sets it'),
  })
  .superRefine((body, ctx) => {
    const error = firstProfileError(profileFormOfBody(body));
    if (error) ctx.addIssue({ code: 'custom', message: error.message, path: [error.field] });
  });
export type MemberProfileBody = z.infer<typeof memberProfileBody>;

/** The body as the dialog's form (enrolmentAt -> its year). */
export const profileFormOfBody = (body: {
  name?: string | null;
  sex?: string | null;
  birthday?: number | null;
  degree?: string | null;
  schoolCode?: string | null;
  majorCode?: string | null;
  enrolmentAt?: number | null;
}): ProfileForm => ({
  name: body.name,
  sex: body.sex,
  birthday: body.birthday,
  schoolCode: body.schoolCode,
  majorCode: body.majorCode,
  degree: body.degree,
  enrolmentYear:
    body.enrolmentAt === null || body.enrolmentAt === undefined || !Number.isFinite(body.enrolmentAt)
      ? null
      : yearOfStart(body.enrolmentAt),
});

/** The signed-in member's basic info (`GET members/basic/info`). */
export const memberBasicInfo = z.object({
  userId: z.string(),
  /** the profile's name, else the user's name */
  name: z.string(),
  /** the profile's sex, else the account's (2 -> Female) */
  sex: z.enum(SEX_VALUES),
  avatar: z.string(),
  birthday: z.number().nullable(),
  degree: z.enum(DEGREE_VALUES).nullable(),
  schoolCode: z.string().nullable(),
  schoolName: z.string(),
  majorCode: z.string().nullable(),
  majorName: z.string(),
  enrolmentAt: z.number().nullable(),
  graduateAt: z.number().nullable(),
  /** every field of the profile-completion dialog is filled in */
  perfected: z.boolean(),
});
export type MemberBasicInfo = z.infer<typeof memberBasicInfo>;

/** `GET schools` / `GET majors`: a name (or code) search, paginated. */
export const catalogQuery = pageQuery.extend({
  search: z.string().trim().max(PROFILE_LIMITS.searchMax).default(''),
});
export type CatalogQuery = z.infer<typeof catalogQuery>;

export const schoolRow = z.object({ code: z.string(), name: z.string(), province: z.string() });
export type SchoolRow = z.infer<typeof schoolRow>;
export const schoolPage = pageOf(schoolRow);
export type SchoolPage = z.infer<typeof schoolPage>;

export const majorRow = z.object({ code: z.string(), name: z.string(), category: z.string() });
export type MajorRow = z.infer<typeof majorRow>;
export const majorPage = pageOf(majorRow);
export type MajorPage = z.infer<typeof majorPage>;
