import { DELIVERY_MSG, JOBS_MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';
import type { DeliveryRow } from './delivery.repo';

/*
 * Who may deliver: a student, or a graduate who belongs to no organisation any more; a business user or a
 * teacher 403 仅学生可以投递简历. A delivery is its job seeker's own: another user's id is answered 404
 * 投递记录不存在, as if it did not exist.
 */

export const assertJobSeeker = (actor: Actor) => {
  const role = actor.membership?.role;
  if (role !== undefined && role !== 'Student') throw AppError.forbidden(DELIVERY_MSG.studentsOnly);
};

/** The asker's own live delivery, or 404. */
export const requireOwnLiveDelivery = (actor: Actor, row: DeliveryRow | null | undefined): DeliveryRow => {
  if (!row || row.userId !== actor.userId || row.canceledAt)
    throw AppError.notFound(JOBS_MSG.deliveryNotFound);
  return row;
};
