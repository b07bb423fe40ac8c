import { INTERNSHIPS_MSG } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { companyOfUser } from '../employer/employer.service';
import type { Actor } from '../sessions/actor';

/**
 * Managing internships is a business user's acting for a company (employer.service companyOfUser): anyone
 * else 403 仅企业用户可以管理实习; a business user without a company 403 请先在企业入口完善企业信息.
 * Groups, stages, codes and members of another company are answered 404, as if they did not exist.
 */
export const assertBusiness = (actor: Actor) => {
  if (actor.membership?.role !== 'Business') throw AppError.forbidden(INTERNSHIPS_MSG.businessOnly);
};

export const organiserCompany = async (db: Db, actor: Actor) => {
  assertBusiness(actor);
  const company = await companyOfUser({ db, userId: actor.userId });
  if (!company) throw AppError.forbidden(INTERNSHIPS_MSG.companyRequired);
  return company;
};

/** Joining is a student's (or a user in no organisation): teachers 教师身份不支持操作, business users 403. */
export const assertMayJoin = (actor: Actor) => {
  if (actor.membership?.role === 'Teacher') throw AppError.forbidden(INTERNSHIPS_MSG.teacherCannotOperate);
  if (actor.membership?.role === 'Business') throw AppError.forbidden(INTERNSHIPS_MSG.studentsOnly);
};
