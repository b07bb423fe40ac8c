import type { GeneratedQuestion } from '@uplus/shared';
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { homeworkAnswers, homeworkQuestions, homeworkSubmissions, homeworks } from '../../db/schema';

/*
 * The SQL of the course figures the teaching assistant reads (issue 16): per homework its submissions and
 * average score, per question how often it was answered poorly and the wrong answers given most. Only
 * aggregates: no student is named.
 */

/** A graded answer below this share of its score counts as wrong (or low-scored). */
export const LOW_SCORE_SHARE = 0.6;

const submitted = and(
  eq(homeworkSubmissions.homeworkId, homeworks.id),
  eq(homeworkSubmissions.status, 'submitted'),
);

/** The course's published homework, oldest published first, with submissions and the average total. */
export const publishedHomeworkFigures = async (db: Db, courseId: number) =>
  db
    .select({
      id: homeworks.id,
      name: homeworks.name,
      publishedAt: homeworks.publishedAt,
      deadline: homeworks.deadline,
      questionCount:
        sql<number>`(select count(*) from ${homeworkQuestions} where ${homeworkQuestions.homeworkId} = ${homeworks.id})`.mapWith(
          Number,
        ),
      totalScore:
        sql<number>`(select coalesce(sum(${homeworkQuestions.score}), 0) from ${homeworkQuestions} where ${homeworkQuestions.homeworkId} = ${homeworks.id})`.mapWith(
          Number,
        ),
      submitted: sql<number>`count(${homeworkSubmissions.id})`.mapWith(Number),
      averageScore: sql<number | null>`avg(${homeworkSubmissions.totalScore})`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
    })
    .from(homeworks)
    .leftJoin(homeworkSubmissions, submitted)
    .where(and(eq(homeworks.courseId, courseId), isNotNull(homeworks.publishedAt)))
    .groupBy(homeworks.id)
    .orderBy(asc(homeworks.publishedAt), asc(homeworks.id));

export type QuestionFigures = {
  questionId: number;
  homeworkId: number;
  homeworkName: string;
  qsnType: number;
  question: GeneratedQuestion;
  score: number;
  graded: number;
  low: number;
  /** average score share of the graded answers, 0 to 1 */
  rate: number;
};

/**
 * The questions of the course's published homework with the most low-scored graded answers (submitted
 * submissions only), most first; questions nobody got wrong are left out.
 */
export const weakestQuestions = async (db: Db, courseId: number, limit: number) => {
  const low = sql<number>`sum(case when ${homeworkAnswers.score} < cast(${LOW_SCORE_SHARE} as double precision) * ${homeworkAnswers.maxScore} then 1 else 0 end)`;
  const rows = await db
    .select({
      questionId: homeworkQuestions.id,
      homeworkId: homeworks.id,
      homeworkName: homeworks.name,
      qsnType: homeworkQuestions.qsnType,
      question: homeworkQuestions.question,
      score: homeworkQuestions.score,
      graded: count(homeworkAnswers.id),
      low: low.mapWith(Number),
      rate: sql<number>`avg(${homeworkAnswers.score} / nullif(${homeworkAnswers.maxScore}, 0))`.mapWith(
        Number,
      ),
    })
    .from(homeworkAnswers)
    .innerJoin(homeworkSubmissions, eq(homeworkSubmissions.id, homeworkAnswers.submissionId))
    .innerJoin(homeworkQuestions, eq(homeworkQuestions.id, homeworkAnswers.questionId))
    .innerJoin(homeworks, eq(homeworks.id, homeworkQuestions.homeworkId))
    .where(
      and(
        eq(homeworks.courseId, courseId),
        isNotNull(homeworks.publishedAt),
        eq(homeworkSubmissions.status, 'submitted'),
        eq(homeworkAnswers.gradeState, 'graded'),
        isNotNull(homeworkAnswers.score),
      ),
    )
    .groupBy(homeworkQuestions.id, homeworks.id)
    .having(sql`${low} > 0`)
    .orderBy(
      desc(low),
      asc(sql`avg(${homeworkAnswers.score} / nullif(${homeworkAnswers.maxScore}, 0))`),
      asc(homeworkQuestions.id),
    )
    .limit(limit);
  return rows as QuestionFigures[];
};

/** The low-scored answers given most often to some questions: per question, answer and how many gave it. */
export const commonLowAnswers = async (db: Db, questionIds: readonly number[]) =>
  questionIds.length === 0
    ? []
    : db
        .select({
          questionId: homeworkAnswers.questionId,
          answer: homeworkAnswers.answer,
          times: count(),
        })
        .from(homeworkAnswers)
        .innerJoin(homeworkSubmissions, eq(homeworkSubmissions.id, homeworkAnswers.submissionId))
        .where(
          and(
            inArray(homeworkAnswers.questionId, [...questionIds]),
            eq(homeworkSubmissions.status, 'submitted'),
            eq(homeworkAnswers.gradeState, 'graded'),
            sql`${homeworkAnswers.score} < cast(${LOW_SCORE_SHARE} as double precision) * ${homeworkAnswers.maxScore}`,
            sql`${homeworkAnswers.answer} <> ''`,
          ),
        )
        .groupBy(homeworkAnswers.questionId, homeworkAnswers.answer)
        .orderBy(desc(count()), asc(homeworkAnswers.answer));
