import type { Db } from '../../db/client';
import type { Actor } from '../sessions/actor';
import * as repo from './courses.repo';

/** The asking user's role in a course (spec 001 section 6), or null: not the course's, or no such course. */
export type CourseRole = 'Teacher' | 'Student';

/**
 * The actor's role in a course: Teacher for its teacher (or a co-teacher member), Student for a student
 * member, null for anyone else and for a course that does not exist (callers answer 404 alike).
 */
export const courseRoleOf = async (opts: { db: Db; actor: Actor; courseId: number }) => {
  const row = await repo.findCourseWithMember(opts.db, opts.courseId, opts.actor.userId);
  if (!row) return null;
  const role: CourseRole | null =
    row.teacherId === opts.actor.userId
      ? 'Teacher'
      : row.memberType === 'Teacher'
        ? 'Teacher'
        : row.memberType === 'Student'
          ? 'Student'
          : null;
  return role ? { role, course: { id: row.id, name: row.name, teacherId: row.teacherId } } : null;
};
