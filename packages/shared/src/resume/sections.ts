import { z } from 'zod';
import { DEGREE_VALUES } from '../member-profile/member-profile';
import { COMPLETENESS_PARTS, type ResumeFacts } from './completeness';
import {
  firstAwardError,
  firstEducationError,
  firstInternshipError,
  firstLanguageError,
  firstSocietyError,
  firstTextError,
  GRADING_RANK_VALUES,
  PROFICIENCY_VALUES,
  RESUME_MSG,
  type RuleError,
} from './rules';

/*
 * The online resume's calls (issue 13; career spec 3, 4, 5, 7 "Resume sections"). Paths are under
 * SERVICE_BASES.ourea (/api/ourea); answers are the usual envelope `{ success, code, message, data }`.
 * Ids are numbers; times are epoch ms; section times have month precision (the server stores
 * `monthStart(time)`, the first instant of the month in UTC).
 *
 * The member's one online resume:
 * `GET  /resume_onlines`                  -> ResumeOnline (made on first use)
 * `PUT  /resume_onlines/{id}`             -> ResumeOnline (touches the update time; body ignored)
 * `GET  /resume_onlines/percentages`      -> ResumePercentages
 *
 * The five sections, `{section}` one of RESUME_SECTION_PATHS (resume_online_educations,
 * resume_online_internships, resume_online_societies, resume_online_awards, resume_online_languages):
 * `GET    /{section}?resumeId=`           -> Row[] (bounded: at most SECTION_MAX_ROWS rows, newest first;
 *                                            educations also take `details=school,major`, accepted and
 *                                            ignored: names are always there, and the member profile's
 *                                            first education comes first with `top: true`, `id: null`)
 * `GET    /{section}/{id}`                -> Row
 * `POST   /{section}` body CreateBody     -> Row (message 保存成功)
 * `PUT    /{section}/{id}` body UpdateBody -> Row (message 保存成功)
 * `DELETE /{section}/{id}`                -> null (message 删除成功)
 * The first education is not one of these rows: it is saved through `PUT /member_profiles` (editTop, see
 * member-profile/career.ts) and cannot be deleted.
 *
 * Strength (个人优势) and self-evaluation (自我评价):
 * `GET /resume_online_evaluations/{resumeId}` -> ResumeEvaluation
 * `PUT /resume_online_evaluations/{id}` body { strength } or { evaluation } -> ResumeEvaluation
 *        (`id` is the resume's id; both keys may be sent together; a missing key is kept)
 *
 * Rules (spec 5): the bodies are checked by the checkers of rules.ts in the spec's order and the first
 * failing rule's message is the answer (400), the same text the page shows. Every write touches the
 * resume's update time. Someone else's resume or row: 404 记录不存在或已删除 (RESUME_MSG.notFound).
 * Education codes not in the catalogues: 请输入毕业学校 / 请输入所学专业. More than SECTION_MAX_ROWS rows
 * in one section: 400 SECTION_FULL_MSG.
 */

/** The paths of the five sections (spec 7), by section key. */
export const RESUME_SECTION_PATHS = {
  education: 'resume_online_educations',
  internship: 'resume_online_internships',
  society: 'resume_online_societies',
  award: 'resume_online_awards',
  language: 'resume_online_languages',
} as const;
export type ResumeListSection = keyof typeof RESUME_SECTION_PATHS;

/** At most this many rows per section and resume (lists are bounded, not paginated). */
export const SECTION_MAX_ROWS = 20;
/** Creating a row beyond SECTION_MAX_ROWS. */
export const SECTION_FULL_MSG = `每项经历最多添加${SECTION_MAX_ROWS}条`;

/** A malformed id (path, query or body): 400 with this message. */
export const RESUME_ID_INVALID_MSG = '记录编号不正确';
const idRule = { error: RESUME_ID_INVALID_MSG };
const id = z.number(idRule).int(idRule).min(1, idRule).max(Number.MAX_SAFE_INTEGER, idRule);
const idText = z.coerce.number(idRule).int(idRule).min(1, idRule).max(Number.MAX_SAFE_INTEGER, idRule);
/**
 * Fields are optional while parsing so that the checkers answer with the spec's message in the spec's
 * order. A value of the wrong type, or far beyond any limit (a guard on the body's size), is refused with
 * the field's own message too.
 */
