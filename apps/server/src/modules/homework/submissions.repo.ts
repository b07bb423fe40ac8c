import type { CodeGradeDetail, GeneratedQuestion } from '@uplus/shared';
import { and, asc, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  courseMembers,
  homeworkAnswers,
  homeworkQuestions,
  homeworkSubmissions,
  homeworks,
  users,
} from '../../db/schema';

/*
 * The SQL of the homework lifecycle (issue 11), of students' submissions and of their grades.
 */

// ---------------------------------------------------------------------------------------------------------
// Homework

const homeworkColumns = {
  id: homeworks.id,
  courseId: homeworks.courseId,
  name: homeworks.name,
  description: homeworks.description,
  deadline: homeworks.deadline,
  publishedAt: homeworks.publishedAt,
  releasedAt: homeworks.releasedAt,
};
export type HomeworkRecord = {
  id: number;
  courseId: number;
  name: string;
  description: string;
  deadline: Date | null;
  publishedAt: Date | null;
  releasedAt: Date | null;
};

/** Questions and their total score of a homework (correlated: one index range per homework). */
const questionCount = sql<number>`(select count(*) from ${homeworkQuestions} where ${homeworkQuestions.homeworkId} = ${homeworks.id})`;
const totalScore = sql<number>`(select coalesce(sum(${homeworkQuestions.score}), 0) from ${homeworkQuestions} where ${homeworkQuestions.homeworkId} = ${homeworks.id})`;
const submittedCount = sql<number>`(select count(*) from ${homeworkSubmissions} where ${homeworkSubmissions.homeworkId} = ${homeworks.id} and ${homeworkSubmissions.status} = 'submitted')`;
const pendingCount = sql<number>`(select coalesce(sum(${homeworkSubmissions.pendingCount}), 0) from ${homeworkSubmissions} where ${homeworkSubmissions.homeworkId} = ${homeworks.id} and ${homeworkSubmissions.status} = 'submitted')`;

const figureColumns = {
  ...homeworkColumns,
  questionCount: sql<number>`${questionCount}`.mapWith(Number),
  totalScore: sql<number>`${totalScore}`.mapWith(Number),
  submittedCount: sql<number>`${submittedCount}`.mapWith(Number),
  pendingCount: sql<number>`${pendingCount}`.mapWith(Number),
};
export type HomeworkFigures = HomeworkRecord & {
  questionCount: number;
  totalScore: number;
  submittedCount: number;
  pendingCount: number;
};

/** A homework of a course; null when none or of another course. */
export const findHomework = async (db: Db, courseId: number, homeworkId: number) => {
  const [row] = await db
    .select(homeworkColumns)
    .from(homeworks)
    .where(and(eq(homeworks.id, homeworkId), eq(homeworks.courseId, courseId)))
    .limit(1);
  return (row as HomeworkRecord | undefined) ?? null;
};

/** The homework and its figures. */
export const homeworkFigures = async (db: Db, homeworkId: number) => {
  const [row] = await db.select(figureColumns).from(homeworks).where(eq(homeworks.id, homeworkId)).limit(1);
  return (row as HomeworkFigures | undefined) ?? null;
};

/** A page of a course's homework with figures, newest first. */
export const pageHomeworks = async (db: Db, courseId: number, page: { offset: number; limit: number }) => {
  const rows = await db
    .select(figureColumns)
    .from(homeworks)
    .where(eq(homeworks.courseId, courseId))
    .orderBy(desc(homeworks.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(homeworks).where(eq(homeworks.courseId, courseId));
  return { rows: rows as HomeworkFigures[], total: total?.n ?? 0 };
};

/** The student members of a course (the roster a homework is for). */
export const countStudents = async (db: Db, courseId: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(courseMembers)
    .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.memberType, 'Student')));
  return row?.n ?? 0;
};

/** The ids of the student members of a course. */
export const studentIdsOf = async (db: Db, courseId: number) =>
  (
    await db
      .select({ id: courseMembers.userId })
      .from(courseMembers)
      .where(and(eq(courseMembers.courseId, courseId), eq(courseMembers.memberType, 'Student')))
  ).map((r) => r.id);

export const insertHomework = async (
  db: Db,
  values: { courseId: number; name: string; description: string; deadline: Date },
) => {
  const [row] = await db.insert(homeworks).values(values).returning({ id: homeworks.id });
  return row!.id;
};

export const updateHomework = async (
  db: Db,
  id: number,
  values: { name: string; description: string; deadline: Date },
) => {
  await db
    .update(homeworks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(homeworks.id, id));
};

