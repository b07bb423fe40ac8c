import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../apps/server/src/app';
import type { Database } from '../../../apps/server/src/db/client';
import type { App } from '../../../apps/server/src/http/context';
import { seedIfNeeded } from '../../../apps/server/src/seed';
import { createFileStore } from '../../../apps/server/src/storage';
import { testConfig } from '../../../apps/server/src/test/app';
import { openTestDatabase, testDrivers } from '../../../apps/server/src/test/database';
import { generateScaleData, scaleCounts } from './generate';
import { SCALE_PASSWORD, SCALES, studentName } from './spec';

const spec = SCALES.tiny;

describe.each(testDrivers())('the generated university (tiny) on %s', (driver) => {
  let database: Database;
  let app: App;
  let first: Awaited<ReturnType<typeof generateScaleData>>;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    // what a server's first start adds without demo data: the catalogues the profiles and positions name
    await seedIfNeeded({
      db: database.db,
      demoData: false,
      port: 0,
      storage: createFileStore({
        kind: 'local',
        dir: path.join(os.tmpdir(), 'uplus-scale-test'),
        urlTtlSeconds: 60,
      }),
    });
    first = await generateScaleData({ db: database.db, spec });
    app = await buildApp(testConfig(), { database });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('makes every kind of row in the numbers the spec gives', async () => {
    expect(first.generated).toBe(true);
    const courses = spec.teachers * spec.coursesPerTeacher;
    const homework = courses * spec.homeworksPerCourse;
    expect(await scaleCounts(database.db)).toMatchObject({
      students: spec.students,
      teachers: spec.teachers,
      businessUsers: spec.companies,
      courses,
      classes: courses - 1 + spec.bigCourseClasses,
      enrolments: spec.busyStudentCourses + (spec.students - 1) * spec.coursesPerStudent,
      homework,
      questions: homework * 3,
      codeQuestions: homework,
      submissions: spec.submissions,
      answers: spec.submissions * 3,
      companies: spec.companies,
      positions: spec.bigCompanyPositions + (spec.companies - 1) * spec.positionsPerCompany,
      deliveries: spec.deliveries,
      resumes: spec.students,
    });
  });

  it('adds nothing when the university is there already', async () => {
    const again = await generateScaleData({ db: database.db, spec });
    expect(again).toEqual({ generated: false, steps: [] });
    expect((await scaleCounts(database.db)).students).toBe(spec.students);
  });

  it('a generated student signs in and sees their courses and homework', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/idp/api/login',
      payload: { username: studentName(2), password: SCALE_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const headers = { 'x-access-token': login.json().data.ticket as string };
    const study = await app.inject({
      method: 'GET',
      url: '/api/course/athena/courses/study?pageNumber=1&pageSize=10',
      headers,
    });
    expect(study.statusCode).toBe(200);
    const courses = study.json().data as { rows: { id: string }[]; total: number };
    expect(courses.total).toBe(spec.coursesPerStudent);
    const homework = await app.inject({
      method: 'GET',
      url: `/api/course/courses/${courses.rows[0]?.id}/homeworks/study?pageNumber=1&pageSize=10`,
      headers,
    });
    expect(homework.statusCode).toBe(200);
    expect(homework.json().data.total).toBe(spec.homeworksPerCourse);
  });
});
