import {
  EMPLOYER_MSG,
  JOB_DEGREES,
  JOB_NATURES,
  JOBS_MSG,
  type JobCardPage,
  type JobCardsQuery,
  type JobDegree,
  type JobNature,
  labelOf,
  type MyOccupation,
  type MyOccupationPage,
  type MyOccupationsQuery,
  type NamesQuery,
  OCCUPATION_LIMITS,
  type OccupationBody,
  type OccupationDetail,
  storedSalary,
} from '@uplus/shared';
import type { Config } from '../../config/config';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { companyCards, ownCompany } from '../employer/employer.service';
import { favouriteOf } from '../favourites/favourites.service';
import type { FileUrlContext } from '../files/files.service';
import { geocodeAddress } from '../maps/maps.service';
import { citiesExist, divisionNamesOf } from '../member-profile/member-profile.catalog';
import type { Actor } from '../sessions/actor';
import { liveDeliveryOf } from './delivery.service';
import {
  countOnlineOccupations,
  findOccupation,
  findOccupations,
  insertOccupation,
  type OccupationRow,
  type OccupationValues,
  pageCompanyOccupations,
  pageOnlineOccupations,
  updateOccupation,
} from './occupations.repo';

/*
 * Positions (issue 14): a company's recruitment positions, put online and offline by its business users,
 * and what job seekers read of them. Another company's position is answered 404 职位不存在, as if it did
 * not exist. Addresses are geocoded when saved (maps.service; the address stays when nothing is found).
 */

export type { OccupationRow } from './occupations.repo';

/** What the jobs services need: files (signed logos) and the map provider. */
export type JobsContext = FileUrlContext & { config: Pick<Config, 'maps' | 'storage'>; fetch?: typeof fetch };

const pageOf = (q: { pageNumber: number; pageSize: number }) => ({
  offset: (q.pageNumber - 1) * q.pageSize,
  limit: q.pageSize,
});

/** Contract: how many online positions each company has (occupationCount of a company card). */
export const onlineOccupationCounts = (opts: { db: Db; companyIds: readonly number[] }) =>
  countOnlineOccupations(opts.db, opts.companyIds);

/** Contract: positions by id, any state (other areas shape what they show). */
export const occupationsByIds = (opts: { db: Db; ids: readonly number[] }) =>
  findOccupations(opts.db, opts.ids);

// ---------------------------------------------------------------------------------------------------------
// The form's fields, shared with the internship programmes' positions (programs.service)

/** A GB/T 2260 city's province: the first two digits and four zeros (330100 -> 330000, 429004 -> 420000). */
const provinceCodeOf = (cityCode: string) => `${cityCode.slice(0, 2)}0000`;

/**
 * The stored values of a position's form: the city checked against the division catalogue (400
 * 工作城市不存在), the salaries with 面议 as 999-999, and the address geocoded (null point when not found).
 */
export const occupationValuesOf = async (
  ctx: JobsContext,
  body: OccupationBody,
): Promise<OccupationValues> => {
  if (!(await citiesExist({ db: ctx.db, codes: [body.cityCode] })))
    throw AppError.badRequest(EMPLOYER_MSG.cityUnknown);
  const provinceCode = provinceCodeOf(body.cityCode);
  const names = await divisionNamesOf({ db: ctx.db, codes: [body.cityCode, provinceCode] });
  const cityName = names.get(body.cityCode) ?? '';
  const provinceName = names.get(provinceCode) ?? '';
  const where = body.address.startsWith(cityName) ? body.address : `${cityName}${body.address}`;
  const point = body.address ? await geocodeAddress(ctx, where) : null;
  return {
    name: body.name,
    jobNature: body.jobNature,
    ...storedSalary(body),
    degree: body.degree,
    skills: body.skills,
    description: body.description,
    provinceCode,
    provinceName,
    cityCode: body.cityCode,
    cityName,
    areaName: '',
    address: body.address,
    longitude: point?.longitude ?? null,
    latitude: point?.latitude ?? null,
  };
};

