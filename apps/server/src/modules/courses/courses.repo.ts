import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseMembers, courses } from '../../db/schema';

/**
 * A course with the asking user's place in it: its teacher (creator), a member (with the member type and
 * the member's own archive), or neither. Null when the course does not exist.
 */
export const findCourseWithMember = async (db: Db, courseId: number, userId: number) => {
  const [row] = await db
    .select({
      id: courses.id,
      name: courses.name,
      teacherId: courses.teacherId,
      archivedAt: courses.archivedAt,
      memberType: courseMembers.memberType,
      memberArchivedAt: courseMembers.archivedAt,
    })
    .from(courses)
    .leftJoin(courseMembers, and(eq(courseMembers.courseId, courses.id), eq(courseMembers.userId, userId)))
    .where(eq(courses.id, courseId))
    .limit(1);
  return row ?? null;
};