const text = (message: string, tooLong = message, max = 2000) =>
  z.string({ error: message }).max(max, { error: tooLong }).nullish();
const time = (message: string) => z.number({ error: message }).nullish();

/** Adds the first failing rule of a checker as the (only) issue, so the answer is its message. */
const ruled =
  <T>(check: (body: T) => RuleError | null) =>
  (body: T, ctx: z.RefinementCtx) => {
    const error = check(body);
    if (error) ctx.addIssue({ code: 'custom', message: error.message, path: [error.field] });
  };

// ---------------------------------------------------------------------------------------------------------
// The resume and its completeness

/** `GET /resume_onlines`, `PUT /resume_onlines/{id}`: the member's one online resume. */
export const resumeOnline = z.object({
  id,
  strength: z.string(),
  evaluation: z.string(),
  /** the update time (epoch ms): the last write to the resume or any section */
  updateAt: z.number(),
});
export type ResumeOnline = z.infer<typeof resumeOnline>;

/** Path parameter `{id}` of every by-id call. */
export const resumeIdParams = z.object({ id: idText });
export type ResumeIdParams = z.infer<typeof resumeIdParams>;

/** Path parameter of `GET /resume_online_evaluations/{resumeId}`. */
export const resumeIdPathParams = z.object({ resumeId: idText });

/** The facts the completeness is computed from, one per part of `COMPLETENESS_PARTS`. */
export const resumeFacts = z.object(
  Object.fromEntries(COMPLETENESS_PARTS.map((p) => [p.part, z.boolean()])) as Record<
    keyof ResumeFacts,
    z.ZodBoolean
  >,
);

/** `GET /resume_onlines/percentages` (spec 3 "Resume completeness"; the rule in completeness.ts). */
export const resumePercentages = z.object({
  /** 0-100, `onlinePercentOf(facts)` */
  onlinePercentages: z.number().int(),
  /** onlinePercentages >= 80 (RESUME_LIMITS.deliverPercent) */
  onlineCompleted: z.boolean(),
  /** the member's attached resumes */
  attachedCount: z.number().int(),
  /** the member profile's completion (the 完善个人信息 dialog's fields all set) */
  perfected: z.boolean(),
  /** which parts are filled */
  facts: resumeFacts,
  /** titles of the parts still missing, in page order (`missingPartsOf(facts)`) */
  missing: z.array(z.string()),
});
export type ResumePercentages = z.infer<typeof resumePercentages>;

// ---------------------------------------------------------------------------------------------------------
// Lists

/** `GET /{section}?resumeId=` (educations also `details=school,major`). */
export const sectionListQuery = z.object({
  resumeId: idText,
  details: z.string().max(100).optional(),
});
export type SectionListQuery = z.infer<typeof sectionListQuery>;

// ---------------------------------------------------------------------------------------------------------
// Education

/** An education. The first item of the list is the member profile's (top: true, id null). */
export const resumeEducation = z.object({
  id: id.nullable(),
  resumeId: id,
  /** the member profile's first (highest) education: edited through PUT member_profiles, not deletable */
  top: z.boolean(),
  schoolCode: z.string(),
  schoolName: z.string(),
  majorCode: z.string(),
  majorName: z.string(),
  degree: z.string(),
  /** 大专 本科 硕士 博士 其他 (`resumeDegreeTitle`) */
  degreeTitle: z.string(),
  enrolmentAt: z.number(),
  graduateAt: z.number(),
  gradingRank: z.enum(GRADING_RANK_VALUES).nullable(),
  /** '' when not given */
  gradingRankTitle: z.string(),
});
export type ResumeEducation = z.infer<typeof resumeEducation>;

