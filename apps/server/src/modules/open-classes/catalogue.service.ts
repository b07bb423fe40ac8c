import {
  type CourseProgram,
  type CourseVideos,
  DICTIONARY_GROUPS,
  DICTIONARY_SEED,
  type DictionaryEntry,
  type DictionaryGroupCode,
  type LiveInfo,
  type LiveMode,
  OPEN_CLASS_LIMITS,
  OPEN_CLASS_MSG,
  type OpenCourseCardPage,
  type OpenCourseDetail,
  type OpenCoursesQuery,
  type PartnerEnterprise,
  type RecentLivePage,
  ROOM_STATUS_TITLES,
  type SearchAllQuery,
  type SearchInfoPage,
  type SearchInfoQuery,
  type SlideshowItem,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { type FileUrlContext, fileUrls } from '../files/files.service';
import type { Actor } from '../sessions/actor';
import { assertVisible, isOrganiserOf, mayWatch } from './open-classes.policy';
import { loadExtras, ms, presentCard, presentDetail, presentSession } from './open-classes.presenter';
import {
  countOnlineByClassify,
  findCompanyRows,
  findFileRows,
  findOpenCourse,
  findSession,
  findSubscriptionOf,
  listDictionary,
  listSessions,
  newestOnlineWithPoster,
  pageCompaniesWithCourses,
  pageOnlineCourses,
  pageRecentLives,
  pageSchoolsWithCourses,
  progressOfUser,
  type SessionRow,
  upsertDictionaryEntries,
} from './open-classes.repo';

/*
 * The public side of open classes (issue 12): lists, search by school or company, a course's detail, a
 * session's live info, the portal's slideshow and dictionaries. Visitors see Online courses; a signed-in
 * user's answers say what they subscribed; an organiser also sees their own courses in any status.
 */

/** What the calls need of the app context (the files area signs addresses with it). */
type Ctx = FileUrlContext;

const pageArgs = (q: { pageNumber: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.pageNumber - 1) * q.pageSize,
});

/** The two dictionaries with their entries, for every installation; entries already there are kept. */
export const ensureOpenClassDictionaries = async (opts: { db: Db }) => {
  for (const groupCode of Object.keys(DICTIONARY_SEED) as DictionaryGroupCode[])
    await upsertDictionaryEntries(
      opts.db,
      DICTIONARY_SEED[groupCode].map((e, i) => ({ groupCode, code: e.code, title: e.title, sort: i })),
    );
};

export const dictionary = async (opts: {
  db: Db;
  groupCode: DictionaryGroupCode;
}): Promise<DictionaryEntry[]> => listDictionary(opts.db, opts.groupCode);

/** The classify dictionary with the number of Online courses under each entry. */
export const coursePrograms = async (opts: { db: Db }): Promise<CourseProgram[]> => {
  const [entries, counts] = await Promise.all([
    listDictionary(opts.db, DICTIONARY_GROUPS.classify),
    countOnlineByClassify(opts.db),
  ]);
  const byCode = new Map(counts.map((c) => [c.code, c.n]));
  return entries.map((e) => ({ ...e, courseCount: byCode.get(e.code) ?? 0 }));
};

const cardPage = async (
  ctx: Ctx,
  actor: Actor | null,
  page: Awaited<ReturnType<typeof pageOnlineCourses>>,
): Promise<OpenCourseCardPage> => {
  const x = await loadExtras(ctx, page.rows, { userId: actor?.userId });
  const now = ctx.now().getTime();
  return { rows: page.rows.map((c) => presentCard(c, x, now)), total: page.total };
};

/** Online courses, newest start first, searched by name and filtered by the dictionaries and the live mode. */
export const pageOpenCourses = async (opts: { ctx: Ctx; actor: Actor | null; query: OpenCoursesQuery }) => {
  const q = opts.query;
  const page = await pageOnlineCourses(opts.ctx.db, {
    search: q.search,
    classifyCode: q.classifyCode,
    industryCode: q.industryCode,
    liveMode: q.liveMode,
    ...pageArgs(q),
  });
  return cardPage(opts.ctx, opts.actor, page);
};

