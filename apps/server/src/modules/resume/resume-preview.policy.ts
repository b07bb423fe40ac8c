import type { Actor } from '../sessions/actor';

/*
 * The preview and the PDF show a member's own online resume only: the calls take no user id, and a
 * resumeId that is not the asker's resume is answered as if it did not exist (404), so nobody learns
 * whether another member's resume exists.
 */

/** The member whose resume a preview call reads: always the one asking. */
export const previewOwnerOf = (actor: Actor) => actor.userId;
