import { RESUME_MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';

/*
 * The online resume is each member's own: a call works on the signed-in user's resume only. Ids of another
 * member's resume or section rows are answered as if they did not exist (404 记录不存在或已删除), so ids
 * reveal nothing. Any signed-in user may keep a resume (the career area's job seeker is a student or a
 * graduate; a teacher's resume simply stays unused).
 */

/** The user whose resume a call reads or writes: always the one asking. */
export const resumeOwnerOf = (actor: Actor) => actor.userId;

/** Refuses a resume or a row whose resume belongs to someone else (or nothing): 404. */
export const requireOwnResume = (actor: Actor, ownerUserId: number | null | undefined) => {
  if (ownerUserId === null || ownerUserId === undefined || ownerUserId !== resumeOwnerOf(actor))
    throw AppError.notFound(RESUME_MSG.notFound);
};