/** Deletes a homework that is still unpublished; answers whether it did. */
export const deleteUnpublishedHomework = async (db: Db, id: number) => {
  const rows = await db
    .delete(homeworks)
    .where(and(eq(homeworks.id, id), isNull(homeworks.publishedAt)))
    .returning({ id: homeworks.id });
  return rows.length > 0;
};

/** Marks a homework published unless it is already; answers whether it did. */
export const markPublished = async (db: Db, id: number, at: Date) => {
  const rows = await db
    .update(homeworks)
    .set({ publishedAt: at, updatedAt: at })
    .where(and(eq(homeworks.id, id), isNull(homeworks.publishedAt)))
    .returning({ id: homeworks.id });
  return rows.length > 0;
};

/** Marks a published homework's results released unless they are already; answers whether it did. */
export const markReleased = async (db: Db, id: number, at: Date) => {
  const rows = await db
    .update(homeworks)
    .set({ releasedAt: at, updatedAt: at })
    .where(and(eq(homeworks.id, id), isNotNull(homeworks.publishedAt), isNull(homeworks.releasedAt)))
    .returning({ id: homeworks.id });
  return rows.length > 0;
};

// ---------------------------------------------------------------------------------------------------------
// Questions

export type HomeworkQuestionRecord = {
  id: number;
  qsnType: number;
  score: number;
  question: GeneratedQuestion;
};

const questionColumns = {
  id: homeworkQuestions.id,
  qsnType: homeworkQuestions.qsnType,
  score: homeworkQuestions.score,
  question: homeworkQuestions.question,
};

/** The questions of a homework, in the order they were added. */
export const listQuestions = async (db: Db, homeworkId: number) =>
  (await db
    .select(questionColumns)
    .from(homeworkQuestions)
    .where(eq(homeworkQuestions.homeworkId, homeworkId))
    .orderBy(asc(homeworkQuestions.id))) as HomeworkQuestionRecord[];

/** One question of a homework; null when none or of another homework. */
export const findQuestion = async (db: Db, homeworkId: number, questionId: number) => {
  const [row] = await db
    .select(questionColumns)
    .from(homeworkQuestions)
    .where(and(eq(homeworkQuestions.id, questionId), eq(homeworkQuestions.homeworkId, homeworkId)))
    .limit(1);
  return (row as HomeworkQuestionRecord | undefined) ?? null;
};

/** Sets a question's score in the homework, and the stored question's everyScore with it. */
export const setQuestionScore = async (db: Db, questionId: number, score: number) => {
  await db
    .update(homeworkQuestions)
    .set({
      score,
      question: sql`jsonb_set(${homeworkQuestions.question}, '{everyScore}', to_jsonb(${score}::int))`,
    })
    .where(eq(homeworkQuestions.id, questionId));
};

export const deleteQuestion = async (db: Db, questionId: number) => {
  await db.delete(homeworkQuestions).where(eq(homeworkQuestions.id, questionId));
};

// ---------------------------------------------------------------------------------------------------------
// Student's homework

const submissionColumns = {
  id: homeworkSubmissions.id,
  homeworkId: homeworkSubmissions.homeworkId,
  studentId: homeworkSubmissions.studentId,
  status: homeworkSubmissions.status,
  submittedAt: homeworkSubmissions.submittedAt,
  totalScore: homeworkSubmissions.totalScore,
  pendingCount: homeworkSubmissions.pendingCount,
  updatedAt: homeworkSubmissions.updatedAt,
};
export type SubmissionRecord = {
  id: number;
  homeworkId: number;
  studentId: number;
  status: 'draft' | 'submitted';
  submittedAt: Date | null;
  totalScore: number | null;
  pendingCount: number;
  updatedAt: Date;
};

export type StudyRow = HomeworkRecord & {
  questionCount: number;
  totalScore: number;
  submissionStatus: 'draft' | 'submitted' | null;
  submittedAt: Date | null;
  myScore: number | null;
};

