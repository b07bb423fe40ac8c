import {
  DICTIONARY_GROUPS,
  type IdResult,
  type ManageCourseDetail,
  type ManageCoursePage,
  type ManageCoursesQuery,
  type ManageSession,
  OPEN_CLASS_LIMITS,
  OPEN_CLASS_MSG,
  type OpenCourseBody,
  type PartnerOptionPage,
  type PartnerOptionsQuery,
  type SessionBody,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { FileStore } from '../../storage';
import { claimFile, type FileUrlContext } from '../files/files.service';
import type { Actor } from '../sessions/actor';
import { mp4DurationSeconds } from './mp4-duration';
import { assertOwnCourse, organiserOf } from './open-classes.policy';
import {
  loadExtras,
  presentManageDetail,
  presentManageRow,
  presentManageSessions,
} from './open-classes.presenter';
import {
  countSessions,
  deleteOpenCourse,
  deleteSession,
  existingCompanyIds,
  existingSchoolIds,
  findDictionaryEntry,
  findOpenCourse,
  findSession,
  firstSessionStart,
  insertOpenCourse,
  insertSession,
  listSessions,
  lockOpenCourse,
  type OpenCourseRow,
  pageOrganiserCourses,
  pagePartnerOptions,
  replaceLecturers,
  replacePartners,
  type SessionValues,
  updateOpenCourse,
  updateSession,
} from './open-classes.repo';

/*
 * The organiser's side (issue 12): a teacher or a business user makes an open course (a Draft), its
 * lecturers, partners and sessions, publishes it (Online) and takes it offline (Offline). Only a Draft can be
 * deleted; a published course keeps its live mode. A live course starts when its first session does.
 */

/** What the calls need of the app context (the files area signs addresses with it). */
type Ctx = FileUrlContext;

const pageArgs = (q: { pageNumber: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.pageNumber - 1) * q.pageSize,
});

/** The course's form values checked: dictionary codes, the poster, lecturers' photos, partners. */
const checkedValues = async (db: Db, userId: number, body: OpenCourseBody) => {
  if (body.classifyCode && !(await findDictionaryEntry(db, DICTIONARY_GROUPS.classify, body.classifyCode)))
    throw AppError.badRequest(OPEN_CLASS_MSG.classifyInvalid);
  if (body.industryCode && !(await findDictionaryEntry(db, DICTIONARY_GROUPS.industry, body.industryCode)))
    throw AppError.badRequest(OPEN_CLASS_MSG.industryInvalid);
  const claim = (fileId: number | null, purposes: readonly ('poster' | 'video')[]) =>
    fileId == null ? null : claimFile({ db, userId, fileId, purposes }).then((f) => f.id);
  const posterFileId = await claim(body.posterFileId, ['poster']);
  const lecturers = [];
  for (const l of body.lecturers)
    lecturers.push({
      name: l.name,
      title: l.title,
      introduction: l.introduction,
      avatarFileId: await claim(l.photoFileId, ['poster']),
    });
  const schoolIds = [...new Set(body.partnerSchoolIds.map(Number))];
  const companyIds = [...new Set(body.partnerCompanyIds.map(Number))];
  if ((await existingSchoolIds(db, schoolIds)).length !== schoolIds.length)
    throw AppError.badRequest(OPEN_CLASS_MSG.partnerSchoolInvalid);
  if ((await existingCompanyIds(db, companyIds)).length !== companyIds.length)
    throw AppError.badRequest(OPEN_CLASS_MSG.partnerCompanyInvalid);
  return { posterFileId, lecturers, schoolIds, companyIds };
};

/** A live course's start follows its first session; a video course keeps the start it was given. */
const syncStart = async (db: Db, course: OpenCourseRow, now: Date) => {
  if (course.liveMode === 'Video') return course;
  const start = await firstSessionStart(db, course.id);
  if (!start || start.getTime() === course.startAt?.getTime()) return course;
  return (await updateOpenCourse(db, course.id, { startAt: start, updatedAt: now })) ?? course;
};

