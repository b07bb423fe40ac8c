import { blankAnswersOf, decodeBlanks, QSN_TYPE, QSN_TYPE_NAMES, SUBMISSION_MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { courseRoleOf } from '../courses/courses.service';
import type { Actor } from '../sessions/actor';
import { assertCourseStudent } from './homework.policy';
import * as repo from './insights.repo';
import * as submissions from './submissions.repo';

/*
 * What the AI assistants read of a course's homework (issue 16): the questions of the homework a student is
 * answering with what would give their answers away (for the companion's guard), and aggregated figures
 * for the course's teacher (共性洞察, 课程分析). Nothing here names a student.
 */

/** A question of a homework with its answer, as the guard needs it (never shown to the student). */
export type GuardedQuestion = {
  id: number;
  qsnType: number;
  typeName: string;
  title: string;
  options: { id: string; text: string }[];
  /** choice: option letters; judgment: 'true'/'false'; blanks: one per blank; else the reference text */
  answers: string[];
  /** the reference analysis (解析), which gives the answer away as much as the answer itself */
  analysis: string;
};

/**
 * The questions of a published homework of a course the actor studies, with their answers; 404 作业不存在
 * otherwise. Empty once the results are released to a student who submitted: their paper then shows the
 * reference answers anyway.
 */
export const guardedQuestionsOf = async (opts: {
  db: Db;
  actor: Actor;
  courseId: number;
  homeworkId: number;
}): Promise<GuardedQuestion[]> => {
  const place = await courseRoleOf({ db: opts.db, actor: opts.actor, courseId: opts.courseId });
  assertCourseStudent(place, SUBMISSION_MSG.homeworkNotFound);
  const homework = await submissions.findHomework(opts.db, opts.courseId, opts.homeworkId);
  if (!homework?.publishedAt) throw AppError.notFound(SUBMISSION_MSG.homeworkNotFound);
  if (homework.releasedAt) {
    const mine = await submissions.findSubmissionOf(opts.db, homework.id, opts.actor.userId);
    if (mine?.status === 'submitted') return [];
  }
  const rows = await submissions.listQuestions(opts.db, homework.id);
  return rows.map(({ id, qsnType, question: q }) => ({
    id,
    qsnType,
    typeName: QSN_TYPE_NAMES[q.qsnType] ?? q.qsnName,
    title: q.titleText,
    options:
      qsnType === QSN_TYPE.singleChoice || qsnType === QSN_TYPE.multipleChoice
        ? q.options.map((o) => ({ id: o.id, text: o.optionContent }))
        : [],
    answers: qsnType === QSN_TYPE.fillBlank ? blankAnswersOf(q) : q.answer.trim() ? [q.answer] : [],
    analysis: q.tip,
  }));
};

/** A published homework of a course in figures. */
export type HomeworkFigure = {
  name: string;
  publishedAt: number;
  deadline: number | null;
  questionCount: number;
  totalScore: number;
  submitted: number;
  /** average total of the submitted submissions, one decimal; null when none */
  averageScore: number | null;
};

/** The course's published homework, oldest first, with submissions and average totals. */
export const homeworkFiguresOf = async (opts: { db: Db; courseId: number }): Promise<HomeworkFigure[]> =>
  (await repo.publishedHomeworkFigures(opts.db, opts.courseId)).map((r) => ({
    name: r.name,
    publishedAt: (r.publishedAt as Date).getTime(),
    deadline: r.deadline ? r.deadline.getTime() : null,
    questionCount: r.questionCount,
    totalScore: r.totalScore,
    submitted: r.submitted,
    averageScore: r.averageScore === null ? null : Math.round(r.averageScore * 10) / 10,
  }));

/** A question many answered poorly, with the wrong answers given most (no names). */
export type WeakQuestion = {
  homeworkName: string;
  /** 1-based position of the question in its homework */
  position: number;
  typeName: string;
  title: string;
  /** the reference answer as the teacher set it (letters, true/false, blanks, text) */
  reference: string;
  graded: number;
  low: number;
  /** average score share, 0 to 100 */
  ratePercent: number;
  /** the low-scored answers given most, each with how many gave it (texts cut to 200 characters) */
  commonAnswers: { answer: string; times: number }[];
};

const SAMPLE_CHARS = 200;
const SAMPLES = 3;

/** How an answer reads for a person: blanks joined, true/false in words, long texts cut. */
const answerText = (qsnType: number, answer: string) => {
  const text =
    qsnType === QSN_TYPE.fillBlank
      ? decodeBlanks(answer).join('；')
      : qsnType === QSN_TYPE.judgment
        ? answer === 'true'
          ? '正确'
          : answer === 'false'
            ? '错误'
            : answer
        : answer;
  return text.length > SAMPLE_CHARS ? `${text.slice(0, SAMPLE_CHARS)}…` : text;
};

/**
 * The course's questions with the most low-scored graded answers (below 60% of the score), most first,
 * each with the low-scored answers given most often.
 */
export const weakQuestionsOf = async (opts: {
  db: Db;
  courseId: number;
  limit: number;
}): Promise<WeakQuestion[]> => {
  const rows = await repo.weakestQuestions(opts.db, opts.courseId, opts.limit);
  const answers = await repo.commonLowAnswers(
    opts.db,
    rows.map((r) => r.questionId),
  );
  const positions = new Map<number, number>();
  for (const homeworkId of new Set(rows.map((r) => r.homeworkId))) {
    const questions = await submissions.listQuestions(opts.db, homeworkId);
    for (const [i, q] of questions.entries()) positions.set(q.id, i + 1);
  }
  return rows.map((r) => ({
    homeworkName: r.homeworkName,
    position: positions.get(r.questionId) ?? 0,
    typeName: QSN_TYPE_NAMES[r.question.qsnType] ?? r.question.qsnName,
    title: r.question.titleText,
    reference: answerText(
      r.qsnType,
      r.qsnType === QSN_TYPE.fillBlank ? JSON.stringify(blankAnswersOf(r.question)) : r.question.answer,
    ),
    graded: r.graded,
    low: r.low,
    ratePercent: Math.round(r.rate * 100),
    commonAnswers: answers
      .filter((a) => a.questionId === r.questionId)
      .slice(0, SAMPLES)
      .map((a) => ({ answer: answerText(r.qsnType, a.answer), times: a.times })),
  }));
};
