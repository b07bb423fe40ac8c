import type { Db } from '../../db/client';
import {
  type CompanyRow,
  findCompanies,
  findCompanyOfUser,
  insertCompany,
  insertCompanyMember,
} from './employer.repo';

/*
 * Employers (issue 12): companies and the business users acting for them. Other areas ask here which
 * company a business user acts for (internship groups, open courses, certificates are the company's).
 */

export type { CompanyRow } from './employer.repo';

/** Makes a company with `userId` (a business user) acting for it. */
export const createCompany = async (opts: {
  db: Db;
  userId: number;
  name: string;
  introduction?: string;
  logoFileId?: number | null;
}): Promise<CompanyRow> =>
  opts.db.transaction(async (tx) => {
    const company = await insertCompany(tx, {
      name: opts.name,
      introduction: opts.introduction ?? '',
      logoFileId: opts.logoFileId ?? null,
    });
    await insertCompanyMember(tx, company.id, opts.userId);
    return company;
  });

/** The company `userId` acts for, or null (a business user who has not set up their company yet). */
export const companyOfUser = (opts: { db: Db; userId: number }) => findCompanyOfUser(opts.db, opts.userId);

/** Companies by id, in no particular order. */
export const companiesByIds = (opts: { db: Db; ids: readonly number[] }) => findCompanies(opts.db, opts.ids);
