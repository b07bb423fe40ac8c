import {
  ASSISTANT_BASE,
  ASSISTANT_MSG,
  type CourseMaterial,
  KNOWLEDGE_MSG,
  type KnowledgePassage,
  type MaterialPage,
} from '@uplus/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildSignedInMember } from '../../test/factories';
import { createCourseRecord, enrolStudent, openClass } from '../courses/courses.service';
import { SAMPLES } from '../files/test-files';
import { passagesOfMaterial } from './knowledge.repo';
import { addMaterial, hasKnowledge, retrievePassages } from './knowledge.service';

const B = ASSISTANT_BASE;
const BOUNDARY = '----uplus-kb-boundary';

type Res = { statusCode: number; body: string; json: () => { message: string; data: unknown } };
const data = <T>(res: Res): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};
const expectError = (res: Res, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
};

/** A multipart body: an optional `title` field and an optional file. */
const multipart = (parts: { title?: string; file?: { name: string; bytes: Buffer } }) => {
  const chunks: Buffer[] = [];
  if (parts.title !== undefined)
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="title"\r\n\r\n${parts.title}\r\n`),
    );
  if (parts.file)
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${parts.file.name}"\r\n` +
          'content-type: application/octet-stream\r\n\r\n',
      ),
      parts.file.bytes,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
};

const NOTE = `# 第3章 栈与队列

## 3.1 栈的基本概念

栈是只允许在一端进行插入或删除操作的线性表。允许插入和删除的一端称为栈顶，另一端称为栈底。栈的操作特性是后进先出。

## 3.4 循环队列

为了解决假溢出，把存储队列元素的数组从逻辑上视为一个首尾相接的环，称为循环队列。队满条件为 (rear + 1) % MaxSize == front，队空条件为 front == rear。
`;

