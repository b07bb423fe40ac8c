import { MSG, toRole } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';

/**
 * The question bank is a teacher's tool (spec 000 section 1): teachers, and business users who reach the
 * teacher workbench, keep a library and import into their own homeworks and exercise sets. Students, and
 * users without an organisation (role defaults to Student), get 403 学生身份暂无权限.
 */
export const assertMaySetQuestions = (actor: Actor) => {
  if (toRole(actor.membership?.role) === 'Student') throw AppError.forbidden(MSG.studentNoPermission);
};

/** Courses (and their homeworks and exercise sets) belong to their teacher; anyone else sees 404. */
export const ownsCourse = (actor: Actor, course: { teacherId: number }) => course.teacherId === actor.userId;
