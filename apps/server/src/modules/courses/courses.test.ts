import { CLASS_CODE_ALPHABET, COURSES_MSG, MSG, type TeachingClass } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import type { App } from '../../http/context';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildOrganisation, buildSignedInMember, buildUser, tokenFor } from '../../test/factories';
import { addMembership } from '../users/users.service';
import { openClass } from './courses.service';

const C = '/api/course';
const DAY = 86_400_000;
const FORM = {
  name: '数据结构',
  type: 'Theory',
  startTime: Date.UTC(2026, 2, 1),
  endTime: Date.UTC(2026, 6, 1),
};

type Ctx = { db: Db; app: App };

/** A signed-in user with PUT and DELETE besides GET and POST. */
const client = (app: App, token: string) => {
  const api = asUser(app, token);
  const send = (method: 'PUT' | 'DELETE') => (url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { 'x-access-token': token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { ...api, put: send('PUT'), delete: send('DELETE') };
};
type Client = ReturnType<typeof client>;

/** A teacher of a fresh school (school > 信息学院 > 软件2401班) with a course. */
const teacherWithCourse = async (t: Ctx, form: object = FORM) => {
  const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
  const api = client(t.app, me.token);
  const created = await api.post(`${C}/courses`, form);
  expect(created.statusCode, created.body).toBe(200);
  return { ...me, api, courseId: created.json().data.id as string };
};

/** Opens a class of the course, open to the given organisation. */
const classOf = async (api: Client, courseId: string, organisationId: number, name = '周二班') => {
  const res = await api.post(`${C}/courses/${courseId}/classes`, {
    name,
    organisationId: String(organisationId),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TeachingClass;
};

/** A student of an organisation (acting in the given leaf), signed in. */
const studentOf = async (t: Ctx, organisationId: number, leafOrganisationId: number, name = '学生甲') => {
  const user = await buildUser(t.db, { name });
  await addMembership({
    db: t.db,
    userId: user.id,
    organisationId,
    leafOrganisationId,
    identityType: 'Student',
  });
  const { token } = await tokenFor(t.db, user.id);
  return { user, api: client(t.app, token) };
};

const join = (api: Client, classCode: string, schoolId?: string | number) =>
  api.post(`${C}/courses/students/joined`, schoolId === undefined ? { classCode } : { classCode, schoolId });

const expectError = (
  res: { statusCode: number; json: () => { message: string } },
  status: number,
  message: string,
) => {
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toBe(message);
};

describe.each(testDrivers())('courses on %s', (driver) => {
  const t = useTestApp(driver);

  describe('teacher: courses', () => {
    it('creates a course in their school, lists it with counts, edits, archives and restores it', async () => {
      const me = await teacherWithCourse(t);
      const detail = (await me.api.get(`${C}/courses/${me.courseId}`)).json().data;
      expect(detail).toMatchObject({
        id: me.courseId,
        name: '数据结构',
        type: 'Theory',
        startTime: FORM.startTime,
        endTime: FORM.endTime,
        creator: me.user.name,
        archived: false,
        role: 'Teacher',
        selfArchived: false,
        focus: false,
      });
      expect(detail.coverStyle).toBe(Number(me.courseId.slice(-1)) % 5);

      await classOf(me.api, me.courseId, me.klass.id);
      const page = (await me.api.get(`${C}/courses/teaching?pageNumber=1&pageSize=10`)).json().data;
      expect(page).toMatchObject({ total: 1, rows: [{ id: me.courseId, classCount: 1, studentCount: 0 }] });

      const edited = await me.api.put(`${C}/courses/${me.courseId}`, {
        ...FORM,
        name: '数据结构（实践）',
        type: 'Train',
        coverStyle: 3,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data).toMatchObject({ name: '数据结构（实践）', type: 'Train', coverStyle: 3 });

      expect((await me.api.post(`${C}/courses/${me.courseId}/archive`)).json().data).toEqual({
        archived: true,
      });
      expect((await me.api.get(`${C}/courses/teaching`)).json().data.total).toBe(0);
      const archived = (await me.api.get(`${C}/courses/teaching?archived=1`)).json().data;
      expect(archived.rows).toMatchObject([{ id: me.courseId, archived: true }]);
      // An archived course is not edited, and opens no class.
      expectError(await me.api.put(`${C}/courses/${me.courseId}`, FORM), 400, COURSES_MSG.courseArchivedEdit);
      expectError(
        await me.api.post(`${C}/courses/${me.courseId}/classes`, {
          name: '新班',
          organisationId: String(me.klass.id),
        }),
        400,
        COURSES_MSG.courseArchivedEdit,
      );
      expect((await me.api.post(`${C}/courses/${me.courseId}/restore`)).json().data).toEqual({
        archived: false,
      });
      expect((await me.api.get(`${C}/courses/teaching`)).json().data.total).toBe(1);
    });

    it('checks the course form with Chinese messages', async () => {
      const me = await teacherWithCourse(t);
      for (const [body, message] of [
        [{ ...FORM, name: '' }, COURSES_MSG.nameRequired],
        [{ ...FORM, name: '   ' }, COURSES_MSG.nameRequired],
        [{ ...FORM, name: undefined }, COURSES_MSG.nameRequired],
        [{ ...FORM, name: '课'.repeat(51) }, COURSES_MSG.nameTooLong],
        [{ ...FORM, type: 'Exam' }, COURSES_MSG.typeInvalid],
        [{ ...FORM, startTime: undefined }, COURSES_MSG.startRequired],
        [{ ...FORM, endTime: null }, COURSES_MSG.endRequired],
        [{ ...FORM, endTime: FORM.startTime - 1 }, COURSES_MSG.endBeforeStart],
        [{ ...FORM, coverStyle: 7 }, COURSES_MSG.coverStyleInvalid],
      ] as const) {
        const res = await me.api.post(`${C}/courses`, body);
        expectError(res, 400, message);
        expectError(await me.api.put(`${C}/courses/${me.courseId}`, body), 400, message);
      }
      expect((await me.api.post(`${C}/courses`, { ...FORM, name: '课'.repeat(50) })).statusCode).toBe(200);
      expect((await me.api.post(`${C}/courses`, { ...FORM, endTime: FORM.startTime })).statusCode).toBe(200);
      expect((await me.api.get(`${C}/courses/teaching?archived=2`)).statusCode).toBe(400);
    });

    it('pages and searches the teacher’s courses, newest first', async () => {
      const me = await teacherWithCourse(t, { ...FORM, name: '算法设计' });
      for (const name of ['操作系统', '计算机网络', '数据库原理'])
        expect((await me.api.post(`${C}/courses`, { ...FORM, name })).statusCode).toBe(200);
      const first = (await me.api.get(`${C}/courses/teaching?pageNumber=1&pageSize=3`)).json().data;
      expect(first.total).toBe(4);
      expect(first.rows.map((r: { name: string }) => r.name)).toEqual([
        '数据库原理',
        '计算机网络',
        '操作系统',
      ]);
      const second = (await me.api.get(`${C}/courses/teaching?pageNumber=2&pageSize=3`)).json().data;
      expect(second.rows.map((r: { name: string }) => r.name)).toEqual(['算法设计']);
      const found = (await me.api.get(`${C}/courses/teaching?search=${encodeURIComponent('网络')}`)).json()
        .data;
      expect(found).toMatchObject({ total: 1, rows: [{ name: '计算机网络' }] });
      expect((await me.api.get(`${C}/courses/teaching?pageSize=101`)).statusCode).toBe(400);
    });

    it('counts each course’s own classes and students', async () => {
      const me = await teacherWithCourse(t, { ...FORM, name: '甲课' });
      const second = (await me.api.post(`${C}/courses`, { ...FORM, name: '乙课' })).json().data.id as string;
      const third = (await me.api.post(`${C}/courses`, { ...FORM, name: '丙课' })).json().data.id as string;
      const classes = [
        await classOf(me.api, third, me.klass.id, '丙一班'),
        await classOf(me.api, third, me.klass.id, '丙二班'),
        await classOf(me.api, me.courseId, me.klass.id, '甲班'),
      ];
      for (const [name, klass] of [
        ['学生一', classes[0]],
        ['学生二', classes[0]],
        ['学生三', classes[2]],
      ] as const)
        await join((await studentOf(t, me.school.id, me.klass.id, name)).api, klass!.code);
      const rows = (await me.api.get(`${C}/courses/teaching`)).json().data.rows;
      expect(
        rows.map((r: { name: string; classCount: number; studentCount: number }) => [
          r.name,
          r.classCount,
          r.studentCount,
        ]),
      ).toEqual([
        ['丙课', 2, 2],
        ['乙课', 0, 0],
        ['甲课', 1, 1],
      ]);
      const ofThird = (await me.api.get(`${C}/courses/${third}/classes`)).json().data.rows;
      expect(ofThird.map((c: TeachingClass) => [c.name, c.studentCount])).toEqual([
        ['丙一班', 2],
        ['丙二班', 0],
      ]);
      expect(second).toBeTruthy();
    });
  });

  describe('teacher: classes and codes', () => {
    it('opens classes with unambiguous 8-character codes, to the school or one under it only', async () => {
      const me = await teacherWithCourse(t);
      const organs = (await me.api.get(`${C}/courses/${me.courseId}/class_organs`)).json().data;
      expect(organs.rows).toEqual([
        { id: String(me.school.id), name: me.school.name, type: 'school', parent: null },
        {
          id: String(me.college.id),
          name: '信息学院',
          type: 'college',
          parent: { id: String(me.school.id), name: me.school.name },
        },
        {
          id: String(me.klass.id),
          name: '软件2401班',
          type: 'class',
          parent: { id: String(me.college.id), name: '信息学院' },
        },
      ]);
      const searched = (
        await me.api.get(`${C}/courses/${me.courseId}/class_organs?search=2401&pageSize=1`)
      ).json().data;
      expect(searched).toMatchObject({ total: 1, rows: [{ name: '软件2401班' }] });

      const codes = new Set<string>();
      for (const organ of [me.school, me.college, me.klass]) {
        const klass = await classOf(me.api, me.courseId, organ.id, `班级${organ.id}`);
        expect(klass.code).toMatch(new RegExp(`^[${CLASS_CODE_ALPHABET}]{8}$`));
        expect(klass).toMatchObject({
          organisation: { id: String(organ.id), name: organ.name },
          closed: false,
        });
        codes.add(klass.code);
      }
      expect(codes.size).toBe(3);
      const page = (await me.api.get(`${C}/courses/${me.courseId}/classes?pageNumber=2&pageSize=2`)).json()
        .data;
      expect(page.total).toBe(3);
      expect(page.rows).toHaveLength(1);

      // Another school's organisation is refused.
      const elsewhere = await buildOrganisation(t.db, { type: 'school' });
      expectError(
        await me.api.post(`${C}/courses/${me.courseId}/classes`, {
          name: '外校班',
          organisationId: String(elsewhere.id),
        }),
        400,
        COURSES_MSG.classOrganNotAllowed,
      );
      for (const [body, message] of [
        [{ name: '', organisationId: String(me.klass.id) }, COURSES_MSG.classNameRequired],
        [{ name: '班'.repeat(31), organisationId: String(me.klass.id) }, COURSES_MSG.classNameTooLong],
        [{ name: '新班' }, COURSES_MSG.classOrganRequired],
      ] as const)
        expectError(await me.api.post(`${C}/courses/${me.courseId}/classes`, body), 400, message);
    });

    it('renames, closes, reopens a class and gives it a new code (the old one stops working)', async () => {
      const me = await teacherWithCourse(t);
      const klass = await classOf(me.api, me.courseId, me.klass.id);
      const renamed = await me.api.put(`${C}/course_teach_class/${klass.id}`, {
        name: '周四班',
        closed: true,
      });
      expect(renamed.json().data).toMatchObject({
        id: klass.id,
        name: '周四班',
        closed: true,
        code: klass.code,
      });
      const info = (await me.api.get(`${C}/course_teach_class/course_info?code=${klass.code}`)).json().data;
      expect(info.overt).toBe(false);
      expect(
        (await me.api.put(`${C}/course_teach_class/${klass.id}`, { closed: false })).json().data.closed,
      ).toBe(false);
      expectError(
        await me.api.put(`${C}/course_teach_class/${klass.id}`, { name: ' ' }),
        400,
        COURSES_MSG.classNameRequired,
      );

      const regenerated = (await me.api.post(`${C}/course_teach_class/${klass.id}/code`)).json().data;
      expect(regenerated.code).not.toBe(klass.code);
      expect(regenerated.code).toMatch(new RegExp(`^[${CLASS_CODE_ALPHABET}]{8}$`));
      expectError(
        await me.api.get(`${C}/course_teach_class/course_info?code=${klass.code}`),
        404,
        COURSES_MSG.classCodeNotFound,
      );
      expect(
        (await me.api.get(`${C}/course_teach_class/course_info?code=${regenerated.code}`)).statusCode,
      ).toBe(200);
    });

    it('a given class code must be free and well formed', async () => {
      const me = await teacherWithCourse(t);
      const fixed = await openClass({
        db: t.db,
        courseId: Number(me.courseId),
        name: '固定码班',
        organisationId: me.klass.id,
        code: 'zzzz2345',
      });
      expect(fixed.code).toBe('ZZZZ2345');
      await expect(
        openClass({
          db: t.db,
          courseId: Number(me.courseId),
          name: '重复',
          organisationId: me.klass.id,
          code: 'ZZZZ2345',
        }),
      ).rejects.toThrow('班级码已被使用');
      await expect(
        openClass({
          db: t.db,
          courseId: Number(me.courseId),
          name: '含0',
          organisationId: me.klass.id,
          code: 'ZZZZ2340',
        }),
      ).rejects.toThrow('班级码格式不正确');
    });
  });

  describe('student: join by class code', () => {
    it('shows what a code leads to, then joins (code trimmed, any case) with 加入课程成功, once', async () => {
      const me = await teacherWithCourse(t);
      const klass = await classOf(me.api, me.courseId, me.college.id, '信息学院班');
      const student = await studentOf(t, me.school.id, me.klass.id);

      const info = await student.api.get(
        `${C}/course_teach_class/course_info?code=${encodeURIComponent(` ${klass.code.toLowerCase()} `)}`,
      );
      expect(info.statusCode, info.body).toBe(200);
      expect(info.json().data).toEqual({
        overt: true,
        name: '数据结构',
        courseId: me.courseId,
        className: '信息学院班',
        creator: me.user.name,
        type: 'Theory',
        organ: {
          id: String(me.college.id),
          name: '信息学院',
          parent: { id: String(me.school.id), name: me.school.name },
        },
      });

      const joined = await join(student.api, ` ${klass.code.toLowerCase()} `, me.school.id);
      expect(joined.statusCode, joined.body).toBe(200);
      expect(joined.json()).toMatchObject({
        message: COURSES_MSG.joined,
        data: { courseId: me.courseId, name: '数据结构', className: '信息学院班' },
      });
      expectError(await join(student.api, klass.code, me.school.id), 400, COURSES_MSG.alreadyJoined);
      expect((await me.api.get(`${C}/courses/${me.courseId}/students`)).json().data.total).toBe(1);
      expect((await student.api.get(`${C}/courses/${me.courseId}`)).json().data).toMatchObject({
        role: 'Student',
      });
    });

    it('gives every join message of spec 8', async () => {
      const me = await teacherWithCourse(t);
      const klass = await classOf(me.api, me.courseId, me.klass.id);
      const student = await studentOf(t, me.school.id, me.klass.id);

      expectError(await join(student.api, '   '), 400, COURSES_MSG.classCodeRequired);
      expectError(
        await student.api.post(`${C}/courses/students/joined`, {}),
        400,
        COURSES_MSG.classCodeRequired,
      );
      expectError(
        await student.api.get(`${C}/course_teach_class/course_info?code=`),
        400,
        COURSES_MSG.classCodeRequired,
      );
      expectError(await join(student.api, 'ABCDEFGH'), 404, COURSES_MSG.classCodeNotFound);
      expectError(await join(student.api, 'nonsense!'), 404, COURSES_MSG.classCodeNotFound);

      // No organisation at all.
      const loner = await buildUser(t.db);
      const lonerApi = client(t.app, (await tokenFor(t.db, loner.id)).token);
      expectError(await join(lonerApi, klass.code), 403, COURSES_MSG.noOrganJoined);

      // Teachers do not join.
      const colleague = await buildUser(t.db);
      await addMembership({
        db: t.db,
        userId: colleague.id,
        organisationId: me.school.id,
        leafOrganisationId: me.college.id,
        identityType: 'Teacher',
      });
      const colleagueApi = client(t.app, (await tokenFor(t.db, colleague.id)).token);
      expectError(await join(colleagueApi, klass.code), 403, COURSES_MSG.teacherCannotOperate);

      // A student of another class of the same school: the class is open to 软件2401班 only.
      const otherClass = await buildOrganisation(t.db, {
        type: 'class',
        parentId: me.college.id,
        name: '网络2402班',
      });
      const neighbour = await studentOf(t, me.school.id, otherClass.id);
      expectError(await join(neighbour.api, klass.code), 403, '您尚未加入软件2401班');

      // A student of another school.
      const stranger = await buildSignedInMember(t.db);
      expectError(await join(client(t.app, stranger.token), klass.code), 403, '您尚未加入软件2401班');

      // A school id that is not the student's.
      expectError(
        await join(student.api, klass.code, stranger.school.id),
        403,
        `您尚未加入${stranger.school.name}`,
      );
      expectError(await join(student.api, klass.code, 999_999_999), 404, COURSES_MSG.schoolNotFound);

      // Closed class; archived course.
      await me.api.put(`${C}/course_teach_class/${klass.id}`, { closed: true });
      expectError(await join(student.api, klass.code), 400, COURSES_MSG.classClosed);
      await me.api.put(`${C}/course_teach_class/${klass.id}`, { closed: false });
      await me.api.post(`${C}/courses/${me.courseId}/archive`);
      expectError(await join(student.api, klass.code), 400, COURSES_MSG.courseArchivedNoJoin);
      await me.api.post(`${C}/courses/${me.courseId}/restore`);

      // Nothing was joined by any of the above.
      expect((await me.api.get(`${C}/courses/${me.courseId}/students`)).json().data.total).toBe(0);
      expect((await join(student.api, klass.code, String(me.school.id))).statusCode).toBe(200);
    });

    it('a class of another of the student’s schools: switch there first; acting there, the join works', async () => {
      const me = await teacherWithCourse(t);
      const klass = await classOf(me.api, me.courseId, me.school.id, '全校班');
      // The student acts in another school (their default), and is also a member of the teacher's.
      const student = await buildSignedInMember(t.db);
      await addMembership({
        db: t.db,
        userId: student.user.id,
        organisationId: me.school.id,
        leafOrganisationId: me.klass.id,
        identityType: 'Student',
      });
      const api = client(t.app, (await tokenFor(t.db, student.user.id)).token);
      expectError(await join(api, klass.code), 403, `该班级属于${me.school.name}，请先切换到该机构再加入`);
      expectError(
        await join(api, klass.code, student.school.id),
        403,
        `该班级属于${me.school.name}，请先切换到该机构再加入`,
      );
      const joined = await join(api, klass.code, me.school.id);
      expect(joined.statusCode, joined.body).toBe(200);
    });
  });

  describe('student: my courses, pin and archive', () => {
    /** A teacher with a theory and a practice course, a class in each; a student who joined both. */
    const twoCourses = async () => {
      const me = await teacherWithCourse(t);
      const train = (await me.api.post(`${C}/courses`, { ...FORM, name: '课程设计', type: 'Train' })).json()
        .data.id as string;
      const theoryClass = await classOf(me.api, me.courseId, me.klass.id, '理论班');
      const trainClass = await classOf(me.api, train, me.klass.id, '实践班');
      const student = await studentOf(t, me.school.id, me.klass.id);
      expect((await join(student.api, theoryClass.code)).statusCode).toBe(200);
      t.clock.advance(1000);
      expect((await join(student.api, trainClass.code)).statusCode).toBe(200);
      return { me, train, theoryClass, trainClass, student };
    };
    const names = (res: { json: () => { data: { rows: { name: string }[] } } }) =>
      res.json().data.rows.map((r) => r.name);

    it('lists joined courses by type and by name or class code, latest joined first, with the card fields', async () => {
      const { me, train, theoryClass, student } = await twoCourses();
      const all = await student.api.get(
        `${C}/athena/courses/study?types=Theory,Train&pageNumber=1&pageSize=10`,
      );
      expect(all.statusCode, all.body).toBe(200);
      expect(names(all)).toEqual(['课程设计', '数据结构']);
      expect(all.json().data.rows[1]).toMatchObject({
        id: me.courseId,
        name: '数据结构',
        startTime: FORM.startTime,
        endTime: FORM.endTime,
        creator: me.user.name,
        type: 'Theory',
        focus: false,
        coverStyle: Number(me.courseId.slice(-1)) % 5,
        classId: theoryClass.id,
        className: '理论班',
        courseArchived: false,
        selfArchived: false,
      });
      expect(names(await student.api.get(`${C}/athena/courses/study?types=Train`))).toEqual(['课程设计']);
      expect(names(await student.api.get(`${C}/athena/courses/study?types=Theory`))).toEqual(['数据结构']);
      expect((await student.api.get(`${C}/athena/courses/study?types=Exam`)).statusCode).toBe(400);
      expect(
        names(await student.api.get(`${C}/athena/courses/study?search=${encodeURIComponent('设计')}`)),
      ).toEqual(['课程设计']);
      expect(
        names(
          await student.api.get(
            `${C}/athena/courses/study?search=${theoryClass.code.slice(0, 5).toLowerCase()}`,
          ),
        ),
      ).toEqual(['数据结构']);
      const paged = (await student.api.get(`${C}/athena/courses/study?pageNumber=2&pageSize=1`)).json().data;
      expect(paged).toMatchObject({ total: 2, rows: [{ id: me.courseId }] });
      // The teacher's own list is not a student's; they joined nothing.
      expect((await me.api.get(`${C}/athena/courses/study`)).json().data.total).toBe(0);
      expect(train).toBeTruthy();
    });

    it('pins first (the latest pin first) with one toggle call', async () => {
      const { me, train, student } = await twoCourses();
      const third = (await me.api.post(`${C}/courses`, { ...FORM, name: '离散数学' })).json().data
        .id as string;
      const thirdClass = await classOf(me.api, third, me.klass.id);
      t.clock.advance(1000);
      await join(student.api, thirdClass.code);
      expect(names(await student.api.get(`${C}/athena/courses/study`))).toEqual([
        '离散数学',
        '课程设计',
        '数据结构',
      ]);

      // The course joined before the newest is pinned first, the oldest one later: the latest pin leads.
      expect((await student.api.post(`${C}/courses/${train}/students/focus`)).json().data).toEqual({
        focus: true,
      });
      t.clock.advance(1000);
      expect((await student.api.post(`${C}/courses/${me.courseId}/students/focus`)).json().data).toEqual({
        focus: true,
      });
      const pinned = (await student.api.get(`${C}/athena/courses/study`)).json().data.rows;
      expect(pinned.map((r: { name: string; focus: boolean }) => [r.name, r.focus])).toEqual([
        ['数据结构', true],
        ['课程设计', true],
        ['离散数学', false],
      ]);
      expect((await student.api.post(`${C}/courses/${train}/students/focus`)).json().data).toEqual({
        focus: false,
      });
      expect(names(await student.api.get(`${C}/athena/courses/study`))).toEqual([
        '数据结构',
        '离散数学',
        '课程设计',
      ]);
      expect((await student.api.get(`${C}/courses/${me.courseId}`)).json().data.focus).toBe(true);
    });

    it('archives for oneself and restores; a course the teacher archived stays in the archive', async () => {
      const { me, train, student } = await twoCourses();
      const archived = await student.api.post(`${C}/courses/archive_status?courseId=${me.courseId}`);
      expect(archived.statusCode, archived.body).toBe(200);
      expect(archived.json().data).toEqual({ archived: true });
      expect(names(await student.api.get(`${C}/athena/courses/study`))).toEqual(['课程设计']);
      const list = (await student.api.get(`${C}/courses/archived/study?types=Theory,Train`)).json().data;
      expect(list.rows).toMatchObject([{ id: me.courseId, selfArchived: true, courseArchived: false }]);
      expect(names(await student.api.get(`${C}/courses/archived/study?types=Train`))).toEqual([]);
      expect((await student.api.get(`${C}/courses/${me.courseId}`)).json().data.selfArchived).toBe(true);
      // The teacher's counts still hold the student.
      expect(
        (await me.api.get(`${C}/courses/teaching`))
          .json()
          .data.rows.find((r: { id: string }) => r.id === me.courseId).studentCount,
      ).toBe(1);

      expect((await student.api.post(`${C}/courses/${me.courseId}/students/archived`)).json().data).toEqual({
        archived: false,
      });
      expect(names(await student.api.get(`${C}/athena/courses/study`))).toEqual(['课程设计', '数据结构']);
      expectError(
        await student.api.post(`${C}/courses/${me.courseId}/students/archived`),
        400,
        COURSES_MSG.notArchived,
      );

      await me.api.post(`${C}/courses/${train}/archive`);
      expect(names(await student.api.get(`${C}/athena/courses/study`))).toEqual(['数据结构']);
      const byTeacher = (await student.api.get(`${C}/courses/archived/study`)).json().data;
      expect(byTeacher.rows).toMatchObject([{ id: train, courseArchived: true, selfArchived: false }]);
      expectError(
        await student.api.post(`${C}/courses/${train}/students/archived`),
        400,
        COURSES_MSG.archivedByTeacher,
      );
    });
  });

  describe('teacher: roster', () => {
    it('lists the students by class and name, latest joined first; removing one ends their access', async () => {
      const me = await teacherWithCourse(t);
      const a = await classOf(me.api, me.courseId, me.klass.id, '甲班');
      const b = await classOf(me.api, me.courseId, me.college.id, '乙班');
      const first = await studentOf(t, me.school.id, me.klass.id, '张三');
      const second = await studentOf(t, me.school.id, me.klass.id, '李四');
      await join(first.api, a.code);
      t.clock.advance(1000);
      await join(second.api, b.code);

      const roster = (
        await me.api.get(`${C}/courses/${me.courseId}/students?pageNumber=1&pageSize=10`)
      ).json().data;
      expect(roster.total).toBe(2);
      expect(roster.rows).toMatchObject([
        {
          userId: String(second.user.id),
          name: '李四',
          username: second.user.username,
          classId: b.id,
          className: '乙班',
        },
        { userId: String(first.user.id), name: '张三', className: '甲班' },
      ]);
      expect(typeof roster.rows[0].joinedAt).toBe('number');
      const ofA = (await me.api.get(`${C}/courses/${me.courseId}/students?classId=${a.id}`)).json().data;
      expect(ofA.rows.map((r: { name: string }) => r.name)).toEqual(['张三']);
      const byName = (
        await me.api.get(`${C}/courses/${me.courseId}/students?search=${encodeURIComponent('李')}`)
      ).json().data;
      expect(byName.rows.map((r: { name: string }) => r.name)).toEqual(['李四']);
      const byUsername = (
        await me.api.get(`${C}/courses/${me.courseId}/students?search=${first.user.username}`)
      ).json().data;
      expect(byUsername.rows.map((r: { name: string }) => r.name)).toEqual(['张三']);
      const classes = (await me.api.get(`${C}/courses/${me.courseId}/classes`)).json().data.rows;
      expect(classes.map((c: TeachingClass) => c.studentCount)).toEqual([1, 1]);

      const removed = await me.api.delete(`${C}/courses/${me.courseId}/students/${first.user.id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().data).toEqual({ userId: String(first.user.id) });
      expect((await me.api.get(`${C}/courses/${me.courseId}/students`)).json().data.total).toBe(1);
      expect((await first.api.get(`${C}/athena/courses/study`)).json().data.total).toBe(0);
      expectError(await first.api.get(`${C}/courses/${me.courseId}`), 404, COURSES_MSG.courseNotFound);
      expectError(
        await me.api.delete(`${C}/courses/${me.courseId}/students/${first.user.id}`),
        404,
        COURSES_MSG.studentNotFound,
      );
      // The teacher is not a student of their own course.
      expectError(
        await me.api.delete(`${C}/courses/${me.courseId}/students/${me.user.id}`),
        404,
        COURSES_MSG.studentNotFound,
      );
    });
  });

  describe('who may touch what', () => {
    it('another teacher’s ids answer 404, students on teacher calls 403, strangers’ student calls 404', async () => {
      const me = await teacherWithCourse(t);
      const klass = await classOf(me.api, me.courseId, me.klass.id);
      const student = await studentOf(t, me.school.id, me.klass.id);
      await join(student.api, klass.code);
      const other = await teacherWithCourse(t);
      const otherKlass = await classOf(other.api, other.courseId, other.klass.id);
      const id = me.courseId;

      // Another teacher, on each teacher call with my ids.
      for (const res of [
        await other.api.get(`${C}/courses/${id}`),
        await other.api.put(`${C}/courses/${id}`, FORM),
        await other.api.post(`${C}/courses/${id}/archive`),
        await other.api.post(`${C}/courses/${id}/restore`),
        await other.api.get(`${C}/courses/${id}/classes`),
        await other.api.post(`${C}/courses/${id}/classes`, {
          name: '偷班',
          organisationId: String(other.klass.id),
        }),
        await other.api.get(`${C}/courses/${id}/class_organs`),
        await other.api.get(`${C}/courses/${id}/students`),
        await other.api.delete(`${C}/courses/${id}/students/${student.user.id}`),
      ])
        expectError(res, 404, COURSES_MSG.courseNotFound);
      for (const res of [
        await other.api.put(`${C}/course_teach_class/${klass.id}`, { closed: true }),
        await other.api.post(`${C}/course_teach_class/${klass.id}/code`),
        await me.api.get(`${C}/courses/${id}/students?classId=${otherKlass.id}`),
      ])
        expectError(res, 404, COURSES_MSG.classNotFound);

      // A student on teacher calls: 403, even on their own course.
      for (const res of [
        await student.api.get(`${C}/courses/teaching`),
        await student.api.post(`${C}/courses`, FORM),
        await student.api.put(`${C}/courses/${id}`, FORM),
        await student.api.post(`${C}/courses/${id}/archive`),
        await student.api.get(`${C}/courses/${id}/classes`),
        await student.api.post(`${C}/courses/${id}/classes`, {
          name: '班',
          organisationId: String(me.klass.id),
        }),
        await student.api.get(`${C}/courses/${id}/class_organs`),
        await student.api.get(`${C}/courses/${id}/students`),
        await student.api.delete(`${C}/courses/${id}/students/${student.user.id}`),
        await student.api.put(`${C}/course_teach_class/${klass.id}`, { closed: true }),
        await student.api.post(`${C}/course_teach_class/${klass.id}/code`),
      ])
        expectError(res, 403, MSG.studentNoPermission);

      // Another student, on the student calls with my student's course.
      const stranger = await studentOf(t, me.school.id, me.klass.id, '路人');
      for (const res of [
        await stranger.api.get(`${C}/courses/${id}`),
        await stranger.api.post(`${C}/courses/${id}/students/focus`),
        await stranger.api.post(`${C}/courses/archive_status?courseId=${id}`),
        await stranger.api.post(`${C}/courses/${id}/students/archived`),
        // The teacher of it is no student member either.
        await me.api.post(`${C}/courses/${id}/students/focus`),
        await me.api.post(`${C}/courses/archive_status?courseId=${id}`),
      ])
        expectError(res, 404, COURSES_MSG.courseNotFound);
      expect((await stranger.api.get(`${C}/athena/courses/study`)).json().data).toEqual({
        rows: [],
        total: 0,
      });
      expect((await stranger.api.get(`${C}/courses/archived/study`)).json().data).toEqual({
        rows: [],
        total: 0,
      });
      // Nothing changed for the student who did join.
      expect((await student.api.get(`${C}/athena/courses/study`)).json().data.rows).toMatchObject([
        { id, focus: false },
      ]);

      // Bad ids: 400; no token: 401.
      expectError(await me.api.get(`${C}/courses/0`), 400, COURSES_MSG.courseIdInvalid);
      expectError(await me.api.put(`${C}/course_teach_class/abc`, {}), 400, COURSES_MSG.classIdInvalid);
      expectError(await me.api.delete(`${C}/courses/${id}/students/x`), 400, COURSES_MSG.userIdInvalid);
      for (const [method, url] of [
        ['GET', `${C}/athena/courses/study`],
        ['GET', `${C}/courses/archived/study`],
        ['POST', `${C}/courses/${id}/students/focus`],
        ['POST', `${C}/courses/archive_status?courseId=${id}`],
        ['POST', `${C}/courses/${id}/students/archived`],
        ['GET', `${C}/course_teach_class/course_info?code=${klass.code}`],
        ['POST', `${C}/courses/students/joined`],
        ['GET', `${C}/courses/teaching`],
        ['POST', `${C}/courses`],
        ['GET', `${C}/courses/${id}`],
        ['PUT', `${C}/courses/${id}`],
        ['POST', `${C}/courses/${id}/archive`],
        ['POST', `${C}/courses/${id}/restore`],
        ['GET', `${C}/courses/${id}/classes`],
        ['POST', `${C}/courses/${id}/classes`],
        ['PUT', `${C}/course_teach_class/${klass.id}`],
        ['POST', `${C}/course_teach_class/${klass.id}/code`],
        ['GET', `${C}/courses/${id}/class_organs`],
        ['GET', `${C}/courses/${id}/students`],
        ['DELETE', `${C}/courses/${id}/students/${student.user.id}`],
      ] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });
  });

  it('dates in the past or the future are both fine; the course keeps them to the millisecond', async () => {
    const me = await teacherWithCourse(t, {
      ...FORM,
      startTime: Date.UTC(2020, 0, 1) + 123,
      endTime: Date.UTC(2020, 0, 1) + 30 * DAY,
    });
    const detail = (await me.api.get(`${C}/courses/${me.courseId}`)).json().data;
    expect(detail.startTime).toBe(Date.UTC(2020, 0, 1) + 123);
  });
});
