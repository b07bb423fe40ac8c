import {
  type CancelDeliveryQuery,
  type CreateDeliveryBody,
  type CreatedDelivery,
  DELIVERY_MIN_PERCENT,
  DELIVERY_MSG,
  JOBS_MSG,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { groupById } from '../internships/internships.service';
import { careerProfileOf } from '../member-profile/member-profile.service';
import { percentagesOf, resumeOf } from '../resume/resume.service';
import { ownAttachedFileOf } from '../resume/resume-attached.service';
import type { Actor } from '../sessions/actor';
import { assertJobSeeker, requireOwnLiveDelivery } from './delivery.policy';
import * as repo from './delivery.repo';
import { occupationsByIds } from './occupations.service';

/*
 * Deliveries (issue 14, career spec sections 4, 6, 7): a job seeker delivers a resume to a position or an
 * internship programme, and may cancel it while the company has not answered.
 */

/**
 * Contract: the asker's live delivery to a position or programme (`record` and `feedBack` of the job
 * detail), or null (also for visitors).
 */
export const liveDeliveryOf = async (opts: {
  db: Db;
  userId: number | null;
  target: { occupationId: number } | { internGroupId: number };
}): Promise<{ id: number; feedBack: boolean } | null> => {
  if (opts.userId == null) return null;
  const found = await repo.findLiveDelivery(opts.db, opts.userId, opts.target);
  return found ? { id: found.delivery.id, feedBack: found.feedbackCount > 0 } : null;
};

type Ctx = { db: Db; actor: Actor; now: Date };

/** What a delivery goes to: the company, the position or programme, and the programme's positions. */
type Target = {
  companyId: number;
  occupationId: number | null;
  internGroupId: number | null;
  internOccupationIds: number[];
};

/** Recruitment: an online position. InternProgram: an Online programme and one or more of its positions. */
const targetOf = async (db: Db, body: CreateDeliveryBody): Promise<Target> => {
  if (body.campusRecruitMode === 'Recruitment') {
    if (!body.occupationId) throw AppError.badRequest(DELIVERY_MSG.targetRequired);
    const [occupation] = await occupationsByIds({ db, ids: [Number(body.occupationId)] });
    if (!occupation) throw AppError.notFound(JOBS_MSG.occupationNotFound);
    if (occupation.onlined !== 'Yes') throw AppError.badRequest(JOBS_MSG.jobOffline);
    return {
      companyId: occupation.companyId,
      occupationId: occupation.id,
      internGroupId: null,
      internOccupationIds: [],
    };
  }
  if (!body.internProgramId) throw AppError.badRequest(DELIVERY_MSG.targetRequired);
  const programme = await groupById({ db, groupId: Number(body.internProgramId) });
  // a Draft programme was never shown: as if it did not exist
  if (!programme || programme.recruitState === 'Draft') throw AppError.notFound(JOBS_MSG.programNotFound);
  if (programme.recruitState !== 'Online') throw AppError.badRequest(DELIVERY_MSG.programOffline);
  const wanted = [...new Set((body.internOccupationIds ?? []).map(Number))];
  if (!wanted.length) throw AppError.badRequest(DELIVERY_MSG.internOccupationsRequired);
  const found = await repo.internOccupationIdsOf(db, programme.id, wanted);
  if (found.length !== wanted.length) throw AppError.badRequest(JOBS_MSG.occupationNotFound);
  return {
    companyId: programme.companyId,
    occupationId: null,
    internGroupId: programme.id,
    internOccupationIds: wanted,
  };
};

/**
 * The resume delivered, checked: Online = the asker's own online resume with completeness of at least 80 %;
 * Attached = one of the asker's own attachments, with the member profile complete (`perfected`). Another
 * member's resume is 404 简历不存在. A hidden resume (privacy switch) cannot be delivered.
 */
const resumeOfDelivery = async (ctx: Ctx, body: CreateDeliveryBody) => {
  const resumeId = Number(body.resumeId);
  let resumeFileId: number | null = null;
  if (body.resumeType === 'Online') {
    const own = await resumeOf(ctx);
    if (Number(own.id) !== resumeId) throw AppError.notFound(JOBS_MSG.resumeNotFound);
  } else {
    const attached = await ownAttachedFileOf({ db: ctx.db, userId: ctx.actor.userId, id: resumeId });
    if (!attached) throw AppError.notFound(JOBS_MSG.resumeNotFound);
    resumeFileId = attached.fileId;
  }
  const profile = await careerProfileOf({ db: ctx.db, userId: ctx.actor.userId });
  if (!profile.visible) throw AppError.badRequest(JOBS_MSG.resumeHidden);
  const completeness = await percentagesOf(ctx);
  if (body.resumeType === 'Online' && completeness.onlinePercentages < DELIVERY_MIN_PERCENT)
    throw AppError.badRequest(JOBS_MSG.lowCompleteness);
  if (body.resumeType === 'Attached' && !completeness.perfected)
    throw AppError.badRequest(DELIVERY_MSG.profileIncomplete);
  return { resumeId, resumeFileId };
};

/** A unique-index violation (23505), however the driver wraps it. */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
};

