import {
  type GeneratedQuestionInput,
  generatedQuestion,
  MSG,
  normalizeQuestion,
  TEACHING_MSG,
  toExerciseQuestion,
} from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildSignedInMember } from '../../test/factories';
import { createCourse } from './question-bank.service';

const C = '/api/course';

const shortAnswer: GeneratedQuestionInput = {
  qsnType: 7,
  titleText: '简述栈和队列的区别',
  answer: '栈后进先出，队列先进先出',
  difficulty: 2,
  knowledges: '栈,队列',
  everyScore: 10,
};

const single: GeneratedQuestionInput = {
  qsnType: 1,
  titleText: '栈的特点是？',
  options: [
    { id: 'A', optionContent: '先进先出' },
    { id: 'B', optionContent: '后进先出' },
  ],
  answer: 'B',
  difficulty: 1,
  knowledges: '栈',
};

const coding: GeneratedQuestionInput = {
  qsnType: 5,
  titleText: '两数之和',
  description: '输入两个整数，输出它们的和',
  language: 'python3',
  answer: 'print(sum(map(int, input().split())))',
  difficulty: 3,
  knowledges: '输入输出',
  testcases: [
    { input: '1 2', output: '3', weight: 50 },
    { input: '3 4', output: '7', weight: 50 },
  ],
};

/** A teacher with a course holding one homework and one exercise set, each with questions saved through the API. */
const teacherWithCourse = async (t: { db: Db; app: Parameters<typeof asUser>[0] }) => {
  const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
  const { course, homeworks, exerciseSets } = await createCourse({
    db: t.db,
    teacherId: me.user.id,
    name: '数据结构',
    homeworks: ['第一次作业'],
    exerciseSets: ['第一章练习'],
  });
  const api = asUser(t.app, me.token);
  const homeworkId = String(homeworks[0]!.id);
  const setId = String(exerciseSets[0]!.id);
  const saved = await api.post(`${C}/homeworkQuestions/batchSave?homeworkId=${homeworkId}`, [
    shortAnswer,
    coding,
    single,
  ]);
  expect(saved.json().data.fieldList).toEqual([]);
  const exercises = [single, coding].map((q) => ({
    ...toExerciseQuestion(normalizeQuestion(generatedQuestion.parse(q))),
    setId,
  }));
  const savedSet = await api.post(`${C}/exercises_questions/batch?courseId=${course.id}`, exercises);
  expect(savedSet.json().data.fieldList).toEqual([]);
  return { me, api, courseId: String(course.id), homeworkId, setId };
};

