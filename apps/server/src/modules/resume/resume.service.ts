import {
  type EvaluationBody,
  firstAwardError,
  firstEducationError,
  firstInternshipError,
  firstLanguageError,
  firstSocietyError,
  firstTextError,
  type GradingRank,
  gradingRankTitle,
  missingPartsOf,
  monthStart,
  onlinePercentOf,
  type ProficiencyLevel,
  proficiencyTitle,
  RESUME_LIMITS,
  RESUME_MSG,
  type ResumeEducation,
  type ResumeEvaluation,
  type ResumeFacts,
  type ResumeOnline,
  type ResumePercentages,
  type ResumeSectionCreateBody,
  type ResumeSectionRow,
  type ResumeSectionUpdateBody,
  type RuleError,
  resumeDegreeTitle,
  SECTION_FULL_MSG,
  SECTION_MAX_ROWS,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import {
  careerProfileOf,
  pageMajors,
  pageSchools,
  profileSummaryOf,
} from '../member-profile/member-profile.service';
import type { Actor } from '../sessions/actor';
import { requireOwnResume, resumeOwnerOf } from './resume.policy';
import * as repo from './resume.repo';

/*
 * The online resume (issue 13; career spec 3, 4, 5, 7 "Resume sections"): the member's one resume (made on
 * first use), its five list sections, strength and self-evaluation, and its completeness. Every body is
 * checked by the spec-5 checkers of rules.ts (400 with the first failing rule's message, as the page shows
 * it); month fields are kept as the first instant of their month (UTC); every write touches the resume's
 * update time in the same transaction. Another member's ids answer 404 (resume.policy.ts).
 */

type Ctx = { db: Db; actor: Actor; now: Date };
type SectionKey = repo.SectionKey;

const ruleCheck = (error: RuleError | null) => {
  if (error) throw AppError.badRequest(error.message);
};
const trimmed = (v: string | null | undefined) => (v ?? '').trim();
/** How far ahead of UTC a client's clock (time zone) may be: UTC+14. */
const CLIENT_AHEAD_MS = 14 * 3_600_000;
/**
 * A month field as stored: the first instant (UTC) of its month. A month picked in a browser east of UTC
 * may arrive as the local start of the month (Sep 1 00:00 in China = Aug 31 16:00 UTC), so a time in the
 * last 14 hours of a month counts as the next month; UTC month starts and times west of UTC are unchanged.
 */
const month = (v: number | null | undefined) => new Date(monthStart((v as number) + CLIENT_AHEAD_MS));

const onlineOf = (row: repo.ResumeRow): ResumeOnline => ({
  id: row.id,
  strength: row.strength,
  evaluation: row.evaluation,
  updateAt: row.updatedAt.getTime(),
});

/** `GET /resume_onlines`: the asking member's resume, made on first use. */
export const resumeOf = async (ctx: Ctx): Promise<ResumeOnline> =>
  onlineOf(await repo.ensureResumeOfUser(ctx.db, resumeOwnerOf(ctx.actor), ctx.now));

/** Contract (issue 14): member `userId`'s resume (made on first use), for an area that already checked access. */
export const resumeOfUser = async (opts: { db: Db; userId: number; now: Date }): Promise<ResumeOnline> =>
  onlineOf(await repo.ensureResumeOfUser(opts.db, opts.userId, opts.now));

/** The asking member's resume by id (404 when it is not theirs). */
const ownResume = async (ctx: Ctx, id: number) => {
  const row = await repo.findResume(ctx.db, id);
  requireOwnResume(ctx.actor, row?.userId);
  return row as repo.ResumeRow;
};

/** `PUT /resume_onlines/{id}`: touches the update time. */
export const touchResume = async (ctx: Ctx & { id: number }): Promise<ResumeOnline> => {
  await ownResume(ctx, ctx.id);
  return onlineOf(await repo.updateResume(ctx.db, ctx.id, { updatedAt: ctx.now }));
};

/** Touches a resume's update time (other parts of the resume area that change it, e.g. attachments). */
export const touchResumeOf = async (opts: { db: Db; userId: number; now: Date }) => {
  const row = await repo.ensureResumeOfUser(opts.db, opts.userId, opts.now);
  await repo.updateResume(opts.db, row.id, { updatedAt: opts.now });
};

// ---------------------------------------------------------------------------------------------------------
// Strength and self-evaluation

const evaluationOf = (row: repo.ResumeRow): ResumeEvaluation => ({
  id: row.id,
  strength: row.strength,
  evaluation: row.evaluation,
});

/** `GET /resume_online_evaluations/{resumeId}`. */
export const evaluationOfResume = async (ctx: Ctx & { resumeId: number }) =>
  evaluationOf(await ownResume(ctx, ctx.resumeId));

/** `PUT /resume_online_evaluations/{id}`: { strength } and/or { evaluation }, each at most 500 characters. */
export const saveEvaluation = async (ctx: Ctx & { id: number; body: EvaluationBody }) => {
  ruleCheck(
    firstTextError('strength', ctx.body.strength) ?? firstTextError('evaluation', ctx.body.evaluation),
  );
  await ownResume(ctx, ctx.id);
  const values: { updatedAt: Date; strength?: string; evaluation?: string } = { updatedAt: ctx.now };
  if (ctx.body.strength !== undefined) values.strength = trimmed(ctx.body.strength);
  if (ctx.body.evaluation !== undefined) values.evaluation = trimmed(ctx.body.evaluation);
  return evaluationOf(await repo.updateResume(ctx.db, ctx.id, values));
};

// ---------------------------------------------------------------------------------------------------------
// The five sections

const educationOf = (row: repo.SectionRows['education']): ResumeEducation => ({
  id: row.id,
  resumeId: row.resumeId,
  top: false,
  schoolCode: row.schoolCode,
  schoolName: row.schoolName,
  majorCode: row.majorCode,
  majorName: row.majorName,
  degree: row.degree,
  degreeTitle: resumeDegreeTitle(row.degree),
  enrolmentAt: row.enrolmentAt.getTime(),
  graduateAt: row.graduateAt.getTime(),
  gradingRank: (row.gradingRank as GradingRank | null) ?? null,
  gradingRankTitle: gradingRankTitle(row.gradingRank),
});

/** Each section's row as answered. */
const ANSWER: { [K in SectionKey]: (row: repo.SectionRows[K]) => ResumeSectionRow[K] } = {
  education: educationOf,
  internship: (row) => ({
    id: row.id,
    resumeId: row.resumeId,
    companyName: row.companyName,
    inauguralAt: row.inauguralAt.getTime(),
    resignAt: row.resignAt.getTime(),
    occupationName: row.occupationName,
    description: row.description,
  }),
  society: (row) => ({
    id: row.id,
    resumeId: row.resumeId,
    societyName: row.societyName,
    startAt: row.startAt.getTime(),
    endAt: row.endAt.getTime(),
    occupationName: row.occupationName,
    description: row.description,
  }),
  award: (row) => ({
    id: row.id,
    resumeId: row.resumeId,
    name: row.name,
    awardedAt: row.awardedAt.getTime(),
  }),
  language: (row) => ({
    id: row.id,
    resumeId: row.resumeId,
    language: row.language,
    proficiencyLevel: row.proficiencyLevel as ProficiencyLevel,
    proficiencyLevelTitle: proficiencyTitle(row.proficiencyLevel),
  }),
};

type Fields<K extends SectionKey> = Omit<repo.SectionValues[K], 'id' | 'resumeId' | 'createdAt'>;

/** A catalogue entry's name by its exact code (the member-profile area's catalogue search), or null. */
const catalogName = async (
  db: Db,
  search: typeof pageSchools | typeof pageMajors,
  code: string,
): Promise<string | null> => {
  const page = await search({ db, query: { search: code, pageNumber: 1, pageSize: 100 } });
  return page.rows.find((r) => r.code === code)?.name ?? null;
};

/**
 * Each section's body checked (spec 5, the first failing rule's message) and turned into the row's fields.
 * Education also looks its school and major up in the catalogues (names kept as at save time).
 */
const FIELDS: {
  [K in SectionKey]: (db: Db, body: ResumeSectionUpdateBody[K]) => Promise<Fields<K>>;
} = {
  education: async (db, body) => {
    ruleCheck(firstEducationError(body));
    const schoolCode = trimmed(body.schoolCode);
    const majorCode = trimmed(body.majorCode);
    const schoolName = await catalogName(db, pageSchools, schoolCode);
    if (schoolName === null) throw AppError.badRequest(RESUME_MSG.schoolRequired);
    const majorName = await catalogName(db, pageMajors, majorCode);
    if (majorName === null) throw AppError.badRequest(RESUME_MSG.majorRequired);
    return {
      schoolCode,
      schoolName,
      majorCode,
      majorName,
      degree: body.degree as string,
      enrolmentAt: month(body.enrolmentAt),
      graduateAt: month(body.graduateAt),
      gradingRank: trimmed(body.gradingRank) || null,
    };
  },
  internship: async (_db, body) => {
    ruleCheck(firstInternshipError(body));
    return {
      companyName: trimmed(body.companyName),
      occupationName: trimmed(body.occupationName),
      inauguralAt: month(body.inauguralAt),
      resignAt: month(body.resignAt),
      description: trimmed(body.description),
    };
  },
  society: async (_db, body) => {
    ruleCheck(firstSocietyError(body));
    return {
      societyName: trimmed(body.societyName),
      occupationName: trimmed(body.occupationName),
      startAt: month(body.startAt),
      endAt: month(body.endAt),
      description: trimmed(body.description),
    };
  },
  award: async (_db, body) => {
    ruleCheck(firstAwardError(body));
    return { name: trimmed(body.name), awardedAt: month(body.awardedAt) };
  },
  language: async (_db, body) => {
    ruleCheck(firstLanguageError(body));
    return { language: trimmed(body.language), proficiencyLevel: body.proficiencyLevel as string };
  },
};

/** The member profile's first education as the education list's first item (top, no id). */
const topEducationOf = async (db: Db, userId: number, resumeId: number): Promise<ResumeEducation | null> => {
  const top = (await careerProfileOf({ db, userId })).topEducation;
  if (!top) return null;
  return {
    id: null,
    resumeId,
    top: true,
    schoolCode: top.schoolCode,
    schoolName: top.schoolName,
    majorCode: top.majorCode,
    majorName: top.majorName,
    degree: top.degree,
    degreeTitle: resumeDegreeTitle(top.degree),
    enrolmentAt: top.enrolmentAt,
    graduateAt: top.graduateAt,
    gradingRank: (top.gradingRank as GradingRank | null) ?? null,
    gradingRankTitle: gradingRankTitle(top.gradingRank),
  };
};

/**
 * `GET /{section}?resumeId=`: the rows of the asking member's resume, newest first (at most
 * SECTION_MAX_ROWS); educations begin with the member profile's first education (top: true).
 */
export const listSection = async <K extends SectionKey>(
  ctx: Ctx & { section: K; resumeId: number },
): Promise<ResumeSectionRow[K][]> => {
  const resume = await ownResume(ctx, ctx.resumeId);
  const rows = await repo.listSectionRows(ctx.db, ctx.section, resume.id, SECTION_MAX_ROWS);
  const answered = rows.map((row) => ANSWER[ctx.section](row));
  if (ctx.section !== 'education') return answered;
  const top = await topEducationOf(ctx.db, resume.userId, resume.id);
  return (top ? [top, ...answered] : answered) as ResumeSectionRow[K][];
};

/** A row of the asking member's resume (404 otherwise). */
const ownRow = async <K extends SectionKey>(ctx: Ctx & { section: K; id: number }) => {
  const found = await repo.findSectionRow(ctx.db, ctx.section, ctx.id);
  requireOwnResume(ctx.actor, found?.userId);
  return (found as { row: repo.SectionRows[K] }).row;
};

/** `GET /{section}/{id}`. */
export const getSectionRow = async <K extends SectionKey>(ctx: Ctx & { section: K; id: number }) =>
  ANSWER[ctx.section](await ownRow(ctx));

/** `POST /{section}`: checked, into the asking member's resume (at most SECTION_MAX_ROWS per section). */
export const createSectionRow = async <K extends SectionKey>(
  ctx: Ctx & { section: K; body: ResumeSectionCreateBody[K] },
): Promise<ResumeSectionRow[K]> => {
  const fields = await FIELDS[ctx.section](ctx.db, ctx.body);
  const resume = await ownResume(ctx, ctx.body.resumeId);
  const row = await ctx.db.transaction(async (tx) => {
    // Serialise this resume's writes (row lock) so the bound holds under concurrent creates.
    await repo.updateResume(tx, resume.id, { updatedAt: ctx.now });
    if ((await repo.countSectionRows(tx, ctx.section, resume.id)) >= SECTION_MAX_ROWS)
      throw AppError.badRequest(SECTION_FULL_MSG);
    return repo.insertSectionRow(tx, ctx.section, {
      ...fields,
      resumeId: resume.id,
      createdAt: ctx.now,
    } as repo.SectionValues[K]);
  });
  return ANSWER[ctx.section](row);
};

/** `PUT /{section}/{id}`: checked; the row stays in its resume (a resumeId in the body is ignored). */
export const updateSectionRow = async <K extends SectionKey>(
  ctx: Ctx & { section: K; id: number; body: ResumeSectionUpdateBody[K] },
): Promise<ResumeSectionRow[K]> => {
  const fields = await FIELDS[ctx.section](ctx.db, ctx.body);
  const current = await ownRow(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    await repo.updateResume(tx, current.resumeId, { updatedAt: ctx.now });
    return repo.updateSectionRow(tx, ctx.section, ctx.id, fields as Partial<repo.SectionValues[K]>);
  });
  return ANSWER[ctx.section](row);
};

