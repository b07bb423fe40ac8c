import {
  type CourseHomeworksParams,
  type CourseHomeworksQuery,
  HOMEWORK_LIFECYCLE_MSG,
  type HomeworkBody,
  type HomeworkPage,
  type HomeworkParams,
  type HomeworkQuestionParams,
  type HomeworkQuestionScoreBody,
  type HomeworkRow,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { storableText } from '../../db/storable-text';
import { courseRoleOf } from '../courses/courses.service';
import { publishCourseNotice } from '../messages/messages.service';
import type { Actor } from '../sessions/actor';
import { assertCourseTeacher } from './homework.policy';
import * as repo from './submissions.repo';

const M = HOMEWORK_LIFECYCLE_MSG;

export const msOf = (d: Date | null) => (d === null ? null : d.getTime());

/** The course the path names, the caller teaching it; else 403 (students) or 404 `notFound`. */
export const taughtCourse = async (db: Db, actor: Actor, courseId: string, notFound: string) => {
  const place = await courseRoleOf({ db, actor, courseId: Number(courseId) });
  assertCourseTeacher(actor, place, notFound);
  return place!.course;
};

/** The homework the path names, of a course the caller teaches; else 403 (students) or 404 作业不存在. */
export const taughtHomework = async (db: Db, actor: Actor, params: HomeworkParams) => {
  const course = await taughtCourse(db, actor, params.courseId, M.homeworkNotFound);
  const homework = await repo.findHomework(db, course.id, Number(params.homeworkId));
  if (!homework) throw AppError.notFound(M.homeworkNotFound);
  return { course, homework };
};

const rowOf = (h: repo.HomeworkFigures, studentCount: number): HomeworkRow => ({
  id: String(h.id),
  courseId: String(h.courseId),
  name: h.name,
  description: h.description,
  deadline: msOf(h.deadline),
  publishedAt: msOf(h.publishedAt),
  releasedAt: msOf(h.releasedAt),
  questionCount: h.questionCount,
  totalScore: h.totalScore,
  submittedCount: h.submittedCount,
  studentCount,
  pendingCount: h.pendingCount,
});

/** The homework as the teacher's list shows it, read again. */
const homeworkRowOf = async (db: Db, courseId: number, homeworkId: number) => {
  const figures = await repo.homeworkFigures(db, homeworkId);
  if (!figures) throw AppError.notFound(M.homeworkNotFound);
  return rowOf(figures, await repo.countStudents(db, courseId));
};

/** The deadline of a create or edit: later than now. */
const futureDeadline = (deadline: number, now: Date) => {
  if (deadline <= now.getTime()) throw AppError.badRequest(M.deadlinePast);
  return new Date(deadline);
};

const cleanBody = (body: HomeworkBody) => {
  const name = storableText(body.name).trim();
  if (!name) throw AppError.badRequest(M.nameRequired);
  return { name, description: storableText(body.description ?? '').trim() };
};

/** `GET .../courses/{courseId}/homeworks`: a page of the course's homework with figures, newest first. */
export const pageHomeworks = async (opts: {
  db: Db;
  actor: Actor;
  params: CourseHomeworksParams;
  query: CourseHomeworksQuery;
}): Promise<HomeworkPage> => {
  const course = await taughtCourse(opts.db, opts.actor, opts.params.courseId, M.courseNotFound);
  const { pageNumber, pageSize } = opts.query;
  const { rows, total } = await repo.pageHomeworks(opts.db, course.id, {
    offset: (pageNumber - 1) * pageSize,
    limit: pageSize,
  });
  const students = await repo.countStudents(opts.db, course.id);
  return { rows: rows.map((r) => rowOf(r, students)), total };
};

/** `GET .../homeworks/{homeworkId}`: one homework with its figures, as the list shows it. */
export const getHomework = async (opts: { db: Db; actor: Actor; params: HomeworkParams }) => {
  const { course, homework } = await taughtHomework(opts.db, opts.actor, opts.params);
  return homeworkRowOf(opts.db, course.id, homework.id);
};

/** A new, unpublished homework of a course (the create call after its checks, and the demo data). */
export const createHomeworkIn = async (opts: { db: Db; courseId: number; body: HomeworkBody; now: Date }) =>
  repo.insertHomework(opts.db, {
    courseId: opts.courseId,
    ...cleanBody(opts.body),
    deadline: futureDeadline(opts.body.deadline, opts.now),
  });

/** `POST .../courses/{courseId}/homeworks`: a new, unpublished homework. */
export const createHomework = async (opts: {
  db: Db;
  actor: Actor;
  params: CourseHomeworksParams;
  body: HomeworkBody;
  now: Date;
}): Promise<HomeworkRow> => {
  const course = await taughtCourse(opts.db, opts.actor, opts.params.courseId, M.courseNotFound);
  const id = await createHomeworkIn({ db: opts.db, courseId: course.id, body: opts.body, now: opts.now });
  return homeworkRowOf(opts.db, course.id, id);
};

/**
 * `PUT .../homeworks/{homeworkId}`: title, description and deadline. A new deadline must lie ahead (an
 * unchanged one may have passed: the title of a closed homework can still be corrected).
 */
export const updateHomework = async (opts: {
  db: Db;
  actor: Actor;
  params: HomeworkParams;
  body: HomeworkBody;
  now: Date;
}): Promise<HomeworkRow> => {
  const { course, homework } = await taughtHomework(opts.db, opts.actor, opts.params);
  const deadline =
    homework.deadline?.getTime() === opts.body.deadline
      ? homework.deadline
      : futureDeadline(opts.body.deadline, opts.now);
  await repo.updateHomework(opts.db, homework.id, { ...cleanBody(opts.body), deadline });
  return homeworkRowOf(opts.db, course.id, homework.id);
};

/** `DELETE .../homeworks/{homeworkId}`: only an unpublished homework (with its questions). */
export const deleteHomework = async (opts: { db: Db; actor: Actor; params: HomeworkParams }) => {
  const { homework } = await taughtHomework(opts.db, opts.actor, opts.params);
  if (homework.publishedAt || !(await repo.deleteUnpublishedHomework(opts.db, homework.id)))
    throw AppError.badRequest(M.publishedNoDelete);
  return null;
};

/** A question of an unpublished homework of the caller's; `locked` is the message once published. */
const editableQuestion = async (
  opts: { db: Db; actor: Actor; params: HomeworkQuestionParams },
  locked: string,
) => {
  const { course, homework } = await taughtHomework(opts.db, opts.actor, opts.params);
  const question = await repo.findQuestion(opts.db, homework.id, Number(opts.params.questionId));
  if (!question) throw AppError.notFound(M.questionNotFound);
  if (homework.publishedAt) throw AppError.badRequest(locked);
  return { course, homework, question };
};

/** `PUT .../homeworks/{homeworkId}/questions/{questionId}/score`: the question's score (unpublished only). */
export const setQuestionScore = async (opts: {
  db: Db;
  actor: Actor;
  params: HomeworkQuestionParams;
  body: HomeworkQuestionScoreBody;
}): Promise<HomeworkRow> => {
  const { course, homework, question } = await editableQuestion(opts, M.publishedScoreLocked);
  await repo.setQuestionScore(opts.db, question.id, opts.body.score);
  return homeworkRowOf(opts.db, course.id, homework.id);
};

/** `DELETE .../homeworks/{homeworkId}/questions/{questionId}`: removes a question (unpublished only). */
export const removeQuestion = async (opts: {
  db: Db;
  actor: Actor;
  params: HomeworkQuestionParams;
}): Promise<HomeworkRow> => {
  const { course, homework, question } = await editableQuestion(opts, M.publishedQuestionsLocked);
  await repo.deleteQuestion(opts.db, question.id);
  return homeworkRowOf(opts.db, course.id, homework.id);
};

/**
 * Whether questions may still be added to or removed from a homework: not once it is published (the import
 * `POST /api/course/homeworkQuestions/batchSave` asks this); 400 作业已发布，不能添加或删除题目 otherwise.
 */
export const assertQuestionsEditable = async (opts: { db: Db; courseId: number; homeworkId: number }) => {
  const homework = await repo.findHomework(opts.db, opts.courseId, opts.homeworkId);
  if (homework?.publishedAt) throw AppError.badRequest(M.publishedQuestionsLocked);
};

const deadlineText = (d: Date) =>
  new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(d);

/**
 * Publishes a homework of a course (the publish call after its checks, and the demo data): at least one
 * question and a deadline ahead; once only. The course's students get a course notice from its teacher in
 * the same transaction.
 */
export const publishHomeworkIn = async (opts: {
  db: Db;
  course: { id: number; name: string; teacherId: number };
  homeworkId: number;
  now: Date;
}) => {
  const homework = await repo.findHomework(opts.db, opts.course.id, opts.homeworkId);
  if (!homework) throw AppError.notFound(M.homeworkNotFound);
  if (homework.publishedAt) throw AppError.badRequest(M.alreadyPublished);
  if ((await repo.listQuestions(opts.db, homework.id)).length === 0)
    throw AppError.badRequest(M.publishNoQuestions);
  const deadline = homework.deadline;
  if (!deadline) throw AppError.badRequest(M.publishDeadlineMissing);
  if (deadline.getTime() <= opts.now.getTime()) throw AppError.badRequest(M.publishDeadlinePast);
  await opts.db.transaction(async (tx) => {
    if (!(await repo.markPublished(tx, homework.id, opts.now))) throw AppError.badRequest(M.alreadyPublished);
    const students = await repo.studentIdsOf(tx, opts.course.id);
    if (students.length > 0)
      await publishCourseNotice({
        db: tx,
        courseId: opts.course.id,
        publisherId: opts.course.teacherId,
        title: M.publishNoticeTitle(homework.name),
        content: `《${opts.course.name}》发布了作业“${homework.name}”，截止时间：${deadlineText(deadline)}。请按时完成并提交。`,
        recipientIds: students,
        now: opts.now,
      });
  });
};

/** `POST .../homeworks/{homeworkId}/publish`: the course's students see the homework (and get a notice). */
export const publishHomework = async (opts: {
  db: Db;
  actor: Actor;
  params: HomeworkParams;
  now: Date;
}): Promise<HomeworkRow> => {
  const { course, homework } = await taughtHomework(opts.db, opts.actor, opts.params);
  await publishHomeworkIn({ db: opts.db, course, homeworkId: homework.id, now: opts.now });
  return homeworkRowOf(opts.db, course.id, homework.id);
};

/**
 * `POST .../homeworks/{homeworkId}/release`: students see their scores, comments and the reference
 * answers; the homework takes no more answers.
 */
export const releaseHomework = async (opts: {
  db: Db;
  actor: Actor;
  params: HomeworkParams;
  now: Date;
}): Promise<HomeworkRow> => {
  const { course, homework } = await taughtHomework(opts.db, opts.actor, opts.params);
  if (!homework.publishedAt) throw AppError.badRequest(M.releaseUnpublished);
  if (homework.releasedAt || !(await repo.markReleased(opts.db, homework.id, opts.now)))
    throw AppError.badRequest(M.alreadyReleased);
  return homeworkRowOf(opts.db, course.id, homework.id);
};

/** The questions of a homework (ids and types, in order): the demo data answers them. */
export const questionsOf = async (opts: { db: Db; homeworkId: number }) =>
  (await repo.listQuestions(opts.db, opts.homeworkId)).map((q) => ({ id: q.id, qsnType: q.qsnType }));

/** The ids of a course's student members: the demo data has them answer. */
export const studentsOf = (opts: { db: Db; courseId: number }) => repo.studentIdsOf(opts.db, opts.courseId);
