import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  codeEvaluations,
  courses,
  exerciseSets,
  homeworks,
  memberships,
  organisations,
} from '../../db/schema';

export const findOrganisationByCode = async (db: Db, code: string) => {
  const [row] = await db
    .select({ id: organisations.id, code: organisations.code, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.code, code))
    .limit(1);
  return row ?? null;
};

/**
 * The figures of one organisation. Courses belong to their teacher, so a college's courses are those of
 * its Teacher members (a teacher in two colleges counts in both); code runs are its members' runs.
 */
export const countCollegeFigures = async (db: Db, organisationId: number) => {
  const ofCollege = (identityType?: string) =>
    identityType
      ? and(eq(memberships.organisationId, organisationId), eq(memberships.identityType, identityType))
      : eq(memberships.organisationId, organisationId);
  const members = (identityType?: string) =>
    db.select({ id: memberships.userId }).from(memberships).where(ofCollege(identityType));
  const memberCount = (identityType: string) =>
    db.select({ n: count() }).from(memberships).where(ofCollege(identityType));
  const teacherCourses = db
    .select({ id: courses.id })
    .from(courses)
    .where(inArray(courses.teacherId, members('Teacher')));
  const one = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const [courseCount, homeworkCount, setCount, teacherCount, studentCount, runCount] = await Promise.all([
    one(
      db
        .select({ n: count() })
        .from(courses)
        .where(inArray(courses.teacherId, members('Teacher'))),
    ),
    one(db.select({ n: count() }).from(homeworks).where(inArray(homeworks.courseId, teacherCourses))),
    one(db.select({ n: count() }).from(exerciseSets).where(inArray(exerciseSets.courseId, teacherCourses))),
    one(memberCount('Teacher')),
    one(memberCount('Student')),
    one(db.select({ n: count() }).from(codeEvaluations).where(inArray(codeEvaluations.userId, members()))),
  ]);
  return {
    courses: courseCount,
    homeworks: homeworkCount,
    exerciseSets: setCount,
    teachers: teacherCount,
    students: studentCount,
    codeRuns: runCount,
  };
};
