import { CERTIFICATES_MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { type CompanyRow, companyOfUser } from '../employer/employer.service';
import type { Actor } from '../sessions/actor';

/**
 * Issuing, listing and revoking certificates is a company's: the asker must be a business user acting for
 * one (403 otherwise). Everything after that is limited to that company's rows; another company's ids are
 * answered as if they did not exist (404).
 */
export const issuerCompany = async (db: Db, actor: Pick<Actor, 'userId'>): Promise<CompanyRow> => {
  const company = await companyOfUser({ db, userId: actor.userId });
  if (!company) throw AppError.forbidden(CERTIFICATES_MSG.noCompany);
  return company;
};

/** A certificate is its company's to list and revoke. */
export const ownsCertificate = (company: CompanyRow, certificate: { companyId: number }) =>
  certificate.companyId === company.id;