/** A page of a course's published homework with the student's submission, newest published first. */
export const pageStudyHomeworks = async (
  db: Db,
  opts: { courseId: number; studentId: number; offset: number; limit: number },
) => {
  const where = and(eq(homeworks.courseId, opts.courseId), isNotNull(homeworks.publishedAt));
  const rows = await db
    .select({
      ...homeworkColumns,
      questionCount: sql<number>`${questionCount}`.mapWith(Number),
      totalScore: sql<number>`${totalScore}`.mapWith(Number),
      submissionStatus: homeworkSubmissions.status,
      submittedAt: homeworkSubmissions.submittedAt,
      myScore: homeworkSubmissions.totalScore,
    })
    .from(homeworks)
    .leftJoin(
      homeworkSubmissions,
      and(
        eq(homeworkSubmissions.homeworkId, homeworks.id),
        eq(homeworkSubmissions.studentId, opts.studentId),
      ),
    )
    .where(where)
    .orderBy(desc(homeworks.publishedAt), desc(homeworks.id))
    .offset(opts.offset)
    .limit(opts.limit);
  const [total] = await db.select({ n: count() }).from(homeworks).where(where);
  return { rows: rows as StudyRow[], total: total?.n ?? 0 };
};

/** A student's submission of a homework; null when they have none. */
export const findSubmissionOf = async (db: Db, homeworkId: number, studentId: number) => {
  const [row] = await db
    .select(submissionColumns)
    .from(homeworkSubmissions)
    .where(and(eq(homeworkSubmissions.homeworkId, homeworkId), eq(homeworkSubmissions.studentId, studentId)))
    .limit(1);
  return (row as SubmissionRecord | undefined) ?? null;
};

/** A submission of a homework by id; null when none or of another homework. */
export const findSubmission = async (db: Db, homeworkId: number, submissionId: number) => {
  const [row] = await db
    .select(submissionColumns)
    .from(homeworkSubmissions)
    .where(and(eq(homeworkSubmissions.id, submissionId), eq(homeworkSubmissions.homeworkId, homeworkId)))
    .limit(1);
  return (row as SubmissionRecord | undefined) ?? null;
};

/**
 * The student's submission, made (as a draft) when they have none, and locked for the rest of the
 * transaction: a draft save and a submit of the same student run one after the other.
 */
export const lockSubmission = async (db: Db, homeworkId: number, studentId: number) => {
  await db.insert(homeworkSubmissions).values({ homeworkId, studentId }).onConflictDoNothing();
  const [row] = await db
    .select(submissionColumns)
    .from(homeworkSubmissions)
    .where(and(eq(homeworkSubmissions.homeworkId, homeworkId), eq(homeworkSubmissions.studentId, studentId)))
    .for('update')
    .limit(1);
  return row as SubmissionRecord;
};

