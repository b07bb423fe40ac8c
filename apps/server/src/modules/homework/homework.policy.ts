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

/** The actor's place in a course as `courseRoleOf` answers it (null: none, or no such course). */
type CourseRole = { role: 'Teacher' | 'Student' } | null;

/**
 * The teacher's homework calls (issue 11): the course's teacher (or a co-teacher). Students (by their
 * organisation role or as members of this course) get 403 学生身份暂无权限; anyone else 404 `notFound`, as
 * if the course did not exist.
 */
export const assertCourseTeacher = (actor: Actor, place: CourseRole, notFound: string) => {
  assertMayGrade(actor);
  if (place?.role === 'Teacher') return;
  if (place?.role === 'Student') throw AppError.forbidden(MSG.studentNoPermission);
  throw AppError.notFound(notFound);
};

/** The student's homework calls: student members of the course only; anyone else 404 `notFound`. */
export const assertCourseStudent = (place: CourseRole, notFound: string) => {
  if (place?.role !== 'Student') throw AppError.notFound(notFound);
};