/**
 * `POST delivery_records`: the job seeker delivers a resume. One live delivery per target: a second one is
 * 400 您已投递过该职位, also when two arrive at once (the partial unique index refuses the later insert).
 */
export const createDelivery = async (ctx: Ctx & { body: CreateDeliveryBody }): Promise<CreatedDelivery> => {
  assertJobSeeker(ctx.actor);
  const target = await targetOf(ctx.db, ctx.body);
  const userId = ctx.actor.userId;
  const live = await repo.findLiveDelivery(
    ctx.db,
    userId,
    target.occupationId
      ? { occupationId: target.occupationId }
      : { internGroupId: target.internGroupId as number },
  );
  if (live) throw AppError.badRequest(JOBS_MSG.alreadyDelivered);
  const resume = await resumeOfDelivery(ctx, ctx.body);
  try {
    const row = await repo.insertDelivery(
      ctx.db,
      {
        userId,
        companyId: target.companyId,
        campusRecruitMode: ctx.body.campusRecruitMode,
        occupationId: target.occupationId,
        internGroupId: target.internGroupId,
        resumeType: ctx.body.resumeType,
        resumeId: resume.resumeId,
        resumeFileId: resume.resumeFileId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      },
      target.internOccupationIds,
    );
    return { id: String(row.id) };
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.badRequest(JOBS_MSG.alreadyDelivered);
    throw error;
  }
};

/**
 * `DELETE delivery_records/{id}` (mode InternProgram for a programme): cancels the asker's own live
 * delivery while the company has not answered it (any feedback: 400 企业已反馈，不能取消投递). Returns the
 * message to show (已取消投递 or 已取消申请).
 */
export const cancelDelivery = async (
  ctx: Ctx & { id: number; query: CancelDeliveryQuery },
): Promise<{ message: string }> => {
  const mode = ctx.query.mode ?? 'Recruitment';
  const found = await repo.findDelivery(ctx.db, ctx.id);
  const row = requireOwnLiveDelivery(ctx.actor, found?.delivery);
  if (row.campusRecruitMode !== mode) throw AppError.notFound(JOBS_MSG.deliveryNotFound);
  if (found && found.feedbackCount > 0) throw AppError.badRequest(JOBS_MSG.cannotCancelDelivery);
  const canceled = await repo.cancelDelivery(ctx.db, row.id, ctx.actor.userId, ctx.now);
  if (!canceled) {
    // changed in between: feedback arrived (400) or a parallel cancel won (404)
    const again = await repo.findDelivery(ctx.db, row.id);
    if (again && !again.delivery.canceledAt && again.feedbackCount > 0)
      throw AppError.badRequest(JOBS_MSG.cannotCancelDelivery);
    throw AppError.notFound(JOBS_MSG.deliveryNotFound);
  }
  return { message: mode === 'InternProgram' ? JOBS_MSG.applicationCanceled : JOBS_MSG.deliveryCanceled };
};
