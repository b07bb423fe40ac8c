import { RESERVATIONS_MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { companyOfUser } from '../employer/employer.service';
import type { Actor } from '../sessions/actor';

/*
 * Who may do what with career talks and job fairs: a company's business users manage its own talks and fairs
 * and its participation; any signed-in user reserves for themself; another company's or user's ids answer
 * 404 as if they did not exist.
 */

/** The company a business user acts for: 403 for other roles or before the company is set up. */
export const actingCompany = async (db: Db, actor: Actor) => {
  if (actor.membership?.role !== 'Business') throw AppError.forbidden(RESERVATIONS_MSG.businessOnly);
  const company = await companyOfUser({ db, userId: actor.userId });
  if (!company) throw AppError.forbidden(RESERVATIONS_MSG.companyRequired);
  return company;
};

/** A talk or fair of another company is not found for this one. */
export const ownedBy = <T extends { companyId: number }>(
  row: T | null,
  companyId: number,
  missing: string,
): T => {
  if (!row || row.companyId !== companyId) throw AppError.notFound(missing);
  return row;
};
