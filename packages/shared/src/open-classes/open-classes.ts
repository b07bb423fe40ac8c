import { z } from 'zod';
import { pageOf, pageQuery } from '../core/envelope';
import { MSG } from '../core/messages';
import { uploadedFile } from '../files/files';

/*
 * Open classes (职业发展课; spec 001 sections 2.11, 3, 4, 7 'Open courses', 9; issue 12). Every path is under
 * SERVICE_BASES.opencourse (/api/opencourse). Ids are strings in answers (a number is accepted in bodies);
 * times are epoch ms (or null).
 *
 * Organiser (a Teacher, or a Business user acting for a company; students 403 学生身份暂无权限). Only the
 * course's organiser may touch it: anyone else's course id answers 404.
 * `GET    open_courses/manage?status&search&pageNumber&pageSize`        -> ManageCoursePage
 * `POST   open_courses/manage` body OpenCourseBody                       -> ManageCourseDetail (a Draft)
 * `GET    open_courses/manage/{id}`                                      -> ManageCourseDetail
 * `PUT    open_courses/manage/{id}` body OpenCourseBody                  -> ManageCourseDetail
 * `DELETE open_courses/manage/{id}` (Draft only)                         -> IdResult
 * `POST   open_courses/manage/{id}/publish` (to Online)                  -> ManageCourseDetail
 * `POST   open_courses/manage/{id}/offline` (to Offline)                 -> ManageCourseDetail
 * `POST   open_courses/manage/{id}/sessions` body SessionBody            -> ManageSession
 * `PUT    open_courses/manage/{id}/sessions/{sessionId}` body SessionBody -> ManageSession
 * `DELETE open_courses/manage/{id}/sessions/{sessionId}`                 -> IdResult
 * `GET    open_courses/manage/partner_options?type=school|company&search&pageNumber&pageSize` -> PartnerOptionPage
 *
 * Public (sign-in optional; personalised when signed in):
 * `GET  open_courses?search&classifyCode&industryCode&liveMode&pageNumber&pageSize` -> OpenCourseCardPage
 *        (Online courses, newest start first)
 * `GET  open_courses/search/info?searchType=school|company&search&pageNumber&pageSize` -> SearchInfoPage
 * `GET  open_courses/search/all?searchType=school|company&id&pageNumber&pageSize`     -> OpenCourseCardPage
 * `GET  open_courses/{id}`              -> OpenCourseDetail (Online, or any status for its organiser)
 * `GET  open_courses/series_live/{id}`  -> OpenCourseDetail (a SeriesLive course only)
 * `GET  live/info/{sessionId}`          -> LiveInfo
 * `GET  open_courses/recent_lives?pageNumber&pageSize` -> RecentLivePage (upcoming and living sessions)
 * `GET  open_courses/video?openCourseId=` -> CourseVideos (signed in: the organiser or a subscriber)
 * `GET  promotions/open_course/slideshow` -> SlideshowItem[] (newest Online courses with a poster)
 * `GET  course_programs`                -> CourseProgram[] (CourseClassify entries with course counts)
 * `POST companies/partners` body PartnersBody -> PartnerEnterprise[]
 * `GET  dictionarys?groupCode=CourseClassify|CourseIndustry` -> DictionaryEntry[]
 *
 * Student:
 * `POST   open_courses/subscripte` body SubscribeBody -> SubscribeResult (Online only; idempotent)
 * `DELETE open_courses/subscripte/{id}`               -> IdResult (own subscriptions only; others 404)
 * `GET    open_courses/subscriptions?sort=recentStudy|recentSubscribe&order=desc&pageNumber&pageSize`
 *          -> SubscriptionPage (spec 3 'Open-course subscription'; an Offline course stays, expired)
 * `POST   open_courses/progress` body ProgressBody -> ProgressResult (subscribers of an Online Video course)
 *
 * Live provider (config.live):
 * `GET  live_rooms/config?sessionId=`            -> LiveRoomConfig
 * `POST live_rooms/chat/token` body LiveTokenBody  -> LiveToken
 * `POST live_rooms/watch/token` body LiveTokenBody -> LiveToken
 */

// ---------------------------------------------------------------------------------------------------------
// Enumerations and titles

/** Live modes (spec 3): a single live session, a series of live sessions, or videos. */
export const LIVE_MODES = ['SingleLive', 'SeriesLive', 'Video'] as const;
export type LiveMode = (typeof LIVE_MODES)[number];
export const LIVE_MODE_TITLES: Record<LiveMode, string> = {
  SingleLive: '单场直播',
  SeriesLive: '系列直播',
  Video: '视频课程',
};

/** An open course's status: Draft until first published, then Online or Offline (expired). */
export const OPEN_COURSE_STATUSES = ['Draft', 'Online', 'Offline'] as const;
export type OpenCourseStatus = (typeof OPEN_COURSE_STATUSES)[number];
export const OPEN_COURSE_STATUS_TITLES: Record<OpenCourseStatus, string> = {
  Draft: '草稿',
  Online: '已上线',
  Offline: '已下线',
};

/** A live room's status (spec 3): before its start, between start and end, after the end. */
export const ROOM_STATUS = ['LiveNotStart', 'Living', 'Playback'] as const;
export type RoomStatus = (typeof ROOM_STATUS)[number];
export const ROOM_STATUS_TITLES: Record<RoomStatus, string> = {
  LiveNotStart: '未开始',
  Living: '直播中',
  Playback: '回放',
};

