import { NOTICES_MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';

/**
 * Messages are personal: a signed-in user reads and marks only their own, whatever organisation they act
 * in. There is no way to name another user's message; an id of someone else's message simply matches
 * nothing (the caller cannot tell it from an id that does not exist).
 */
export const messageOwnerOf = (actor: Actor): number => actor.userId;

/**
 * Notices are read through their addressee the same way: only notices addressed to the caller are listed,
 * opened or marked. Someone else's notice answers 404 like one that does not exist.
 */
export const noticeReaderOf = (actor: Actor): number => actor.userId;

/** Only the course's own teacher publishes notices for it; other courses look as if they did not exist. */
export function assertMayPublishCourseNotice<C extends { teacherId: number }>(
  publisherId: number,
  course: C | undefined,
): asserts course is C {
  if (!course || course.teacherId !== publisherId) throw AppError.notFound(NOTICES_MSG.courseNotFound);
}

/** A course's notice list is its teacher's alone, like publishing; other courses look as if they did not exist. */
export function assertMayListCourseNotices<C extends { teacherId: number }>(
  readerId: number,
  course: C | undefined,
): asserts course is C {
  assertMayPublishCourseNotice(readerId, course);
}
