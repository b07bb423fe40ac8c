import { DEGREE_VALUES, type Degree } from '../member-profile/member-profile';

/*
 * Resume rules (issue 13; career spec sections 3, 4, 5, 9): the enums, limits and messages of the online
 * resume's forms, and one checker per form. The browser runs a checker before saving and the server runs
 * the same one on the body (400 with the message), so a rule holds on both sides with one text.
 *
 * A checker answers the first failing rule as `{ field, message }` (the spec's check order), or null.
 * Month-precision times are epoch ms of the first instant of the month in UTC (`monthStart`).
 */

// ---------------------------------------------------------------------------------------------------------
// Enums with their Chinese titles

export const SEXES_WITH_SECRECY = ['Male', 'Female', 'Secrecy'] as const;
export type ResumeSex = (typeof SEXES_WITH_SECRECY)[number];
/** The title of a sex; Secrecy is shown as Male (spec 5). */
export const sexTitle = (sex: string | null | undefined) => (sex === 'Female' ? '女' : '男');

export const POLITICAL_STATUSES = [
  { value: 'CommunistPartyMember', label: '中共党员' },
  { value: 'LeagueMember', label: '共青团员' },
  { value: 'Masses', label: '群众' },
  { value: 'DemocraticParties', label: '民主党派' },
  { value: 'Nonparty', label: '无党派人士' },
] as const;
export const POLITICAL_VALUES = POLITICAL_STATUSES.map((p) => p.value) as [
  PoliticalStatus,
  ...PoliticalStatus[],
];
export type PoliticalStatus = (typeof POLITICAL_STATUSES)[number]['value'];
export const politicalTitle = (value: string | null | undefined) =>
  POLITICAL_STATUSES.find((p) => p.value === value)?.label ?? '';

export const GRADING_RANKS = [
  { value: 'Top10', label: '前10%' },
  { value: 'Top30', label: '前30%' },
  { value: 'Medium', label: '中等' },
  { value: 'Lower', label: '中等以下' },
  { value: 'Secrecy', label: '保密' },
] as const;
export type GradingRank = (typeof GRADING_RANKS)[number]['value'];
export const GRADING_RANK_VALUES = GRADING_RANKS.map((g) => g.value) as [GradingRank, ...GradingRank[]];
export const gradingRankTitle = (value: string | null | undefined) =>
  GRADING_RANKS.find((g) => g.value === value)?.label ?? '';

export const PROFICIENCY_LEVELS = [
  { value: 'General', label: '一般' },
  { value: 'Good', label: '良好' },
  { value: 'Skillful', label: '熟练' },
  { value: 'Proficiency', label: '精通' },
] as const;
export type ProficiencyLevel = (typeof PROFICIENCY_LEVELS)[number]['value'];
export const PROFICIENCY_VALUES = PROFICIENCY_LEVELS.map((p) => p.value) as [
  ProficiencyLevel,
  ...ProficiencyLevel[],
];
export const proficiencyTitle = (value: string | null | undefined) =>
  PROFICIENCY_LEVELS.find((p) => p.value === value)?.label ?? '';

/** Degree titles of the resume; a title 'unlimited' (不限) displays as 其他 (spec 3). */
export const resumeDegreeTitle = (degree: string | null | undefined): string => {
  switch (degree) {
    case 'College':
      return '大专';
    case 'Bachelor':
      return '本科';
    case 'Master':
      return '硕士';
    case 'Doctor':
      return '博士';
    case 'Other':
    case 'Unlimited':
      return '其他';
    default:
      return '';
  }
};

export const JOB_STATUSES = [
  { value: 'Seeking', label: '正在求职' },
  { value: 'Accepted', label: '已接受offer' },
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number]['value'];
export const JOB_STATUS_VALUES = ['Seeking', 'Accepted'] as const;
export const jobStatusTitle = (value: string | null | undefined) =>
  JOB_STATUSES.find((s) => s.value === (value ?? 'Seeking'))?.label ?? '';

