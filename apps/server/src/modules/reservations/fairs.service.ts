import {
  type JobFairBody,
  type JobFairDetail,
  type JobFairPage,
  type ManagedFairPage,
  type ManagePageQuery,
  type ParticipationBody,
  RESERVATIONS_MSG,
  type TalkListQuery,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import { companyCards } from '../employer/employer.service';
import { jobCardsOf } from '../favourites/favourites.service';
import { claimFile, type FileUrlContext } from '../files/files.service';
import { occupationsByIds } from '../jobs/occupations.service';
import type { Actor } from '../sessions/actor';
import { actingCompany, ownedBy } from './reservations.policy';
import { presentFairs } from './reservations.presenter';
import {
  deleteParticipation,
  type FairRow,
  fairParticipants,
  findFair,
  insertFair,
  pageFairs,
  participationsOf,
  saveParticipation,
  updateFair,
} from './reservations.repo';

/*
 * Job fairs (双选会, issue 14): a company's business user publishes one (the organiser company); any company's
 * business user joins it with some of its online positions; job seekers list and open them and reserve.
 * status (Publish / Underway / Finished) comes from the times; canceling keeps the row.
 */

type Ctx = FileUrlContext;

const pageArgs = (q: { pageNumber: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.pageNumber - 1) * q.pageSize,
});

/** `GET ourea/job_fairs`: fairs not canceled, newest start first. */
export const publicFairs = async (opts: {
  ctx: Ctx;
  actor: Actor | null;
  query: TalkListQuery;
}): Promise<JobFairPage> => {
  const { rows, total } = await pageFairs(opts.ctx.db, {
    search: opts.query.search,
    ...pageArgs(opts.query),
  });
  return { rows: await presentFairs(opts.ctx, rows, opts.actor?.userId ?? null), total };
};

/** `GET ourea/job_fairs/{id}`: a fair with its companies and their online positions there. */
export const fairDetail = async (opts: {
  ctx: Ctx;
  actor: Actor | null;
  id: string;
}): Promise<JobFairDetail> => {
  const { ctx } = opts;
  const fair = await findFair(ctx.db, Number(opts.id));
  if (!fair) throw AppError.notFound(RESERVATIONS_MSG.fairNotFound);
  const [[shown], { companies, occupations }] = await Promise.all([
    presentFairs(ctx, [fair], opts.actor?.userId ?? null),
    fairParticipants(ctx.db, fair.id),
  ]);
  const [cards, positions] = await Promise.all([
    companyCards({ ctx, ids: companies.map((c) => c.companyId) }),
    occupationsByIds({ db: ctx.db, ids: occupations.map((o) => o.occupationId) }),
  ]);
  const jobs = await jobCardsOf(
    ctx,
    positions.filter((p) => p.onlined === 'Yes'),
  );
  return {
    ...(shown as NonNullable<typeof shown>),
    companies: companies.map((c) => {
      const card = cards.get(c.companyId);
      return {
        id: String(c.companyId),
        name: card?.name ?? '',
        nickName: card?.nickName ?? '',
        logo: card?.logo ?? null,
        joinedAt: c.joinedAt.getTime(),
        occupations: jobs.filter((j) => j.companyId === String(c.companyId)),
      };
    }),
  };
};

/** `GET ourea/company/job_fairs`: every fair (its own canceled ones too) with the company's part in it. */
export const companyFairs = async (opts: {
  ctx: Ctx;
  actor: Actor;
  query: ManagePageQuery;
}): Promise<ManagedFairPage> => {
  const { ctx } = opts;
  const company = await actingCompany(ctx.db, opts.actor);
  const { rows, total } = await pageFairs(ctx.db, { includeCanceled: true, ...pageArgs(opts.query) });
  const [shown, parts] = await Promise.all([
    presentFairs(ctx, rows, null),
    participationsOf(
      ctx.db,
      company.id,
      rows.map((r) => r.id),
    ),
  ]);
  return {
    rows: rows.map((f, i) => ({
      ...(shown[i] as (typeof shown)[number]),
      posterFileId: f.posterFileId,
      isOrganiser: f.companyId === company.id,
      joined: parts.has(f.id),
      myOccupationIds: (parts.get(f.id) ?? []).map(String),
    })),
    total,
  };
};

