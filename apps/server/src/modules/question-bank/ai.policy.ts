import { MSG, toRole } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';

/**
 * The AI question generator and judge are teacher tools (spec 000 section 1). Teachers may use them, and
 * business users too, who reach the teacher workbench (as decided for test runs in 0002). Students, and
 * users without an organisation (whose role defaults to Student), get 403 学生身份暂无权限: model calls
 * cost the school money, and a student must not be able to grade answers.
 */
export const assertMayUseAiTools = (actor: Actor) => {
  if (toRole(actor.membership?.role) === 'Student') throw AppError.forbidden(MSG.studentNoPermission);
};
