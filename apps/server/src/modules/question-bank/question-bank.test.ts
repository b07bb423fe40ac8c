import {
  type GeneratedQuestionInput,
  generatedQuestion,
  MSG,
  normalizeQuestion,
  QUESTION_MSG,
  toExerciseQuestion,
} from '@uplus/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig, useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildSignedInMember } from '../../test/factories';
import { createCourse, createLibraryKnowledges, QUESTION_BANK_MSG } from './question-bank.service';

const C = '/api/course';

const single = (title: string): GeneratedQuestionInput => ({
  qsnType: 1,
  qsnName: '单选题',
  titleText: title,
  options: [
    { id: 'A', optionContent: '先进先出' },
    { id: 'B', optionContent: '后进先出' },
  ],
  answer: 'B',
  difficulty: 2,
  knowledges: '栈,线性表',
  tip: '栈是后进先出的线性表',
  everyScore: 10,
  purpose: 'InCommonUseQuestion',
  aiExerId: 'ai-1',
});

const coding: GeneratedQuestionInput = {
  qsnType: 5,
  titleText: '两数之和',
  description: '输入两个整数，输出它们的和',
  language: 'python3',
  answer: 'print(sum(map(int, input().split())))',
  testcases: [
    { input: '1 2', output: '3', weight: 50 },
    { input: '3 4', output: '7', weight: 50 },
  ],
};

