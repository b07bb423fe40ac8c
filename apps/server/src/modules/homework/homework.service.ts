import {
  AI_MSG,
  type CreateJudgedAnswerBody,
  type CreateJudgedAnswerParams,
  checkResultScore,
  HOMEWORK_MSG,
  isJudgeableType,
  type JudgedAnswer,
  type JudgedAnswerPage,
  type JudgedAnswersParams,
  type JudgedAnswersQuery,
  judgeQuestionScore,
  type UpdateJudgedAnswerBody,
  type UpdateJudgedAnswerParams,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { storableText } from '../../db/storable-text';
import type { Actor } from '../sessions/actor';
import { assertMayGrade, teachesCourse } from './homework.policy';
import * as repo from './homework.repo';

/** The homework the path names, of the caller's own course; else 404 作业不存在. */
const ownHomework = async (db: Db, actor: Actor, params: JudgedAnswersParams) => {
  assertMayGrade(actor);
  const homework = await repo.findHomeworkInCourse(db, Number(params.courseId), Number(params.homeworkId));
  if (!homework || !teachesCourse(actor, homework)) throw AppError.notFound(HOMEWORK_MSG.homeworkNotFound);
  return homework;
};

const judgedAnswerOf = (row: repo.JudgedAnswerRow): JudgedAnswer => ({
  id: String(row.id),
  questionId: String(row.questionId),
  studentAnswer: row.studentAnswer,
  questionScore: row.questionScore,
  score: row.score,
  comment: row.comment,
  basis: row.basis,
  appliedBy: { id: String(row.appliedBy), name: row.appliedByName },
  appliedAt: row.appliedAt.getTime(),
  updatedBy: row.updatedBy === null ? null : { id: String(row.updatedBy), name: row.updatedByName ?? '' },
  updatedAt: row.updatedAt?.getTime() ?? null,
});

/** Spec 5.4 "Result score": 0 to the question's score, one decimal; 400 with its message otherwise. */
const checkedScore = (score: number, questionScore: number) => {
  const problem = checkResultScore(score, questionScore);
  if (problem) throw AppError.badRequest(problem);
  return Math.round(score * 10) / 10;
};

/**
 * `GET .../homeworks/{homeworkId}/judgedAnswers`: a page of the homework's judged answers (optionally of one
 * question), oldest first.
 */
export const pageJudgedAnswers = async (opts: {
  db: Db;
  actor: Actor;
  params: JudgedAnswersParams;
  query: JudgedAnswersQuery;
}): Promise<JudgedAnswerPage> => {
  const homework = await ownHomework(opts.db, opts.actor, opts.params);
  const { pageNumber, pageSize, questionId } = opts.query;
  const { rows, total } = await repo.pageJudgedAnswers(opts.db, {
    homeworkId: homework.id,
    questionId: questionId === undefined ? undefined : Number(questionId),
    offset: (pageNumber - 1) * pageSize,
    limit: pageSize,
  });
  return { rows: rows.map(judgedAnswerOf), total };
};

/**
 * `POST .../questions/{questionId}/judgedAnswers`: 引用 of an AI judge result on a homework's page. Stores the
 * answer that was judged with the applied score, comment and basis, who applied it and when. The question
 * must be one of this homework's judgeable questions; the score is held to the question's score as the
 * judge took it (spec 5.4).
 */
export const createJudgedAnswer = async (opts: {
  db: Db;
  actor: Actor;
  params: CreateJudgedAnswerParams;
  body: CreateJudgedAnswerBody;
}): Promise<JudgedAnswer> => {
  const homework = await ownHomework(opts.db, opts.actor, opts.params);
  const question = await repo.findQuestionOfHomework(opts.db, homework.id, Number(opts.params.questionId));
  if (!question) throw AppError.notFound(HOMEWORK_MSG.questionNotFound);
  if (!isJudgeableType(question.qsnType)) throw AppError.badRequest(HOMEWORK_MSG.notJudgeable);
  const questionScore = judgeQuestionScore(question.question.everyScore);
  const score = checkedScore(opts.body.score, questionScore);
  // What PostgreSQL cannot store (NUL, lone surrogates) is removed; an answer left empty is no answer.
  const studentAnswer = storableText(opts.body.studentAnswer);
  if (!studentAnswer) throw AppError.badRequest(AI_MSG.studentAnswerRequired);
  const id = await repo.insertJudgedAnswer(opts.db, {
    questionId: question.id,
    studentAnswer,
    questionScore,
    score,
    comment: storableText(opts.body.comment),
    basis: storableText(opts.body.basis),
    appliedBy: opts.actor.userId,
  });
  const row = await repo.findJudgedAnswer(opts.db, homework.id, id);
  return judgedAnswerOf(row!);
};

/** `PUT .../judgedAnswers/{answerId}`: the teacher edits the stored score and comment. */
export const updateJudgedAnswer = async (opts: {
  db: Db;
  actor: Actor;
  params: UpdateJudgedAnswerParams;
  body: UpdateJudgedAnswerBody;
}): Promise<JudgedAnswer> => {
  const homework = await ownHomework(opts.db, opts.actor, opts.params);
  const id = Number(opts.params.answerId);
  const existing = await repo.findJudgedAnswer(opts.db, homework.id, id);
  if (!existing) throw AppError.notFound(HOMEWORK_MSG.judgedAnswerNotFound);
  const score = checkedScore(opts.body.score, existing.questionScore);
  await repo.updateJudgedAnswer(opts.db, id, {
    score,
    comment: storableText(opts.body.comment),
    updatedBy: opts.actor.userId,
  });
  return judgedAnswerOf((await repo.findJudgedAnswer(opts.db, homework.id, id))!);
};
