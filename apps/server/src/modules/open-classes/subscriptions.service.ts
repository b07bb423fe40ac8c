import {
  type IdResult,
  type LiveMode,
  OPEN_CLASS_LIMITS,
  OPEN_CLASS_MSG,
  type ProgressBody,
  type ProgressResult,
  type SubscribeResult,
  type SubscriptionPage,
  type SubscriptionsQuery,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { FileUrlContext } from '../files/files.service';
import type { Actor } from '../sessions/actor';
import { assertMaySubscribe } from './open-classes.policy';
import { courseRoomStatus, loadExtras, ms } from './open-classes.presenter';
import {
  deleteSubscription,
  findOpenCourse,
  findOpenCourses,
  findProgress,
  findSession,
  findSubscription,
  findSubscriptionOf,
  insertSubscription,
  listSessions,
  pageSubscriptions,
  progressOfUser,
  updateSubscriptionProgress,
  upsertProgress,
} from './open-classes.repo';

/*
 * A student's subscriptions (spec 2.11, 3, 4) and viewing progress of video courses (spec 9).
 *
 * Progress rule: each report carries the player's position and the video's length. The position is clamped to
 * 0..length (the session's known length wins over the reported one). The watched frontier (furthest point
 * reached) grows only when the previous report was at or before it (continuous watching, not a jump), and by
 * at most the real time since that report (capped at maxReportGapSeconds) plus progressSlackSeconds; a first
 * report credits at most progressSlackSeconds. So one call cannot mark a video watched, and a seek forward
 * earns at most one capped step. A course's progress is the sum of watched seconds over the sum of its
 * videos' lengths (0..1).
 */

/** What the calls need of the app context (the files area signs addresses with it). */
type Ctx = FileUrlContext;

/** Subscribes to an Online course (a second call answers the same subscription, also once it went Offline). */
export const subscribe = async (opts: {
  ctx: Ctx;
  actor: Actor;
  openCourseId: string;
}): Promise<SubscribeResult> => {
  const { ctx, actor } = opts;
  assertMaySubscribe(actor);
  const course = await findOpenCourse(ctx.db, Number(opts.openCourseId));
  // a draft is nobody's to see; an Offline course was public: say it went offline
  if (!course || course.status === 'Draft') throw AppError.notFound(OPEN_CLASS_MSG.courseNotFound);
  const existing = await findSubscriptionOf(ctx.db, actor.userId, course.id);
  if (existing) return { id: String(existing.id), openCourseId: String(course.id), subscribed: true };
  if (course.status !== 'Online') throw AppError.badRequest(OPEN_CLASS_MSG.courseOffline);
  const row = await insertSubscription(ctx.db, actor.userId, course.id, ctx.now());
  if (!row) throw new Error('subscription not written');
  return { id: String(row.id), openCourseId: String(course.id), subscribed: true };
};

/** Removes one's own subscription (another user's id, or none: 404). */
export const unsubscribe = async (opts: { ctx: Ctx; actor: Actor; id: string }): Promise<IdResult> => {
  const row = await findSubscription(opts.ctx.db, Number(opts.id));
  if (!row || row.userId !== opts.actor.userId) throw AppError.notFound(OPEN_CLASS_MSG.subscriptionNotFound);
  await deleteSubscription(opts.ctx.db, row.id);
  return { id: opts.id };
};

/** The student's subscriptions, shaped as spec 3 names them; an Offline course stays (expired). */
export const pageMySubscriptions = async (opts: {
  ctx: Ctx;
  actor: Actor;
  query: SubscriptionsQuery;
}): Promise<SubscriptionPage> => {
  const { ctx, actor, query } = opts;
  const { rows, total } = await pageSubscriptions(ctx.db, {
    userId: actor.userId,
    sort: query.sort,
    order: query.order,
    limit: query.pageSize,
    offset: (query.pageNumber - 1) * query.pageSize,
  });
  const courses = await findOpenCourses(
    ctx.db,
    rows.map((r) => r.openCourseId),
  );
  const byId = new Map(courses.map((c) => [c.id, c]));
  const x = await loadExtras(ctx, courses);
  const now = ctx.now().getTime();
  return {
    rows: rows.flatMap((r) => {
      const c = byId.get(r.openCourseId);
      if (!c) return [];
      const sessions = x.sessions(c.id);
      const liveMode = c.liveMode as LiveMode;
      return [
        {
          id: String(r.id),
          courseId: String(c.id),
          progressPercentage: r.progressPercentage,
          ...courseRoomStatus(c, sessions, now),
          opencourseModel: {
            opencourseStartAt: ms(c.startAt),
            liveMode,
            status: c.status === 'Online' || c.status === 'Offline' ? c.status : null,
          },
          subscriptContentModel: {
            name: c.name,
            tabulationPosterUrl: x.url(c.posterFileId),
            liveMode,
            partnerSchools: x.partnerSchools(c.id),
            enterpriseNames: x.partnerEnterprises(c.id).map((e) => e.name),
            liveCount: sessions.length,
          },
          subscribedAt: r.subscribedAt.getTime(),
          lastStudiedAt: ms(r.lastStudiedAt),
        },
      ];
    }),
    total,
  };
};

/** The watched frontier after a report (see the rule above). Pure; seconds. */
export const nextWatched = (opts: {
  previous: { position: number; watched: number; at: number } | null;
  position: number;
  now: number;
}) => {
  const { previous, position } = opts;
  const slack = OPEN_CLASS_LIMITS.progressSlackSeconds;
  if (!previous) return Math.min(position, slack);
  if (previous.position > previous.watched + slack) return previous.watched;
  const elapsed = Math.min(
    Math.max(0, (opts.now - previous.at) / 1000),
    OPEN_CLASS_LIMITS.maxReportGapSeconds,
  );
  const reachable = previous.position + elapsed + slack;
  return Math.max(previous.watched, Math.min(position, reachable));
};

/** Records the player's position in a video of a subscribed Online video course; answers the course's progress. */
export const reportProgress = async (opts: {
  ctx: Ctx;
  actor: Actor;
  body: ProgressBody;
}): Promise<ProgressResult> => {
  const { ctx, actor, body } = opts;
  const session = await findSession(ctx.db, Number(body.sessionId));
  const course = session ? await findOpenCourse(ctx.db, session.openCourseId) : null;
  if (!session || !course || course.status !== 'Online')
    throw AppError.notFound(OPEN_CLASS_MSG.sessionNotFound);
  if (course.liveMode !== 'Video') throw AppError.badRequest(OPEN_CLASS_MSG.progressVideoOnly);
  const subscription = await findSubscriptionOf(ctx.db, actor.userId, course.id);
  if (!subscription) throw AppError.forbidden(OPEN_CLASS_MSG.subscribeFirst);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const previous = await findProgress(tx, actor.userId, session.id);
    const duration = session.durationSeconds > 0 ? session.durationSeconds : body.duration;
    const position = Math.min(Math.max(0, body.position), duration);
    const watched = Math.min(
      duration,
      nextWatched({
        previous: previous
          ? {
              position: previous.positionSeconds,
              watched: previous.watchedSeconds,
              at: previous.updatedAt.getTime(),
            }
          : null,
        position,
        now: now.getTime(),
      }),
    );
    await upsertProgress(tx, {
      userId: actor.userId,
      sessionId: session.id,
      positionSeconds: position,
      watchedSeconds: watched,
      durationSeconds: duration,
      updatedAt: now,
    });
    const sessions = await listSessions(tx, [course.id]);
    const progress = new Map(
      (
        await progressOfUser(
          tx,
          actor.userId,
          sessions.map((s) => s.id),
        )
      ).map((p) => [p.sessionId, p]),
    );
    let total = 0;
    let seen = 0;
    for (const s of sessions) {
      const p = progress.get(s.id);
      const length = s.durationSeconds > 0 ? s.durationSeconds : (p?.durationSeconds ?? 0);
      total += length;
      seen += Math.min(length, p?.watchedSeconds ?? 0);
    }
    const percentage = total > 0 ? Math.min(1, Math.max(0, seen / total)) : 0;
    await updateSubscriptionProgress(tx, subscription.id, percentage, now);
    return {
      sessionId: String(session.id),
      position,
      watchedSeconds: watched,
      durationSeconds: duration,
      progressPercentage: percentage,
    };
  });
};