export const createOpenCourse = async (opts: { ctx: Ctx; actor: Actor; body: OpenCourseBody }) => {
  const { ctx, actor, body } = opts;
  const organiser = await organiserOf({ db: ctx.db, actor });
  const id = await ctx.db.transaction(async (tx) => {
    const v = await checkedValues(tx, actor.userId, body);
    const course = await insertOpenCourse(tx, {
      organiserId: organiser.userId,
      companyId: organiser.companyId,
      name: body.name,
      liveMode: body.liveMode,
      classifyCode: body.classifyCode,
      industryCode: body.industryCode,
      posterFileId: v.posterFileId,
      introduction: body.introduction,
      startAt: body.startAt == null ? null : new Date(body.startAt),
    });
    await replaceLecturers(tx, course.id, v.lecturers);
    await replacePartners(tx, course.id, v.schoolIds, v.companyIds);
    return course.id;
  });
  return getManagedCourse({ ctx, actor, id: String(id) });
};

export const updateManagedCourse = async (opts: {
  ctx: Ctx;
  actor: Actor;
  id: string;
  body: OpenCourseBody;
}): Promise<ManageCourseDetail> => {
  const { ctx, actor, body } = opts;
  await organiserOf({ db: ctx.db, actor });
  await ctx.db.transaction(async (tx) => {
    const course = assertOwnCourse(actor, await lockOpenCourse(tx, Number(opts.id)));
    if (course.status !== 'Draft' && body.liveMode !== course.liveMode)
      throw AppError.badRequest(OPEN_CLASS_MSG.liveModeLocked);
    if (body.liveMode === 'SingleLive' && (await countSessions(tx, course.id)) > 1)
      throw AppError.badRequest(OPEN_CLASS_MSG.singleLiveOneSession);
    const v = await checkedValues(tx, actor.userId, body);
    const updated = await updateOpenCourse(tx, course.id, {
      name: body.name,
      liveMode: body.liveMode,
      classifyCode: body.classifyCode,
      industryCode: body.industryCode,
      posterFileId: v.posterFileId,
      introduction: body.introduction,
      startAt: body.startAt == null ? course.startAt : new Date(body.startAt),
      updatedAt: ctx.now(),
    });
    await replaceLecturers(tx, course.id, v.lecturers);
    await replacePartners(tx, course.id, v.schoolIds, v.companyIds);
    if (updated) await syncStart(tx, updated, ctx.now());
  });
  return getManagedCourse({ ctx, actor, id: opts.id });
};

export const getManagedCourse = async (opts: { ctx: Ctx; actor: Actor; id: string }) => {
  await organiserOf({ db: opts.ctx.db, actor: opts.actor });
  const course = assertOwnCourse(opts.actor, await findOpenCourse(opts.ctx.db, Number(opts.id)));
  return presentManageDetail(opts.ctx, course, opts.ctx.now().getTime());
};

export const pageManagedCourses = async (opts: {
  ctx: Ctx;
  actor: Actor;
  query: ManageCoursesQuery;
}): Promise<ManageCoursePage> => {
  await organiserOf({ db: opts.ctx.db, actor: opts.actor });
  const { rows, total } = await pageOrganiserCourses(opts.ctx.db, {
    organiserId: opts.actor.userId,
    status: opts.query.status,
    search: opts.query.search,
    ...pageArgs(opts.query),
  });
  const x = await loadExtras(opts.ctx, rows);
  return { rows: rows.map((c) => presentManageRow(c, x)), total };
};

/** Deletes a Draft (400 只能删除草稿状态的课程 otherwise). */
export const deleteManagedCourse = async (opts: {
  ctx: Ctx;
  actor: Actor;
  id: string;
}): Promise<IdResult> => {
  await organiserOf({ db: opts.ctx.db, actor: opts.actor });
  await opts.ctx.db.transaction(async (tx) => {
    const course = assertOwnCourse(opts.actor, await lockOpenCourse(tx, Number(opts.id)));
    if (course.status !== 'Draft') throw AppError.badRequest(OPEN_CLASS_MSG.deleteOnlyDraft);
    await deleteOpenCourse(tx, course.id);
  });
  return { id: opts.id };
};