/** Schools that are partners of Online courses, or companies organising or partnering them. */
export const searchInfo = async (opts: { ctx: Ctx; query: SearchInfoQuery }): Promise<SearchInfoPage> => {
  const q = opts.query;
  if (q.searchType === 'school') {
    const { rows, total } = await pageSchoolsWithCourses(opts.ctx.db, { search: q.search, ...pageArgs(q) });
    return {
      rows: rows.map((r) => ({ id: String(r.id), name: r.name, logoUrl: '', courseCount: Number(r.n) })),
      total,
    };
  }
  const { rows, total } = await pageCompaniesWithCourses(opts.ctx.db, { search: q.search, ...pageArgs(q) });
  const urls = await fileUrls(
    opts.ctx,
    rows.map((r) => r.logoFileId),
  );
  return {
    rows: rows.map((r) => ({
      id: String(r.id),
      name: r.name,
      logoUrl: r.logoFileId == null ? '' : (urls.get(r.logoFileId) ?? ''),
      courseCount: r.n,
    })),
    total,
  };
};

/** The Online courses of one school (as partner) or company (as organiser or partner). */
export const searchAll = async (opts: { ctx: Ctx; actor: Actor | null; query: SearchAllQuery }) => {
  const q = opts.query;
  const page = await pageOnlineCourses(opts.ctx.db, {
    ...(q.searchType === 'school' ? { schoolId: Number(q.id) } : { companyId: Number(q.id) }),
    ...pageArgs(q),
  });
  return cardPage(opts.ctx, opts.actor, page);
};

/** A course's detail: Online, or any status for its organiser (404 otherwise). */
export const courseDetail = async (opts: {
  ctx: Ctx;
  actor: Actor | null;
  id: string;
  seriesOnly?: boolean;
}): Promise<OpenCourseDetail> => {
  const course = assertVisible(opts.actor, await findOpenCourse(opts.ctx.db, Number(opts.id)));
  if (opts.seriesOnly && course.liveMode !== 'SeriesLive')
    throw AppError.notFound(OPEN_CLASS_MSG.courseNotFound);
  const x = await loadExtras(opts.ctx, [course], { userId: opts.actor?.userId });
  return presentDetail(opts.ctx, course, x, {
    now: opts.ctx.now().getTime(),
    userId: opts.actor?.userId ?? null,
  });
};

/** A session, its course (visible to the asker) and whether the asker may watch. */
export const visibleSession = async (ctx: Ctx, actor: Actor | null, sessionId: string) => {
  const session = await findSession(ctx.db, Number(sessionId));
  const course = session ? await findOpenCourse(ctx.db, session.openCourseId) : null;
  if (!session || !course || (course.status !== 'Online' && !isOrganiserOf(actor, course)))
    throw AppError.notFound(OPEN_CLASS_MSG.sessionNotFound);
  const subscription = actor ? await findSubscriptionOf(ctx.db, actor.userId, course.id) : null;
  return { session, course, subscription, canWatch: mayWatch(actor, course, !!subscription) };
};

/** The playable address of a session's video: a signed file address or the HLS address. */
const videoOf = async (ctx: Ctx, sessions: readonly SessionRow[]) => {
  const rows = await findFileRows(
    ctx.db,
    sessions.map((s) => s.videoFileId).filter((id): id is number => id != null),
  );
  const urls = await fileUrls(
    ctx,
    rows.map((r) => r.id),
  );
  const types = new Map(rows.map((r) => [r.id, r.contentType]));
  return (s: SessionRow) => {
    if (s.videoFileId != null && urls.get(s.videoFileId))
      return {
        kind: 'file' as const,
        url: urls.get(s.videoFileId) ?? '',
        contentType: types.get(s.videoFileId) ?? 'video/mp4',
      };
    if (s.hlsUrl)
      return { kind: 'hls' as const, url: s.hlsUrl, contentType: 'application/vnd.apple.mpegurl' };
    return null;
  };
};

/** `live/info/{id}`: a session's schedule and room status; its playback for those who may watch. */
export const liveInfo = async (opts: { ctx: Ctx; actor: Actor | null; id: string }): Promise<LiveInfo> => {
  const { ctx, actor } = opts;
  const { session, course, subscription, canWatch } = await visibleSession(ctx, actor, opts.id);
  const x = await loadExtras(ctx, [course]);
  const shown = presentSession(session, ctx.now().getTime());
  const video = canWatch && shown.roomStatus === 'Playback' ? (await videoOf(ctx, [session]))(session) : null;
  return {
    id: String(session.id),
    openCourseId: String(course.id),
    courseName: course.name,
    liveMode: course.liveMode as LiveMode,
    title: session.title,
    startAt: shown.startAt,
    endAt: shown.endAt,
    roomStatus: shown.roomStatus,
    roomStatusTitle: shown.roomStatusTitle,
    posterUrl: x.url(course.posterFileId),
    lecturers: x.lecturers(course.id),
    playbackUrl: video?.url ?? null,
    playbackKind: video?.kind ?? null,
    canWatch,
    subscribed: !!subscription,
    isOrganiser: isOrganiserOf(actor, course),
  };
};

