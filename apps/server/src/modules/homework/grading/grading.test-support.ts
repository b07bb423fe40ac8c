import type { GeneratedQuestion } from '@uplus/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { homeworkAnswers, homeworkQuestions, homeworkSubmissions } from '../../../db/schema';
import { createCourse } from '../../question-bank/question-bank.service';
import { recomputeSubmissionTotals } from './grading.service';

/*
 * Test fixtures of grading: a course's homework with questions, and students' submissions with answers,
 * written straight to the tables (the submit call of the homework area is not part of this module).
 */

/** A question of a test homework: its type, score and stored shape. */
export type FixtureQuestion = { qsnType: number; score: number; question: Partial<GeneratedQuestion> };

/** A homework of a new course of `teacherId` with the given questions; returns their ids in order. */
export const buildHomework = async (db: Db, teacherId: number, questions: FixtureQuestion[]) => {
  const { course, homeworks } = await createCourse({
    db,
    teacherId,
    name: '程序设计',
    homeworks: ['第一次作业'],
  });
  const homework = homeworks[0]!;
  const ids: number[] = [];
  for (const q of questions) {
    const question = {
      qsnName: '',
      options: [],
      answer: '',
      difficulty: 3,
      knowledges: '',
      tip: '',
      everyScore: q.score,
      purpose: 'HomeworkQuestion',
      titleText: '题目',
      ...q.question,
      qsnType: q.qsnType,
    } as GeneratedQuestion;
    const [row] = await db
      .insert(homeworkQuestions)
      .values({
        homeworkId: homework.id,
        qsnType: q.qsnType,
        titleText: question.titleText,
        question,
        score: q.score,
      })
      .returning({ id: homeworkQuestions.id });
    ids.push(row!.id);
  }
  return { courseId: course.id, homeworkId: homework.id, questionIds: ids };
};

/** An answer of a fixture submission; graded answers carry their grade. */
export type FixtureAnswer = {
  questionId: number;
  answer: string;
  maxScore: number;
  grade?: { score: number; source: 'auto' | 'teacher' | 'ai' | 'code' };
  failed?: boolean;
};

/** A student's submission (submitted unless `draft`) with its answers; returns the ids. */
export const buildSubmission = async (
  db: Db,
  opts: {
    homeworkId: number;
    studentId: number;
    answers: FixtureAnswer[];
    draft?: boolean;
    submittedAt?: Date;
  },
) => {
  const [submission] = await db
    .insert(homeworkSubmissions)
    .values({
      homeworkId: opts.homeworkId,
      studentId: opts.studentId,
      status: opts.draft ? 'draft' : 'submitted',
      submittedAt: opts.draft ? null : (opts.submittedAt ?? new Date(Date.now() - 1000)),
    })
    .returning({ id: homeworkSubmissions.id });
  const answerIds: number[] = [];
  for (const a of opts.answers) {
    const [row] = await db
      .insert(homeworkAnswers)
      .values({
        submissionId: submission!.id,
        questionId: a.questionId,
        answer: a.answer,
        maxScore: a.maxScore,
        gradeState: a.grade ? 'graded' : a.failed ? 'failed' : 'pending',
        gradeSource: a.grade?.source ?? null,
        score: a.grade?.score ?? null,
      })
      .returning({ id: homeworkAnswers.id });
    answerIds.push(row!.id);
  }
  // As the submit does: the totals of what was graded on submit, and what still waits.
  await recomputeSubmissionTotals(db, submission!.id);
  return { submissionId: submission!.id, answerIds };
};

/** An answer row as stored. */
export const readAnswer = async (db: Db, id: number) => {
  const [row] = await db.select().from(homeworkAnswers).where(eq(homeworkAnswers.id, id));
  return row!;
};

/** A submission row as stored. */
export const readSubmission = async (db: Db, id: number) => {
  const [row] = await db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, id));
  return row!;
};

/** A teacher's grade given by hand (what the homework area's override does). */
export const gradeByTeacher = async (db: Db, answerId: number, score: number) => {
  await db
    .update(homeworkAnswers)
    .set({ gradeState: 'graded', gradeSource: 'teacher', score, comment: '教师批改' })
    .where(eq(homeworkAnswers.id, answerId));
};