/** Dictionary group codes (spec 7 `GET dictionarys?groupCode=`). */
export const DICTIONARY_GROUPS = {
  classify: 'CourseClassify',
  industry: 'CourseIndustry',
} as const;
export const DICTIONARY_GROUP_CODES = [DICTIONARY_GROUPS.classify, DICTIONARY_GROUPS.industry] as const;
export type DictionaryGroupCode = (typeof DICTIONARY_GROUP_CODES)[number];

/** Search by partner school or by company (`search/info`, `search/all`). */
export const OPEN_COURSE_SEARCH_TYPES = ['school', 'company'] as const;
export type OpenCourseSearchType = (typeof OPEN_COURSE_SEARCH_TYPES)[number];

/** The subscription screen's tabs (spec 2.11): 最近学习 / 最近订阅. */
export const SUBSCRIPTION_SORTS = ['recentStudy', 'recentSubscribe'] as const;
export type SubscriptionSort = (typeof SUBSCRIPTION_SORTS)[number];
export const SUBSCRIPTION_SORT_TITLES: Record<SubscriptionSort, string> = {
  recentStudy: '最近学习',
  recentSubscribe: '最近订阅',
};

/** Limits of the open-class calls. */
export const OPEN_CLASS_LIMITS = {
  maxNameLength: 50,
  maxIntroductionLength: 2000,
  maxLecturers: 10,
  maxLecturerNameLength: 20,
  maxLecturerTitleLength: 50,
  maxLecturerIntroductionLength: 500,
  maxPartners: 20,
  maxSessions: 50,
  maxSessionTitleLength: 50,
  maxSearchLength: 50,
  maxHlsUrlLength: 1000,
  /** slides in the portal's slideshow */
  slideshowSize: 5,
  /**
   * Progress: a report may move the watched frontier by at most the real time since the previous report
   * (capped at maxReportGapSeconds) plus slackSeconds. The player reports on play, every
   * reportIntervalSeconds while playing, and on pause, seek and end.
   */
  progressSlackSeconds: 5,
  maxReportGapSeconds: 30,
  reportIntervalSeconds: 10,
  /** longest video (seconds): 24 h */
  maxDurationSeconds: 24 * 3600,
} as const;

/** Enterprise shown on a card without partner enterprises (spec 2.11: the platform's name). */
export const DEFAULT_ENTERPRISE_NAME = '优加教育平台';

