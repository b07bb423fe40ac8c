import { COMPETITIONS_MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Actor } from '../sessions/actor';
import type { CompetitionRow, MemberRow } from './competitions.repo';

/**
 * Who may do what with competitions:
 * - publishing and editing: teachers and business users (others 403 仅教师和企业用户可以发布竞赛); only the
 *   creator edits (403 仅竞赛发布者可以修改);
 * - registering: students (and users in no organisation); teachers and business users 403 仅学生可以报名竞赛;
 * - a record is read only by its members; to anyone else it does not exist (404 报名记录不存在), unless they
 *   hold the join link's code (the team preview and joining); only the captain edits it (403 仅队长可以修改报名信息).
 */
export const assertOrganiser = (actor: Actor) => {
  const role = actor.membership?.role;
  if (role !== 'Teacher' && role !== 'Business') throw AppError.forbidden(COMPETITIONS_MSG.organiserOnly);
};

export const assertCreator = (actor: Actor, competition: CompetitionRow) => {
  if (competition.createdBy !== actor.userId) throw AppError.forbidden(COMPETITIONS_MSG.notCreator);
};

export const assertStudent = (actor: Actor) => {
  const role = actor.membership?.role;
  if (role === 'Teacher' || role === 'Business') throw AppError.forbidden(COMPETITIONS_MSG.studentsOnly);
};

/** The asker's member row of a record, or 404 as if the record did not exist. */
export const assertMember = <T extends MemberRow | null>(member: T): NonNullable<T> => {
  if (!member) throw AppError.notFound(COMPETITIONS_MSG.recordNotFound);
  return member as NonNullable<T>;
};

export const assertCaptain = (member: MemberRow) => {
  if (member.role !== 'Captain') throw AppError.forbidden(COMPETITIONS_MSG.captainOnly);
};
