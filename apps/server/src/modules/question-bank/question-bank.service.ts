import {
  type ExerciseBatchItem,
  type ExercisesBatchResult,
  fromExerciseQuestion,
  type GeneratedQuestion,
  isCodeType,
  type KnowledgeTag,
  type LibQuestionPage,
  type PageQuery,
  parseKnowledges,
  QSN_TYPE,
  QSN_TYPE_NAMES,
  QUESTION_LIMITS,
  QUESTION_MSG,
  type QuestionBatchResult,
  questionFailure,
  type TeacherCourse,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { storable, storableText } from '../../db/storable-text';
import { createCourseRecord } from '../courses/courses.service';
import { assertQuestionsEditable } from '../homework/lifecycle.service';
import type { Actor } from '../sessions/actor';
import { assertMaySetQuestions, ownsCourse } from './question-bank.policy';
import * as repo from './question-bank.repo';

/** Texts of the question-bank calls beyond the spec's. */
export const QUESTION_BANK_MSG = {
  homeworkNotFound: '作业不存在',
  courseNotFound: '课程不存在',
  exerciseSetNotFound: '练习集不存在',
  typeUnsupported: '不支持的题目类型',
  shortAnswerNotInExercises: '练习集不支持简答题',
  knowledgeRequired: '请输入知识点',
  duplicateInLibrary: '题库中已存在相同题目',
  duplicateInHomework: '作业中已存在相同题目',
} as const;

/** Where a failed save is logged (the question comes back with 导入失败). */
export type SaveLog = { error: (obj: object, msg: string) => void };

/**
 * What a failed save logs: the question's position in the batch and the database's reason (SQLSTATE,
 * constraint, table). Never the error's message: Drizzle's carries the query's parameters, i.e. the question.
 */
export const saveFailureLog = (error: unknown, index: number) => {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  const pick = (key: 'code' | 'constraint' | 'table') => {
    const value = (cause as Record<string, unknown> | null)?.[key];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    question: index,
    error: error instanceof Error ? error.name : typeof error,
    code: pick('code'),
    constraint: pick('constraint'),
    table: pick('table'),
  };
};

const ID_RE = /^[0-9]{1,15}$/;
const idOf = (value: string) => (ID_RE.test(value) ? Number(value) : null);

/**
 * The caller's own course (or homework of one) that `id` names; an id that is malformed, unknown or another
 * teacher's is 404 with `notFound`.
 */
const findOwned = async <T extends { teacherId: number }>(
  actor: Actor,
  id: string,
  find: (id: number) => Promise<T | null>,
  { notFound }: { notFound: string },
): Promise<T> => {
  const n = idOf(id);
  const row = n === null ? null : await find(n);
  if (!row || !ownsCourse(actor, row)) throw AppError.notFound(notFound);
  return row;
};

/** What is stored: the type's name, no failureMsg, coding questions judged automatically. */
const storedQuestion = (q: GeneratedQuestion): GeneratedQuestion => ({
  ...q,
  qsnName: QSN_TYPE_NAMES[q.qsnType] ?? q.qsnName,
  failureMsg: null,
  ...(isCodeType(q.qsnType) ? { isAutojudge: 1 as const } : {}),
});

/** The teacher's own tags for the knowledges of saved questions (names the teacher sees already are kept). */
const rememberKnowledges = async (db: Db, ownerId: number, names: string[]) => {
  for (const name of names) {
    if (name.length > QUESTION_LIMITS.maxKnowledgeLength) continue;
    if (!(await repo.findVisibleKnowledge(db, ownerId, name)))
      await repo.insertKnowledge(db, { ownerId, name, isLibrary: false });
  }
};

/**
 * Saves the questions one by one, each in its own transaction, after the rules of spec 5.1: invalid ones,
 * and ones whose save failed, come back with failureMsg; the rest are saved. Characters PostgreSQL cannot
 * store (NUL, lone surrogates: invisible, and a save would fail on them) are removed first, so the rules
 * see the text that is stored.
 */
const saveEach = async <Q extends { failureMsg?: string | null }>(opts: {
  db: Db;
  log?: SaveLog;
  questions: Q[];
  check: (q: Q) => string | null;
  /** Saves the question, or answers why it is not saved (a failureMsg; nothing is written then). */
  save: (tx: Db, q: Q) => Promise<string | undefined>;
}) => {
  const failed: Q[] = [];
  for (const [index, given] of opts.questions.entries()) {
    const question = storable(given);
    const failure = opts.check(question);
    if (failure) {
      failed.push({ ...question, failureMsg: failure });
      continue;
    }
    try {
      const refused = await opts.db.transaction((tx) => opts.save(tx, question));
      if (refused) failed.push({ ...question, failureMsg: refused });
    } catch (error) {
      opts.log?.error(saveFailureLog(error, index), 'question save failed');
      failed.push({ ...question, failureMsg: QUESTION_MSG.importFailed });
    }
  }
  return failed;
};

/**
 * Saves generated questions into one place (a library or a homework): the rules, the place's duplicate check,
 * then the stored question and the teacher's new knowledge tags, one transaction each.
 */
const storeGenerated = (opts: {
  db: Db;
  teacherId: number;
  questions: GeneratedQuestion[];
  log?: SaveLog;
  /** Whether the place holds a question of this type with this title already... */
  holds: (tx: Db, q: GeneratedQuestion) => Promise<boolean>;
  /** ...then the question comes back with this failureMsg. */
  duplicateMsg: string;
  insert: (tx: Db, q: GeneratedQuestion) => Promise<unknown>;
}) =>
  saveEach({
    db: opts.db,
    log: opts.log,
    questions: opts.questions,
    check: questionFailure,
    save: async (tx, q) => {
      if (await opts.holds(tx, q)) return opts.duplicateMsg;
      await opts.insert(tx, storedQuestion(q));
      await rememberKnowledges(tx, opts.teacherId, parseKnowledges(q.knowledges));
      return undefined;
    },
  });

/**
 * Saves questions into a teacher's library (the rules, the duplicate check and one transaction each):
 * the path of the batch-save call after its permission check, and of the demo data.
 */
export const storeLibraryQuestions = async (opts: {
  db: Db;
  ownerId: number;
  questions: GeneratedQuestion[];
  log?: SaveLog;
}) =>
  storeGenerated({
    db: opts.db,
    teacherId: opts.ownerId,
    questions: opts.questions,
    log: opts.log,
    // A question the library holds already (an import repeated after a partial failure, say) is not
    // stored twice.
    holds: (tx, q) => repo.libraryHasQuestion(tx, opts.ownerId, q.qsnType, q.titleText),
    duplicateMsg: QUESTION_BANK_MSG.duplicateInLibrary,
    insert: (tx, q) => repo.insertLibQuestion(tx, opts.ownerId, q),
  });

/** `POST /api/course/libQuestions/batchSave`: into the teacher's own library. */
export const saveLibraryQuestions = async (opts: {
  db: Db;
  actor: Actor;
  questions: GeneratedQuestion[];
  log?: SaveLog;
}): Promise<QuestionBatchResult> => {
  assertMaySetQuestions(opts.actor);
  const fieldList = await storeLibraryQuestions({
    db: opts.db,
    ownerId: opts.actor.userId,
    questions: opts.questions,
    log: opts.log,
  });
  return { fieldList };
};

/**
 * Saves questions into a homework (purpose HomeworkQuestion; the rules, the duplicate check and one
 * transaction each); the path of the batch-save call after its ownership check, and of the demo data.
 */
export const storeHomeworkQuestions = async (opts: {
  db: Db;
  homeworkId: number;
  teacherId: number;
  questions: GeneratedQuestion[];
  log?: SaveLog;
}) =>
  storeGenerated({
    db: opts.db,
    teacherId: opts.teacherId,
    questions: opts.questions.map((q) => ({ ...q, purpose: 'HomeworkQuestion' as const })),
    log: opts.log,
    holds: (tx, q) => repo.homeworkHasQuestion(tx, opts.homeworkId, q.qsnType, q.titleText),
    duplicateMsg: QUESTION_BANK_MSG.duplicateInHomework,
    insert: (tx, q) => repo.insertHomeworkQuestion(tx, opts.homeworkId, q),
  });

/**
 * `POST /api/course/homeworkQuestions/batchSave?homeworkId=`: into a homework of the teacher's own course.
 * A homework that does not exist or is another teacher's is 404.
 */
export const saveHomeworkQuestions = async (opts: {
  db: Db;
  actor: Actor;
  homeworkId: string;
  questions: GeneratedQuestion[];
  log?: SaveLog;
}): Promise<QuestionBatchResult> => {
  assertMaySetQuestions(opts.actor);
  const homework = await findOwned(opts.actor, opts.homeworkId, (id) => repo.findHomework(opts.db, id), {
    notFound: QUESTION_BANK_MSG.homeworkNotFound,
  });
  // A published homework's questions are what its students answer: none is added any more.
  await assertQuestionsEditable({ db: opts.db, courseId: homework.courseId, homeworkId: homework.id });
  const fieldList = await storeHomeworkQuestions({
    db: opts.db,
    homeworkId: homework.id,
    teacherId: opts.actor.userId,
    questions: opts.questions,
    log: opts.log,
  });
  return { fieldList };
};

/** The rules of an exercise-set question: a known type other than short answer, then spec 5.1. */
const exerciseFailure = (item: ExerciseBatchItem): string | null => {
  const q = fromExerciseQuestion(item);
  if (!q) return QUESTION_BANK_MSG.typeUnsupported;
  if (q.qsnType === QSN_TYPE.shortAnswer) return QUESTION_BANK_MSG.shortAnswerNotInExercises;
  return questionFailure(q);
};

/**
 * `POST /api/course/exercises_questions/batch?courseId=`: questions in the exercise-set shape into sets of
 * the teacher's own course. A course that does not exist or is another teacher's, or a set outside that
 * course, is 404.
 */
export const saveExerciseQuestions = async (opts: {
  db: Db;
  actor: Actor;
  courseId: string;
  items: ExerciseBatchItem[];
  log?: SaveLog;
}): Promise<ExercisesBatchResult> => {
  assertMaySetQuestions(opts.actor);
  const course = await findOwned(opts.actor, opts.courseId, (id) => repo.findCourse(opts.db, id), {
    notFound: QUESTION_BANK_MSG.courseNotFound,
  });
  const setIds = [...new Set(opts.items.map((i) => idOf(i.setId)))];
  if (setIds.some((s) => s === null)) throw AppError.notFound(QUESTION_BANK_MSG.exerciseSetNotFound);
  const found = await repo.listSetsOfCourse(opts.db, course.id, setIds as number[]);
  if (found.length !== setIds.length) throw AppError.notFound(QUESTION_BANK_MSG.exerciseSetNotFound);
  const fieldList = await saveEach({
    db: opts.db,
    log: opts.log,
    questions: opts.items,
    check: exerciseFailure,
    save: async (tx, item) => {
      const { setId, failureMsg: _failure, ...question } = item;
      await repo.insertExerciseQuestion(tx, Number(setId), { ...question, failureMsg: null });
      await rememberKnowledges(
        tx,
        opts.actor.userId,
        question.knowledges.map((k) => k.trim()).filter(Boolean),
      );
      return undefined;
    },
  });
  return { fieldList };
};

/** `GET /api/course/libQuestions`: a page of the teacher's library, newest first. */
export const pageLibrary = async (opts: {
  db: Db;
  actor: Actor;
  page: PageQuery;
}): Promise<LibQuestionPage> => {
  assertMaySetQuestions(opts.actor);
  const { pageNumber, pageSize } = opts.page;
  const { rows, total } = await repo.pageLibQuestions(opts.db, opts.actor.userId, {
    offset: (pageNumber - 1) * pageSize,
    limit: pageSize,
  });
  return {
    rows: rows.map((r) => ({ ...r.question, id: String(r.id), createdAt: r.createdAt.getTime() })),
    total,
  };
};

/** `GET /api/course/libKnowledges/list`: the teacher's tags, and with isLibrary=1 the library's too. */
export const listKnowledges = async (opts: {
  db: Db;
  actor: Actor;
  keyWord?: string;
  isLibrary?: number;
}): Promise<{ fieldList: KnowledgeTag[] }> => {
  assertMaySetQuestions(opts.actor);
  const rows = await repo.listKnowledges(opts.db, {
    ownerId: opts.actor.userId,
    withLibrary: opts.isLibrary !== 0,
    keyWord: storableText(opts.keyWord ?? '') || undefined,
  });
  return { fieldList: rows.map((r) => ({ id: String(r.id), name: r.name })) };
};

/**
 * `POST /api/course/libKnowledges`: a new tag of the teacher's; a tag of that name the teacher already sees
 * (own or library, regardless of case) is answered instead of a duplicate.
 */
export const createKnowledge = async (opts: {
  db: Db;
  actor: Actor;
  name: string;
  isLibrary: number;
}): Promise<KnowledgeTag> => {
  assertMaySetQuestions(opts.actor);
  const name = storableText(opts.name).trim();
  if (!name) throw AppError.badRequest(QUESTION_BANK_MSG.knowledgeRequired);
  const existing = await repo.findVisibleKnowledge(opts.db, opts.actor.userId, name);
  const tag =
    existing ??
    (await repo.insertKnowledge(opts.db, {
      ownerId: opts.actor.userId,
      name,
      isLibrary: opts.isLibrary === 1,
    }));
  return { id: String(tag.id), name: tag.name };
};

/**
 * A course of a teacher, with (optionally) exercise sets and homeworks: the demo data and tests make them.
 * The course itself is made by the courses area (type, dates, cover and school as it takes them).
 */
export const createCourse = async (
  opts: Parameters<typeof createCourseRecord>[0] & { exerciseSets?: string[]; homeworks?: string[] },
) => {
  const { exerciseSets: _sets, homeworks: _works, ...details } = opts;
  const course = await createCourseRecord(details);
  const sets = [];
  for (const name of opts.exerciseSets ?? [])
    sets.push(await repo.insertExerciseSet(opts.db, { courseId: course.id, name }));
  const works = [];
  for (const name of opts.homeworks ?? [])
    works.push(await repo.insertHomework(opts.db, { courseId: course.id, name }));
  return { course, exerciseSets: sets, homeworks: works };
};

/** Library knowledge tags everyone sees (no owner). */
export const createLibraryKnowledges = async (opts: { db: Db; names: string[] }) => {
  for (const name of opts.names)
    await repo.insertKnowledge(opts.db, { ownerId: null, name, isLibrary: true });
};

/** `GET /api/course/courses/mine`: the teacher's own courses with their exercise sets and homeworks. */
export const listMyCourses = async (opts: { db: Db; actor: Actor }): Promise<TeacherCourse[]> => {
  assertMaySetQuestions(opts.actor);
  const rows = await repo.listCoursesOfTeacher(opts.db, opts.actor.userId);
  const ids = rows.map((c) => c.id);
  const [sets, works] = [
    await repo.listExerciseSetsOf(opts.db, ids),
    await repo.listHomeworksOf(opts.db, ids),
  ];
  const named = (r: { id: number; name: string }) => ({ id: String(r.id), name: r.name });
  return rows.map((c) => ({
    id: String(c.id),
    name: c.name,
    exerciseSets: sets.filter((s) => s.courseId === c.id).map(named),
    homeworks: works.filter((h) => h.courseId === c.id).map(named),
  }));
};
