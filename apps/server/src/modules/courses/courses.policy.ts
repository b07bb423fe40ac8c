import { COURSES_MSG, toRole } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';

/**
 * Managing courses, classes and rosters is a teacher's: students, and users without an organisation (role
 * defaults to Student), get 403 学生身份暂无权限 (as on the other teacher pages).
 */
export const assertMayTeach = (actor: Actor) => {
  if (toRole(actor.membership?.role) === 'Student') throw AppError.forbidden(COURSES_MSG.studentNoPermission);
};

/**
 * Only a course's teacher (its creator) manages it; anyone else is answered as if it did not exist (404), so
 * ids of other teachers' courses, classes and students reveal nothing.
 */
export const ownsCourse = (actor: Actor, course: { teacherId: number }) => course.teacherId === actor.userId;

/**
 * Joining by class code is a student's (spec 5 and 8): without any organisation 当前未加入任何机构; a teacher
 * 教师身份不支持操作.
 */
export const assertMayJoin = (actor: Actor) => {
  if (!actor.membership) throw AppError.forbidden(COURSES_MSG.noOrganJoined);
  if (actor.membership.role === 'Teacher') throw AppError.forbidden(COURSES_MSG.teacherCannotOperate);
};
