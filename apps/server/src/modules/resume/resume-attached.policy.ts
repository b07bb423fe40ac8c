import { RESUME_MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';

/**
 * An attached resume is its member's alone: reading, renaming, previewing and deleting it is refused to
 * anyone else as if it did not exist (404), so ids reveal nothing.
 */
export const ownAttached = <T extends { userId: number }>(actor: Pick<Actor, 'userId'>, row: T | null): T => {
  if (!row || row.userId !== actor.userId) throw AppError.notFound(RESUME_MSG.notFound);
  return row;
};

/** Uploading for someone else is refused: the ticket's resourceId, when given, is the asker's own id. */
export const ownResource = (
  actor: Pick<Actor, 'userId'>,
  resourceId: string | undefined,
  message: string,
) => {
  if (resourceId !== undefined && Number(resourceId) !== actor.userId) throw AppError.forbidden(message);
};
