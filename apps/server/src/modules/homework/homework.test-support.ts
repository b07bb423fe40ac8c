import type { GeneratedQuestionInput } from '@uplus/shared';
import type { Db } from '../../db/client';
import { courseMembers } from '../../db/schema';
import type { App } from '../../http/context';
import { asUser, buildSignedInMember } from '../../test/factories';
import { createCourse } from '../question-bank/question-bank.service';

/* What the homework tests share: a course with a teacher, two students, outsiders and a homework. */

export const C = '/api/course';
export const DAY = 24 * 60 * 60 * 1000;

/** One question of each type a homework takes from the generator (and fill blanks). */
export const QUESTIONS = {
  single: {
    qsnType: 1,
    titleText: '栈的特点是？',
    options: [
      { id: 'A', optionContent: '先进先出' },
      { id: 'B', optionContent: '后进先出' },
    ],
    answer: 'B',
  },
  multiple: {
    qsnType: 2,
    titleText: '下列属于线性结构的是？',
    options: [
      { id: 'A', optionContent: '栈' },
      { id: 'B', optionContent: '队列' },
      { id: 'C', optionContent: '二叉树' },
    ],
    answer: 'AB',
  },
  judgment: { qsnType: 3, titleText: '队列是先进先出的。', answer: 'true' },
  fill: {
    qsnType: 6,
    titleText: '栈的插入操作叫____，删除操作叫____。',
    answer: '入栈',
    answerList: ['Push', 'Pop'],
    isOrder: 1,
    isCase: 0,
  },
  short: { qsnType: 7, titleText: '简述栈和队列的区别', answer: '栈后进先出，队列先进先出' },
  program: {
    qsnType: 5,
    titleText: '两数之和',
    description: '输入两个整数，输出它们的和。',
    language: 'python3',
    answer: 'a, b = map(int, input().split())\nprint(a + b)',
    testcases: [
      { input: '1 2', output: '3', weight: 50 },
      { input: '3 4', output: '7', weight: 50 },
    ],
  },
  func: {
    qsnType: 8,
    titleText: '求最大值',
    description: '实现函数 max_of(nums)，返回列表中的最大值。',
    language: 'python3',
    codeModel: 'def max_of(nums):\n    pass\n',
    answer: 'def max_of(nums):\n    return max(nums)\n',
    testcases: [{ input: '1 5 3', output: '5', weight: 100 }],
  },
} satisfies Record<string, GeneratedQuestionInput>;

export type QuestionKey = keyof typeof QUESTIONS;

const put = (app: App, token: string, url: string, payload?: unknown) =>
  app.inject({
    method: 'PUT',
    url,
    headers: { 'x-access-token': token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const del = (app: App, token: string, url: string) =>
  app.inject({ method: 'DELETE', url, headers: { 'x-access-token': token } });

/** A client for one user with the verbs the homework calls use. */
export const clientOf = (app: App, token: string) => ({
  ...asUser(app, token),
  put: (url: string, payload?: unknown) => put(app, token, url, payload),
  delete: (url: string) => del(app, token, url),
});

/** Makes a user a student member of a course (the courses area's join does this through a class code). */
export const enrol = async (db: Db, courseId: number, userId: number) => {
  await db.insert(courseMembers).values({ courseId, userId, memberType: 'Student' });
};

/**
 * A teacher's course with two student members, an outsider student, another teacher (with a course of
 * their own), and a homework (deadline in a week) holding the given questions, optionally published.
 */
export const courseWithHomework = async (
  t: { db: Db; app: App; clock: { now: () => Date } },
  opts: { questions?: QuestionKey[]; publish?: boolean } = {},
) => {
  const teacherMember = await buildSignedInMember(t.db, { identityType: 'Teacher' });
  const { course } = await createCourse({ db: t.db, teacherId: teacherMember.user.id, name: '数据结构' });
  const student = await buildSignedInMember(t.db, { identityType: 'Student' });
  const classmate = await buildSignedInMember(t.db, { identityType: 'Student' });
  const outsider = await buildSignedInMember(t.db, { identityType: 'Student' });
  const otherTeacherMember = await buildSignedInMember(t.db, { identityType: 'Teacher' });
  const other = await createCourse({ db: t.db, teacherId: otherTeacherMember.user.id, name: '操作系统' });
  await enrol(t.db, course.id, student.user.id);
  await enrol(t.db, course.id, classmate.user.id);
  const teacher = clientOf(t.app, teacherMember.token);
  const courseBase = `${C}/courses/${course.id}/homeworks`;
  const created = await teacher.post(courseBase, {
    name: '第一次作业',
    description: '栈与队列',
    deadline: t.clock.now().getTime() + 7 * DAY,
  });
  if (created.statusCode !== 200) throw new Error(created.body);
  const homeworkId: string = created.json().data.id;
  const keys = opts.questions ?? (Object.keys(QUESTIONS) as QuestionKey[]);
  if (keys.length > 0) {
    const saved = await teacher.post(
      `${C}/homeworkQuestions/batchSave?homeworkId=${homeworkId}`,
      keys.map((k) => QUESTIONS[k]),
    );
    if (saved.json().data.fieldList.length > 0) throw new Error(saved.body);
  }
  const base = `${courseBase}/${homeworkId}`;
  const listed = (await teacher.get(`${base}/questions?pageSize=100`)).json().data.rows as {
    id: string;
    title: string;
  }[];
  const ids = Object.fromEntries(
    keys.map((k) => [k, listed.find((q) => q.title === QUESTIONS[k].titleText)!.id]),
  ) as Record<QuestionKey, string>;
  if (opts.publish) {
    const published = await teacher.post(`${base}/publish`);
    if (published.statusCode !== 200) throw new Error(published.body);
  }
  return {
    courseId: String(course.id),
    otherCourseId: String(other.course.id),
    courseBase,
    base,
    homeworkId,
    ids,
    teacherMember,
    teacher,
    student,
    classmate,
    outsider,
    otherTeacherMember,
    asStudent: clientOf(t.app, student.token),
    asClassmate: clientOf(t.app, classmate.token),
    asOutsider: clientOf(t.app, outsider.token),
    asOtherTeacher: clientOf(t.app, otherTeacherMember.token),
  };
};
