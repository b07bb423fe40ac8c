import { hasCollegeAdminAuth, MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';

/** A user's own record only: 403 for anyone else's id (whether or not it exists). */
export const assertSelf = (actor: Actor, userId: string) => {
  if (userId !== String(actor.userId)) throw AppError.forbidden(MSG.noPermission);
};

/** College management needs the qom college-admin bit in the current organisation. */
export const assertCollegeAdmin = (actor: Actor) => {
  if (!actor.membership || !hasCollegeAdminAuth(actor.masks.qom.toString())) {
    throw AppError.forbidden(MSG.collegeAdminOnly);
  }
  return actor.membership;
};
