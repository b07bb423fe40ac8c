import {
  type CourseResource,
  courseRoomStatusOf,
  DICTIONARY_GROUPS,
  type DictionaryEntry,
  type Lecturer,
  type LiveMode,
  type ManageCourseDetail,
  type ManageCourseRow,
  type ManageSession,
  OPEN_COURSE_STATUS_TITLES,
  type OpenCourseCard,
  type OpenCourseDetail,
  type OpenCourseSession,
  type OpenCourseStatus,
  type PartnerEnterprise,
  type PartnerSchool,
  ROOM_STATUS_TITLES,
  roomStatusOf,
} from '@uplus/shared';
import { companiesByIds } from '../employer/employer.service';
import { describeFile, type FileUrlContext, fileUrls } from '../files/files.service';
import {
  countSubscribers,
  findFileRows,
  findUserName,
  listDictionary,
  listLecturers,
  listPartnerCompanies,
  listPartnerSchools,
  listSessions,
  type OpenCourseRow,
  type SessionRow,
  subscriptionsOfUser,
} from './open-classes.repo';

/*
 * Open-course rows shaped for the browser: a course's lecturers, partners, sessions and signed addresses are
 * loaded for a whole page at once (one query each), never per row.
 */

export const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);
const group = <T, K>(rows: readonly T[], key: (r: T) => K) => {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
};

/** A session as public pages show it, at `now`. */
export const presentSession = (s: SessionRow, now: number): OpenCourseSession => {
  const roomStatus = roomStatusOf({ startAt: ms(s.startAt), endAt: ms(s.endAt) }, now);
  return {
    id: String(s.id),
    title: s.title,
    startAt: ms(s.startAt),
    endAt: ms(s.endAt),
    roomStatus,
    roomStatusTitle: ROOM_STATUS_TITLES[roomStatus],
    hasVideo: s.videoFileId != null || !!s.hlsUrl,
    durationSeconds: s.durationSeconds,
  };
};

/** A course's room status from its sessions at `now`. */
export const courseRoomStatus = (course: OpenCourseRow, sessions: readonly SessionRow[], now: number) => {
  const roomStatus = courseRoomStatusOf(
    course.liveMode as LiveMode,
    sessions.map((s) => ({ startAt: ms(s.startAt), endAt: ms(s.endAt) })),
    now,
  );
  return { roomStatus, roomStatusTitle: ROOM_STATUS_TITLES[roomStatus] };
};

/** Everything the cards and details of `courses` show, loaded at once. */
export const loadExtras = async (
  ctx: FileUrlContext,
  courses: readonly OpenCourseRow[],
  opts: { userId?: number | null } = {},
) => {
  const ids = courses.map((c) => c.id);
  const [lecturers, schools, companies, sessions, subscribers, mine, classify, industry] = await Promise.all([
    listLecturers(ctx.db, ids),
    listPartnerSchools(ctx.db, ids),
    listPartnerCompanies(ctx.db, ids),
    listSessions(ctx.db, ids),
    countSubscribers(ctx.db, ids),
    opts.userId ? subscriptionsOfUser(ctx.db, opts.userId, ids) : Promise.resolve([]),
    listDictionary(ctx.db, DICTIONARY_GROUPS.classify),
    listDictionary(ctx.db, DICTIONARY_GROUPS.industry),
  ]);
  const urls = await fileUrls(ctx, [
    ...courses.map((c) => c.posterFileId),
    ...lecturers.map((l) => l.avatarFileId),
    ...companies.map((c) => c.logoFileId),
  ]);
  const url = (id: number | null) => (id == null ? '' : (urls.get(id) ?? ''));
  const lecturersOf = group(lecturers, (l) => l.openCourseId);
  const schoolsOf = group(schools, (s) => s.openCourseId);
  const companiesOf = group(companies, (c) => c.openCourseId);
  const sessionsOf = group(sessions, (s) => s.openCourseId);
  const subscriptionOf = new Map(mine.map((s) => [s.openCourseId, s]));
  const entry = (list: DictionaryEntry[], code: string | null) => list.find((e) => e.code === code) ?? null;
  return {
    url,
    sessions: (id: number) => sessionsOf.get(id) ?? [],
    subscription: (id: number) => subscriptionOf.get(id) ?? null,
    subscriberCount: (id: number) => subscribers.get(id) ?? 0,
    classify: (code: string | null) => (code ? entry(classify, code) : null),
    industry: (code: string | null) => (code ? entry(industry, code) : null),
    lecturers: (id: number): Lecturer[] =>
      (lecturersOf.get(id) ?? []).map((l) => ({
        id: String(l.id),
        name: l.name,
        title: l.title,
        introduction: l.introduction,
        photoUrl: url(l.avatarFileId),
        photoFileId: l.avatarFileId,
      })),
    partnerSchools: (id: number): PartnerSchool[] =>
      (schoolsOf.get(id) ?? []).map((s) => ({ id: String(s.id), name: s.name })),
    partnerEnterprises: (id: number): PartnerEnterprise[] =>
      (companiesOf.get(id) ?? []).map((c) => ({
        id: String(c.id),
        name: c.name,
        logoUrl: url(c.logoFileId),
      })),
  };
};
export type Extras = Awaited<ReturnType<typeof loadExtras>>;