// ---------------------------------------------------------------------------------------------------------
// Limits and texts

/** Limits of spec 9 (characters as a person counts them: a CJK character or an emoji is one). */
export const RESUME_LIMITS = {
  name: 8,
  email: 30,
  mobile: 11,
  /** strengths and self-evaluation */
  text: 500,
  description: 500,
  /** company, society and award names */
  companyName: 30,
  position: 15,
  language: 15,
  avatarBytes: 2 * 1024 * 1024,
  attachedBytes: 20 * 1024 * 1024,
  attachedMax: 3,
  attachedExtensions: ['doc', 'docx', 'pdf'] as const,
  avatarExtensions: ['png', 'jpg', 'jpeg'] as const,
  /** the browser's PUT of an attachment gives up after this */
  uploadTimeoutMs: 3_600_000,
  cities: 3,
  positions: 3,
  /** salary 999 (in thousands) = negotiable (面议) */
  negotiableSalary: 999,
  /** online completeness below this blocks delivery */
  deliverPercent: 80,
  avatarZoomStep: 0.2,
  avatarRotateStep: 90,
} as const;

/** The sections of the online resume, in page order, with their titles. */
export const RESUME_SECTIONS = [
  { key: 'personal', title: '个人信息' },
  { key: 'strength', title: '个人优势' },
  { key: 'education', title: '教育经历' },
  { key: 'internship', title: '实习/实践经历' },
  { key: 'society', title: '社团/项目经历' },
  { key: 'award', title: '获奖经历' },
  { key: 'language', title: '语言/技能' },
  { key: 'evaluation', title: '自我评价' },
] as const;
export type ResumeSectionKey = (typeof RESUME_SECTIONS)[number]['key'];
export const resumeSectionTitle = (key: ResumeSectionKey) =>
  RESUME_SECTIONS.find((s) => s.key === key)?.title ?? '';

const tooLong = (what: string, max: number) => `${what}不能超过${max}个字符`;

