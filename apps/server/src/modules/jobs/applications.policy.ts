import { APPLICATIONS_MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { companyOfUser } from '../employer/employer.service';
import type { Actor } from '../sessions/actor';

/*
 * Who may use the applications inbox (issue 14): a business user acting for a company sees and answers only
 * the deliveries to that company. Everyone else is 403; a business user without a company 403 as well.
 */

/** The company whose inbox the asker may use: 403 仅企业用户可以管理投递 / 请先在企业入口完善企业信息. */
export const inboxCompanyOf = async (
  db: Db,
  actor: Actor,
): Promise<{ id: number; name: string; nickname: string }> => {
  if (actor.membership?.role !== 'Business') throw AppError.forbidden(APPLICATIONS_MSG.businessOnly);
  const company = await companyOfUser({ db, userId: actor.userId });
  if (!company) throw AppError.forbidden(APPLICATIONS_MSG.noCompany);
  return { id: company.id, name: company.name, nickname: company.nickname ?? '' };
};

/** A delivery of the asker's company (another company's or an unknown id: 404 投递记录不存在). */
export const ownDelivery = <T>(row: T | null): T => {
  if (!row) throw AppError.notFound(APPLICATIONS_MSG.deliveryNotFound);
  return row;
};