/** Texts of the open-class calls and pages. */
export const OPEN_CLASS_MSG = {
  // Screen texts (spec 2.11, 4)
  careerTag: '职业发展课',
  liveLabel: '直播',
  startLearning: '开始学习',
  courseExpired: '课程已过期',
  notLimited: '不限',
  deleteSubscription: '删除',
  deleteSubscriptionConfirm: '删除后该课程将从您的订阅中移除，确定删除吗？',
  subscriptionDeleted: '已删除',
  noSubscriptions: '暂无订阅的课程',
  noOpenCourses: '暂无课程',
  liveCount: (n: number) => `共${n}节`,
  subscribe: '订阅',
  subscribed: '已订阅',
  subscribeSuccess: '订阅成功',
  unsubscribe: '取消订阅',
  unsubscribeSuccess: '已取消订阅',
  searchPlaceholder: '请输入课程名称',
  // Permissions (spec 5, 8)
  studentNoPermission: MSG.studentNoPermission,
  teacherCannotOperate: MSG.teacherCannotOperate,
  noCompany: '请先完善企业信息后再创建课程',
  onlyStudentsSubscribe: '仅学生可以订阅课程',
  loginRequired: '请先登录',
  subscribeFirst: '请先订阅该课程',
  // Not found / invalid ids
  courseIdInvalid: '课程编号不正确',
  sessionIdInvalid: '课次编号不正确',
  subscriptionIdInvalid: '订阅编号不正确',
  courseNotFound: '课程不存在',
  sessionNotFound: '课次不存在',
  subscriptionNotFound: '订阅不存在',
  partnerNotFound: '合作学校或企业不存在',
  // Course form
  nameRequired: '请输入课程名称',
  nameTooLong: `课程名称最多${OPEN_CLASS_LIMITS.maxNameLength}个字符`,
  liveModeInvalid: '请选择直播形式',
  liveModeLocked: '课程发布后不能修改直播形式',
  classifyInvalid: '请选择课程分类',
  industryInvalid: '请选择所属行业',
  introductionTooLong: `课程简介最多${OPEN_CLASS_LIMITS.maxIntroductionLength}个字符`,
  startAtInvalid: '请选择开课时间',
  lecturersTooMany: `讲师最多${OPEN_CLASS_LIMITS.maxLecturers}位`,
  lecturerNameRequired: '请输入讲师姓名',
  lecturerNameTooLong: `讲师姓名最多${OPEN_CLASS_LIMITS.maxLecturerNameLength}个字符`,
  lecturerTitleTooLong: `讲师头衔最多${OPEN_CLASS_LIMITS.maxLecturerTitleLength}个字符`,
  lecturerIntroductionTooLong: `讲师简介最多${OPEN_CLASS_LIMITS.maxLecturerIntroductionLength}个字符`,
  partnersTooMany: `合作学校、合作企业各最多${OPEN_CLASS_LIMITS.maxPartners}个`,
  partnerSchoolInvalid: '合作学校不存在',
  partnerCompanyInvalid: '合作企业不存在',
  // Sessions
  sessionTitleRequired: '请输入课次标题',
  sessionTitleTooLong: `课次标题最多${OPEN_CLASS_LIMITS.maxSessionTitleLength}个字符`,
  sessionsTooMany: `课次最多${OPEN_CLASS_LIMITS.maxSessions}个`,
  sessionStartRequired: '请选择直播开始时间',
  sessionEndRequired: '请选择直播结束时间',
  sessionEndBeforeStart: '结束时间必须晚于开始时间',
  videoRequired: '请上传视频或填写HLS视频地址',
  videoOneSource: '视频文件与HLS地址只能选择一个',
  hlsUrlInvalid: 'HLS地址须为 https:// 开头、.m3u8 结尾的地址',
  durationInvalid: '视频时长不正确',
  singleLiveOneSession: '单场直播只能有一个课次',
  // Lifecycle
  publishNeedsSession: '请至少添加一个课次后再发布',
  publishNeedsVideos: '视频课程的每个课次都需要视频后才能发布',
  publishSingleLive: '单场直播须有且只有一个课次',
  alreadyOnline: '课程已上线',
  notOnline: '课程未上线',
  deleteOnlyDraft: '只能删除草稿状态的课程',
  published: '课程已发布',
  takenOffline: '课程已下线',
  deleted: '课程已删除',
  courseOffline: '课程已下线，无法订阅',
  // Progress
  progressVideoOnly: '只有视频课程记录学习进度',
  progressInvalid: '播放位置或时长不正确',
  // Live provider
  liveNotConfigured: '直播服务未配置',
  liveNoPermission: '订阅课程后才能观看直播',
  notLiveSession: '该课次不是直播课次',
  // Queries
  searchTooLong: `搜索内容最多${OPEN_CLASS_LIMITS.maxSearchLength}个字符`,
  searchTypeInvalid: '搜索类型只能是学校（school）或企业（company）',
  groupCodeInvalid: '字典分组只能是 CourseClassify 或 CourseIndustry',
  sortInvalid: '排序只能是 recentStudy 或 recentSubscribe',
  orderInvalid: '排序方向只能是 asc 或 desc',
  idsTooMany: '一次最多查询100个企业',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Pure rules (shared by the server and the pages)

/**
 * A session's room status at `now` (spec 3): LiveNotStart before its start, Living until its end, then
 * Playback. A session without a start is a video course's video: Playback.
 */
export const roomStatusOf = (
  session: { startAt: number | null; endAt: number | null },
  now: number,
): RoomStatus => {
  if (session.startAt == null) return 'Playback';
  if (now < session.startAt) return 'LiveNotStart';
  if (session.endAt == null || now < session.endAt) return 'Living';
  return 'Playback';
};

/**
 * A course's room status from its sessions at `now`: Living while any session is living, else LiveNotStart
 * while any session is still to come (or there is none), else Playback. A video course is always Playback.
 */
export const courseRoomStatusOf = (
  liveMode: LiveMode,
  sessions: readonly { startAt: number | null; endAt: number | null }[],
  now: number,
): RoomStatus => {
  if (liveMode === 'Video') return 'Playback';
  const states = sessions.map((s) => roomStatusOf(s, now));
  if (states.includes('Living')) return 'Living';
  if (states.length === 0 || states.includes('LiveNotStart')) return 'LiveNotStart';
  return 'Playback';
};

/** Progress 0 to 1 as a rounded percent (spec 9): 0.456 -> 46. */
export const progressPercentOf = (progress: number | null | undefined) =>
  Math.round(Math.min(1, Math.max(0, Number(progress) || 0)) * 100);

// ---------------------------------------------------------------------------------------------------------
// Request pieces

/** A database id in a path or query: 1 to 15 digits, no leading zero. */
const idParam = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,14}$/, message)
    .describe('numeric id');

/** An id in a body: a string or a number of the same form. */
const idValue = (message: string) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), idParam(message));

/** An uploaded file's id in a body (number or numeric string), or null for none. */
const fileIdValue = z
  .preprocess(
    (v) => (typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v),
    z.number().int().positive(),
  )
  .nullable()
  .optional()
  .default(null);

const epochMs = z.number().int().nullable();
const liveMode = z
  .enum(LIVE_MODES, { error: OPEN_CLASS_MSG.liveModeInvalid })
  .describe('SingleLive | SeriesLive | Video');
const openCourseStatus = z.enum(OPEN_COURSE_STATUSES);
const roomStatus = z.enum(ROOM_STATUS);

const searchText = z
  .string()
  .trim()
  .max(OPEN_CLASS_LIMITS.maxSearchLength, OPEN_CLASS_MSG.searchTooLong)
  .optional()
  .default('');

const dictionaryCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(50, message)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** `{ id }` of a path. */
export const openCourseIdParams = z.object({ id: idParam(OPEN_CLASS_MSG.courseIdInvalid) });
export type OpenCourseIdParams = z.infer<typeof openCourseIdParams>;
export const sessionIdParams = z.object({ id: idParam(OPEN_CLASS_MSG.sessionIdInvalid) });
export type SessionIdParams = z.infer<typeof sessionIdParams>;
export const manageSessionParams = z.object({
  id: idParam(OPEN_CLASS_MSG.courseIdInvalid),
  sessionId: idParam(OPEN_CLASS_MSG.sessionIdInvalid),
});
export type ManageSessionParams = z.infer<typeof manageSessionParams>;
export const subscriptionIdParams = z.object({ id: idParam(OPEN_CLASS_MSG.subscriptionIdInvalid) });
export type SubscriptionIdParams = z.infer<typeof subscriptionIdParams>;