describe.each(testDrivers())('teaching pages on %s', (driver) => {
  const t = useTestApp(driver);

  describe('homework questions', () => {
    it('lists the questions of an own homework: type, title, score, difficulty, answer, knowledges, code facts', async () => {
      const { api, courseId, homeworkId } = await teacherWithCourse(t);
      const res = await api.get(`${C}/courses/${courseId}/homeworks/${homeworkId}/questions`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.course).toEqual({ id: courseId, name: '数据结构' });
      expect(data.homework).toEqual({ id: homeworkId, name: '第一次作业' });
      expect(data.total).toBe(3);
      expect(data.rows).toHaveLength(3);
      const [text, program, choice] = data.rows;
      expect(text).toEqual({
        id: expect.any(String),
        qsnType: 7,
        typeName: '简答题',
        title: '简述栈和队列的区别',
        description: '',
        options: [],
        score: 10,
        difficulty: 2,
        answer: '栈后进先出，队列先进先出',
        knowledges: ['栈', '队列'],
        language: null,
        caseCount: null,
      });
      expect(program).toMatchObject({
        qsnType: 5,
        typeName: '编程题',
        title: '两数之和',
        description: '输入两个整数，输出它们的和',
        language: 'python3',
        caseCount: 2,
        answer: 'print(sum(map(int, input().split())))',
        score: 10,
      });
      expect(choice).toMatchObject({
        qsnType: 1,
        typeName: '单选题',
        answer: 'B',
        options: [
          { id: 'A', content: '先进先出' },
          { id: 'B', content: '后进先出' },
        ],
        language: null,
        caseCount: null,
      });
    });

    it('an empty homework lists no questions', async () => {
      const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const { course, homeworks } = await createCourse({
        db: t.db,
        teacherId: me.user.id,
        name: '操作系统',
        homeworks: ['空作业'],
      });
      const res = await asUser(t.app, me.token).get(
        `${C}/courses/${course.id}/homeworks/${homeworks[0]!.id}/questions`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ homework: { name: '空作业' }, rows: [], total: 0 });
    });

    it('another teacher’s homework, or one of another course: 404 without the data', async () => {
      const { courseId, homeworkId } = await teacherWithCourse(t);
      const other = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const theirs = await createCourse({ db: t.db, teacherId: other.user.id, name: '别的课' });
      const api = asUser(t.app, other.token);
      for (const path of [
        `${C}/courses/${courseId}/homeworks/${homeworkId}/questions`,
        // Their own course id with someone else's homework.
        `${C}/courses/${theirs.course.id}/homeworks/${homeworkId}/questions`,
        `${C}/courses/${courseId}/homeworks/99999999/questions`,
      ]) {
        const res = await api.get(path);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          success: false,
          code: 404,
          message: TEACHING_MSG.homeworkNotFound,
          data: null,
        });
      }
    });

    it('students 403; no token 401; bad ids 400', async () => {
      const { courseId, homeworkId } = await teacherWithCourse(t);
      const student = await buildSignedInMember(t.db, { identityType: 'Student' });
      const refused = await asUser(t.app, student.token).get(
        `${C}/courses/${courseId}/homeworks/${homeworkId}/questions`,
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MSG.studentNoPermission);
      expect(refused.json().data).toBeNull();

      const anonymous = await t.app.inject({
        method: 'GET',
        url: `${C}/courses/${courseId}/homeworks/${homeworkId}/questions`,
      });
      expect(anonymous.statusCode).toBe(401);

      const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const api = asUser(t.app, me.token);
      for (const [path, message] of [
        [`${C}/courses/abc/homeworks/${homeworkId}/questions`, TEACHING_MSG.courseIdInvalid],
        [`${C}/courses/${courseId}/homeworks/1.5/questions`, TEACHING_MSG.homeworkIdInvalid],
        [`${C}/courses/${courseId}/homeworks/0/questions`, TEACHING_MSG.homeworkIdInvalid],
        [`${C}/courses/${courseId}/homeworks/${'9'.repeat(16)}/questions`, TEACHING_MSG.homeworkIdInvalid],
      ] as const) {
        const res = await api.get(path);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
    });

    it('a business user at the teacher workbench sees their own homework', async () => {
      const me = await buildSignedInMember(t.db, { identityType: 'Business' });
      const { course, homeworks } = await createCourse({
        db: t.db,
        teacherId: me.user.id,
        name: '企业课',
        homeworks: ['实训作业'],
      });
      const res = await asUser(t.app, me.token).get(
        `${C}/courses/${course.id}/homeworks/${homeworks[0]!.id}/questions`,
      );
      expect(res.statusCode).toBe(200);
    });
  });

  describe('pages (issue 10: a homework can grow without bound)', () => {
    it('answers one page of pageSize questions in order, with the total; pageSize at most 100', async () => {
      const { api, courseId, homeworkId, setId } = await teacherWithCourse(t);
      const path = `${C}/courses/${courseId}/homeworks/${homeworkId}/questions`;
      const first = (await api.get(`${path}?pageNumber=1&pageSize=2`)).json().data;
      expect(first.total).toBe(3);
      expect(first.rows.map((q: { title: string }) => q.title)).toEqual(['简述栈和队列的区别', '两数之和']);
      const second = (await api.get(`${path}?pageNumber=2&pageSize=2`)).json().data;
      expect(second).toMatchObject({ total: 3, rows: [{ title: '栈的特点是？' }] });
      expect((await api.get(`${path}?pageNumber=3&pageSize=2`)).json().data).toMatchObject({
        total: 3,
        rows: [],
      });
      // Without a page: the first 10.
      expect((await api.get(path)).json().data.rows).toHaveLength(3);
      for (const bad of ['pageSize=101', 'pageSize=0', 'pageNumber=0', 'pageSize=abc']) {
        expect((await api.get(`${path}?${bad}`)).statusCode).toBe(400);
      }
      const set = `${C}/courses/${courseId}/exerciseSets/${setId}/questions`;
      expect((await api.get(`${set}?pageNumber=2&pageSize=1`)).json().data).toMatchObject({
        total: 2,
        rows: [{ title: '两数之和' }],
      });
    });
  });

  describe('exercise-set questions', () => {
    it('lists the questions of an own exercise set, read back from the exercise-set shape', async () => {
      const { api, courseId, setId } = await teacherWithCourse(t);
      const res = await api.get(`${C}/courses/${courseId}/exerciseSets/${setId}/questions`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.course).toEqual({ id: courseId, name: '数据结构' });
      expect(data.exerciseSet).toEqual({ id: setId, name: '第一章练习' });
      expect(data.total).toBe(2);
      expect(data.rows).toMatchObject([
        { qsnType: 1, typeName: '单选题', title: '栈的特点是？', answer: 'B', knowledges: ['栈'], score: 10 },
        {
          qsnType: 5,
          typeName: '编程题',
          title: '两数之和',
          language: 'python3',
          caseCount: 2,
          difficulty: 3,
          knowledges: ['输入输出'],
        },
      ]);
    });

    it('another teacher’s set, one of another course, students, no token and bad ids are refused', async () => {
      const { courseId, setId } = await teacherWithCourse(t);
      const other = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const theirs = await createCourse({
        db: t.db,
        teacherId: other.user.id,
        name: '别的课',
        exerciseSets: ['别的集'],
      });
      const api = asUser(t.app, other.token);
      for (const path of [
        `${C}/courses/${courseId}/exerciseSets/${setId}/questions`,
        `${C}/courses/${theirs.course.id}/exerciseSets/${setId}/questions`,
        // Their own set under someone else's course.
        `${C}/courses/${courseId}/exerciseSets/${theirs.exerciseSets[0]!.id}/questions`,
      ]) {
        const res = await api.get(path);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(TEACHING_MSG.exerciseSetNotFound);
        expect(res.json().data).toBeNull();
      }
      // Their own set under their own course is fine.
      const own = await api.get(
        `${C}/courses/${theirs.course.id}/exerciseSets/${theirs.exerciseSets[0]!.id}/questions`,
      );
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ rows: [], total: 0 });

      const student = await buildSignedInMember(t.db, { identityType: 'Student' });
      expect(
        (await asUser(t.app, student.token).get(`${C}/courses/${courseId}/exerciseSets/${setId}/questions`))
          .statusCode,
      ).toBe(403);
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `${C}/courses/${courseId}/exerciseSets/${setId}/questions`,
      });
      expect(anonymous.statusCode).toBe(401);
      const bad = await api.get(`${C}/courses/${courseId}/exerciseSets/x1/questions`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(TEACHING_MSG.setIdInvalid);
    });
  });
});