/** Upcoming and living sessions of Online live courses, soonest first. */
export const recentLives = async (opts: {
  ctx: Ctx;
  query: { pageNumber: number; pageSize: number };
}): Promise<RecentLivePage> => {
  const now = opts.ctx.now();
  const { rows, total } = await pageRecentLives(opts.ctx.db, { now, ...pageArgs(opts.query) });
  const urls = await fileUrls(
    opts.ctx,
    rows.map((r) => r.course.posterFileId),
  );
  return {
    rows: rows.map(({ session, course }) => {
      const shown = presentSession(session, now.getTime());
      return {
        id: shown.id,
        openCourseId: String(course.id),
        courseName: course.name,
        liveMode: course.liveMode as LiveMode,
        title: session.title,
        startAt: shown.startAt,
        endAt: shown.endAt,
        roomStatus: shown.roomStatus,
        roomStatusTitle: ROOM_STATUS_TITLES[shown.roomStatus],
        posterUrl: course.posterFileId == null ? '' : (urls.get(course.posterFileId) ?? ''),
      };
    }),
    total,
  };
};

/**
 * A video course's videos with playable addresses and the student's last position in each: for the organiser
 * and subscribers (signed in: 401; others 403 请先订阅该课程). Not a video course or not visible: 404.
 */
export const courseVideos = async (opts: {
  ctx: Ctx;
  actor: Actor;
  openCourseId: string;
}): Promise<CourseVideos> => {
  const { ctx, actor } = opts;
  const course = assertVisible(actor, await findOpenCourse(ctx.db, Number(opts.openCourseId)));
  if (course.liveMode !== 'Video') throw AppError.notFound(OPEN_CLASS_MSG.courseNotFound);
  const subscription = await findSubscriptionOf(ctx.db, actor.userId, course.id);
  if (!mayWatch(actor, course, !!subscription)) throw AppError.forbidden(OPEN_CLASS_MSG.subscribeFirst);
  const sessions = await listSessions(ctx.db, [course.id]);
  const [video, progress] = await Promise.all([
    videoOf(ctx, sessions),
    progressOfUser(
      ctx.db,
      actor.userId,
      sessions.map((s) => s.id),
    ),
  ]);
  const at = new Map(progress.map((p) => [p.sessionId, p]));
  return {
    openCourseId: String(course.id),
    progressPercentage: subscription?.progressPercentage ?? 0,
    videos: sessions.flatMap((s) => {
      const v = video(s);
      if (!v) return [];
      const p = at.get(s.id);
      return [
        {
          sessionId: String(s.id),
          title: s.title,
          kind: v.kind,
          url: v.url,
          contentType: v.contentType,
          durationSeconds: s.durationSeconds || p?.durationSeconds || 0,
          position: p?.positionSeconds ?? 0,
          watchedSeconds: p?.watchedSeconds ?? 0,
        },
      ];
    }),
  };
};

/** The newest Online courses with a poster. */
export const slideshow = async (opts: { ctx: Ctx }): Promise<SlideshowItem[]> => {
  const rows = await newestOnlineWithPoster(opts.ctx.db, OPEN_CLASS_LIMITS.slideshowSize);
  const urls = await fileUrls(
    opts.ctx,
    rows.map((r) => r.posterFileId),
  );
  return rows.map((c) => ({
    id: String(c.id),
    name: c.name,
    liveMode: c.liveMode as LiveMode,
    posterUrl: c.posterFileId == null ? '' : (urls.get(c.posterFileId) ?? ''),
    startAt: ms(c.startAt),
  }));
};

/** Companies by id with name and logo (unknown ids are left out), in the order asked. */
export const partners = async (opts: { ctx: Ctx; ids: readonly string[] }): Promise<PartnerEnterprise[]> => {
  const ids = [...new Set(opts.ids.map(Number))];
  const rows = await findCompanyRows(opts.ctx.db, ids);
  const urls = await fileUrls(
    opts.ctx,
    rows.map((r) => r.logoFileId),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r
      ? [
          {
            id: String(r.id),
            name: r.name,
            logoUrl: r.logoFileId == null ? '' : (urls.get(r.logoFileId) ?? ''),
          },
        ]
      : [];
  });
};