/** `{ id }` answer of deletes. */
export const idResult = z.object({ id: z.string() });
export type IdResult = z.infer<typeof idResult>;

// ---------------------------------------------------------------------------------------------------------
// Dictionaries, partners

/** A dictionary entry (spec 3): code and title. */
export const dictionaryEntry = z.object({ code: z.string(), title: z.string() });
export type DictionaryEntry = z.infer<typeof dictionaryEntry>;

/** `GET dictionarys?groupCode=`. */
export const dictionaryQuery = z.object({
  groupCode: z.enum(DICTIONARY_GROUP_CODES, { error: OPEN_CLASS_MSG.groupCodeInvalid }),
});
export type DictionaryQuery = z.infer<typeof dictionaryQuery>;

/** `GET course_programs`: a CourseClassify entry with the number of Online courses filed under it. */
export const courseProgram = dictionaryEntry.extend({ courseCount: z.number().int() });
export type CourseProgram = z.infer<typeof courseProgram>;

/** A partner school (spec 3: partnerSchools[{id,name}]). */
export const partnerSchool = z.object({ id: z.string(), name: z.string() });
export type PartnerSchool = z.infer<typeof partnerSchool>;

/** A partner enterprise: name and logo address ('' for none). */
export const partnerEnterprise = z.object({ id: z.string(), name: z.string(), logoUrl: z.string() });
export type PartnerEnterprise = z.infer<typeof partnerEnterprise>;

/** `POST companies/partners` body. */
export const partnersBody = z.object({
  ids: z.array(idValue(OPEN_CLASS_MSG.partnerNotFound)).max(100, OPEN_CLASS_MSG.idsTooMany),
});
export type PartnersBody = z.infer<typeof partnersBody>;

/** `GET open_courses/manage/partner_options?type=school|company&search`: organisations of type school, or companies. */
export const partnerOptionsQuery = pageQuery.extend({
  type: z.enum(OPEN_COURSE_SEARCH_TYPES, { error: OPEN_CLASS_MSG.searchTypeInvalid }),
  search: searchText,
});
export type PartnerOptionsQuery = z.infer<typeof partnerOptionsQuery>;
export type PartnerOptionsQueryInput = z.input<typeof partnerOptionsQuery>;
export const partnerOption = z.object({ id: z.string(), name: z.string() });
export type PartnerOption = z.infer<typeof partnerOption>;
export const partnerOptionPage = pageOf(partnerOption);
export type PartnerOptionPage = z.infer<typeof partnerOptionPage>;

// ---------------------------------------------------------------------------------------------------------
// Organiser: courses and sessions

/** A lecturer as the organiser writes it. */
export const lecturerBody = z.object({
  name: z
    .string({ error: OPEN_CLASS_MSG.lecturerNameRequired })
    .trim()
    .min(1, OPEN_CLASS_MSG.lecturerNameRequired)
    .max(OPEN_CLASS_LIMITS.maxLecturerNameLength, OPEN_CLASS_MSG.lecturerNameTooLong),
  title: z
    .string()
    .trim()
    .max(OPEN_CLASS_LIMITS.maxLecturerTitleLength, OPEN_CLASS_MSG.lecturerTitleTooLong)
    .optional()
    .default(''),
  introduction: z
    .string()
    .trim()
    .max(OPEN_CLASS_LIMITS.maxLecturerIntroductionLength, OPEN_CLASS_MSG.lecturerIntroductionTooLong)
    .optional()
    .default(''),
  /** an uploaded image (purpose poster) */
  photoFileId: fileIdValue,
});
export type LecturerBody = z.infer<typeof lecturerBody>;
export type LecturerBodyInput = z.input<typeof lecturerBody>;

/**
 * `POST/PUT open_courses/manage[/{id}]`: the whole course form. Lecturers and partners replace the stored
 * ones. `startAt` is kept for a Video course; a live course's start is its first session's start once it has
 * sessions. liveMode cannot change once the course was published.
 */
export const openCourseBody = z.object({
  name: z
    .string({ error: OPEN_CLASS_MSG.nameRequired })
    .trim()
    .min(1, OPEN_CLASS_MSG.nameRequired)
    .max(OPEN_CLASS_LIMITS.maxNameLength, OPEN_CLASS_MSG.nameTooLong),
  liveMode,
  /** a CourseClassify code */
  classifyCode: dictionaryCode(OPEN_CLASS_MSG.classifyInvalid),
  /** a CourseIndustry code */
  industryCode: dictionaryCode(OPEN_CLASS_MSG.industryInvalid),
  introduction: z
    .string()
    .trim()
    .max(OPEN_CLASS_LIMITS.maxIntroductionLength, OPEN_CLASS_MSG.introductionTooLong)
    .optional()
    .default(''),
  /** an uploaded image (purpose poster) */
  posterFileId: fileIdValue,
  startAt: z.number({ error: OPEN_CLASS_MSG.startAtInvalid }).int().nullable().optional().default(null),
  lecturers: z
    .array(lecturerBody)
    .max(OPEN_CLASS_LIMITS.maxLecturers, OPEN_CLASS_MSG.lecturersTooMany)
    .default([]),
  /** organisations of type school */
  partnerSchoolIds: z
    .array(idValue(OPEN_CLASS_MSG.partnerSchoolInvalid))
    .max(OPEN_CLASS_LIMITS.maxPartners, OPEN_CLASS_MSG.partnersTooMany)
    .default([]),
  /** companies */
  partnerCompanyIds: z
    .array(idValue(OPEN_CLASS_MSG.partnerCompanyInvalid))
    .max(OPEN_CLASS_LIMITS.maxPartners, OPEN_CLASS_MSG.partnersTooMany)
    .default([]),
});
export type OpenCourseBody = z.infer<typeof openCourseBody>;
export type OpenCourseBodyInput = z.input<typeof openCourseBody>;

