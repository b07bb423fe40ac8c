import { MSG, toRole } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';

/**
 * The course pages are a teacher's (issue 4 part 9), like the question bank they import into: students, and
 * users without an organisation (role defaults to Student), get 403 学生身份暂无权限.
 */
export const assertMayTeach = (actor: Actor) => {
  if (toRole(actor.membership?.role) === 'Student') throw AppError.forbidden(MSG.studentNoPermission);
};

/**
 * A course, and its homeworks and exercise sets, belong to its teacher. Anyone else is answered as if it did
 * not exist (404), so ids of other teachers' courses reveal nothing.
 */
export const ownsCourse = (actor: Actor, course: { teacherId: number }) => course.teacherId === actor.userId;