const educationFields = {
  schoolCode: text(RESUME_MSG.schoolRequired, RESUME_MSG.schoolRequired, 64).describe(
    'a code from GET schools',
  ),
  majorCode: text(RESUME_MSG.majorRequired, RESUME_MSG.majorRequired, 64).describe('a code from GET majors'),
  degree: text(RESUME_MSG.degreeRequired, RESUME_MSG.degreeRequired, 32).describe(DEGREE_VALUES.join(', ')),
  enrolmentAt: time(RESUME_MSG.startTimeRequired).describe('epoch ms, month precision'),
  graduateAt: time(RESUME_MSG.endTimeRequired).describe('epoch ms, month precision'),
  gradingRank: text(RESUME_MSG.gradingRankInvalid, RESUME_MSG.gradingRankInvalid, 32).describe(
    `${GRADING_RANK_VALUES.join(', ')}; omitted or empty when not given`,
  ),
};
/** `POST /resume_online_educations`. */
export const educationCreateBody = z
  .object({ resumeId: id, ...educationFields })
  .superRefine(ruled(firstEducationError));
export type EducationCreateBody = z.infer<typeof educationCreateBody>;
/** `PUT /resume_online_educations/{id}` (resumeId, when sent, is ignored). */
export const educationUpdateBody = z
  .object({ resumeId: id.nullish(), ...educationFields })
  .superRefine(ruled(firstEducationError));
export type EducationUpdateBody = z.infer<typeof educationUpdateBody>;

// ---------------------------------------------------------------------------------------------------------
// Internship (实习/实践经历)

export const resumeInternship = z.object({
  id,
  resumeId: id,
  companyName: z.string(),
  inauguralAt: z.number(),
  resignAt: z.number(),
  occupationName: z.string(),
  description: z.string(),
});
export type ResumeInternship = z.infer<typeof resumeInternship>;

const internshipFields = {
  companyName: text(RESUME_MSG.companyRequired, RESUME_MSG.companyTooLong).describe('at most 30 characters'),
  inauguralAt: time(RESUME_MSG.startTimeRequired).describe('epoch ms, month precision'),
  resignAt: time(RESUME_MSG.endTimeRequired).describe('epoch ms, month precision'),
  occupationName: text(RESUME_MSG.positionRequired, RESUME_MSG.positionTooLong).describe(
    'at most 15 characters',
  ),
  description: text(RESUME_MSG.descriptionTooLong).describe('at most 500 characters'),
};
/** `POST /resume_online_internships`. */
export const internshipCreateBody = z
  .object({ resumeId: id, ...internshipFields })
  .superRefine(ruled(firstInternshipError));
export type InternshipCreateBody = z.infer<typeof internshipCreateBody>;
/** `PUT /resume_online_internships/{id}`. */
export const internshipUpdateBody = z
  .object({ resumeId: id.nullish(), ...internshipFields })
  .superRefine(ruled(firstInternshipError));
export type InternshipUpdateBody = z.infer<typeof internshipUpdateBody>;

// ---------------------------------------------------------------------------------------------------------
// Society/project (社团/项目经历)

export const resumeSociety = z.object({
  id,
  resumeId: id,
  societyName: z.string(),
  startAt: z.number(),
  endAt: z.number(),
  occupationName: z.string(),
  description: z.string(),
});
export type ResumeSociety = z.infer<typeof resumeSociety>;

const societyFields = {
  societyName: text(RESUME_MSG.societyRequired, RESUME_MSG.societyTooLong).describe('at most 30 characters'),
  startAt: time(RESUME_MSG.startTimeRequired).describe('epoch ms, month precision'),
  endAt: time(RESUME_MSG.endTimeRequired).describe('epoch ms, month precision'),
  occupationName: text(RESUME_MSG.positionRequired, RESUME_MSG.positionTooLong).describe(
    'at most 15 characters',
  ),
  description: text(RESUME_MSG.descriptionTooLong).describe('at most 500 characters'),
};
/** `POST /resume_online_societies` (resumeId on create only, spec 7). */
export const societyCreateBody = z
  .object({ resumeId: id, ...societyFields })
  .superRefine(ruled(firstSocietyError));
export type SocietyCreateBody = z.infer<typeof societyCreateBody>;
/** `PUT /resume_online_societies/{id}`. */
export const societyUpdateBody = z
  .object({ resumeId: id.nullish(), ...societyFields })
  .superRefine(ruled(firstSocietyError));
export type SocietyUpdateBody = z.infer<typeof societyUpdateBody>;