const hlsUrl = z
  .string()
  .trim()
  .max(OPEN_CLASS_LIMITS.maxHlsUrlLength, OPEN_CLASS_MSG.hlsUrlInvalid)
  .refine((v) => v === '' || isHlsUrl(v), OPEN_CLASS_MSG.hlsUrlInvalid)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** An https address whose path ends in .m3u8. */
export const isHlsUrl = (value: string) => {
  const match = /^https:\/\/[a-z0-9.-]+(?::[0-9]{1,5})?(\/[^?#\s]*)(?:\?[^#\s]*)?(?:#\S*)?$/i.exec(value);
  return !!match && (match[1] ?? '').toLowerCase().endsWith('.m3u8');
};

/**
 * `POST/PUT open_courses/manage/{id}/sessions[/{sessionId}]`. Live modes: title, startAt, endAt (after
 * startAt), optionally a playback video. Video: title and exactly one of videoFileId (an uploaded file, purpose
 * video) or hlsUrl (https …m3u8), with durationSeconds (the page reads it from the video's metadata).
 */
export const sessionBody = z.object({
  title: z
    .string({ error: OPEN_CLASS_MSG.sessionTitleRequired })
    .trim()
    .min(1, OPEN_CLASS_MSG.sessionTitleRequired)
    .max(OPEN_CLASS_LIMITS.maxSessionTitleLength, OPEN_CLASS_MSG.sessionTitleTooLong),
  startAt: z.number({ error: OPEN_CLASS_MSG.sessionStartRequired }).int().nullable().optional().default(null),
  endAt: z.number({ error: OPEN_CLASS_MSG.sessionEndRequired }).int().nullable().optional().default(null),
  videoFileId: fileIdValue,
  hlsUrl,
  durationSeconds: z
    .number({ error: OPEN_CLASS_MSG.durationInvalid })
    .min(0, OPEN_CLASS_MSG.durationInvalid)
    .max(OPEN_CLASS_LIMITS.maxDurationSeconds, OPEN_CLASS_MSG.durationInvalid)
    .optional()
    .default(0),
});
export type SessionBody = z.infer<typeof sessionBody>;
export type SessionBodyInput = z.input<typeof sessionBody>;

/** A lecturer as shown (spec 3: lecturers[{introduction}]). */
export const lecturer = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  introduction: z.string(),
  photoUrl: z.string().describe("signed address; '' for none"),
  photoFileId: z.number().int().nullable(),
});
export type Lecturer = z.infer<typeof lecturer>;

/** A session as shown on public pages (a live session, or one video of a video course). */
export const openCourseSession = z.object({
  id: z.string(),
  title: z.string(),
  startAt: epochMs,
  endAt: epochMs,
  roomStatus,
  roomStatusTitle: z.string(),
  /** there is a video (a video course's video, or a live session's playback) */
  hasVideo: z.boolean(),
  durationSeconds: z.number(),
});
export type OpenCourseSession = z.infer<typeof openCourseSession>;

/** A session as its organiser edits it. */
export const manageSession = openCourseSession.extend({
  video: uploadedFile.nullable(),
  hlsUrl: z.string().nullable(),
});
export type ManageSession = z.infer<typeof manageSession>;

/** A course in the organiser's list. */
export const manageCourseRow = z.object({
  id: z.string(),
  name: z.string(),
  liveMode,
  status: openCourseStatus,
  statusTitle: z.string(),
  startAt: epochMs,
  posterUrl: z.string(),
  sessionCount: z.number().int(),
  subscriberCount: z.number().int(),
  updatedAt: z.number().int(),
});
export type ManageCourseRow = z.infer<typeof manageCourseRow>;
export const manageCoursesQuery = pageQuery.extend({
  status: z.enum(OPEN_COURSE_STATUSES).optional(),
  search: searchText,
});
export type ManageCoursesQuery = z.infer<typeof manageCoursesQuery>;
export type ManageCoursesQueryInput = z.input<typeof manageCoursesQuery>;
export const manageCoursePage = pageOf(manageCourseRow);
export type ManageCoursePage = z.infer<typeof manageCoursePage>;

/** The organiser's whole course: the form's values plus sessions. */
export const manageCourseDetail = manageCourseRow.extend({
  classifyCode: z.string().nullable(),
  industryCode: z.string().nullable(),
  introduction: z.string(),
  poster: uploadedFile.nullable(),
  lecturers: z.array(lecturer),
  partnerSchools: z.array(partnerSchool),
  partnerEnterprises: z.array(partnerEnterprise),
  sessions: z.array(manageSession),
  /** the company the course was made for (a business organiser's), or null */
  companyId: z.string().nullable(),
  publishedAt: epochMs,
});
export type ManageCourseDetail = z.infer<typeof manageCourseDetail>;