describe.each(testDrivers())('question bank on %s', (driver) => {
  const t = useTestApp(driver);

  describe('libQuestions', () => {
    it('saves the valid questions and answers the invalid ones with failureMsg (partial import)', async () => {
      const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const api = asUser(t.app, me.token);
      const broken = { ...single(''), aiExerId: 'ai-broken' };
      const multi = { ...single('哪些是线性结构？'), qsnType: 2, answer: 'A' };
      const res = await api.post(`${C}/libQuestions/batchSave`, [
        single('栈的特点是？'),
        broken,
        coding,
        multi,
      ]);
      expect(res.statusCode).toBe(200);
      const { fieldList } = res.json().data;
      expect(fieldList).toHaveLength(2);
      expect(fieldList[0]).toMatchObject({ aiExerId: 'ai-broken', failureMsg: QUESTION_MSG.titleRequired });
      expect(fieldList[1]).toMatchObject({
        titleText: '哪些是线性结构？',
        failureMsg: '多选题必须有两个或以上的答案',
      });

      const page = await api.get(`${C}/libQuestions?pageNumber=1&pageSize=10`);
      expect(page.statusCode).toBe(200);
      const { rows, total } = page.json().data;
      expect(total).toBe(2);
      expect(rows.map((r: { titleText: string }) => r.titleText)).toEqual(['两数之和', '栈的特点是？']);
      expect(rows[0]).toMatchObject({ qsnType: 5, qsnName: '编程题', isAutojudge: 1, failureMsg: null });
      expect(typeof rows[0].id).toBe('string');

      const second = await api.get(`${C}/libQuestions?pageNumber=2&pageSize=1`);
      expect(second.json().data).toMatchObject({ total: 2, rows: [{ titleText: '栈的特点是？' }] });
    });

    it('does not store a question the library holds already (same type, same title up to white space)', async () => {
      const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const other = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const api = asUser(t.app, me.token);
      // Another teacher's library does not count.
      await asUser(t.app, other.token).post(`${C}/libQuestions/batchSave`, [single('栈的特点是？')]);
      expect(
        (await api.post(`${C}/libQuestions/batchSave`, [single('栈的特点是？')])).json().data.fieldList,
      ).toEqual([]);
      const again = await api.post(`${C}/libQuestions/batchSave`, [
        single('  栈的特点是？ '),
        { ...single('栈的特点是？'), qsnType: 3, options: [], answer: 'true' },
        single('队列的特点是？'),
        single('队列的特点是？'),
      ]);
      expect(again.statusCode).toBe(200);
      expect(again.json().data.fieldList).toMatchObject([
        { titleText: '  栈的特点是？ ', failureMsg: '题库中已存在相同题目' },
        { titleText: '队列的特点是？', failureMsg: '题库中已存在相同题目' },
      ]);
      const page = (await api.get(`${C}/libQuestions?pageNumber=1&pageSize=10`)).json().data;
      expect(page.total).toBe(3);
    });

    it('checks every 5.x rule on the server: each broken question comes back with the spec’s text', async () => {
      const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const cases: [GeneratedQuestionInput, string][] = [
        [{ ...single('t'), options: [{ id: 'A', optionContent: 'x' }] }, '请至少填入两个选项'],
        [
          {
            ...single('t'),
            options: [
              { id: 'A', optionContent: 'x' },
              { id: 'B', optionContent: '' },
            ],
          },
          '选项不能为空',
        ],
        [{ ...single('t'), answer: '' }, '请选择参考答案'],
        [{ qsnType: 7, titleText: '简述栈', answer: '' }, '请输入参考答案'],
        [{ ...coding, description: '' }, '请输入描述'],
        [{ ...coding, testcases: [] }, '测试用例不能为空，请尝试重新生成'],
        [
          { ...coding, testcases: [{ input: '1', output: ' ', weight: 100 }] },
          '测试用例的标准输出内容不能为空',
        ],
        [
          { ...coding, testcases: [{ input: '1', output: '1', weight: 90 }] },
          '测试用例的评分占比之和必须为100',
        ],
        [{ ...single('t'), answer: 'AB' }, QUESTION_MSG.singleAnswerOnly],
        // Lengths and numeric bounds (title over 1000, maxTime, a tag over 20) refuse the whole request
        // with 400: question-bank.bounds.test.ts.
      ];
      const res = await asUser(t.app, me.token).post(
        `${C}/libQuestions/batchSave`,
        cases.map(([q]) => q),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data.fieldList.map((q: { failureMsg: string }) => q.failureMsg)).toEqual(
        cases.map(([, message]) => message),
      );
      const page = await asUser(t.app, me.token).get(`${C}/libQuestions`);
      expect(page.json().data.total).toBe(0);
    });

    it('keeps each teacher’s library apart; students 403; no token 401', async () => {
      const a = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const b = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      await asUser(t.app, a.token).post(`${C}/libQuestions/batchSave`, [single('A的题')]);
      expect((await asUser(t.app, b.token).get(`${C}/libQuestions`)).json().data).toEqual({
        rows: [],
        total: 0,
      });

      const student = await buildSignedInMember(t.db, { identityType: 'Student' });
      const res = await asUser(t.app, student.token).post(`${C}/libQuestions/batchSave`, [single('x')]);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.studentNoPermission);
      expect((await asUser(t.app, student.token).get(`${C}/libQuestions`)).statusCode).toBe(403);

      const anonymous = await t.app.inject({
        method: 'POST',
        url: `${C}/libQuestions/batchSave`,
        payload: [single('x')],
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('removes characters PostgreSQL cannot store (NUL, lone surrogates) and saves the questions', async () => {
      const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const api = asUser(t.app, me.token);
      const res = await api.post(`${C}/libQuestions/batchSave`, [
        {
          ...single('栈的\u0000特点是？'),
          options: [
            { id: 'A', optionContent: '先进先出\uD800' },
            { id: 'B', optionContent: '后进\u0000先出' },
          ],
          knowledges: '栈\u0000,线性表',
          tip: '\uDC00栈是后进先出的线性表',
        },
        { ...coding, testcases: [{ input: '1 2\u0000', output: '3', weight: 100 }] },
        // Nothing left once cleaned: the title rule applies to what would be stored.
        { ...single('\u0000'), aiExerId: 'ai-nul' },
      ]);
      expect(res.statusCode).toBe(200);
      const { fieldList } = res.json().data;
      expect(fieldList).toHaveLength(1);
      expect(fieldList[0]).toMatchObject({ aiExerId: 'ai-nul', failureMsg: QUESTION_MSG.titleRequired });

      const { rows } = (await api.get(`${C}/libQuestions?pageNumber=1&pageSize=10`)).json().data;
      expect(rows.map((r: { titleText: string }) => r.titleText)).toEqual(['两数之和', '栈的特点是？']);
      expect(rows[0].testcases[0].input).toBe('1 2');
      expect(rows[1]).toMatchObject({
        options: [
          { id: 'A', optionContent: '先进先出' },
          { id: 'B', optionContent: '后进先出' },
        ],
        knowledges: '栈,线性表',
        tip: '栈是后进先出的线性表',
      });
      const tags = (await api.get(`${C}/libKnowledges/list?isLibrary=0`)).json().data.fieldList;
      expect(tags.map((k: { name: string }) => k.name).sort()).toEqual(['栈', '线性表'].sort());
    });

    it('a question the database refuses comes back with 导入失败, the others are saved, and the log names only the reason', async () => {
      const lines: string[] = [];
      const logged = await buildApp(testConfig({ logLevel: 'info' }), {
        database: t.database,
        logStream: { write: (line) => lines.push(line) },
      });
      // A constraint of this test's own database, so that a save fails in the database itself.
      await t.db.execute(
        sql.raw(
          `alter table lib_questions add constraint qb_test_no_boom check (title_text not like '%BOOM%')`,
        ),
      );
      try {
        await logged.ready();
        const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
        const refused = {
          ...single('BOOM 栈的特点是？'),
          tip: 'SECRET-TIP-7f3a',
          answer: 'B',
          aiExerId: 'ai-refused',
        };
        const res = await asUser(logged, me.token).post(`${C}/libQuestions/batchSave`, [
          single('队列的特点是？'),
          refused,
          single('树的特点是？'),
        ]);
        expect(res.statusCode).toBe(200);
        const { fieldList } = res.json().data;
        expect(fieldList).toHaveLength(1);
        expect(fieldList[0]).toMatchObject({ aiExerId: 'ai-refused', failureMsg: QUESTION_MSG.importFailed });
        const page = await asUser(logged, me.token).get(`${C}/libQuestions`);
        expect(page.json().data.total).toBe(2);

        const failures = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'question save failed');
        expect(failures).toHaveLength(1);
        expect(failures[0]).toMatchObject({ question: 1, code: '23514', constraint: 'qb_test_no_boom' });
        const text = lines.join('');
        for (const secret of ['BOOM', 'SECRET-TIP-7f3a', '栈的特点', 'params', 'insert into']) {
          expect(text).not.toContain(secret);
        }
      } finally {
        await t.db.execute(sql.raw('alter table lib_questions drop constraint qb_test_no_boom'));
        await logged.close();
      }
    });

    it('refuses a malformed body with 400', async () => {
      const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const api = asUser(t.app, me.token);
      expect((await api.post(`${C}/libQuestions/batchSave`, [])).statusCode).toBe(400);
      expect(
        (await api.post(`${C}/libQuestions/batchSave`, [{ qsnType: 99, titleText: 'x' }])).statusCode,
      ).toBe(400);
    });
  });

  describe('homeworkQuestions', () => {
    it('without homeworkId: 400 导入作业未指定homeworkId', async () => {
      const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const res = await asUser(t.app, me.token).post(`${C}/homeworkQuestions/batchSave`, [single('x')]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400, message: '导入作业未指定homeworkId' });
      const empty = await asUser(t.app, me.token).post(`${C}/homeworkQuestions/batchSave?homeworkId=`, [
        single('x'),
      ]);
      expect(empty.json().message).toBe('导入作业未指定homeworkId');
    });

    it('saves into the own homework (purpose HomeworkQuestion), partly', async () => {
      const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const { homeworks } = await createCourse({
        db: t.db,
        teacherId: me.user.id,
        name: '数据结构',
        homeworks: ['作业一'],
      });
      const homeworkId = homeworks[0]!.id;
      const res = await asUser(t.app, me.token).post(
        `${C}/homeworkQuestions/batchSave?homeworkId=${homeworkId}`,
        [single('栈'), single('')],
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data.fieldList).toMatchObject([{ failureMsg: '请输入题目' }]);
      const { listHomeworkQuestions } = await import('./question-bank.repo');
      const saved = await listHomeworkQuestions(t.db, homeworkId);
      expect(saved.map((r) => r.question)).toMatchObject([{ titleText: '栈', purpose: 'HomeworkQuestion' }]);
    });

    it('does not store a question the homework holds already', async () => {
      const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const { homeworks } = await createCourse({
        db: t.db,
        teacherId: me.user.id,
        name: '数据结构',
        homeworks: ['作业一', '作业二'],
      });
      const [first, second] = homeworks.map((h) => h.id);
      const save = (id: number | undefined, titles: string[]) =>
        asUser(t.app, me.token).post(`${C}/homeworkQuestions/batchSave?homeworkId=${id}`, titles.map(single));
      expect((await save(first, ['栈'])).json().data.fieldList).toEqual([]);
      expect((await save(first, ['栈', '队列'])).json().data.fieldList).toMatchObject([
        { titleText: '栈', failureMsg: '作业中已存在相同题目' },
      ]);
      // Another homework may hold the same question.
      expect((await save(second, ['栈'])).json().data.fieldList).toEqual([]);
      const { listHomeworkQuestions } = await import('./question-bank.repo');
      expect((await listHomeworkQuestions(t.db, first!)).map((r) => r.question.titleText)).toEqual([
        '栈',
        '队列',
      ]);
    });

    it('another teacher’s homework, or none: 404 and nothing saved', async () => {
      const owner = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const other = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const { homeworks } = await createCourse({
        db: t.db,
        teacherId: owner.user.id,
        name: '课',
        homeworks: ['作业'],
      });
      const homeworkId = homeworks[0]!.id;
      for (const id of [homeworkId, 99_999_999, 'abc']) {
        const res = await asUser(t.app, other.token).post(
          `${C}/homeworkQuestions/batchSave?homeworkId=${id}`,
          [single('x')],
        );
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(QUESTION_BANK_MSG.homeworkNotFound);
      }
      const { listHomeworkQuestions } = await import('./question-bank.repo');
      expect(await listHomeworkQuestions(t.db, homeworkId)).toEqual([]);
    });
  });

  describe('exercises_questions', () => {
    const exerciseOf = (input: GeneratedQuestionInput, setId: number) => ({
      ...toExerciseQuestion(normalizeQuestion(generatedQuestion.parse(input))),
      setId: String(setId),
    });

    it('saves the converted shape into a set of the own course; invalid ones come back', async () => {
      const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const { course, exerciseSets } = await createCourse({
        db: t.db,
        teacherId: me.user.id,
        name: '数据结构',
        exerciseSets: ['第一章练习'],
      });
      const setId = exerciseSets[0]!.id;
      const res = await asUser(t.app, me.token).post(`${C}/exercises_questions/batch?courseId=${course.id}`, [
        exerciseOf(single('栈'), setId),
        exerciseOf(coding, setId),
        exerciseOf({ ...coding, titleText: '坏题', testcases: [] }, setId),
        exerciseOf({ qsnType: 7, titleText: '简述', answer: '略' }, setId),
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.fieldList).toMatchObject([
        { title: '坏题', setId: String(setId), failureMsg: '测试用例不能为空，请尝试重新生成' },
        { title: '简述', failureMsg: QUESTION_BANK_MSG.shortAnswerNotInExercises },
      ]);
      const { listExerciseQuestions } = await import('./question-bank.repo');
      const saved = await listExerciseQuestions(t.db, setId);
      expect(saved.map((r) => r.question)).toMatchObject([
        { title: '栈', type: '单选题', answers: ['B'], knowledges: ['栈', '线性表'] },
        {
          title: '两数之和',
          type: '编程题',
          cases: [
            { input: '1 2', output: '3', weight: 50 },
            { input: '3 4', output: '7', weight: 50 },
          ],
          maxTime: 2000,
        },
      ]);
    });

    it('another teacher’s course, or a set of another course: 404', async () => {
      const owner = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const other = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const mine = await createCourse({
        db: t.db,
        teacherId: owner.user.id,
        name: '课',
        exerciseSets: ['集'],
      });
      const theirs = await createCourse({
        db: t.db,
        teacherId: other.user.id,
        name: '课',
        exerciseSets: ['集'],
      });
      const item = exerciseOf(single('x'), mine.exerciseSets[0]!.id);
      const res = await asUser(t.app, other.token).post(
        `${C}/exercises_questions/batch?courseId=${mine.course.id}`,
        [item],
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(QUESTION_BANK_MSG.courseNotFound);
      // Own course, but a set of someone else's course.
      const cross = await asUser(t.app, other.token).post(
        `${C}/exercises_questions/batch?courseId=${theirs.course.id}`,
        [item],
      );
      expect(cross.statusCode).toBe(404);
      expect(cross.json().message).toBe(QUESTION_BANK_MSG.exerciseSetNotFound);
      const missing = await asUser(t.app, owner.token).post(`${C}/exercises_questions/batch`, [item]);
      expect(missing.statusCode).toBe(400);
    });
  });

  describe('libKnowledges', () => {
    it('creates own tags, lists them with the library’s, filters by keyWord, never duplicates', async () => {
      await createLibraryKnowledges({ db: t.db, names: ['二叉树', '排序算法'] });
      const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const other = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const api = asUser(t.app, me.token);
      const created = await api.post(`${C}/libKnowledges`, { name: ' 哈希表 ', isLibrary: 0 });
      expect(created.statusCode).toBe(200);
      expect(created.json().data).toEqual({ id: expect.any(String), name: '哈希表' });
      const again = await api.post(`${C}/libKnowledges`, { name: '哈希表', isLibrary: 0 });
      expect(again.json().data.id).toBe(created.json().data.id);
      const library = await api.post(`${C}/libKnowledges`, { name: '二叉树', isLibrary: 0 });
      expect(library.json().data.name).toBe('二叉树');

      const all = await api.get(`${C}/libKnowledges/list?isLibrary=1`);
      const names = all.json().data.fieldList.map((k: { name: string }) => k.name);
      expect(names).toEqual(expect.arrayContaining(['哈希表', '二叉树', '排序算法']));
      const filtered = await api.get(
        `${C}/libKnowledges/list?keyWord=${encodeURIComponent('哈希')}&isLibrary=1`,
      );
      expect(filtered.json().data.fieldList).toEqual([created.json().data]);
      const ownOnly = await api.get(`${C}/libKnowledges/list?isLibrary=0`);
      expect(ownOnly.json().data.fieldList.map((k: { name: string }) => k.name)).toEqual(['哈希表']);
      // A wildcard in the keyword matches literally.
      expect(
        (await api.get(`${C}/libKnowledges/list?keyWord=%25&isLibrary=1`)).json().data.fieldList,
      ).toEqual([]);

      // Not seen by another teacher.
      const theirs = await asUser(t.app, other.token).get(`${C}/libKnowledges/list?isLibrary=1`);
      expect(theirs.json().data.fieldList.map((k: { name: string }) => k.name)).not.toContain('哈希表');
    });

    it('refuses names over 20 characters with 输入的字符过长! and blank names', async () => {
      const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const long = await asUser(t.app, me.token).post(`${C}/libKnowledges`, {
        name: '长'.repeat(21),
        isLibrary: 0,
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe('输入的字符过长!');
      const blank = await asUser(t.app, me.token).post(`${C}/libKnowledges`, { name: ' ', isLibrary: 0 });
      expect(blank.statusCode).toBe(400);
    });

    it('removes NUL from names and keywords instead of failing with 500', async () => {
      const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      const api = asUser(t.app, me.token);
      const created = await api.post(`${C}/libKnowledges`, { name: '散\u0000列表', isLibrary: 0 });
      expect(created.statusCode).toBe(200);
      expect(created.json().data.name).toBe('散列表');
      const nothing = await api.post(`${C}/libKnowledges`, { name: '\u0000', isLibrary: 0 });
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().message).toBe(QUESTION_BANK_MSG.knowledgeRequired);
      const found = await api.get(
        `${C}/libKnowledges/list?keyWord=${encodeURIComponent('散\u0000')}&isLibrary=0`,
      );
      expect(found.statusCode).toBe(200);
      expect(found.json().data.fieldList).toEqual([created.json().data]);
    });

    it('remembers the knowledges of imported questions as the teacher’s tags', async () => {
      const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
      await asUser(t.app, me.token).post(`${C}/libQuestions/batchSave`, [
        { ...single('队列'), knowledges: '循环队列' },
      ]);
      const list = await asUser(t.app, me.token).get(`${C}/libKnowledges/list?isLibrary=0`);
      expect(list.json().data.fieldList.map((k: { name: string }) => k.name)).toEqual(['循环队列']);
    });
  });
});