// ---------------------------------------------------------------------------------------------------------
// Award (获奖经历)

export const resumeAward = z.object({
  id,
  resumeId: id,
  name: z.string(),
  awardedAt: z.number(),
});
export type ResumeAward = z.infer<typeof resumeAward>;

const awardFields = {
  name: text(RESUME_MSG.awardRequired, RESUME_MSG.awardTooLong).describe('at most 30 characters'),
  awardedAt: time(RESUME_MSG.awardedAtRequired).describe('epoch ms, month precision'),
};
/** `POST /resume_online_awards`. */
export const awardCreateBody = z.object({ resumeId: id, ...awardFields }).superRefine(ruled(firstAwardError));
export type AwardCreateBody = z.infer<typeof awardCreateBody>;
/** `PUT /resume_online_awards/{id}`. */
export const awardUpdateBody = z
  .object({ resumeId: id.nullish(), ...awardFields })
  .superRefine(ruled(firstAwardError));
export type AwardUpdateBody = z.infer<typeof awardUpdateBody>;

// ---------------------------------------------------------------------------------------------------------
// Language/skill (语言/技能)

export const resumeLanguage = z.object({
  id,
  resumeId: id,
  language: z.string(),
  proficiencyLevel: z.enum(PROFICIENCY_VALUES),
  /** 一般 良好 熟练 精通 */
  proficiencyLevelTitle: z.string(),
});
export type ResumeLanguage = z.infer<typeof resumeLanguage>;

const languageFields = {
  language: text(RESUME_MSG.languageRequired, RESUME_MSG.languageTooLong).describe('at most 15 characters'),
  proficiencyLevel: text(RESUME_MSG.proficiencyRequired, RESUME_MSG.proficiencyRequired, 32).describe(
    PROFICIENCY_VALUES.join(', '),
  ),
};
/** `POST /resume_online_languages`. */
export const languageCreateBody = z
  .object({ resumeId: id, ...languageFields })
  .superRefine(ruled(firstLanguageError));
export type LanguageCreateBody = z.infer<typeof languageCreateBody>;
/** `PUT /resume_online_languages/{id}`. */
export const languageUpdateBody = z
  .object({ resumeId: id.nullish(), ...languageFields })
  .superRefine(ruled(firstLanguageError));
export type LanguageUpdateBody = z.infer<typeof languageUpdateBody>;

// ---------------------------------------------------------------------------------------------------------
// Strength and self-evaluation

/** `GET /resume_online_evaluations/{resumeId}`, `PUT /resume_online_evaluations/{id}`. */
export const resumeEvaluation = z.object({
  /** the resume's id */
  id,
  strength: z.string(),
  evaluation: z.string(),
});
export type ResumeEvaluation = z.infer<typeof resumeEvaluation>;

/** `PUT /resume_online_evaluations/{id}`: { strength } (个人优势) or { evaluation } (自我评价); at most 500. */
export const evaluationBody = z
  .object({
    strength: text(RESUME_MSG.strengthTooLong).describe('个人优势, at most 500 characters'),
    evaluation: text(RESUME_MSG.evaluationTooLong).describe('自我评价, at most 500 characters'),
  })
  .superRefine(
    ruled(
      (body) => firstTextError('strength', body.strength) ?? firstTextError('evaluation', body.evaluation),
    ),
  );
export type EvaluationBody = z.infer<typeof evaluationBody>;

// ---------------------------------------------------------------------------------------------------------
// By section, for code that handles the five alike (the web's api.ts, tests)

export type ResumeSectionRow = {
  education: ResumeEducation;
  internship: ResumeInternship;
  society: ResumeSociety;
  award: ResumeAward;
  language: ResumeLanguage;
};
export type ResumeSectionCreateBody = {
  education: EducationCreateBody;
  internship: InternshipCreateBody;
  society: SocietyCreateBody;
  award: AwardCreateBody;
  language: LanguageCreateBody;
};
export type ResumeSectionUpdateBody = {
  education: EducationUpdateBody;
  internship: InternshipUpdateBody;
  society: SocietyUpdateBody;
  award: AwardUpdateBody;
  language: LanguageUpdateBody;
};