// ---------------------------------------------------------------------------------------------------------
// Public: lists, detail, live info, videos

/** A course card in the public list and the search results. */
export const openCourseCard = z.object({
  id: z.string(),
  name: z.string(),
  liveMode,
  startAt: epochMs,
  posterUrl: z.string().describe('tabulationPosterUrl'),
  classify: dictionaryEntry.nullable(),
  industry: dictionaryEntry.nullable(),
  partnerSchools: z.array(partnerSchool),
  enterpriseNames: z.array(z.string()),
  liveCount: z.number().int().describe('number of sessions'),
  roomStatus,
  roomStatusTitle: z.string(),
  /** signed-in user subscribed (false for visitors) */
  subscribed: z.boolean(),
});
export type OpenCourseCard = z.infer<typeof openCourseCard>;
export const openCourseCardPage = pageOf(openCourseCard);
export type OpenCourseCardPage = z.infer<typeof openCourseCardPage>;

/** `GET open_courses`: Online courses, newest start first. */
export const openCoursesQuery = pageQuery.extend({
  search: searchText.describe('part of the course name'),
  classifyCode: z.string().trim().max(50).optional(),
  industryCode: z.string().trim().max(50).optional(),
  liveMode: z.enum(LIVE_MODES, { error: OPEN_CLASS_MSG.liveModeInvalid }).optional(),
});
export type OpenCoursesQuery = z.infer<typeof openCoursesQuery>;
export type OpenCoursesQueryInput = z.input<typeof openCoursesQuery>;

/** `GET open_courses/search/info`: schools (or companies) that have Online courses. */
export const searchInfoQuery = pageQuery.extend({
  searchType: z.enum(OPEN_COURSE_SEARCH_TYPES, { error: OPEN_CLASS_MSG.searchTypeInvalid }),
  search: searchText,
});
export type SearchInfoQuery = z.infer<typeof searchInfoQuery>;
export type SearchInfoQueryInput = z.input<typeof searchInfoQuery>;
export const searchInfoRow = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().describe("a company's logo; '' for schools and companies without one"),
  courseCount: z.number().int(),
});
export type SearchInfoRow = z.infer<typeof searchInfoRow>;
export const searchInfoPage = pageOf(searchInfoRow);
export type SearchInfoPage = z.infer<typeof searchInfoPage>;

/** `GET open_courses/search/all`: the Online courses of one school (partner) or company (organiser or partner). */
export const searchAllQuery = pageQuery.extend({
  searchType: z.enum(OPEN_COURSE_SEARCH_TYPES, { error: OPEN_CLASS_MSG.searchTypeInvalid }),
  id: idParam(OPEN_CLASS_MSG.partnerNotFound),
});
export type SearchAllQuery = z.infer<typeof searchAllQuery>;
export type SearchAllQueryInput = z.input<typeof searchAllQuery>;

/** A course resource (spec 3: courseResources[{partnerEnterpriseId}]): a session and the enterprise providing it. */
export const courseResource = z.object({
  id: z.string().describe('the session id'),
  title: z.string(),
  partnerEnterpriseId: z.string().nullable().describe("the organiser's company, null for a teacher's course"),
});
export type CourseResource = z.infer<typeof courseResource>;

/** `GET open_courses/{id}` and `GET open_courses/series_live/{id}` (spec 3 'Open-class detail'). */
export const openCourseDetail = z.object({
  id: z.string(),
  name: z.string(),
  liveMode,
  status: openCourseStatus,
  startAt: epochMs,
  posterUrl: z.string(),
  introduction: z.string(),
  classify: dictionaryEntry.nullable(),
  industry: dictionaryEntry.nullable(),
  organiserName: z.string().describe("the company's name, or the teacher's name"),
  lecturers: z.array(lecturer),
  partnerSchools: z.array(partnerSchool),
  partnerEnterprises: z.array(partnerEnterprise),
  courseResources: z.array(courseResource),
  sessions: z.array(openCourseSession),
  liveCount: z.number().int(),
  roomStatus,
  roomStatusTitle: z.string(),
  subscriberCount: z.number().int(),
  /** the signed-in user subscribed, and the subscription's id (to unsubscribe) */
  subscribed: z.boolean(),
  subscriptionId: z.string().nullable(),
  progressPercentage: z.number().describe('0 to 1; the signed-in subscriber’s, else 0'),
  /** the signed-in user is the organiser */
  isOrganiser: z.boolean(),
});
export type OpenCourseDetail = z.infer<typeof openCourseDetail>;

/** `GET live/info/{sessionId}`: one session (Online course, or its organiser). */
export const liveInfo = z.object({
  id: z.string(),
  openCourseId: z.string(),
  courseName: z.string(),
  liveMode,
  title: z.string(),
  startAt: epochMs,
  endAt: epochMs,
  roomStatus,
  roomStatusTitle: z.string(),
  posterUrl: z.string(),
  lecturers: z.array(lecturer),
  /** the playback (signed file address or HLS address) for those who may watch; null otherwise or none */
  playbackUrl: z.string().nullable(),
  playbackKind: z.enum(['file', 'hls']).nullable(),
  /** the signed-in user may watch (the organiser or a subscriber) */
  canWatch: z.boolean(),
  subscribed: z.boolean(),
  isOrganiser: z.boolean(),
});
export type LiveInfo = z.infer<typeof liveInfo>;

