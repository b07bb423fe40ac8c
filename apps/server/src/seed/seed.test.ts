import {
  COURSE_COLLEGE_LEADER_BIT,
  COURSES_MSG,
  parseAreaHomepageConfig,
  parseSchoolNavigation,
} from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { findClassesByCodes } from '../modules/courses/courses.service';
import { countUsers } from '../modules/users/users.service';
import { createFileStore } from '../storage';
import { testConfig, useTestApp } from '../test/app';
import { testDrivers } from '../test/database';
import { asUser } from '../test/factories';
import { DEMO_ACCOUNTS, DEMO_CLASSES, DEMO_PASSWORD } from './demo';
import { seedIfNeeded } from './index';

const testStore = createFileStore(testConfig().storage);

describe.each(testDrivers())('seeding on %s', (driver) => {
  const t = useTestApp(driver);
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const signIn = async (username: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/idp/api/login',
      payload: { username, password: DEMO_PASSWORD },
      remoteAddress: `10.9.0.${username.length}`,
    });
    expect(res.statusCode, username).toBe(200);
    return asUser(t.app, res.json().data.ticket as string);
  };

  it('with DEMO_DATA=false only the default product deployment exists, and no user', async () => {
    expect(await seedIfNeeded({ db: t.db, demoData: false, port: 3000, storage: testStore })).toEqual({
      demoSeeded: false,
    });
    expect(await countUsers({ db: t.db })).toBe(0);
    const config = (await get('/get_appconfig')).json().data;
    expect(config).toMatchObject({ code: 'uplus', TYPE: '', CODE: '' });
    expect((await get('/get_appconfig', { host: 'school.localhost' })).json().data.code).toBe('uplus');
  });

  it('adds the demo set when there is no user yet, through the services', async () => {
    expect(await seedIfNeeded({ db: t.db, demoData: true, port: 3000, storage: testStore })).toEqual({
      demoSeeded: true,
    });
    expect(await countUsers({ db: t.db })).toBe(DEMO_ACCOUNTS.length);

    const school = (await get('/get_appconfig', { host: 'school.localhost:3000' })).json().data;
    expect(school).toMatchObject({
      code: 'UPLUS-C001',
      CODE: 'UPLUS-C001',
      TYPE: 'school',
      SCHOOL_CODE: 'UPLUS',
    });
    const area = (await get('/get_appconfig', { host: 'area.localhost' })).json().data;
    expect(area).toMatchObject({ code: 'Area-demo', CODE: 'Area-demo', TYPE: 'area' });
    expect((await get('/get_appconfig')).json().data.code).toBe('uplus');

    const pairs: { configKey: string; configValue: string }[] = (
      await get('/api/base/config/college?param=UPLUS-C001')
    ).json().data;
    const value = (key: string) => pairs.find((p) => p.configKey === key)?.configValue;
    expect(value('SHOW_TECHCLASS')).toBe('true');
    expect(value('SHOW_JOBCLASS')).toBe('true');
    const nav = parseSchoolNavigation(value('SCHOOL_PAGE_NAVIGATION'));
    expect(nav.length).toBeGreaterThanOrEqual(5);
    expect(new Set(nav.map((n) => n.type)).size).toBe(nav.length);
    for (const item of nav) expect(item.showName).toMatch(/[\u4e00-\u9fa5]/);

    const areaConfig = (await get('/api/portal/website_configs/Area-demo')).json().data;
    const menus = parseAreaHomepageConfig(areaConfig.homepageConfig).menus;
    expect(menus.find((m) => m.value === 'linkMultiple')?.content?.length).toBeGreaterThan(0);
    for (const m of menus) expect(m.title).toMatch(/[\u4e00-\u9fa5]/);
    expect(areaConfig.browserTabTitle).toMatch(/[\u4e00-\u9fa5]/);

    expect((await get('/api/base/schools/UPLUS')).json().data.name).toBe('优加示范大学');
  });

  it('every demo account signs in with the demo password and has its role', async () => {
    const roles: Record<string, string> = {
      student01: 'Student',
      student02: 'Student',
      teacher01: 'Teacher',
      business01: 'Business',
      leader01: 'Teacher',
      admin01: 'Teacher',
      platform01: 'Teacher',
      areaadmin01: 'Teacher',
    };
    for (const account of DEMO_ACCOUNTS) {
      const api = await signIn(account.username);
      const info = (await api.get('/api/portal/users/basic_info')).json().data;
      expect(info.name).toBe(account.name);
      expect(info.organIdentityType).toBe(roles[account.username]);
    }
  });

  it('student01 starts in 优加示范大学 / 软件工程2301班 and can switch to a second organisation', async () => {
    const api = await signIn('student01');
    const info = (await api.get('/api/portal/users/basic_info')).json().data;
    expect(info).toMatchObject({
      organName: '优加示范大学',
      organLeafOrganName: '软件工程2301班',
      organCode: 'UPLUS-C001',
    });
    const organs = (await api.get(`/api/portal/users/${info.userid}`)).json().data;
    expect(organs.map((o: { name: string }) => o.name)).toEqual(['优加示范大学', '示范区域学院']);
    const college = (await get('/api/base/colleges/UPLUS-C001')).json().data;
    expect(college.id).toBe(info.organId);
    expect((await api.get(`/api/base/organ/permissions?collegeId=${college.id}`)).json().data.qabot).toBe(2);
    const modules = (await api.get('/api/base/organ/modules?parameter=MY'))
      .json()
      .data.map((m: { code: string }) => m.code);
    expect(modules).toEqual(expect.arrayContaining(['course', 'exam', 'graduation', 'obe']));
  });

  it('student01 has unread messages of several kinds, newest first; other demo users have none', async () => {
    const student = await signIn('student01');
    const counts = (await student.post('/api/qmn/c/counts')).json().data;
    // five messages and the announcements of the two unread course notices (the other two were opened):
    // the demo homework's publication (seed/demo-homework.ts) is one of them
    expect(counts.unread).toBe(7);
    expect(counts.byType).toEqual({ System: 1, Course: 4, Internship: 1, Recruitment: 1 });
    const page = (await student.post('/api/qmn/c/messages?pageSize=10')).json().data;
    expect(page.total).toBe(9);
    const times = page.rows.map((r: { timestamp: number }) => r.timestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const row of page.rows) expect(row.body).toMatch(/[\u4e00-\u9fa5]/);
    expect((await (await signIn('teacher01')).post('/api/qmn/c/counts')).json().data.unread).toBe(0);
  });

  it("student01 has four course notices from teacher01's 数据结构, two unread (期中考试安排 the newest)", async () => {
    const student = await signIn('student01');
    const all = (await student.get('/api/qmn/notices?genre=Course')).json().data;
    expect(all.total).toBe(4);
    expect(all.rows.map((r: { title: string; read: boolean }) => [r.title, r.read])).toEqual([
      ['期中考试安排', false],
      ['第一次作业已发布', true],
      // published with the demo homework three days ago (seed/demo-homework.ts)
      ['新作业：第二次作业：线性表、栈与二叉树', false],
      ['课程开课通知', true],
    ]);
    expect(all.rows[0]).toMatchObject({ courseName: '数据结构', publisherName: '李静' });
    const bell = (
      await student.get('/api/qmn/notices/smallBell?genre=Course&pageNumber=1&pageSize=10')
    ).json();
    expect(bell.data.rows.map((r: { title: string }) => r.title)).toEqual([
      '期中考试安排',
      '新作业：第二次作业：线性表、栈与二叉树',
    ]);
  });

  it('leader01 carries the college-leader bit, admin01 the college-admin bit', async () => {
    const leader = await signIn('leader01');
    expect((await leader.get('/api/base/session/refresh_token')).json().data.pms.course).toBe(
      COURSE_COLLEGE_LEADER_BIT,
    );
    expect((await leader.get('/api/base/users/admin_certificate')).statusCode).toBe(403);
    const admin = await signIn('admin01');
    expect((await admin.get('/api/base/session/refresh_token')).json().data.pms.qom).toBe(2);
    expect((await admin.get('/api/base/users/admin_certificate')).statusCode).toBe(200);
  });

  it('platform01 administers the platform organisation uplus, areaadmin01 the area Area-demo', async () => {
    for (const [username, code] of [
      ['platform01', 'uplus'],
      ['areaadmin01', 'Area-demo'],
    ] as const) {
      const api = await signIn(username);
      expect((await api.get('/api/portal/users/basic_info')).json().data.organCode, username).toBe(code);
      expect((await api.get('/api/base/session/refresh_token')).json().data.pms.qom, username).toBe(2);
    }
  });

  it('never seeds twice', async () => {
    expect(await seedIfNeeded({ db: t.db, demoData: true, port: 3000, storage: testStore })).toEqual({
      demoSeeded: false,
    });
    expect(await countUsers({ db: t.db })).toBe(DEMO_ACCOUNTS.length);
  });

  it('teacher01 owns the course 数据结构 with an exercise set and a homework, and sees the library tags', async () => {
    const teacher = await signIn('teacher01');
    const courses = (await teacher.get('/api/course/courses/mine')).json().data;
    expect(courses).toMatchObject([
      {
        name: '数据结构',
        exerciseSets: [{ name: '第一章 线性表 练习' }],
        // The second one is the published demo homework (seed/demo-homework.ts).
        homeworks: [{ name: '第一次作业：栈与队列' }, { name: '第二次作业：线性表、栈与二叉树' }],
      },
      { name: '数据结构课程设计', exerciseSets: [], homeworks: [] },
    ]);
    // The homework holds checked demo questions: a choice, a short answer and a programming question.
    const listed = await teacher.get(
      `/api/course/courses/${courses[0].id}/homeworks/${courses[0].homeworks[0].id}/questions`,
    );
    expect(listed.json().data.rows).toMatchObject([
      { typeName: '单选题', answer: 'B' },
      { typeName: '简答题' },
      { typeName: '编程题', language: 'python3', caseCount: 3 },
    ]);
    const saved = await teacher.post(
      `/api/course/homeworkQuestions/batchSave?homeworkId=${courses[0].homeworks[0].id}`,
      [{ qsnType: 3, titleText: '栈是后进先出的线性表。', answer: 'true' }],
    );
    expect(saved.json().data).toEqual({ fieldList: [] });
    const tags = (await teacher.get('/api/course/libKnowledges/list?isLibrary=1')).json().data.fieldList;
    expect(tags.map((k: { name: string }) => k.name)).toContain('栈');
    // Nobody else owns a course.
    expect((await (await signIn('leader01')).get('/api/course/courses/mine')).json().data).toEqual([]);
  });

  it('teacher01 teaches a theory and a practice course of this term, each with a class of a fixed code', async () => {
    const teacher = await signIn('teacher01');
    const page = (await teacher.get('/api/course/courses/teaching')).json().data;
    expect(page.rows).toMatchObject([
      { name: '数据结构课程设计', type: 'Train', classCount: 1, studentCount: 1, archived: false },
      { name: '数据结构', type: 'Theory', classCount: 1, studentCount: 2, archived: false },
    ]);
    const now = Date.now();
    for (const row of page.rows) {
      expect(row.startTime).toBeLessThan(now);
      expect(row.endTime).toBeGreaterThan(now);
    }
    const codes = [];
    for (const row of [...page.rows].reverse()) {
      const classes = (await teacher.get(`/api/course/courses/${row.id}/classes`)).json().data.rows;
      expect(classes).toHaveLength(1);
      codes.push([classes[0].code, row.name, classes[0].name, classes[0].closed]);
    }
    expect(codes).toEqual(DEMO_CLASSES.map((c) => [c.code, c.course, c.className, false]));
  });

  it('student01 is in both courses, student02 in the theory one and can join the practice one by its code', async () => {
    const names = async (api: Awaited<ReturnType<typeof signIn>>) =>
      (await api.get('/api/course/athena/courses/study'))
        .json()
        .data.rows.map((r: { name: string }) => r.name);
    const student = await signIn('student01');
    expect(await names(student)).toEqual(['数据结构课程设计', '数据结构']);
    const rows = (await student.get('/api/course/athena/courses/study')).json().data.rows;
    expect(rows[1]).toMatchObject({
      type: 'Theory',
      creator: '李静',
      className: '软件工程2301班',
      focus: false,
    });

    const second = await signIn('student02');
    expect(await names(second)).toEqual(['数据结构']);
    const code = DEMO_CLASSES[1].code.toLowerCase();
    const info = (await second.get(`/api/course/course_teach_class/course_info?code=${code}`)).json().data;
    expect(info).toMatchObject({ overt: true, name: '数据结构课程设计', organ: { name: '计算机学院' } });
    const joined = (await second.post('/api/course/courses/students/joined', { classCode: code })).json();
    expect(joined.message).toBe(COURSES_MSG.joined);
    expect(await names(second)).toEqual(['数据结构课程设计', '数据结构']);
    // student01 is already in it.
    const again = await student.post('/api/course/courses/students/joined', {
      classCode: DEMO_CLASSES[1].code,
    });
    expect(again.json().message).toBe(COURSES_MSG.alreadyJoined);
  });

  it('a second start seeds nothing and the class codes stay as they were', async () => {
    expect(await seedIfNeeded({ db: t.db, demoData: true, port: 3000, storage: testStore })).toEqual({
      demoSeeded: false,
    });
    const found = await findClassesByCodes({ db: t.db, codes: DEMO_CLASSES.map((c) => c.code) });
    expect(found.map((c) => [c.code, c.courseName])).toEqual(DEMO_CLASSES.map((c) => [c.code, c.course]));
  });
});