/** Saves answers of a submission (one per question: a new answer replaces the stored one). */
export const upsertAnswers = async (
  db: Db,
  submissionId: number,
  answers: { questionId: number; answer: string; maxScore: number }[],
  at: Date,
) => {
  if (answers.length === 0) return;
  await db
    .insert(homeworkAnswers)
    .values(answers.map((a) => ({ submissionId, ...a, updatedAt: at })))
    .onConflictDoUpdate({
      target: [homeworkAnswers.submissionId, homeworkAnswers.questionId],
      set: {
        answer: sql`excluded.answer`,
        maxScore: sql`excluded.max_score`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
};

/** Marks the submission's draft as saved now. */
export const touchSubmission = async (db: Db, submissionId: number, at: Date) => {
  await db.update(homeworkSubmissions).set({ updatedAt: at }).where(eq(homeworkSubmissions.id, submissionId));
};

/** Marks a draft submitted. */
export const markSubmitted = async (db: Db, submissionId: number, at: Date) => {
  await db
    .update(homeworkSubmissions)
    .set({ status: 'submitted', submittedAt: at, updatedAt: at })
    .where(eq(homeworkSubmissions.id, submissionId));
};

export type AnswerRecord = {
  id: number;
  questionId: number;
  answer: string;
  gradeState: 'pending' | 'graded' | 'failed';
  gradeSource: 'auto' | 'code' | 'ai' | 'teacher' | null;
  score: number | null;
  maxScore: number;
  comment: string;
  basis: string;
  codeDetail: CodeGradeDetail | null;
  gradedAt: Date | null;
};

const answerColumns = {
  id: homeworkAnswers.id,
  questionId: homeworkAnswers.questionId,
  answer: homeworkAnswers.answer,
  gradeState: homeworkAnswers.gradeState,
  gradeSource: homeworkAnswers.gradeSource,
  score: homeworkAnswers.score,
  maxScore: homeworkAnswers.maxScore,
  comment: homeworkAnswers.comment,
  basis: homeworkAnswers.basis,
  codeDetail: homeworkAnswers.codeDetail,
  gradedAt: homeworkAnswers.gradedAt,
};

/** The answers of a submission. */
export const listAnswers = async (db: Db, submissionId: number) =>
  (await db
    .select(answerColumns)
    .from(homeworkAnswers)
    .where(eq(homeworkAnswers.submissionId, submissionId))
    .orderBy(asc(homeworkAnswers.questionId))) as AnswerRecord[];

/** One answer of a submission; null when none or of another submission. */
export const findAnswer = async (db: Db, submissionId: number, answerId: number) => {
  const [row] = await db
    .select(answerColumns)
    .from(homeworkAnswers)
    .where(and(eq(homeworkAnswers.id, answerId), eq(homeworkAnswers.submissionId, submissionId)))
    .limit(1);
  return (row as AnswerRecord | undefined) ?? null;
};

/** Stores the grades given on submit (objective answers, empty answers) for answers of a submission. */
export const gradeAnswers = async (
  db: Db,
  submissionId: number,
  grades: { questionId: number; score: number; comment: string }[],
  at: Date,
) => {
  for (const g of grades)
    await db
      .update(homeworkAnswers)
      .set({
        score: g.score,
        comment: g.comment,
        gradeState: 'graded',
        gradeSource: 'auto',
        gradedAt: at,
        updatedAt: at,
      })
      .where(
        and(eq(homeworkAnswers.submissionId, submissionId), eq(homeworkAnswers.questionId, g.questionId)),
      );
};

/** The teacher's grade of one answer (an override, or an applied AI judge result). */
export const setAnswerGrade = async (
  db: Db,
  answerId: number,
  values: {
    score: number;
    comment: string;
    basis: string;
    gradeSource: 'ai' | 'teacher';
    gradedBy: number;
    at: Date;
  },
) => {
  await db
    .update(homeworkAnswers)
    .set({
      score: values.score,
      comment: values.comment,
      basis: values.basis,
      gradeSource: values.gradeSource,
      gradeState: 'graded',
      gradedBy: values.gradedBy,
      gradedAt: values.at,
      judgeClaimedAt: null,
      updatedAt: values.at,
    })
    .where(eq(homeworkAnswers.id, answerId));
};

// ---------------------------------------------------------------------------------------------------------
// Teacher's submission list

export type RosterRow = {
  studentId: number;
  name: string;
  username: string;
  submissionId: number | null;
  status: 'draft' | 'submitted' | null;
  submittedAt: Date | null;
  totalScore: number | null;
  pendingCount: number | null;
};

/**
 * A page of the course's students with their submission of the homework (none: not submitted), by
 * username. `status` filters: not_submitted (no submission), draft, submitted, to_review (submitted with
 * answers still waiting for a grade).
 */
export const pageRoster = async (
  db: Db,
  opts: {
    courseId: number;
    homeworkId: number;
    status?: 'not_submitted' | 'draft' | 'submitted' | 'to_review';
    offset: number;
    limit: number;
  },
) => {
  const where = and(
    eq(courseMembers.courseId, opts.courseId),
    eq(courseMembers.memberType, 'Student'),
    opts.status === undefined
      ? undefined
      : opts.status === 'not_submitted'
        ? isNull(homeworkSubmissions.id)
        : opts.status === 'to_review'
          ? and(eq(homeworkSubmissions.status, 'submitted'), gt(homeworkSubmissions.pendingCount, 0))
          : eq(homeworkSubmissions.status, opts.status),
  );
  const joined = and(
    eq(homeworkSubmissions.homeworkId, opts.homeworkId),
    eq(homeworkSubmissions.studentId, courseMembers.userId),
  );
  const rows = await db
    .select({
      studentId: courseMembers.userId,
      name: users.name,
      username: users.username,
      submissionId: homeworkSubmissions.id,
      status: homeworkSubmissions.status,
      submittedAt: homeworkSubmissions.submittedAt,
      totalScore: homeworkSubmissions.totalScore,
      pendingCount: homeworkSubmissions.pendingCount,
    })
    .from(courseMembers)
    .innerJoin(users, eq(users.id, courseMembers.userId))
    .leftJoin(homeworkSubmissions, joined)
    .where(where)
    .orderBy(asc(users.username), asc(users.id))
    .offset(opts.offset)
    .limit(opts.limit);
  const [total] = await db
    .select({ n: count() })
    .from(courseMembers)
    .leftJoin(homeworkSubmissions, joined)
    .where(where);
  return { rows: rows as RosterRow[], total: total?.n ?? 0 };
};

/** A user's name and username. */
export const findStudent = async (db: Db, userId: number) => {
  const [row] = await db
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
};