/** `GET open_courses/recent_lives`: upcoming and living sessions of Online live courses, soonest first. */
export const recentLive = z.object({
  id: z.string().describe('session id'),
  openCourseId: z.string(),
  courseName: z.string(),
  liveMode,
  title: z.string(),
  startAt: epochMs,
  endAt: epochMs,
  roomStatus,
  roomStatusTitle: z.string(),
  posterUrl: z.string(),
});
export type RecentLive = z.infer<typeof recentLive>;
export const recentLivePage = pageOf(recentLive);
export type RecentLivePage = z.infer<typeof recentLivePage>;

/** `GET open_courses/video?openCourseId=`. */
export const courseVideosQuery = z.object({ openCourseId: idParam(OPEN_CLASS_MSG.courseIdInvalid) });
export type CourseVideosQuery = z.infer<typeof courseVideosQuery>;
export const courseVideo = z.object({
  sessionId: z.string(),
  title: z.string(),
  kind: z.enum(['file', 'hls']),
  /** signed file address (answers Range requests) or the HLS address */
  url: z.string(),
  contentType: z.string().describe("the file's type; application/vnd.apple.mpegurl for HLS"),
  durationSeconds: z.number(),
  /** where the student stopped (resume from) and the furthest watched, seconds */
  position: z.number(),
  watchedSeconds: z.number(),
});
export type CourseVideo = z.infer<typeof courseVideo>;
export const courseVideos = z.object({
  openCourseId: z.string(),
  progressPercentage: z.number(),
  videos: z.array(courseVideo),
});
export type CourseVideos = z.infer<typeof courseVideos>;

/** `GET promotions/open_course/slideshow`. */
export const slideshowItem = z.object({
  id: z.string(),
  name: z.string(),
  liveMode,
  posterUrl: z.string(),
  startAt: epochMs,
});
export type SlideshowItem = z.infer<typeof slideshowItem>;

// ---------------------------------------------------------------------------------------------------------
// Student: subscriptions and progress

/** `POST open_courses/subscripte`. */
export const subscribeBody = z.object({ openCourseId: idValue(OPEN_CLASS_MSG.courseIdInvalid) });
export type SubscribeBody = z.infer<typeof subscribeBody>;
export const subscribeResult = z.object({
  id: z.string(),
  openCourseId: z.string(),
  subscribed: z.literal(true),
});
export type SubscribeResult = z.infer<typeof subscribeResult>;

/** `GET open_courses/subscriptions`. */
export const subscriptionsQuery = pageQuery.extend({
  sort: z.enum(SUBSCRIPTION_SORTS, { error: OPEN_CLASS_MSG.sortInvalid }).optional().default('recentStudy'),
  order: z.enum(['asc', 'desc'], { error: OPEN_CLASS_MSG.orderInvalid }).optional().default('desc'),
});
export type SubscriptionsQuery = z.infer<typeof subscriptionsQuery>;
export type SubscriptionsQueryInput = z.input<typeof subscriptionsQuery>;

/** A subscription exactly as spec 3 'Open-course subscription' names it. */
export const subscription = z.object({
  id: z.string(),
  courseId: z.string(),
  progressPercentage: z.number().describe('0 to 1'),
  roomStatus,
  roomStatusTitle: z.string(),
  opencourseModel: z.object({
    opencourseStartAt: epochMs,
    liveMode,
    /** Online, Offline; null when the course is gone (expired) */
    status: z.enum(['Online', 'Offline']).nullable(),
  }),
  subscriptContentModel: z.object({
    name: z.string(),
    tabulationPosterUrl: z.string(),
    liveMode,
    partnerSchools: z.array(partnerSchool),
    enterpriseNames: z.array(z.string()),
    liveCount: z.number().int(),
  }),
  subscribedAt: z.number().int(),
  lastStudiedAt: epochMs,
});
export type Subscription = z.infer<typeof subscription>;
export const subscriptionPage = pageOf(subscription);
export type SubscriptionPage = z.infer<typeof subscriptionPage>;

/** `POST open_courses/progress`: the player's position and the video's length, seconds. */
export const progressBody = z.object({
  sessionId: idValue(OPEN_CLASS_MSG.sessionIdInvalid),
  position: z.number({ error: OPEN_CLASS_MSG.progressInvalid }).finite(OPEN_CLASS_MSG.progressInvalid),
  duration: z
    .number({ error: OPEN_CLASS_MSG.progressInvalid })
    .finite(OPEN_CLASS_MSG.progressInvalid)
    .positive(OPEN_CLASS_MSG.progressInvalid)
    .max(OPEN_CLASS_LIMITS.maxDurationSeconds, OPEN_CLASS_MSG.progressInvalid),
});
export type ProgressBody = z.infer<typeof progressBody>;
export const progressResult = z.object({
  sessionId: z.string(),
  position: z.number(),
  watchedSeconds: z.number(),
  durationSeconds: z.number(),
  /** the course's progress, 0 to 1 */
  progressPercentage: z.number(),
});
export type ProgressResult = z.infer<typeof progressResult>;

// ---------------------------------------------------------------------------------------------------------
// Live provider

/** `GET live_rooms/config?sessionId=`. */
export const liveRoomConfigQuery = z.object({ sessionId: idParam(OPEN_CLASS_MSG.sessionIdInvalid) });
export type LiveRoomConfigQuery = z.infer<typeof liveRoomConfigQuery>;

