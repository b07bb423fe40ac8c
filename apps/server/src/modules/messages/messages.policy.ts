import type { Actor } from '../sessions/actor';

/**
 * Messages are personal: a signed-in user reads and marks only their own, whatever organisation they act
 * in. There is no way to name another user's message; an id of someone else's message simply matches
 * nothing (the caller cannot tell it from an id that does not exist).
 */
export const messageOwnerOf = (actor: Actor): number => actor.userId;