/** Every message of the resume's forms and actions (spec 5 and 8; English descriptions in Chinese). */
export const RESUME_MSG = {
  editing: (section: string) => `您正在编辑「${section}」，请先保存或取消`,
  deleteConfirm: '删除后不可恢复，确认删除吗？',
  deleted: '删除成功',
  saved: '保存成功',
  // personal information
  nameRequired: '请填写姓名',
  nameTooLong: tooLong('姓名', RESUME_LIMITS.name),
  birthdayRequired: '请选择出生日期',
  birthdayInvalid: '请选择正确的出生日期',
  sexRequired: '请选择性别',
  emailInvalid: '请输入正确的邮箱',
  emailTooLong: tooLong('邮箱', RESUME_LIMITS.email),
  mobileRequired: '请输入手机号码',
  mobileInvalid: '请输入正确的手机号码',
  politicalInvalid: '请选择正确的政治面貌',
  domicileInvalid: '请选择正确的户籍所在地',
  // avatar
  avatarType: '上传图片只能是 png，jpg，jpeg 格式!',
  avatarSize: '上传图片大小不能超过2MB!',
  avatarUploaded: '上传头像成功',
  // strength and self-evaluation
  strengthTooLong: tooLong('个人优势', RESUME_LIMITS.text),
  evaluationTooLong: tooLong('自我评价', RESUME_LIMITS.text),
  // education
  schoolRequired: '请输入毕业学校',
  degreeRequired: '请选择学历',
  majorRequired: '请输入所学专业',
  gradingRankInvalid: '请选择正确的成绩排名',
  startTimeRequired: '请选择开始时间',
  endTimeRequired: '请选择结束时间',
  schoolTimeRequired: '请选择在校时间',
  workTimeRequired: '请选择在职时间',
  societyTimeRequired: '请选择经历时间',
  startAfterEnd: '开始日期不能大于结束日期！',
  // internship
  companyRequired: '请输入公司名称',
  companyTooLong: tooLong('公司名称', RESUME_LIMITS.companyName),
  positionRequired: '请输入职位名称',
  positionTooLong: tooLong('职位名称', RESUME_LIMITS.position),
  descriptionTooLong: tooLong('描述', RESUME_LIMITS.description),
  // society/project
  societyRequired: '请输入社团/项目名称',
  societyTooLong: tooLong('社团/项目名称', RESUME_LIMITS.companyName),
  // award
  awardRequired: '请输入奖项名称',
  awardTooLong: tooLong('奖项名称', RESUME_LIMITS.companyName),
  awardedAtRequired: '请选择获奖时间',
  // language
  languageRequired: '请输入语言/技能名称',
  languageTooLong: tooLong('语言/技能名称', RESUME_LIMITS.language),
  proficiencyRequired: '请选择掌握情况',
  // job intention
  positionsRequired: '请选择职位',
  citiesRequired: '请选择城市',
  maxSalaryRequired: '请选择最高月薪',
  minSalaryRequired: '请选择最低月薪',
  salaryOrder: '最高月薪不得低于最低月薪',
  salaryEqual: '最低月薪不能等于最高月薪',
  salaryInvalid: '请选择正确的月薪',
  citiesMax: '最多选择三个城市',
  positionsMax: '最多选择三个职位',
  positionUnknown: '请选择正确的职位',
  cityUnknown: '请选择正确的城市',
  // accepted-status dialog
  acceptedPositionRequired: '请填写职位名称',
  acceptedPositionTooLong: tooLong('职位名称', RESUME_LIMITS.position),
  acceptedCompanyRequired: '请填写公司名称',
  acceptedCompanyTooLong: tooLong('公司名称', RESUME_LIMITS.companyName),
  // privacy
  hideConfirm: '隐藏后企业HR将无法查看您的简历，确认隐藏吗？',
  hidden: '简历隐藏成功',
  restored: '简历已恢复展示',
  // attachments
  attachedType: '仅支持doc/docx/pdf格式的附件！',
  attachedSize: '上传的文件不能大于20M!',
  attachedMax: '最多上传3份附件简历',
  attachedNameRequired: '请输入附件名称',
  attachedNameTooLong: tooLong('附件名称', 50),
  // sections by id
  notFound: '记录不存在或已删除',
  topEducationUndeletable: '最高学历不能删除',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Helpers

/** The characters of a text as a person counts them. */
export const charCount = (text: string) => [...text].length;

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const longer = (v: unknown, max: number) => typeof v === 'string' && charCount(v.trim()) > max;
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The first instant (UTC) of the month of a time: what a year-month field stores. */
export const monthStart = (time: number) => {
  const d = new Date(time);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};

/** `YYYY.MM` of a month time (sections' dates, spec 9); '' for none. */
export const formatMonth = (time: number | null | undefined) => {
  if (!isTime(time)) return '';
  const d = new Date(time);
  return `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Mainland mobile: 13-19 then 8 digits (spec 5). */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** A plain e-mail pattern (local@domain.tld). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export type RuleError<F extends string = string> = { field: F; message: string };

/**
 * The time rules of a period (spec 5): only end -> start missing; only start -> end missing; neither ->
 * `neither`; start after end -> 开始日期不能大于结束日期！.
 */
export const periodError = <F extends string>(
  start: unknown,
  end: unknown,
  fields: { start: F; end: F },
  neither: string,
): RuleError<F> | null => {
  const hasStart = isTime(start);
  const hasEnd = isTime(end);
  if (!hasStart && !hasEnd) return { field: fields.start, message: neither };
  if (!hasStart) return { field: fields.start, message: RESUME_MSG.startTimeRequired };
  if (!hasEnd) return { field: fields.end, message: RESUME_MSG.endTimeRequired };
  if ((start as number) > (end as number)) return { field: fields.start, message: RESUME_MSG.startAfterEnd };
  return null;
};

// ---------------------------------------------------------------------------------------------------------
// Checkers, one per form (the same on the page and on the server)

export type PersonalForm = {
  name?: string | null;
  birthday?: number | null;
  sex?: string | null;
  email?: string | null;
  mobile?: string | null;
  politicalStatus?: string | null;
};
/** Personal information, checked in the spec's order: name, birthday, email, mobile (then sex, politics). */
export const firstPersonalError = (form: PersonalForm, now: number = Date.now()): RuleError | null => {
  if (blank(form.name)) return { field: 'name', message: RESUME_MSG.nameRequired };
  if (longer(form.name, RESUME_LIMITS.name)) return { field: 'name', message: RESUME_MSG.nameTooLong };
  if (!isTime(form.birthday)) return { field: 'birthday', message: RESUME_MSG.birthdayRequired };
  if (form.birthday > now || form.birthday < Date.UTC(1950, 0, 1))
    return { field: 'birthday', message: RESUME_MSG.birthdayInvalid };
  if (!blank(form.email)) {
    if (longer(form.email, RESUME_LIMITS.email)) return { field: 'email', message: RESUME_MSG.emailTooLong };
    if (!EMAIL_PATTERN.test((form.email as string).trim()))
      return { field: 'email', message: RESUME_MSG.emailInvalid };
  }
  if (blank(form.mobile)) return { field: 'mobile', message: RESUME_MSG.mobileRequired };
  if (!MOBILE_PATTERN.test((form.mobile as string).trim()))
    return { field: 'mobile', message: RESUME_MSG.mobileInvalid };
  if (blank(form.sex) || !SEXES_WITH_SECRECY.includes(form.sex as ResumeSex))
    return { field: 'sex', message: RESUME_MSG.sexRequired };
  if (!blank(form.politicalStatus) && !POLITICAL_VALUES.includes(form.politicalStatus as PoliticalStatus))
    return { field: 'politicalStatus', message: RESUME_MSG.politicalInvalid };
  return null;
};

/** Strength (个人优势) or self-evaluation (自我评价): at most 500 characters. */
export const firstTextError = (kind: 'strength' | 'evaluation', text: string | null | undefined) =>
  longer(text, RESUME_LIMITS.text)
    ? {
        field: kind,
        message: kind === 'strength' ? RESUME_MSG.strengthTooLong : RESUME_MSG.evaluationTooLong,
      }
    : null;

export type EducationForm = {
  schoolCode?: string | null;
  majorCode?: string | null;
  degree?: string | null;
  enrolmentAt?: number | null;
  graduateAt?: number | null;
  gradingRank?: string | null;
};
/** Education: school, degree, major, then the time rules (在校时间); grade optional. */
export const firstEducationError = (form: EducationForm): RuleError | null => {
  if (blank(form.schoolCode)) return { field: 'schoolCode', message: RESUME_MSG.schoolRequired };
  if (blank(form.degree) || !DEGREE_VALUES.includes(form.degree as Degree))
    return { field: 'degree', message: RESUME_MSG.degreeRequired };
  if (blank(form.majorCode)) return { field: 'majorCode', message: RESUME_MSG.majorRequired };
  const period = periodError(
    form.enrolmentAt,
    form.graduateAt,
    { start: 'enrolmentAt', end: 'graduateAt' },
    RESUME_MSG.schoolTimeRequired,
  );
  if (period) return period;
  if (!blank(form.gradingRank) && !GRADING_RANK_VALUES.includes(form.gradingRank as GradingRank))
    return { field: 'gradingRank', message: RESUME_MSG.gradingRankInvalid };
  return null;
};

export type InternshipForm = {
  companyName?: string | null;
  occupationName?: string | null;
  inauguralAt?: number | null;
  resignAt?: number | null;
  description?: string | null;
};
/** Internship: company (30), position (15), time (在职时间), description (500). */
export const firstInternshipError = (form: InternshipForm): RuleError | null => {
  if (blank(form.companyName)) return { field: 'companyName', message: RESUME_MSG.companyRequired };
  if (longer(form.companyName, RESUME_LIMITS.companyName))
    return { field: 'companyName', message: RESUME_MSG.companyTooLong };
  if (blank(form.occupationName)) return { field: 'occupationName', message: RESUME_MSG.positionRequired };
  if (longer(form.occupationName, RESUME_LIMITS.position))
    return { field: 'occupationName', message: RESUME_MSG.positionTooLong };
  const period = periodError(
    form.inauguralAt,
    form.resignAt,
    { start: 'inauguralAt', end: 'resignAt' },
    RESUME_MSG.workTimeRequired,
  );
  if (period) return period;
  if (longer(form.description, RESUME_LIMITS.description))
    return { field: 'description', message: RESUME_MSG.descriptionTooLong };
  return null;
};

export type SocietyForm = {
  societyName?: string | null;
  occupationName?: string | null;
  startAt?: number | null;
  endAt?: number | null;
  description?: string | null;
};
/** Society/project: name (30), position (15), time, description (500). */
export const firstSocietyError = (form: SocietyForm): RuleError | null => {
  if (blank(form.societyName)) return { field: 'societyName', message: RESUME_MSG.societyRequired };
  if (longer(form.societyName, RESUME_LIMITS.companyName))
    return { field: 'societyName', message: RESUME_MSG.societyTooLong };
  if (blank(form.occupationName)) return { field: 'occupationName', message: RESUME_MSG.positionRequired };
  if (longer(form.occupationName, RESUME_LIMITS.position))
    return { field: 'occupationName', message: RESUME_MSG.positionTooLong };
  const period = periodError(
    form.startAt,
    form.endAt,
    { start: 'startAt', end: 'endAt' },
    RESUME_MSG.societyTimeRequired,
  );
  if (period) return period;
  if (longer(form.description, RESUME_LIMITS.description))
    return { field: 'description', message: RESUME_MSG.descriptionTooLong };
  return null;
};

export type AwardForm = { name?: string | null; awardedAt?: number | null };
/** Award: name (30), award month. */
export const firstAwardError = (form: AwardForm): RuleError | null => {
  if (blank(form.name)) return { field: 'name', message: RESUME_MSG.awardRequired };
  if (longer(form.name, RESUME_LIMITS.companyName))
    return { field: 'name', message: RESUME_MSG.awardTooLong };
  if (!isTime(form.awardedAt)) return { field: 'awardedAt', message: RESUME_MSG.awardedAtRequired };
  return null;
};

export type LanguageForm = { language?: string | null; proficiencyLevel?: string | null };
/** Language/skill: name (15), proficiency. */
export const firstLanguageError = (form: LanguageForm): RuleError | null => {
  if (blank(form.language)) return { field: 'language', message: RESUME_MSG.languageRequired };
  if (longer(form.language, RESUME_LIMITS.language))
    return { field: 'language', message: RESUME_MSG.languageTooLong };
  if (blank(form.proficiencyLevel) || !PROFICIENCY_VALUES.includes(form.proficiencyLevel as ProficiencyLevel))
    return { field: 'proficiencyLevel', message: RESUME_MSG.proficiencyRequired };
  return null;
};

export type IntentionForm = {
  standardOccupationCodes?: readonly string[] | null;
  /** '' is the whole nation (全国) */
  cityCodes?: readonly string[] | null;
  minSalary?: number | null;
  maxSalary?: number | null;
};
/** Job intention: positions (1-3), cities (1-3, '' = all alone), the four salary rules. */
export const firstIntentionError = (form: IntentionForm): RuleError | null => {
  const positions = form.standardOccupationCodes ?? [];
  const cities = form.cityCodes ?? [];
  if (positions.length === 0)
    return { field: 'standardOccupationCodes', message: RESUME_MSG.positionsRequired };
  if (positions.length > RESUME_LIMITS.positions)
    return { field: 'standardOccupationCodes', message: RESUME_MSG.positionsMax };
  if (cities.length === 0) return { field: 'cityCodes', message: RESUME_MSG.citiesRequired };
  if (cities.length > RESUME_LIMITS.cities) return { field: 'cityCodes', message: RESUME_MSG.citiesMax };
  if (cities.includes('') && cities.length > 1)
    return { field: 'cityCodes', message: RESUME_MSG.cityUnknown };
  const hasMin = isTime(form.minSalary);
  const hasMax = isTime(form.maxSalary);
  if (hasMin && !hasMax) return { field: 'maxSalary', message: RESUME_MSG.maxSalaryRequired };
  if (!hasMin && hasMax) return { field: 'minSalary', message: RESUME_MSG.minSalaryRequired };
  if (hasMin && hasMax) {
    const min = form.minSalary as number;
    const max = form.maxSalary as number;
    if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < 0)
      return { field: 'minSalary', message: RESUME_MSG.salaryInvalid };
    if (min > max) return { field: 'maxSalary', message: RESUME_MSG.salaryOrder };
    if (min === max) return { field: 'maxSalary', message: RESUME_MSG.salaryEqual };
  }
  return null;
};

/**
 * The city picker's rule (spec 5): picking 全国 ('') clears the others, picking a city removes 全国; more
 * than 3 is refused with `RESUME_MSG.citiesMax` (answers null: keep the current pick).
 */
export const pickCity = (current: readonly string[], code: string): string[] | null => {
  if (current.includes(code)) return current.filter((c) => c !== code);
  if (code === '') return [''];
  const next = current.filter((c) => c !== '');
  if (next.length >= RESUME_LIMITS.cities) return null;
  return [...next, code];
};

export type AcceptedForm = { occupationName?: string | null; companyName?: string | null };
/** The accepted-status dialog: position (15), then company (30). */
export const firstAcceptedError = (form: AcceptedForm): RuleError | null => {
  if (blank(form.occupationName))
    return { field: 'occupationName', message: RESUME_MSG.acceptedPositionRequired };
  if (longer(form.occupationName, RESUME_LIMITS.position))
    return { field: 'occupationName', message: RESUME_MSG.acceptedPositionTooLong };
  if (blank(form.companyName)) return { field: 'companyName', message: RESUME_MSG.acceptedCompanyRequired };
  if (longer(form.companyName, RESUME_LIMITS.companyName))
    return { field: 'companyName', message: RESUME_MSG.acceptedCompanyTooLong };
  return null;
};

/** An attachment before upload: extension doc/docx/pdf, at most 20 MB (the count is checked apart). */
export const firstAttachedFileError = (file: { name: string; size: number }): string | null => {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(RESUME_LIMITS.attachedExtensions as readonly string[]).includes(ext)) return RESUME_MSG.attachedType;
  if (file.size > RESUME_LIMITS.attachedBytes) return RESUME_MSG.attachedSize;
  return null;
};

/** An avatar before cropping: png/jpg/jpeg, under 2 MB. */
export const firstAvatarFileError = (file: { name: string; type?: string; size: number }): string | null => {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(RESUME_LIMITS.avatarExtensions as readonly string[]).includes(ext)) return RESUME_MSG.avatarType;
  if (file.size >= RESUME_LIMITS.avatarBytes) return RESUME_MSG.avatarSize;
  return null;
};

/** Salary display (spec 3, 9): 999 = 面议, else `min-maxk`; '' when not set. */
export const formatSalary = (min: number | null | undefined, max: number | null | undefined) => {
  if (min === RESUME_LIMITS.negotiableSalary || max === RESUME_LIMITS.negotiableSalary) return '面议';
  if (!isTime(min) || !isTime(max)) return '';
  return `${min}-${max}k`;
};
