import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';

/*
 * Member profiles are each user's own: every call works on the signed-in user's row only (no call takes a
 * user id), so another user's profile can be neither read nor written. The catalogues are for anyone signed
 * in. The profile-completion dialog is shown to students; a teacher may still keep a profile (the resume of
 * a later issue reads it), so saving is not limited to students.
 */

/** The user whose profile a call reads or writes: always the one asking. */
export const profileOwnerOf = (actor: Actor) => actor.userId;

/**
 * The member a call names by user id (`GET members?id=`, the avatar upload's resourceId): only oneself
 * (absent or empty: oneself); anyone else is 403.
 */
export const memberAsked = (actor: Actor, id: string | undefined) => {
  if (id === undefined || id.trim() === '') return actor.userId;
  if (id.trim() !== String(actor.userId)) throw AppError.forbidden();
  return actor.userId;
};
