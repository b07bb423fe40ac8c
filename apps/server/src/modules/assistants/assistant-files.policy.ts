import { ASSISTANT_MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';

/**
 * Who may give the assistants files (issue 16 part 5, portal spec 6: the assistants are for students and
 * teachers): a signed-in student or teacher; a company user or a user of no organisation is refused (403).
 */
export const mayUploadAssistantFile = (actor: Pick<Actor, 'membership'>) => {
  const role = actor.membership?.role;
  if (role !== 'Student' && role !== 'Teacher') throw AppError.forbidden(ASSISTANT_MSG.noPermission);
};