/**
 * Publishes (Draft or Offline -> Online): at least one session; SingleLive exactly one; a Video course every
 * session with a video.
 */
export const publishCourse = async (opts: { ctx: Ctx; actor: Actor; id: string }) => {
  await organiserOf({ db: opts.ctx.db, actor: opts.actor });
  await opts.ctx.db.transaction(async (tx) => {
    const course = assertOwnCourse(opts.actor, await lockOpenCourse(tx, Number(opts.id)));
    if (course.status === 'Online') throw AppError.badRequest(OPEN_CLASS_MSG.alreadyOnline);
    const sessions = await listSessions(tx, [course.id]);
    if (sessions.length === 0) throw AppError.badRequest(OPEN_CLASS_MSG.publishNeedsSession);
    if (course.liveMode === 'SingleLive' && sessions.length !== 1)
      throw AppError.badRequest(OPEN_CLASS_MSG.publishSingleLive);
    if (course.liveMode === 'Video' && sessions.some((s) => s.videoFileId == null && !s.hlsUrl))
      throw AppError.badRequest(OPEN_CLASS_MSG.publishNeedsVideos);
    const now = opts.ctx.now();
    const updated = await updateOpenCourse(tx, course.id, {
      status: 'Online',
      publishedAt: now,
      // a video course without a start starts when published
      startAt: course.startAt ?? (course.liveMode === 'Video' ? now : null),
      updatedAt: now,
    });
    if (updated) await syncStart(tx, updated, now);
  });
  return getManagedCourse(opts);
};

/** Takes an Online course offline: subscribers keep it in their list, expired. */
export const takeOffline = async (opts: { ctx: Ctx; actor: Actor; id: string }) => {
  await organiserOf({ db: opts.ctx.db, actor: opts.actor });
  await opts.ctx.db.transaction(async (tx) => {
    const course = assertOwnCourse(opts.actor, await lockOpenCourse(tx, Number(opts.id)));
    if (course.status !== 'Online') throw AppError.badRequest(OPEN_CLASS_MSG.notOnline);
    await updateOpenCourse(tx, course.id, { status: 'Offline', updatedAt: opts.ctx.now() });
  });
  return getManagedCourse(opts);
};

/** A session's values checked against the course's live mode. */
const sessionValues = async (
  db: Db,
  storage: FileStore,
  userId: number,
  course: OpenCourseRow,
  body: SessionBody,
) => {
  const values: SessionValues = {
    title: body.title,
    startAt: body.startAt == null ? null : new Date(body.startAt),
    endAt: body.endAt == null ? null : new Date(body.endAt),
    videoFileId: null,
    hlsUrl: body.hlsUrl,
    durationSeconds: Math.round(body.durationSeconds),
  };
  if (body.videoFileId != null && body.hlsUrl) throw AppError.badRequest(OPEN_CLASS_MSG.videoOneSource);
  if (body.videoFileId != null) {
    const file = await claimFile({ db, userId, fileId: body.videoFileId, purposes: ['video'] });
    values.videoFileId = file.id;
    // an MP4's own length wins over the browser's report
    const seconds =
      file.contentType === 'video/mp4' ? await mp4DurationSeconds(storage, file.storageKey, file.size) : null;
    if (seconds) values.durationSeconds = Math.max(1, Math.round(seconds));
  }
  if (course.liveMode === 'Video') {
    if (values.videoFileId == null && !values.hlsUrl) throw AppError.badRequest(OPEN_CLASS_MSG.videoRequired);
    if (values.durationSeconds <= 0) throw AppError.badRequest(OPEN_CLASS_MSG.durationInvalid);
    return values;
  }
  if (values.startAt == null) throw AppError.badRequest(OPEN_CLASS_MSG.sessionStartRequired);
  if (values.endAt == null) throw AppError.badRequest(OPEN_CLASS_MSG.sessionEndRequired);
  if (values.endAt.getTime() <= values.startAt.getTime())
    throw AppError.badRequest(OPEN_CLASS_MSG.sessionEndBeforeStart);
  return values;
};

