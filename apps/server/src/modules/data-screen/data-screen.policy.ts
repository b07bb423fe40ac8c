import { hasCollegeAdminAuth, isCollegeLeader, MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import { type Actor, collegeCodeOf } from '../sessions/actor';

/**
 * The data screen shows a college's figures to that college's leader (spec 001 sections 5 and 6) or its
 * administrator, and to nobody else: acting in another college, or without either permission bit, answers
 * 当前用户无查看权限 (the same words the page shows), so nobody learns another college's figures.
 */
export const assertMayViewDataScreen = (actor: Actor, collegeCode: string): void => {
  const own = collegeCodeOf(actor);
  const allowed =
    !!own &&
    own === collegeCode &&
    (isCollegeLeader(actor.masks.course.toString()) || hasCollegeAdminAuth(actor.masks.qom.toString()));
  if (!allowed) throw AppError.forbidden(MSG.noViewPermission);
};
