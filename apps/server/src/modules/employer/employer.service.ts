import {
  COMPANY_SCALES,
  type Company,
  type CompanyBody,
  FINANCING_ROUNDS,
  INDUSTRIES,
  INTERNSHIPS_MSG,
  type JobCompany,
  labelOf,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { claimFile, describeFileById, type FileUrlContext, fileUrls } from '../files/files.service';
import type { Actor } from '../sessions/actor';
import {
  type CompanyRow,
  countVideos,
  findCompanies,
  findCompanyOfUser,
  insertCompany,
  insertCompanyMember,
  updateCompany,
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

/** The company as the 企业入口 hub shows it (logo as an uploaded file with a signed address). */
const companyAnswer = async (ctx: FileUrlContext, company: CompanyRow): Promise<Company> => {
  return {
    id: String(company.id),
    name: company.name,
    introduction: company.introduction,
    logo: await describeFileById(ctx, company.logoFileId),
  };
};

/** `GET ourea/companies/mine`: a business user's company, or null before their first save. */
export const myCompany = async (opts: { ctx: FileUrlContext; actor: Actor }): Promise<Company | null> => {
  assertBusinessUser(opts.actor);
  const company = await companyOfUser({ db: opts.ctx.db, userId: opts.actor.userId });
  return company ? companyAnswer(opts.ctx, company) : null;
};

/**
 * `PUT ourea/companies/mine`: saves a business user's company (name, introduction, logo: an upload of
 * purpose 'logo' by the same user), making it on the first save.
 */
export const saveMyCompany = async (opts: { ctx: FileUrlContext; actor: Actor; body: CompanyBody }) => {
  assertBusinessUser(opts.actor);
  const { db } = opts.ctx;
  const logoFileId =
    opts.body.logoFileId == null
      ? null
      : (await claimFile({ db, userId: opts.actor.userId, fileId: opts.body.logoFileId, purposes: ['logo'] }))
          .id;
  const current = await companyOfUser({ db, userId: opts.actor.userId });
  const values = { name: opts.body.name, introduction: opts.body.introduction, logoFileId };
  const saved = current
    ? await updateCompany(db, current.id, values)
    : await createCompany({ db, userId: opts.actor.userId, ...values });
  if (!saved) throw AppError.notFound();
  return companyAnswer(opts.ctx, saved);
};

/** The company hub is a business user's: anyone else 403 仅企业用户可以管理实习. */
const assertBusinessUser = (actor: Actor) => {
  if (actor.membership?.role !== 'Business') throw AppError.forbidden(INTERNSHIPS_MSG.businessOnly);
};

/** A company as job seekers see it on a job, a card or its page, plus how many videos it has. */
export type CompanyCard = JobCompany & { videoCount: number };

/**
 * Contract (issue 14): the company blocks of `ids` for job seekers' pages (jobs, favourites, feedback,
 * career talks), logos signed; unknown ids are absent from the map.
 */
export const companyCards = async (opts: {
  ctx: FileUrlContext;
  ids: readonly number[];
}): Promise<Map<number, CompanyCard>> => {
  const ids = [...new Set(opts.ids)];
  const [rows, videos] = await Promise.all([findCompanies(opts.ctx.db, ids), countVideos(opts.ctx.db, ids)]);
  const logos = await fileUrls(
    opts.ctx,
    rows.map((r) => r.logoFileId),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: String(r.id),
        name: r.name,
        nickName: r.nickname || r.name,
        logo: (r.logoFileId != null && logos.get(r.logoFileId)) || null,
        description: r.introduction,
        financingRoundTitle: labelOf(FINANCING_ROUNDS, r.financingRound),
        industryTitle: labelOf(INDUSTRIES, r.industry),
        scaleTitle: labelOf(COMPANY_SCALES, r.scale),
        videoCount: videos.get(r.id) ?? 0,
      },
    ]),
  );
};