type FieldRow = Pick<
  OccupationRow,
  | 'id'
  | 'name'
  | 'jobNature'
  | 'minSalary'
  | 'maxSalary'
  | 'cityCode'
  | 'cityName'
  | 'provinceName'
  | 'degree'
  | 'skills'
  | 'description'
  | 'address'
  | 'longitude'
  | 'latitude'
>;

/** A point, or null when either coordinate is missing. */
export const locationOf = (r: { longitude: number | null; latitude: number | null }) =>
  r.longitude != null && r.latitude != null ? { longitude: r.longitude, latitude: r.latitude } : null;

/** The form's fields as answered (employer pages). */
export const occupationFieldsOf = (r: FieldRow) => ({
  id: String(r.id),
  name: r.name,
  jobNature: r.jobNature as JobNature,
  jobNatureTitle: labelOf(JOB_NATURES, r.jobNature),
  minSalary: r.minSalary,
  maxSalary: r.maxSalary,
  cityCode: r.cityCode ?? '',
  cityName: r.cityName,
  provinceName: r.provinceName,
  degree: r.degree as JobDegree,
  degreeTitle: labelOf(JOB_DEGREES, r.degree),
  skills: r.skills,
  description: r.description,
  address: r.address,
  location: locationOf(r),
});

const myOccupationOf = (r: OccupationRow): MyOccupation => ({
  ...occupationFieldsOf(r),
  onlined: r.onlined === 'Yes' ? 'Yes' : 'No',
  approvalAt: r.approvalAt ? r.approvalAt.getTime() : null,
  updatedAt: r.updatedAt.getTime(),
});

// ---------------------------------------------------------------------------------------------------------
// Employer (a business user acting for the company; 403 otherwise)

/** `GET ourea/recruitment_occupations/mine`: the company's positions, newest first. */
export const pageMyOccupations = async (opts: {
  db: Db;
  actor: Actor;
  query: MyOccupationsQuery;
}): Promise<MyOccupationPage> => {
  const company = await ownCompany({ db: opts.db, actor: opts.actor });
  const page = await pageCompanyOccupations(
    opts.db,
    company.id,
    { onlined: opts.query.onlined },
    pageOf(opts.query),
  );
  return { total: page.total, rows: page.rows.map(myOccupationOf) };
};

/** `POST ourea/recruitment_occupations`: a new position (offline until put online). */
export const createMyOccupation = async (opts: { ctx: JobsContext; actor: Actor; body: OccupationBody }) => {
  const company = await ownCompany({ db: opts.ctx.db, actor: opts.actor });
  const values = await occupationValuesOf(opts.ctx, opts.body);
  return myOccupationOf(
    await insertOccupation(opts.ctx.db, { ...values, companyId: company.id, createdBy: opts.actor.userId }),
  );
};

/** `PUT ourea/recruitment_occupations/{id}`: another company's position 404 职位不存在. */
export const updateMyOccupation = async (opts: {
  ctx: JobsContext;
  actor: Actor;
  id: number;
  body: OccupationBody;
}) => {
  const company = await ownCompany({ db: opts.ctx.db, actor: opts.actor });
  const current = await findOccupation(opts.ctx.db, opts.id);
  if (!current || current.companyId !== company.id) throw AppError.notFound(JOBS_MSG.occupationNotFound);
  const values = await occupationValuesOf(opts.ctx, opts.body);
  const saved = await updateOccupation(opts.ctx.db, company.id, opts.id, values);
  if (!saved) throw AppError.notFound(JOBS_MSG.occupationNotFound);
  return myOccupationOf(saved);
};

/** `PUT|DELETE ourea/recruitment_occupations/{id}/online`: online sets approvalAt to now. */
export const setMyOccupationOnline = async (opts: {
  db: Db;
  actor: Actor;
  id: number;
  online: boolean;
  now: Date;
}) => {
  const company = await ownCompany({ db: opts.db, actor: opts.actor });
  const saved = await updateOccupation(
    opts.db,
    company.id,
    opts.id,
    opts.online ? { onlined: 'Yes', approvalAt: opts.now } : { onlined: 'No' },
  );
  if (!saved) throw AppError.notFound(JOBS_MSG.occupationNotFound);
  return myOccupationOf(saved);
};