/** `DELETE /{section}/{id}`. */
export const deleteSectionRow = async <K extends SectionKey>(ctx: Ctx & { section: K; id: number }) => {
  const current = await ownRow(ctx);
  await ctx.db.transaction(async (tx) => {
    await repo.updateResume(tx, current.resumeId, { updatedAt: ctx.now });
    await repo.deleteSectionRow(tx, ctx.section, ctx.id);
  });
};

// ---------------------------------------------------------------------------------------------------------
// Completeness

/** The completeness facts of a member's resume (completeness.ts): sections, profile, intention. */
export const resumeFactsOf = async (opts: { db: Db; userId: number; now: Date }): Promise<ResumeFacts> => {
  const resume = await repo.ensureResumeOfUser(opts.db, opts.userId, opts.now);
  const [profile, filled] = await Promise.all([
    careerProfileOf({ db: opts.db, userId: opts.userId }),
    repo.sectionsFilled(opts.db, resume.id),
  ]);
  return {
    personal: profile.personalComplete,
    avatar: profile.portraitFileId !== null,
    strength: resume.strength.trim() !== '',
    education: profile.topEducation !== null,
    internship: filled.internship,
    society: filled.society,
    award: filled.award,
    language: filled.language,
    evaluation: resume.evaluation.trim() !== '',
    intention: profile.intentions.length > 0 && profile.cities.length > 0,
  };
};

/** `GET /resume_onlines/percentages`: the completeness of the asking member's resume (completeness.ts). */
export const percentagesOf = async (ctx: Ctx): Promise<ResumePercentages> => {
  const userId = resumeOwnerOf(ctx.actor);
  const [facts, attachedCount, summary] = await Promise.all([
    resumeFactsOf({ db: ctx.db, userId, now: ctx.now }),
    repo.countAttached(ctx.db, userId),
    profileSummaryOf({ db: ctx.db, userId }),
  ]);
  const onlinePercentages = onlinePercentOf(facts);
  return {
    onlinePercentages,
    onlineCompleted: onlinePercentages >= RESUME_LIMITS.deliverPercent,
    attachedCount,
    perfected: summary.complete,
    facts,
    missing: missingPartsOf(facts),
  };
};
