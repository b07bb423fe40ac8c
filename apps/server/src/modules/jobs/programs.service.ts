import {
  EMPLOYER_MSG,
  type GroupRecruitment,
  INTERNSHIPS_MSG,
  type InternOccupationDetail,
  type InternProgramDetail,
  type InternProgramPage,
  internshipStatusOf,
  JOBS_MSG,
  type OccupationBody,
  type PageQuery,
  type RecruitmentBody,
  type RecruitState,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import { companyCards, ownCompany } from '../employer/employer.service';
import type { FileUrlContext } from '../files/files.service';
import {
  type GroupRow,
  groupById,
  organiserGroupOf,
  pageOnlineGroups,
  setGroupRecruitState,
} from '../internships/internships.service';
import type { Actor } from '../sessions/actor';
import { liveDeliveryOf } from './delivery.service';
import { type JobsContext, occupationFieldsOf, occupationValuesOf } from './occupations.service';
import {
  deleteInternOccupation,
  findGroupsOccupations,
  findInternOccupation,
  type InternOccupationRow,
  insertInternOccupation,
  updateInternOccupation,
} from './programs.repo';

/*
 * Internship programmes (issue 14): an internship group (issue 12) whose organiser set its recruit state
 * Online is a programme job seekers deliver to, with its own positions (intern_occupations); Offline takes
 * it down (deleted Yes, 已下线: shown only to those who applied). Organiser rules are internships'
 * (organiserGroupOf: another company's group 404 实习计划不存在).
 */

const recruitmentOf = async (
  ctx: { db: FileUrlContext['db'] },
  group: GroupRow,
): Promise<GroupRecruitment> => ({
  groupId: String(group.id),
  recruitState: group.recruitState as RecruitState,
  rows: (await findGroupsOccupations(ctx.db, [group.id])).map(occupationFieldsOf),
});

/** `GET ourea/internship_groups/{groupId}/intern_occupations`: the organiser's editor. */
export const groupRecruitmentOf = async (opts: { ctx: JobsContext; actor: Actor; groupId: number }) => {
  const { group } = await organiserGroupOf({ db: opts.ctx.db, actor: opts.actor, groupId: opts.groupId });
  return recruitmentOf(opts.ctx, group);
};

/**
 * `PUT ourea/internship_groups/{id}/recruitment`: Online needs at least one position (400 请先添加实习岗位)
 * and a group not finished (400 实习计划已结束); Offline takes it down.
 */
export const setRecruitment = async (opts: {
  ctx: JobsContext;
  actor: Actor;
  groupId: number;
  body: RecruitmentBody;
}) => {
  const { db } = opts.ctx;
  const { group } = await organiserGroupOf({ db, actor: opts.actor, groupId: opts.groupId });
  if (opts.body.recruitState === 'Online') {
    if (group.finishedAt) throw AppError.badRequest(INTERNSHIPS_MSG.groupAlreadyFinished);
    if (!(await findGroupsOccupations(db, [group.id])).length)
      throw AppError.badRequest(EMPLOYER_MSG.programNeedsOccupation);
  }
  const saved = await setGroupRecruitState({ db, groupId: group.id, recruitState: opts.body.recruitState });
  if (!saved) throw AppError.notFound(INTERNSHIPS_MSG.groupNotFound);
  return recruitmentOf(opts.ctx, saved);
};

/** `POST ourea/internship_groups/{groupId}/intern_occupations`. */
export const createInternOccupation = async (opts: {
  ctx: JobsContext;
  actor: Actor;
  groupId: number;
  body: OccupationBody;
}) => {
  const { group } = await organiserGroupOf({ db: opts.ctx.db, actor: opts.actor, groupId: opts.groupId });
  const values = await occupationValuesOf(opts.ctx, opts.body);
  const existing = await findGroupsOccupations(opts.ctx.db, [group.id]);
  const sort = existing.reduce((m, o) => Math.max(m, o.sort), 0) + 1;
  return occupationFieldsOf(
    await insertInternOccupation(opts.ctx.db, { ...values, groupId: group.id, sort }),
  );
};

/** An intern position of the business user's company, or 404 实习岗位不存在. */
const ownInternOccupation = async (ctx: JobsContext, actor: Actor, id: number) => {
  const company = await ownCompany({ db: ctx.db, actor });
  const row = await findInternOccupation(ctx.db, id);
  const group = row ? await groupById({ db: ctx.db, groupId: row.groupId }) : null;
  if (!row || !group || group.companyId !== company.id)
    throw AppError.notFound(EMPLOYER_MSG.internOccupationNotFound);
  return row;
};

/** `PUT ourea/intern_occupations/{id}`. */
export const updateInternOccupationOf = async (opts: {
  ctx: JobsContext;
  actor: Actor;
  id: number;
  body: OccupationBody;
}) => {
  const row = await ownInternOccupation(opts.ctx, opts.actor, opts.id);
  const values = await occupationValuesOf(opts.ctx, opts.body);
  const saved = await updateInternOccupation(opts.ctx.db, row.groupId, row.id, values);
  if (!saved) throw AppError.notFound(EMPLOYER_MSG.internOccupationNotFound);
  return occupationFieldsOf(saved);
};

/** `DELETE ourea/intern_occupations/{id}`. */
export const deleteInternOccupationOf = async (opts: { ctx: JobsContext; actor: Actor; id: number }) => {
  const row = await ownInternOccupation(opts.ctx, opts.actor, opts.id);
  await deleteInternOccupation(opts.ctx.db, row.groupId, row.id);
  return null;
};

// ---------------------------------------------------------------------------------------------------------
// Job seekers (public)

const internDetailOf = (r: InternOccupationRow): InternOccupationDetail => {
  const { id, jobNature, minSalary, maxSalary, cityName, provinceName, degree, degreeTitle, skills } =
    occupationFieldsOf(r);
  return {
    id,
    internProgramId: String(r.groupId),
    name: r.name,
    jobNature,
    minSalary,
    maxSalary,
    cityName,
    provinceName,
    areaName: r.areaName,
    degree,
    degreeTitle,
    skills,
    description: r.description,
    address: r.address,
    location: occupationFieldsOf(r).location,
  };
};

const withoutVideoCount = <T extends { videoCount: number }>({ videoCount: _v, ...rest }: T) => rest;

/** `GET ourea/intern_programs`: the Online programmes, newest first. */
export const pageInternPrograms = async (opts: {
  ctx: FileUrlContext;
  query: PageQuery;
}): Promise<InternProgramPage> => {
  const page = await pageOnlineGroups({ db: opts.ctx.db, query: opts.query });
  const [cards, occupations] = await Promise.all([
    companyCards({ ctx: opts.ctx, ids: page.rows.map((g) => g.companyId) }),
    findGroupsOccupations(
      opts.ctx.db,
      page.rows.map((g) => g.id),
    ),
  ]);
  const now = opts.ctx.now();
  const rows = page.rows.flatMap((g) => {
    const card = cards.get(g.companyId);
    if (!card) return [];
    return [
      {
        id: String(g.id),
        name: g.name,
        description: g.description,
        status: internshipStatusOf(g, now),
        internshipStartTimestamp: g.startAt.getTime(),
        internshipEndTimestamp: g.endAt.getTime(),
        company: withoutVideoCount(card),
        occupations: occupations
          .filter((o) => o.groupId === g.id)
          .map((o) => ({ id: String(o.id), name: o.name, cityName: o.cityName })),
      },
    ];
  });
  return { total: Number(page.total), rows };
};

/**
 * A programme a job seeker may see: Online, or Offline to someone with a live application to it (shown as
 * deleted Yes); anything else 404 实习项目不存在.
 */
const visibleProgram = async (ctx: FileUrlContext, userId: number | null, groupId: number) => {
  const group = await groupById({ db: ctx.db, groupId });
  if (!group || group.recruitState === 'Draft') throw AppError.notFound(JOBS_MSG.programNotFound);
  const delivery = await liveDeliveryOf({ db: ctx.db, userId, target: { internGroupId: group.id } });
  if (group.recruitState === 'Offline' && !delivery) throw AppError.notFound(JOBS_MSG.programNotFound);
  return { group, delivery };
};

/** `GET ourea/intern_programs/{id}` (public; record and feedBack for the signed-in asker). */
export const internProgramDetailOf = async (opts: {
  ctx: FileUrlContext;
  userId: number | null;
  id: number;
}): Promise<InternProgramDetail> => {
  const { group, delivery } = await visibleProgram(opts.ctx, opts.userId, opts.id);
  const [cards, occupations] = await Promise.all([
    companyCards({ ctx: opts.ctx, ids: [group.companyId] }),
    findGroupsOccupations(opts.ctx.db, [group.id]),
  ]);
  const card = cards.get(group.companyId);
  if (!card) throw AppError.notFound(JOBS_MSG.programNotFound);
  return {
    id: String(group.id),
    name: group.name,
    description: group.description,
    status: internshipStatusOf(group, opts.ctx.now()),
    deleted: group.recruitState === 'Offline' ? 'Yes' : 'No',
    internshipStartTimestamp: group.startAt.getTime(),
    internshipEndTimestamp: group.endAt.getTime(),
    company: withoutVideoCount(card),
    occupations: occupations.map(internDetailOf),
    record: delivery ? { id: String(delivery.id) } : null,
    feedBack: delivery?.feedBack ? 'Yes' : 'No',
  };
};

/** `GET ourea/intern_occupations/{id}`: a position of a programme the asker may see, else 404 实习岗位不存在. */
export const internOccupationDetailOf = async (opts: {
  ctx: FileUrlContext;
  userId: number | null;
  id: number;
}): Promise<InternOccupationDetail> => {
  const row = await findInternOccupation(opts.ctx.db, opts.id);
  if (!row) throw AppError.notFound(EMPLOYER_MSG.internOccupationNotFound);
  try {
    await visibleProgram(opts.ctx, opts.userId, row.groupId);
  } catch {
    throw AppError.notFound(EMPLOYER_MSG.internOccupationNotFound);
  }
  return internDetailOf(row);
};
