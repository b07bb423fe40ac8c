import { ASSISTANT_BASE, type MaterialPage } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { retrievePassages } from '../modules/assistants/knowledge.service';
import { createCourseRecord } from '../modules/courses/courses.service';
import { useTestApp } from '../test/app';
import { testDrivers } from '../test/database';
import { asUser, buildSignedInMember } from '../test/factories';
import { DEMO_KNOWLEDGE_PREFIX, demoLectureNotes, seedDemoKnowledge } from './demo-knowledge';

describe.each(testDrivers())('demo knowledge base on %s', (driver) => {
  const t = useTestApp(driver);

  it('writes the 数据结构 lecture notes as the teacher’s indexed notes, one per chapter', async () => {
    const notes = demoLectureNotes();
    expect(notes.length).toBeGreaterThanOrEqual(10);
    const chars = notes.reduce((s, n) => s + n.body.length, 0);
    expect(chars).toBeGreaterThan(25_000);
    expect(chars).toBeLessThan(40_000);
    expect(notes[0]!.title).toBe(`${DEMO_KNOWLEDGE_PREFIX}第1章 绪论与算法复杂度`);
    expect(notes.every((n) => [...n.title].length <= 60)).toBe(true);

    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const course = await createCourseRecord({ db: t.db, teacherId: teacher.user.id, name: '数据结构' });
    const seeded = await seedDemoKnowledge({ db: t.db, courseId: course.id, teacherId: teacher.user.id });
    expect(seeded.every((m) => m.status === 'Indexed' && m.kind === 'Note' && m.passages >= 4)).toBe(true);

    const page = (
      await asUser(t.app, teacher.token).get(`${ASSISTANT_BASE}/${course.id}/materials?pageSize=20`)
    ).json().data as MaterialPage;
    expect(page.total).toBe(notes.length);
    expect(page.rows[0]!.title).toBe(notes.at(-1)!.title);

    const hits = await retrievePassages({
      db: t.db,
      courseId: course.id,
      query: '循环队列怎么判断队满',
      limit: 5,
    });
    expect(hits[0]).toMatchObject({
      materialTitle: `${DEMO_KNOWLEDGE_PREFIX}第3章 栈与队列`,
      heading: '3.4 循环队列',
    });
  });
});