const posterOf = async (ctx: Ctx, actor: Actor, fileId: number | null) =>
  fileId == null
    ? null
    : (await claimFile({ db: ctx.db, userId: actor.userId, fileId, purposes: ['poster'] })).id;

const values = (body: JobFairBody) => ({
  subject: body.subject,
  mode: body.mode,
  startAt: new Date(body.startTimestamp),
  endAt: new Date(body.endTimestamp),
  place: body.place,
  description: body.description,
});

/** `POST ourea/company/job_fairs`: the asker's company organises a fair. */
export const createFair = async (opts: { ctx: Ctx; actor: Actor; body: JobFairBody }) => {
  const { ctx, actor, body } = opts;
  const company = await actingCompany(ctx.db, actor);
  const posterFileId = await posterOf(ctx, actor, body.posterFileId);
  const fair = await insertFair(ctx.db, {
    ...values(body),
    posterFileId,
    companyId: company.id,
    createdBy: actor.userId,
  });
  return { id: String(fair.id) };
};

/** A fair the asker's company organises, not canceled and not finished. */
const organisedFair = async (ctx: Ctx, actor: Actor, id: string) => {
  const company = await actingCompany(ctx.db, actor);
  const fair = ownedBy(await findFair(ctx.db, Number(id)), company.id, RESERVATIONS_MSG.fairNotFound);
  assertOpen(ctx, fair);
  return fair;
};

const assertOpen = (ctx: Ctx, fair: FairRow) => {
  if (fair.canceled === 'Yes') throw AppError.badRequest(RESERVATIONS_MSG.alreadyCanceled);
  if (ctx.now() >= fair.endAt) throw AppError.badRequest(RESERVATIONS_MSG.alreadyEnded);
};

/** `PUT ourea/company/job_fairs/{id}`: the organiser edits its fair. */
export const editFair = async (opts: { ctx: Ctx; actor: Actor; id: string; body: JobFairBody }) => {
  const { ctx, actor, body } = opts;
  const fair = await organisedFair(ctx, actor, opts.id);
  const posterFileId =
    body.posterFileId === fair.posterFileId
      ? fair.posterFileId
      : await posterOf(ctx, actor, body.posterFileId);
  await updateFair(ctx.db, fair.id, { ...values(body), posterFileId });
  return { id: String(fair.id) };
};

/** `DELETE ourea/company/job_fairs/{id}`: the organiser cancels its fair. */
export const cancelFair = async (opts: { ctx: Ctx; actor: Actor; id: string }) => {
  const fair = await organisedFair(opts.ctx, opts.actor, opts.id);
  await updateFair(opts.ctx.db, fair.id, { canceled: 'Yes' });
};

/** An open fair (not canceled, not finished) any company may join: unknown 404. */
const joinableFair = async (ctx: Ctx, id: string) => {
  const fair = await findFair(ctx.db, Number(id));
  if (!fair) throw AppError.notFound(RESERVATIONS_MSG.fairNotFound);
  assertOpen(ctx, fair);
  return fair;
};

/**
 * `PUT ourea/company/job_fairs/{id}/participation`: the asker's company takes part with some of its online
 * positions (replacing the ones it brought before). Another company's or an offline position: 400.
 */
export const joinFair = async (opts: { ctx: Ctx; actor: Actor; id: string; body: ParticipationBody }) => {
  const { ctx } = opts;
  const company = await actingCompany(ctx.db, opts.actor);
  const fair = await joinableFair(ctx, opts.id);
  const ids = [...new Set(opts.body.occupationIds.map(Number))];
  const found = await occupationsByIds({ db: ctx.db, ids });
  if (found.length !== ids.length || found.some((o) => o.companyId !== company.id || o.onlined !== 'Yes'))
    throw AppError.badRequest(RESERVATIONS_MSG.occupationNotYours);
  await saveParticipation(ctx.db, fair.id, company.id, ids);
};

/** `DELETE ourea/company/job_fairs/{id}/participation`: the asker's company leaves a fair. */
export const leaveFair = async (opts: { ctx: Ctx; actor: Actor; id: string }) => {
  const { ctx } = opts;
  const company = await actingCompany(ctx.db, opts.actor);
  const fair = await joinableFair(ctx, opts.id);
  if (!(await deleteParticipation(ctx.db, fair.id, company.id)))
    throw AppError.notFound(RESERVATIONS_MSG.fairNotFound);
};