describe.each(testDrivers())('knowledge base on %s', (driver) => {
  const t = useTestApp(driver);
  let teacher: Awaited<ReturnType<typeof buildSignedInMember>>;
  let student: Awaited<ReturnType<typeof buildSignedInMember>>;
  let otherTeacher: Awaited<ReturnType<typeof buildSignedInMember>>;
  let outsider: Awaited<ReturnType<typeof buildSignedInMember>>;
  let courseId: number;
  let otherCourseId: number;

  beforeAll(async () => {
    teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    student = await buildSignedInMember(t.db);
    otherTeacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    outsider = await buildSignedInMember(t.db);
    courseId = (await createCourseRecord({ db: t.db, teacherId: teacher.user.id, name: '数据结构' })).id;
    otherCourseId = (
      await createCourseRecord({ db: t.db, teacherId: otherTeacher.user.id, name: '操作系统' })
    ).id;
    const klass = await openClass({ db: t.db, courseId, name: '软件2401', organisationId: student.klass.id });
    await enrolStudent({
      db: t.db,
      classId: Number(klass.id),
      courseId,
      userId: student.user.id,
      now: new Date(),
    });
  });

  const materials = (id = courseId) => `${B}/${id}/materials`;
  const uploadAs = (token: string, body: Buffer, id = courseId) =>
    t.app.inject({
      method: 'POST',
      url: `${materials(id)}/upload`,
      payload: body,
      headers: { 'x-access-token': token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
  const remove = (token: string, materialId: number | string, id = courseId) =>
    t.app.inject({
      method: 'DELETE',
      url: `${materials(id)}/${materialId}`,
      headers: { 'x-access-token': token },
    });

  describe('notes', () => {
    it('a teacher writes a note: indexed at once, cut on its headings, listed newest first', async () => {
      const before = await hasKnowledge({ db: t.db, courseId });
      const note = data<CourseMaterial>(
        await asUser(t.app, teacher.token).post(materials(), { title: '  第3章 栈与队列 ', body: NOTE }),
      );
      expect(note).toMatchObject({ courseId, kind: 'Note', title: '第3章 栈与队列', status: 'Indexed' });
      expect(note.error).toBeNull();
      expect(note.fileName).toBeNull();
      expect(note.passages).toBe(2);
      expect(note.chars).toBe(NOTE.trim().length);
      expect(before).toBe(false);
      expect(await hasKnowledge({ db: t.db, courseId })).toBe(true);
      const passages = await passagesOfMaterial(t.db, note.id);
      expect(passages.map((p) => p.heading)).toEqual(['3.1 栈的基本概念', '3.4 循环队列']);

      const second = data<CourseMaterial>(
        await asUser(t.app, teacher.token).post(materials(), {
          title: '第4章 串',
          body: '串是由零个或多个字符组成的有限序列。',
        }),
      );
      const page = data<MaterialPage>(await asUser(t.app, teacher.token).get(`${materials()}?pageSize=1`));
      expect(page.total).toBe(2);
      expect(page.rows.map((r) => r.id)).toEqual([second.id]);
      const page2 = data<MaterialPage>(
        await asUser(t.app, teacher.token).get(`${materials()}?pageSize=1&pageNumber=2`),
      );
      expect(page2.rows.map((r) => r.id)).toEqual([note.id]);
    });

    it('says what is wrong with a note', async () => {
      const post = (body: unknown) => asUser(t.app, teacher.token).post(materials(), body);
      expectError(await post({ title: '  ', body: 'x' }), 400, ASSISTANT_MSG.materialTitleRequired);
      expectError(await post({ body: 'x' }), 400, ASSISTANT_MSG.materialTitleRequired);
      expectError(await post({ title: '题'.repeat(61), body: 'x' }), 400, ASSISTANT_MSG.materialTitleTooLong);
      expectError(await post({ title: '资料', body: ' \n ' }), 400, ASSISTANT_MSG.materialBodyRequired);
      expectError(await post({ title: '资料' }), 400, ASSISTANT_MSG.materialBodyRequired);
      expectError(
        await post({ title: '资料', body: '字'.repeat(200_001) }),
        400,
        ASSISTANT_MSG.materialTooLong,
      );
      expectError(
        await asUser(t.app, teacher.token).post(`${B}/abc/materials`, { title: '资料', body: 'x' }),
        400,
        KNOWLEDGE_MSG.courseIdInvalid,
      );
    });

    it('only the course’s teacher manages its materials', async () => {
      for (const who of [student, otherTeacher, outsider]) {
        expectError(await asUser(t.app, who.token).get(materials()), 403, ASSISTANT_MSG.notCourseTeacher);
        expectError(
          await asUser(t.app, who.token).post(materials(), { title: '资料', body: '内容' }),
          403,
          ASSISTANT_MSG.notCourseTeacher,
        );
        expectError(
          await uploadAs(who.token, multipart({ file: { name: 'a.txt', bytes: Buffer.from('内容') } })),
          403,
          ASSISTANT_MSG.notCourseTeacher,
        );
      }
      // the teacher of one course is no teacher of another, nor of a course that does not exist
      expectError(
        await asUser(t.app, teacher.token).get(materials(otherCourseId)),
        403,
        ASSISTANT_MSG.notCourseTeacher,
      );
      expectError(
        await asUser(t.app, teacher.token).get(materials(99_999_999)),
        403,
        ASSISTANT_MSG.notCourseTeacher,
      );
      const anonymous = await t.app.inject({ method: 'GET', url: materials() });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('uploads', () => {
    it('a text file is read and indexed; the title defaults to the file name', async () => {
      const text = '## 散列表\n\n散列函数把关键字映射成存储地址，冲突可以用拉链法或开放定址法处理。';
      const material = data<CourseMaterial>(
        await uploadAs(teacher.token, multipart({ file: { name: '散列讲义.md', bytes: Buffer.from(text) } })),
      );
      expect(material).toMatchObject({
        kind: 'File',
        title: '散列讲义',
        fileName: '散列讲义.md',
        status: 'Indexed',
      });
      expect(material.passages).toBe(1);
      const titled = data<CourseMaterial>(
        await uploadAs(
          teacher.token,
          multipart({
            title: '排序笔记',
            file: { name: 'sort.txt', bytes: Buffer.from('快速排序是不稳定的排序方法。') },
          }),
        ),
      );
      expect(titled).toMatchObject({ title: '排序笔记', fileName: 'sort.txt', status: 'Indexed' });
    });

    it('a file whose text cannot be read is kept as Failed with the reason', async () => {
      // bytes that start as a PDF but hold no readable text, and a text file of blanks only
      const unreadable = data<CourseMaterial>(
        await uploadAs(
          teacher.token,
          multipart({ file: { name: 'scan.pdf', bytes: Buffer.from('%PDF-1.4 not really') } }),
        ),
      );
      expect(unreadable.status).toBe('Failed');
      expect(unreadable.error).toContain(ASSISTANT_MSG.fileUnreadable('scan.pdf'));
      expect(unreadable.passages).toBe(0);
      const blank = data<CourseMaterial>(
        await uploadAs(
          teacher.token,
          multipart({ file: { name: 'blank.txt', bytes: Buffer.from(' \n\t ') } }),
        ),
      );
      expect(blank).toMatchObject({ status: 'Failed', passages: 0 });
      expect(blank.error).toBe(`${ASSISTANT_MSG.fileUnreadable('blank.txt')}：${KNOWLEDGE_MSG.fileEmpty}`);
    });

    it('keeps an Office/PDF file’s bytes in the files area', async () => {
      const material = data<CourseMaterial>(
        await uploadAs(
          teacher.token,
          multipart({
            file: { name: 'paper.pdf', bytes: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n') },
          }),
        ),
      );
      const [row] = (
        (await t.db.execute(
          sql`select file_id from course_materials where id = ${material.id}`,
        )) as unknown as {
          rows: { file_id: number | string | null }[];
        }
      ).rows;
      expect(row?.file_id).not.toBeNull();
    });

    it('says what is wrong with an upload', async () => {
      expectError(
        await uploadAs(teacher.token, multipart({ title: '无文件' })),
        400,
        KNOWLEDGE_MSG.fileRequired,
      );
      expectError(
        await uploadAs(teacher.token, multipart({ file: { name: 'empty.txt', bytes: Buffer.alloc(0) } })),
        400,
        KNOWLEDGE_MSG.fileRequired,
      );
      expectError(
        await uploadAs(teacher.token, multipart({ file: { name: 'tool.exe', bytes: Buffer.from('MZ') } })),
        400,
        KNOWLEDGE_MSG.fileTypeNotAllowed,
      );
      expectError(
        await uploadAs(teacher.token, multipart({ file: { name: 'photo.png', bytes: SAMPLES.png } })),
        400,
        KNOWLEDGE_MSG.fileTypeNotAllowed,
      );
      expectError(
        await uploadAs(
          teacher.token,
          multipart({ title: '题'.repeat(61), file: { name: 'a.txt', bytes: Buffer.from('内容') } }),
        ),
        400,
        ASSISTANT_MSG.materialTitleTooLong,
      );
      const json = await t.app.inject({
        method: 'POST',
        url: `${materials()}/upload`,
        payload: { title: 'x' },
        headers: { 'x-access-token': teacher.token },
      });
      expectError(json, 400, KNOWLEDGE_MSG.fileRequired);
    });

    it('refuses a document over 50 MB', async () => {
      const big = Buffer.alloc(50 * 1024 * 1024 + 10, 0x61);
      expectError(
        await uploadAs(teacher.token, multipart({ file: { name: 'big.txt', bytes: big } })),
        413,
        ASSISTANT_MSG.documentTooLarge,
      );
    });
  });

  describe('deleting and citations', () => {
    it('a student of the course opens a cited passage; strangers and other teachers get 404', async () => {
      const note = await addMaterial({
        db: t.db,
        courseId,
        createdBy: teacher.user.id,
        kind: 'Note',
        title: '第7章 图',
        body: `## 7.1 图的基本概念\n\n${'图由顶点集和边集组成。'.repeat(60)}\n\n## 7.5 最短路径\n\n迪杰斯特拉算法求单源最短路径，边上带有负权值时并不适用。`,
      });
      const passages = await passagesOfMaterial(t.db, note.id);
      expect(passages.length).toBeGreaterThanOrEqual(2);
      const last = passages.at(-1)!;
      for (const who of [student, teacher]) {
        const passage = data<KnowledgePassage>(
          await asUser(t.app, who.token).get(`${B}/passages/${last.id}`),
        );
        expect(passage).toEqual({
          id: last.id,
          materialId: note.id,
          materialTitle: '第7章 图',
          courseId,
          heading: '7.5 最短路径',
          text: last.text,
          position: passages.length,
          count: passages.length,
        });
      }
      for (const who of [outsider, otherTeacher])
        expectError(
          await asUser(t.app, who.token).get(`${B}/passages/${last.id}`),
          404,
          ASSISTANT_MSG.passageNotFound,
        );
      expectError(
        await asUser(t.app, student.token).get(`${B}/passages/99999999`),
        404,
        ASSISTANT_MSG.passageNotFound,
      );
      expectError(
        await asUser(t.app, student.token).get(`${B}/passages/abc`),
        400,
        ASSISTANT_MSG.passageNotFound,
      );
    });

    it('deleting a material removes its passages; another course’s id is not found', async () => {
      const note = await addMaterial({
        db: t.db,
        courseId,
        createdBy: teacher.user.id,
        kind: 'Note',
        title: '要删除的资料',
        body: '败者树用于多路平衡归并。',
      });
      const [passage] = await passagesOfMaterial(t.db, note.id);
      const foreign = await addMaterial({
        db: t.db,
        courseId: otherCourseId,
        createdBy: otherTeacher.user.id,
        kind: 'Note',
        title: '别的课程',
        body: '进程是资源分配的基本单位。',
      });
      // someone else's material through one's own course, and one's own through another course
      expectError(await remove(teacher.token, foreign.id), 404, ASSISTANT_MSG.materialNotFound);
      expectError(await remove(teacher.token, note.id, otherCourseId), 403, ASSISTANT_MSG.notCourseTeacher);
      expectError(await remove(student.token, note.id), 403, ASSISTANT_MSG.notCourseTeacher);
      expectError(await remove(teacher.token, 'x1'), 400, ASSISTANT_MSG.materialNotFound);

      const done = await remove(teacher.token, note.id);
      expect(done.statusCode, done.body).toBe(200);
      expect(await passagesOfMaterial(t.db, note.id)).toEqual([]);
      expectError(
        await asUser(t.app, teacher.token).get(`${B}/passages/${passage!.id}`),
        404,
        ASSISTANT_MSG.passageNotFound,
      );
      expectError(await remove(teacher.token, note.id), 404, ASSISTANT_MSG.materialNotFound);
      expect((await passagesOfMaterial(t.db, foreign.id)).length).toBe(1);
    });
  });

  describe('retrieval', () => {
    it('finds the passage that answers a question, within the course only', async () => {
      const hits = await retrievePassages({ db: t.db, courseId, query: '循环队列满了怎么判断？', limit: 5 });
      expect(hits[0]).toMatchObject({ materialTitle: '第3章 栈与队列', heading: '3.4 循环队列' });
      expect(hits[0]!.score).toBeGreaterThan(0);
      expect(hits.every((h, i) => i === 0 || h.score <= hits[i - 1]!.score)).toBe(true);

      const foreign = await retrievePassages({
        db: t.db,
        courseId,
        query: '进程是资源分配的基本单位',
        limit: 5,
      });
      expect(foreign.map((h) => h.materialTitle)).not.toContain('别的课程');
      const there = await retrievePassages({ db: t.db, courseId: otherCourseId, query: '进程', limit: 5 });
      expect(there.map((h) => h.materialTitle)).toEqual(['别的课程']);
    });

    it('answers nothing for a question without content words, or a course without material', async () => {
      expect(
        await retrievePassages({ db: t.db, courseId, query: '请问老师，这个是什么？', limit: 5 }),
      ).toEqual([]);
      expect(await retrievePassages({ db: t.db, courseId, query: '量子纠缠', limit: 5 })).toEqual([]);
      const empty = (await createCourseRecord({ db: t.db, teacherId: teacher.user.id, name: '空课程' })).id;
      expect(await retrievePassages({ db: t.db, courseId: empty, query: '栈', limit: 5 })).toEqual([]);
      expect(await hasKnowledge({ db: t.db, courseId: empty })).toBe(false);
    });

    it('sees a new material at once (the term statistics follow the index)', async () => {
      const before = await retrievePassages({ db: t.db, courseId, query: '红黑树的性质', limit: 5 });
      expect(before.map((h) => h.materialTitle)).not.toContain('第8章 查找');
      await addMaterial({
        db: t.db,
        courseId,
        createdBy: teacher.user.id,
        kind: 'Note',
        title: '第8章 查找',
        body: '红黑树是另一种平衡的二叉排序树，根结点是黑色，不存在两个相邻的红结点。',
      });
      const after = await retrievePassages({ db: t.db, courseId, query: '红黑树的性质', limit: 5 });
      expect(after[0]?.materialTitle).toBe('第8章 查找');
    });
  });

  it('answers in the envelope with 操作成功 on success', async () => {
    const res = await asUser(t.app, teacher.token).get(materials());
    expect(res.json()).toMatchObject({ success: true, code: 200, message: '操作成功' });
  });
});
