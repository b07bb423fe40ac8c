import {
  COMPANY_SCALES,
  type Company,
  type CompanyBody,
  type CompanyName,
  type CompanyPage,
  type CompanyVideoBody,
  EMPLOYER_MSG,
  FINANCING_ROUNDS,
  INDUSTRIES,
  INTERNSHIPS_MSG,
  JOBS_MSG,
  type JobCompany,
  labelOf,
  type NamesQuery,
  OCCUPATION_LIMITS,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import {
  claimFile,
  describeFileById,
  type FileUrlContext,
  filesByIds,
  fileUrls,
} from '../files/files.service';
import { onlineOccupationCounts } from '../jobs/occupations.service';
import type { Actor } from '../sessions/actor';
import {
  type CompanyRow,
  countVideos,
  deleteVideo,
  findCompanies,
  findCompanyOfUser,
  findVideos,
  insertCompany,
  insertCompanyMember,
  insertVideo,
  searchCompanies,
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

/** The company as the 企业入口 hub shows it (logo as an uploaded file with a signed address, videos). */
const companyAnswer = async (ctx: FileUrlContext, company: CompanyRow): Promise<Company> => {
  const videos = await findVideos(ctx.db, company.id);
  const files = new Map(
    (
      await filesByIds(
        ctx.db,
        videos.map((v) => v.fileId),
      )
    ).map((f) => [f.id, f]),
  );
  const urls = await fileUrls(
    ctx,
    videos.map((v) => v.fileId),
  );
  return {
    id: String(company.id),
    name: company.name,
    introduction: company.introduction,
    logo: await describeFileById(ctx, company.logoFileId),
    nickname: company.nickname,
    financingRound: company.financingRound,
    industry: company.industry,
    scale: company.scale,
    videos: videos.map((v) => ({
      id: String(v.id),
      title: v.title,
      fileId: v.fileId,
      name: files.get(v.fileId)?.name ?? '',
      size: files.get(v.fileId)?.size ?? 0,
      url: urls.get(v.fileId) ?? '',
    })),
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
  const { nickname, financingRound, industry, scale } = opts.body;
  // issue 14's fields: absent ones are kept (the issue-12 form does not send them)
  const profile = Object.fromEntries(
    Object.entries({ nickname, financingRound, industry, scale }).filter(([, v]) => v !== undefined),
  ) as Partial<Pick<CompanyRow, 'nickname' | 'financingRound' | 'industry' | 'scale'>>;
  const values = { name: opts.body.name, introduction: opts.body.introduction, logoFileId, ...profile };
  const saved = current
    ? await updateCompany(db, current.id, values)
    : await createCompany({ db, userId: opts.actor.userId, ...values }).then(async (made) =>
        Object.keys(profile).length ? await updateCompany(db, made.id, profile) : made,
      );
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

/** The business user's company, or 403 (not business) / 403 请先在企业入口完善企业信息 (none yet). */
export const ownCompany = async (opts: { db: Db; actor: Actor }): Promise<CompanyRow> => {
  assertBusinessUser(opts.actor);
  const company = await companyOfUser({ db: opts.db, userId: opts.actor.userId });
  if (!company) throw AppError.forbidden(INTERNSHIPS_MSG.companyRequired);
  return company;
};

/** `POST ourea/companies/mine/videos`: adds an own upload of purpose companyVideo (at most 10). */
export const addMyVideo = async (opts: { ctx: FileUrlContext; actor: Actor; body: CompanyVideoBody }) => {
  const { db } = opts.ctx;
  const company = await ownCompany({ db, actor: opts.actor });
  const file = await claimFile({
    db,
    userId: opts.actor.userId,
    fileId: opts.body.fileId,
    purposes: ['companyVideo'],
  });
  const current = await findVideos(db, company.id);
  if (current.length >= OCCUPATION_LIMITS.videosPerCompany)
    throw AppError.badRequest(EMPLOYER_MSG.videosFull);
  const sort = current.reduce((m, v) => Math.max(m, v.sort), 0) + 1;
  await insertVideo(db, {
    companyId: company.id,
    fileId: file.id,
    title: opts.body.title || file.name,
    sort,
  });
  return companyAnswer(opts.ctx, company);
};

/** `DELETE ourea/companies/mine/videos/{id}`: another company's video 404 视频不存在. */
export const removeMyVideo = async (opts: { ctx: FileUrlContext; actor: Actor; videoId: number }) => {
  const company = await ownCompany({ db: opts.ctx.db, actor: opts.actor });
  if (!(await deleteVideo(opts.ctx.db, company.id, opts.videoId)))
    throw AppError.notFound(EMPLOYER_MSG.videoNotFound);
  return companyAnswer(opts.ctx, company);
};

/** `GET ourea/companies/{id}` (public): the company card, description, videos (signed) and online count. */
export const companyPageOf = async (opts: {
  ctx: FileUrlContext;
  companyId: number;
}): Promise<CompanyPage> => {
  const card = (await companyCards({ ctx: opts.ctx, ids: [opts.companyId] })).get(opts.companyId);
  if (!card) throw AppError.notFound(JOBS_MSG.companyNotFound);
  const [videos, counts] = await Promise.all([
    findVideos(opts.ctx.db, opts.companyId),
    onlineOccupationCounts({ db: opts.ctx.db, companyIds: [opts.companyId] }),
  ]);
  const urls = await fileUrls(
    opts.ctx,
    videos.map((v) => v.fileId),
  );
  return {
    ...card,
    occupationCount: counts.get(opts.companyId) ?? 0,
    videos: videos.map((v) => ({ id: String(v.id), title: v.title, url: urls.get(v.fileId) ?? '' })),
  };
};

/** `GET ourea/companies/names` (public autocomplete): name or nickname contains `search`, at most 10. */
export const companyNamesOf = async (opts: { db: Db; query: NamesQuery }): Promise<CompanyName[]> => {
  const rows = await searchCompanies(opts.db, opts.query.search, OCCUPATION_LIMITS.namesMax);
  const statistics = (opts.query.details ?? '').split(',').includes('statistics');
  const counts = statistics
    ? await onlineOccupationCounts({ db: opts.db, companyIds: rows.map((r) => r.id) })
    : null;
  return rows.map((r) => ({
    id: String(r.id),
    name: r.name,
    nickName: r.nickname || r.name,
    ...(counts ? { occupationCount: counts.get(r.id) ?? 0 } : {}),
  }));
};
