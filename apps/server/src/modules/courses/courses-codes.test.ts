import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildSignedInMember } from '../../test/factories';
import { classCodeGenerator, createCourseRecord, openClass } from './courses.service';

/** Draws of the class-code generator, scripted: each queued code is drawn next; then real draws again. */
const queued: string[] = [];
beforeAll(() => {
  const real = classCodeGenerator.draw;
  vi.spyOn(classCodeGenerator, 'draw').mockImplementation(() => queued.shift() ?? real());
});
afterAll(() => {
  vi.restoreAllMocks();
});

describe.each(testDrivers())('class codes on %s', (driver) => {
  const t = useTestApp(driver);

  const course = async () => {
    const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const created = await createCourseRecord({
      db: t.db,
      teacherId: me.user.id,
      name: '数据结构',
      schoolId: me.school.id,
    });
    return { me, courseId: created.id };
  };

  it('a drawn code that is taken is drawn again, on opening a class and on a new code', async () => {
    const { me, courseId } = await course();
    const taken = await openClass({
      db: t.db,
      courseId,
      name: '甲班',
      organisationId: me.klass.id,
      code: 'AAAAAAAA',
    });
    queued.push('AAAAAAAA', 'AAAAAAAA', 'BBBBBBBB');
    const opened = await asUser(t.app, me.token).post(`/api/course/courses/${courseId}/classes`, {
      name: '乙班',
      organisationId: String(me.klass.id),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.code).toBe('BBBBBBBB');

    queued.push('BBBBBBBB', 'AAAAAAAA', 'CCCCCCCC');
    const renewed = await asUser(t.app, me.token).post(`/api/course/course_teach_class/${taken.id}/code`);
    expect(renewed.json().data.code).toBe('CCCCCCCC');
    expect(queued).toEqual([]);
  });

  it('gives up with a clear message after ten taken draws, changing nothing', async () => {
    const { me, courseId } = await course();
    await openClass({ db: t.db, courseId, name: '甲班', organisationId: me.klass.id, code: 'DDDDDDDD' });
    queued.push(...Array.from({ length: 10 }, () => 'DDDDDDDD'));
    const res = await asUser(t.app, me.token).post(`/api/course/courses/${courseId}/classes`, {
      name: '乙班',
      organisationId: String(me.klass.id),
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('班级码生成失败，请重试');
    expect(queued).toEqual([]);
    const classes = await asUser(t.app, me.token).get(`/api/course/courses/${courseId}/classes`);
    expect(classes.json().data.total).toBe(1);
  });
});