// ---------------------------------------------------------------------------------------------------------
// Job seekers (public)

/** `GET ourea/recruitment_occupations`: online positions as job cards, newest approvalAt first. */
export const pageJobCards = async (opts: {
  ctx: FileUrlContext;
  query: JobCardsQuery;
}): Promise<JobCardPage> => {
  const q = opts.query;
  const page = await pageOnlineOccupations(
    opts.ctx.db,
    {
      search: q.search,
      cityCode: q.cityCode,
      jobNature: q.jobNature,
      companyId: q.companyId ? Number(q.companyId) : undefined,
    },
    pageOf(q),
  );
  const cards = await companyCards({ ctx: opts.ctx, ids: page.rows.map((r) => r.companyId) });
  return {
    total: page.total,
    rows: page.rows.map((r) => {
      const c = cards.get(r.companyId);
      return {
        id: String(r.id),
        name: r.name,
        jobNature: r.jobNature as JobNature,
        jobNatureTitle: labelOf(JOB_NATURES, r.jobNature),
        minSalary: r.minSalary,
        maxSalary: r.maxSalary,
        cityName: r.cityName,
        degreeTitle: labelOf(JOB_DEGREES, r.degree),
        skills: r.skills,
        approvalAt: r.approvalAt ? r.approvalAt.getTime() : null,
        companyId: String(r.companyId),
        logo: c?.logo ?? null,
        companyNickName: c?.nickName ?? '',
        financingRoundTitle: c?.financingRoundTitle ?? '',
        industryTitle: c?.industryTitle ?? '',
        scaleTitle: c?.scaleTitle ?? '',
      };
    }),
  };
};

/** `GET ourea/recruitment_occupations/names`: online positions whose name contains `search`, at most 10. */
export const occupationNamesOf = async (opts: { db: Db; query: NamesQuery }) => {
  const page = await pageOnlineOccupations(
    opts.db,
    { search: opts.query.search },
    { offset: 0, limit: OCCUPATION_LIMITS.namesMax },
  );
  return page.rows.map((r) => ({ id: String(r.id), name: r.name }));
};

/**
 * `GET ourea/recruitment_occupations/{id}` (public; personalised when signed in): an offline position keeps
 * its terms but hides description, address and point.
 */
export const occupationDetailOf = async (opts: {
  ctx: FileUrlContext;
  userId: number | null;
  id: number;
}): Promise<OccupationDetail> => {
  const { db } = opts.ctx;
  const r = await findOccupation(db, opts.id);
  if (!r) throw AppError.notFound(JOBS_MSG.occupationNotFound);
  const [cards, favourite, delivery] = await Promise.all([
    companyCards({ ctx: opts.ctx, ids: [r.companyId] }),
    favouriteOf({ db, userId: opts.userId, targetType: 'Occupation', targetId: r.id }),
    liveDeliveryOf({ db, userId: opts.userId, target: { occupationId: r.id } }),
  ]);
  const card = cards.get(r.companyId);
  if (!card) throw AppError.notFound(JOBS_MSG.occupationNotFound);
  const online = r.onlined === 'Yes';
  const { videoCount: _videos, ...company } = card;
  return {
    id: String(r.id),
    name: r.name,
    jobNature: r.jobNature as JobNature,
    jobNatureTitle: labelOf(JOB_NATURES, r.jobNature),
    minSalary: r.minSalary,
    maxSalary: r.maxSalary,
    cityName: r.cityName,
    provinceName: r.provinceName,
    areaName: r.areaName,
    degree: r.degree as JobDegree,
    degreeTitle: labelOf(JOB_DEGREES, r.degree),
    skills: r.skills,
    approvalAt: r.approvalAt ? r.approvalAt.getTime() : null,
    description: online ? r.description : '',
    address: online ? r.address : '',
    location: online ? locationOf(r) : null,
    onlined: online ? 'Yes' : 'No',
    favorite: favourite != null,
    favoriteId: favourite ? String(favourite.id) : null,
    record: delivery ? { id: String(delivery.id) } : null,
    feedBack: delivery?.feedBack ? 'Yes' : 'No',
    companyId: String(r.companyId),
    company,
  };
};