/** After a session changed: the course's updatedAt, and its start (the earliest session's). */
const sessionsChanged = async (db: Db, course: OpenCourseRow, now: Date) => {
  await updateOpenCourse(db, course.id, { updatedAt: now });
  await syncStart(db, course, now);
};

/** One session as the organiser's editor shows it. */
const presentManageSession = async (
  ctx: Ctx,
  session: Parameters<typeof presentManageSessions>[1][number],
) => {
  const [shown] = await presentManageSessions(ctx, [session], ctx.now().getTime());
  if (!shown) throw new Error('session not shown');
  return shown;
};

export const addSession = async (opts: {
  ctx: Ctx;
  actor: Actor;
  id: string;
  body: SessionBody;
}): Promise<ManageSession> => {
  const { ctx, actor } = opts;
  await organiserOf({ db: ctx.db, actor });
  const session = await ctx.db.transaction(async (tx) => {
    const course = assertOwnCourse(actor, await lockOpenCourse(tx, Number(opts.id)));
    const n = await countSessions(tx, course.id);
    if (course.liveMode === 'SingleLive' && n >= 1)
      throw AppError.badRequest(OPEN_CLASS_MSG.singleLiveOneSession);
    if (n >= OPEN_CLASS_LIMITS.maxSessions) throw AppError.badRequest(OPEN_CLASS_MSG.sessionsTooMany);
    const row = await insertSession(
      tx,
      course.id,
      await sessionValues(tx, ctx.storage, actor.userId, course, opts.body),
    );
    await sessionsChanged(tx, course, ctx.now());
    return row;
  });
  return presentManageSession(ctx, session);
};

/** The organiser's own course and one of its sessions, or 404. */
const ownSession = async (db: Db, actor: Actor, courseId: string, sessionId: string) => {
  const course = assertOwnCourse(actor, await lockOpenCourse(db, Number(courseId)));
  const session = await findSession(db, Number(sessionId));
  if (!session || session.openCourseId !== course.id) throw AppError.notFound(OPEN_CLASS_MSG.sessionNotFound);
  return { course, session };
};

export const editSession = async (opts: {
  ctx: Ctx;
  actor: Actor;
  id: string;
  sessionId: string;
  body: SessionBody;
}): Promise<ManageSession> => {
  const { ctx, actor } = opts;
  await organiserOf({ db: ctx.db, actor });
  const session = await ctx.db.transaction(async (tx) => {
    const { course, session } = await ownSession(tx, actor, opts.id, opts.sessionId);
    const values = await sessionValues(tx, ctx.storage, actor.userId, course, opts.body);
    const row = await updateSession(tx, session.id, values);
    await sessionsChanged(tx, course, ctx.now());
    return row ?? session;
  });
  return presentManageSession(ctx, session);
};

/**
 * Removes a session. An Online course keeps at least one (and a Video course's last video cannot go): take it
 * offline first.
 */
export const removeSession = async (opts: {
  ctx: Ctx;
  actor: Actor;
  id: string;
  sessionId: string;
}): Promise<IdResult> => {
  const { ctx, actor } = opts;
  await organiserOf({ db: ctx.db, actor });
  await ctx.db.transaction(async (tx) => {
    const { course, session } = await ownSession(tx, actor, opts.id, opts.sessionId);
    if (course.status === 'Online' && (await countSessions(tx, course.id)) <= 1)
      throw AppError.badRequest(OPEN_CLASS_MSG.publishNeedsSession);
    await deleteSession(tx, session.id);
    await sessionsChanged(tx, course, ctx.now());
  });
  return { id: opts.sessionId };
};

/** Schools (organisations of type school) or companies to choose partners from. */
export const pagePartners = async (opts: {
  ctx: Ctx;
  actor: Actor;
  query: PartnerOptionsQuery;
}): Promise<PartnerOptionPage> => {
  await organiserOf({ db: opts.ctx.db, actor: opts.actor });
  const { rows, total } = await pagePartnerOptions(opts.ctx.db, {
    type: opts.query.type,
    search: opts.query.search,
    ...pageArgs(opts.query),
  });
  return { rows: rows.map((r) => ({ id: String(r.id), name: r.name })), total };
};
