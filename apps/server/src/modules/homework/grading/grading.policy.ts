import { MSG, toRole } from '@uplus/shared';
import { AppError } from '../../../core/errors';
import type { Actor } from '../../sessions/actor';

/**
 * AI-judge runs are the course teacher's (issue 11). Students, and users without an organisation (whose role
 * defaults to Student), get 403 学生身份暂无权限 before anything is looked up; whether the caller teaches the
 * course is checked against the course (`courseRoleOf`), anyone else getting 404.
 */
export const assertMayStartJudgeRuns = (actor: Actor) => {
  if (toRole(actor.membership?.role) === 'Student') throw AppError.forbidden(MSG.studentNoPermission);
};
