import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { courses, homeworkQuestions, homeworks, judgedAnswers, users } from '../../db/schema';

/** A homework of a course, with the course's teacher; null when none or of another course. */
export const findHomeworkInCourse = async (db: Db, courseId: number, homeworkId: number) => {
  const [row] = await db
    .select({ id: homeworks.id, courseId: courses.id, teacherId: courses.teacherId })
    .from(homeworks)
    .innerJoin(courses, eq(courses.id, homeworks.courseId))
    .where(and(eq(homeworks.id, homeworkId), eq(homeworks.courseId, courseId)))
    .limit(1);
  return row ?? null;
};

/** A question of a homework (its stored shape); null when none or of another homework. */
export const findQuestionOfHomework = async (db: Db, homeworkId: number, questionId: number) => {
  const [row] = await db
    .select({
      id: homeworkQuestions.id,
      qsnType: homeworkQuestions.qsnType,
      question: homeworkQuestions.question,
    })
    .from(homeworkQuestions)
    .where(and(eq(homeworkQuestions.id, questionId), eq(homeworkQuestions.homeworkId, homeworkId)))
    .limit(1);
  return row ?? null;
};

const applier = alias(users, 'applier');
const editor = alias(users, 'editor');

/** The columns a judged answer is answered with: the row and the names of who applied and edited it. */
const judgedAnswerColumns = {
  id: judgedAnswers.id,
  questionId: judgedAnswers.questionId,
  studentAnswer: judgedAnswers.studentAnswer,
  questionScore: judgedAnswers.questionScore,
  score: judgedAnswers.score,
  comment: judgedAnswers.comment,
  basis: judgedAnswers.basis,
  appliedBy: judgedAnswers.appliedBy,
  appliedByName: applier.name,
  appliedAt: judgedAnswers.appliedAt,
  updatedBy: judgedAnswers.updatedBy,
  updatedByName: editor.name,
  updatedAt: judgedAnswers.updatedAt,
};
export type JudgedAnswerRow = {
  id: number;
  questionId: number;
  studentAnswer: string;
  questionScore: number;
  score: number;
  comment: string;
  basis: string;
  appliedBy: number;
  appliedByName: string;
  appliedAt: Date;
  updatedBy: number | null;
  updatedByName: string | null;
  updatedAt: Date | null;
};

const selectJudgedAnswers = (db: Db, where: SQL | undefined) =>
  db
    .select(judgedAnswerColumns)
    .from(judgedAnswers)
    .innerJoin(homeworkQuestions, eq(homeworkQuestions.id, judgedAnswers.questionId))
    .innerJoin(applier, eq(applier.id, judgedAnswers.appliedBy))
    .leftJoin(editor, eq(editor.id, judgedAnswers.updatedBy))
    .where(where);

/** The judged answers of a homework (optionally of one question), oldest first: one page and the count. */
export const pageJudgedAnswers = async (
  db: Db,
  opts: { homeworkId: number; questionId?: number; offset: number; limit: number },
): Promise<{ rows: JudgedAnswerRow[]; total: number }> => {
  const where = and(
    eq(homeworkQuestions.homeworkId, opts.homeworkId),
    opts.questionId === undefined ? undefined : eq(judgedAnswers.questionId, opts.questionId),
  );
  const rows = await selectJudgedAnswers(db, where)
    .orderBy(asc(judgedAnswers.id))
    .offset(opts.offset)
    .limit(opts.limit);
  const [total] = await db
    .select({ n: count() })
    .from(judgedAnswers)
    .innerJoin(homeworkQuestions, eq(homeworkQuestions.id, judgedAnswers.questionId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
};

/** One judged answer of a homework; null when none or of another homework. */
export const findJudgedAnswer = async (db: Db, homeworkId: number, id: number) => {
  const [row] = await selectJudgedAnswers(
    db,
    and(eq(judgedAnswers.id, id), eq(homeworkQuestions.homeworkId, homeworkId)),
  ).limit(1);
  return (row as JudgedAnswerRow | undefined) ?? null;
};

export const insertJudgedAnswer = async (
  db: Db,
  values: {
    questionId: number;
    studentAnswer: string;
    questionScore: number;
    score: number;
    comment: string;
    basis: string;
    appliedBy: number;
  },
) => {
  const [row] = await db.insert(judgedAnswers).values(values).returning({ id: judgedAnswers.id });
  return row!.id;
};

export const updateJudgedAnswer = async (
  db: Db,
  id: number,
  values: { score: number; comment: string; updatedBy: number },
) => {
  await db
    .update(judgedAnswers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(judgedAnswers.id, id));
};
