import { MSG, toRole } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';

/**
 * Grading a homework's answers is the course's teacher's (issue 10 part 8). Students, and users without an
 * organisation (role defaults to Student), get 403 学生身份暂无权限.
 */
export const assertMayGrade = (actor: Actor) => {
  if (toRole(actor.membership?.role) === 'Student') throw AppError.forbidden(MSG.studentNoPermission);
};

/**
 * Only the teacher of the course grades its homework; anyone else is answered as if it did not exist
 * (404), so ids of other teachers' homeworks and answers reveal nothing.
 */
export const teachesCourse = (actor: Actor, course: { teacherId: number }) =>
  course.teacherId === actor.userId;