/**
 * A live room's provider settings. configured=false: no provider (the room shows the schedule and the
 * playback). Play addresses are signed (auth_key) and given only to those who may watch; pushUrl only to the
 * organiser.
 */
export const liveRoomConfig = z.object({
  configured: z.boolean(),
  sessionId: z.string(),
  roomStatus,
  roomStatusTitle: z.string(),
  playUrls: z.object({ hls: z.string(), flv: z.string() }).nullable(),
  pushUrl: z.string().nullable(),
  chatUrl: z.string().nullable(),
  canWatch: z.boolean(),
});
export type LiveRoomConfig = z.infer<typeof liveRoomConfig>;

/** `POST live_rooms/chat/token` and `POST live_rooms/watch/token`. */
export const liveTokenBody = z.object({ sessionId: idValue(OPEN_CLASS_MSG.sessionIdInvalid) });
export type LiveTokenBody = z.infer<typeof liveTokenBody>;
export const liveToken = z.object({ token: z.string(), expiresAt: z.number().int().describe('epoch ms') });
export type LiveToken = z.infer<typeof liveToken>;

// ---------------------------------------------------------------------------------------------------------
// The subscription card (spec 2.11 and 4)

/** What a subscription card shows, from a subscription row at `now` (epoch ms). */
export type SubscriptionCardState = {
  /** status missing or Offline: greyed, not openable, deletable */
  expired: boolean;
  /** the live-status tag: only for non-video courses that are Online */
  showLiveTag: boolean;
  /** 直播 before the course starts, else the room-status title */
  liveLabel: string;
  /** the live icon, while Living */
  showLiveIcon: boolean;
  /** a progress bar for video courses */
  showProgress: boolean;
  /** rounded percent 0 to 100 (spec 9) */
  progressPercent: number;
  /** partner schools' names, or 不限 */
  schoolsText: string;
  /** partner enterprises' names, or the platform's name */
  enterprisesText: string;
  /** 开始学习 or 课程已过期 */
  buttonText: string;
  /** opening the course is allowed */
  openable: boolean;
  /** the delete action (expired cards only) */
  deletable: boolean;
};

/** The card of a subscription (spec 2.11 and section 4 'Open-course subscription'). */
export const subscriptionCardState = (
  row: Pick<Subscription, 'progressPercentage' | 'roomStatus' | 'roomStatusTitle'> & {
    opencourseModel: { opencourseStartAt: number | null; liveMode: LiveMode; status?: string | null } | null;
    subscriptContentModel: Pick<
      Subscription['subscriptContentModel'],
      'partnerSchools' | 'enterpriseNames' | 'liveMode'
    >;
  },
  now: number,
): SubscriptionCardState => {
  const model = row.opencourseModel;
  const status = model?.status ?? null;
  const expired = status == null || status === 'Offline' || status !== 'Online';
  const mode = model?.liveMode ?? row.subscriptContentModel.liveMode;
  const isVideo = mode === 'Video';
  const startAt = model?.opencourseStartAt ?? null;
  const notStarted = startAt == null || startAt > now;
  const schools = row.subscriptContentModel.partnerSchools.map((s) => s.name).filter(Boolean);
  const enterprises = row.subscriptContentModel.enterpriseNames.filter(Boolean);
  return {
    expired,
    showLiveTag: !isVideo && !expired,
    liveLabel: notStarted
      ? OPEN_CLASS_MSG.liveLabel
      : row.roomStatusTitle || ROOM_STATUS_TITLES[row.roomStatus],
    showLiveIcon: row.roomStatus === 'Living',
    showProgress: isVideo,
    progressPercent: progressPercentOf(row.progressPercentage),
    schoolsText: schools.length ? schools.join('、') : OPEN_CLASS_MSG.notLimited,
    enterprisesText: enterprises.length ? enterprises.join('、') : DEFAULT_ENTERPRISE_NAME,
    buttonText: expired ? OPEN_CLASS_MSG.courseExpired : OPEN_CLASS_MSG.startLearning,
    openable: !expired,
    deletable: expired,
  };
};

/** The page a course opens by name (spec 2.2): classopenserieslive for a series, else openclasslive. */
export const openCoursePageOf = (liveMode: LiveMode) =>
  liveMode === 'SeriesLive' ? 'classopenserieslive' : 'openclasslive';

/** Seeded dictionary entries (every installation). */
export const DICTIONARY_SEED: Record<DictionaryGroupCode, readonly DictionaryEntry[]> = {
  CourseClassify: [
    { code: 'CareerPlanning', title: '职业规划' },
    { code: 'JobSkills', title: '求职技巧' },
    { code: 'IndustryInsight', title: '行业认知' },
    { code: 'TechFrontier', title: '技术前沿' },
    { code: 'Entrepreneurship', title: '创新创业' },
    { code: 'Workplace', title: '职场素养' },
  ],
  CourseIndustry: [
    { code: 'InternetIT', title: '互联网/IT' },
    { code: 'SmartManufacturing', title: '智能制造' },
    { code: 'IntegratedCircuit', title: '集成电路' },
    { code: 'ArtificialIntelligence', title: '人工智能' },
    { code: 'BigData', title: '大数据' },
    { code: 'FinTech', title: '金融科技' },
    { code: 'NewEnergy', title: '新能源' },
    { code: 'Education', title: '教育培训' },
  ],
};