/** A course card (public list and search results). */
export const presentCard = (c: OpenCourseRow, x: Extras, now: number): OpenCourseCard => {
  const sessions = x.sessions(c.id);
  return {
    id: String(c.id),
    name: c.name,
    liveMode: c.liveMode as LiveMode,
    startAt: ms(c.startAt),
    posterUrl: x.url(c.posterFileId),
    classify: x.classify(c.classifyCode),
    industry: x.industry(c.industryCode),
    partnerSchools: x.partnerSchools(c.id),
    enterpriseNames: x.partnerEnterprises(c.id).map((e) => e.name),
    liveCount: sessions.length,
    ...courseRoomStatus(c, sessions, now),
    subscribed: !!x.subscription(c.id),
  };
};

/** The public detail of a course. */
export const presentDetail = async (
  ctx: FileUrlContext,
  c: OpenCourseRow,
  x: Extras,
  opts: { now: number; userId: number | null },
): Promise<OpenCourseDetail> => {
  const sessions = x.sessions(c.id);
  const subscription = x.subscription(c.id);
  const organiserName = c.companyId
    ? (x.partnerEnterprises(c.id).find((e) => e.id === String(c.companyId))?.name ??
      (await companyName(ctx, c.companyId)))
    : await findUserName(ctx.db, c.organiserId);
  const courseResources: CourseResource[] = sessions.map((s) => ({
    id: String(s.id),
    title: s.title,
    partnerEnterpriseId: c.companyId ? String(c.companyId) : null,
  }));
  return {
    id: String(c.id),
    name: c.name,
    liveMode: c.liveMode as LiveMode,
    status: c.status as OpenCourseStatus,
    startAt: ms(c.startAt),
    posterUrl: x.url(c.posterFileId),
    introduction: c.introduction,
    classify: x.classify(c.classifyCode),
    industry: x.industry(c.industryCode),
    organiserName,
    lecturers: x.lecturers(c.id),
    partnerSchools: x.partnerSchools(c.id),
    partnerEnterprises: x.partnerEnterprises(c.id),
    courseResources,
    sessions: sessions.map((s) => presentSession(s, opts.now)),
    liveCount: sessions.length,
    ...courseRoomStatus(c, sessions, opts.now),
    subscriberCount: x.subscriberCount(c.id),
    subscribed: !!subscription,
    subscriptionId: subscription ? String(subscription.id) : null,
    progressPercentage: subscription?.progressPercentage ?? 0,
    isOrganiser: opts.userId === c.organiserId,
  };
};

const companyName = async (ctx: FileUrlContext, companyId: number) =>
  (await companiesByIds({ db: ctx.db, ids: [companyId] }))[0]?.name ?? '';

/** A course in the organiser's list. */
export const presentManageRow = (c: OpenCourseRow, x: Extras): ManageCourseRow => ({
  id: String(c.id),
  name: c.name,
  liveMode: c.liveMode as LiveMode,
  status: c.status as OpenCourseStatus,
  statusTitle: OPEN_COURSE_STATUS_TITLES[c.status as OpenCourseStatus] ?? c.status,
  startAt: ms(c.startAt),
  posterUrl: x.url(c.posterFileId),
  sessionCount: x.sessions(c.id).length,
  subscriberCount: x.subscriberCount(c.id),
  updatedAt: c.updatedAt.getTime(),
});

/** Sessions as their organiser edits them (with the uploaded videos described). */
export const presentManageSessions = async (
  ctx: FileUrlContext,
  sessions: readonly SessionRow[],
  now: number,
): Promise<ManageSession[]> => {
  const fileRows = await findFileRows(
    ctx.db,
    sessions.map((s) => s.videoFileId).filter((id): id is number => id != null),
  );
  const described = new Map(
    await Promise.all(fileRows.map(async (f) => [f.id, await describeFile(ctx, f)] as const)),
  );
  return sessions.map((s) => ({
    ...presentSession(s, now),
    video: s.videoFileId == null ? null : (described.get(s.videoFileId) ?? null),
    hlsUrl: s.hlsUrl,
  }));
};

/** The organiser's whole course. */
export const presentManageDetail = async (
  ctx: FileUrlContext,
  c: OpenCourseRow,
  now: number,
): Promise<ManageCourseDetail> => {
  const x = await loadExtras(ctx, [c]);
  const posterRows = c.posterFileId == null ? [] : await findFileRows(ctx.db, [c.posterFileId]);
  const poster = posterRows[0] ? await describeFile(ctx, posterRows[0]) : null;
  return {
    ...presentManageRow(c, x),
    classifyCode: c.classifyCode,
    industryCode: c.industryCode,
    introduction: c.introduction,
    poster,
    lecturers: x.lecturers(c.id),
    partnerSchools: x.partnerSchools(c.id),
    partnerEnterprises: x.partnerEnterprises(c.id),
    sessions: await presentManageSessions(ctx, x.sessions(c.id), now),
    companyId: c.companyId == null ? null : String(c.companyId),
    publishedAt: ms(c.publishedAt),
  };
};
