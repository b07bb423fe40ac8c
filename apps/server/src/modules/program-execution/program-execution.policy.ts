import { MSG, toRole } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';

/**
 * Test runs are a question-setting tool (spec 000 section 1: teachers set and test coding questions).
 * Teachers may run them, and business users too, who reach the teacher workbench (spec 001 section 2:
 * their menu has the teacher-workbench button). Students, and users without an organisation (whose role
 * defaults to Student), get 403 学生身份暂无权限: running arbitrary code costs the school's machines, and
 * students have no question editor to test.
 */
export const assertMayRunCode = (actor: Actor) => {
  const role = toRole(actor.membership?.role);
  if (role === 'Student') throw AppError.forbidden(MSG.studentNoPermission);
};

/** Only the submitter reads an evaluation; anyone else gets 404, as if it did not exist. */
export const canReadEvaluation = (actor: Actor, evaluation: { userId: number }) =>
  evaluation.userId === actor.userId;
