import { ASSISTANT_MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { courseRoleOf } from '../courses/courses.service';
import type { Actor } from '../sessions/actor';

/*
 * Who may do what with a course's knowledge base (issue 16 part 6): the course's teachers manage its
 * materials; every member of the course (teachers and students) may open a passage a citation names.
 */

/** The actor teaches the course; 403 只有本课程的教师可以管理知识库 otherwise (students, other teachers, strangers). */
export const assertCourseTeacher = async (opts: { db: Db; actor: Actor; courseId: number }) => {
  const place = await courseRoleOf(opts);
  if (place?.role !== 'Teacher') throw AppError.forbidden(ASSISTANT_MSG.notCourseTeacher);
  return place.course;
};

/** Whether the actor is a member (teacher or student) of the course. */
export const isCourseMember = async (opts: { db: Db; actor: Actor; courseId: number }) =>
  (await courseRoleOf(opts)) !== null;
