import {
  type ExerciseSetQuestionsParams,
  type ExerciseSetQuestionsResult,
  exerciseQuestion,
  fromExerciseQuestion,
  type GeneratedQuestion,
  generatedQuestion,
  type HomeworkQuestionsParams,
  type HomeworkQuestionsResult,
  isChoiceType,
  isCodeType,
  parseKnowledges,
  QSN_TYPE_NAMES,
  TEACHING_MSG,
  type TeachingQuestion,
  type TeachingQuestionsQuery,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { Actor } from '../sessions/actor';
import { assertMayTeach, ownsCourse } from './teaching.policy';
import * as repo from './teaching.repo';

/** How a course page lists a stored question: what the teacher checks, and what the AI judge needs. */
export const teachingQuestionOf = (id: number, q: GeneratedQuestion): TeachingQuestion => {
  const code = isCodeType(q.qsnType);
  return {
    id: String(id),
    qsnType: q.qsnType,
    typeName: QSN_TYPE_NAMES[q.qsnType] ?? q.qsnName,
    title: q.titleText,
    description: code ? (q.description ?? '') : '',
    options: isChoiceType(q.qsnType) ? q.options.map((o) => ({ id: o.id, content: o.optionContent })) : [],
    score: q.everyScore,
    difficulty: q.difficulty,
    answer: q.answer,
    knowledges: parseKnowledges(q.knowledges),
    language: code ? (q.language ?? null) : null,
    caseCount: code ? (q.testcases?.length ?? 0) : null,
  };
};

/** A stored homework question (the generated shape); null when the stored JSON no longer fits it. */
const fromHomeworkRow = (row: { id: number; question: unknown }) => {
  const parsed = generatedQuestion.safeParse(row.question);
  return parsed.success ? teachingQuestionOf(row.id, parsed.data) : null;
};

/** A stored exercise-set question (the converted shape), read back as a generated question. */
const fromExerciseRow = (row: { id: number; question: unknown }) => {
  const parsed = exerciseQuestion.safeParse(row.question);
  const q = parsed.success ? fromExerciseQuestion(parsed.data) : null;
  return q ? teachingQuestionOf(row.id, q) : null;
};

const present = <T>(v: T | null): v is T => v !== null;

const pageOfQuery = (page: TeachingQuestionsQuery) => ({
  offset: (page.pageNumber - 1) * page.pageSize,
  limit: page.pageSize,
});

/**
 * `GET /api/course/courses/{courseId}/homeworks/{homeworkId}/questions`: the questions of a homework of the
 * teacher's own course. A homework that does not exist, is of another course, or of another teacher: 404.
 */
export const homeworkQuestions = async (opts: {
  db: Db;
  actor: Actor;
  params: HomeworkQuestionsParams;
  page: TeachingQuestionsQuery;
}): Promise<HomeworkQuestionsResult> => {
  assertMayTeach(opts.actor);
  const homework = await repo.findHomeworkInCourse(
    opts.db,
    Number(opts.params.courseId),
    Number(opts.params.homeworkId),
  );
  if (!homework || !ownsCourse(opts.actor, homework)) throw AppError.notFound(TEACHING_MSG.homeworkNotFound);
  const { rows, total } = await repo.pageQuestionsOfHomework(opts.db, homework.id, pageOfQuery(opts.page));
  return {
    course: { id: String(homework.courseId), name: homework.courseName },
    homework: { id: String(homework.id), name: homework.name },
    rows: rows.map(fromHomeworkRow).filter(present),
    total,
  };
};

/**
 * `GET /api/course/courses/{courseId}/exerciseSets/{setId}/questions`: the questions of an exercise set of
 * the teacher's own course. A set that does not exist, is of another course, or of another teacher: 404.
 */
export const exerciseSetQuestions = async (opts: {
  db: Db;
  actor: Actor;
  params: ExerciseSetQuestionsParams;
  page: TeachingQuestionsQuery;
}): Promise<ExerciseSetQuestionsResult> => {
  assertMayTeach(opts.actor);
  const set = await repo.findExerciseSetInCourse(
    opts.db,
    Number(opts.params.courseId),
    Number(opts.params.setId),
  );
  if (!set || !ownsCourse(opts.actor, set)) throw AppError.notFound(TEACHING_MSG.exerciseSetNotFound);
  const { rows, total } = await repo.pageQuestionsOfExerciseSet(opts.db, set.id, pageOfQuery(opts.page));
  return {
    course: { id: String(set.courseId), name: set.courseName },
    exerciseSet: { id: String(set.id), name: set.name },
    rows: rows.map(fromExerciseRow).filter(present),
    total,
  };
};
