import { OPEN_CLASS_MSG, toRole } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { companyOfUser } from '../employer/employer.service';
import type { Actor } from '../sessions/actor';
import type { OpenCourseRow } from './open-classes.repo';

/*
 * Who may do what with open classes (issue 12):
 * - organising (create, edit, publish, take offline, delete a draft) is a Teacher's, or a Business user's
 *   acting for a company (the course is the company's); students, and users without an organisation, get
 *   403 学生身份暂无权限; a business user without a company 403 请先完善企业信息后再创建课程;
 * - a course is touched only by its organiser: anyone else's course id answers 404 (reveals nothing);
 * - a course is seen by everyone when Online, by its organiser in any status;
 * - subscribing is a Student's; watching (videos, playback, live tokens) is the organiser's and subscribers'.
 */

/** The organiser behind an actor: their user id and (business users) their company. */
export type Organiser = { userId: number; companyId: number | null };

export const organiserOf = async (opts: { db: Db; actor: Actor }): Promise<Organiser> => {
  const role = opts.actor.membership ? toRole(opts.actor.membership.role) : 'Student';
  if (role === 'Teacher') return { userId: opts.actor.userId, companyId: null };
  if (role === 'Business') {
    const company = await companyOfUser({ db: opts.db, userId: opts.actor.userId });
    if (!company) throw AppError.forbidden(OPEN_CLASS_MSG.noCompany);
    return { userId: opts.actor.userId, companyId: company.id };
  }
  throw AppError.forbidden(OPEN_CLASS_MSG.studentNoPermission);
};

/** The course's organiser is asking. */
export const isOrganiserOf = (
  actor: Pick<Actor, 'userId'> | null,
  course: Pick<OpenCourseRow, 'organiserId'>,
) => !!actor && course.organiserId === actor.userId;

/** The organiser's own course, or 404 课程不存在 (another organiser's, or none). */
export const assertOwnCourse = <T extends Pick<OpenCourseRow, 'organiserId'>>(
  actor: Pick<Actor, 'userId'>,
  course: T | null,
): T => {
  if (!course || !isOrganiserOf(actor, course)) throw AppError.notFound(OPEN_CLASS_MSG.courseNotFound);
  return course;
};

/** A course the asker may see: Online, or their own. 404 otherwise. */
export const assertVisible = <T extends Pick<OpenCourseRow, 'organiserId' | 'status'>>(
  actor: Pick<Actor, 'userId'> | null,
  course: T | null,
): T => {
  if (!course || (course.status !== 'Online' && !isOrganiserOf(actor, course)))
    throw AppError.notFound(OPEN_CLASS_MSG.courseNotFound);
  return course;
};

/** Subscribing is a student's: teachers 教师身份不支持操作, business users 仅学生可以订阅课程. */
export const assertMaySubscribe = (actor: Actor) => {
  const role = actor.membership ? toRole(actor.membership.role) : 'Student';
  if (role === 'Teacher') throw AppError.forbidden(OPEN_CLASS_MSG.teacherCannotOperate);
  if (role === 'Business') throw AppError.forbidden(OPEN_CLASS_MSG.onlyStudentsSubscribe);
};

/** The organiser, or a subscriber of an Online course, may watch. */
export const mayWatch = (
  actor: Pick<Actor, 'userId'> | null,
  course: Pick<OpenCourseRow, 'organiserId' | 'status'>,
  subscribed: boolean,
) => isOrganiserOf(actor, course) || (!!actor && subscribed && course.status === 'Online');
