import { z } from 'zod';
import { favouriteJobCard } from '../favourites/favourites';
import { FAIR_STATUSES, TALK_MODES, TALK_STATES, TALK_STATUSES } from './rules';

/*
 * Career talks (宣讲会), job fairs (双选会) and reservations (issue 14, career spec sections 2, 3, 4, 7, 8, 9).
 */

export const RESERVATIONS_MSG = {
  reserved: '预约成功',
  canceled: '已取消预约',
  notFound: '预约记录不存在',
  talkNotFound: '宣讲会不存在',
  fairNotFound: '双选会不存在',
  talkCanceled: '宣讲会已取消，不可查看详情',
  talkExpired: '宣讲会已过期',
  talkCanceledNoReserve: '宣讲会已取消，不能预约',
  fairCanceledNoReserve: '双选会已取消，不能预约',
  endedNoReserve: '活动已结束，不能预约',
  idInvalid: 'id格式不正确',
  roomNotFound: '直播间不存在',
  emptyTalks: '暂无预约宣讲会',
  emptyFairs: '暂无预约双选会',
  // employer side
  businessOnly: '仅企业用户可以管理宣讲会和双选会',
  companyRequired: '请先在企业入口完善企业信息',
  subjectRequired: '请填写主题',
  subjectTooLong: '主题不能超过50个字',
  startRequired: '请选择开始时间',
  endRequired: '请选择结束时间',
  endBeforeStart: '结束时间须晚于开始时间',
  placeRequired: '请填写举办地点',
  placeTooLong: '地点不能超过100个字',
  descriptionTooLong: '介绍不能超过2000个字',
  saved: '保存成功',
  talkCanceledDone: '已取消宣讲会',
  fairCanceledDone: '已取消双选会',
  alreadyCanceled: '已取消，不能再修改',
  alreadyEnded: '已结束，不能再修改',
  liveOnlineOnly: '线下宣讲会没有直播',
  liveStarted: '直播已开始',
  liveNotYet: '宣讲会尚未开始，不能开始直播',
  liveNotStarted: '直播尚未开始',
  liveStopped: '直播已结束',
  playbackOnlineOnly: '线下宣讲会不能上传回放',
  playbackSaved: '回放已上传',
  joined: '已参加双选会',
  left: '已退出双选会',
  occupationsRequired: '请选择参会职位',
  occupationNotYours: '只能选择本企业在线的职位',
  cancelTalkConfirm: '确定取消该宣讲会吗？取消后学生将无法查看详情。',
  cancelFairConfirm: '确定取消该双选会吗？',
} as const;

/** Reservations are listed 12 a page (spec section 9). */
export const RESERVATION_PAGE_SIZE = 12;
export const RESERVATION_TARGET_TYPES = ['CareerTalk', 'JobFair'] as const;
export const reservationTargetType = z.enum(RESERVATION_TARGET_TYPES);
export type ReservationTargetType = z.infer<typeof reservationTargetType>;

const idParam = z
  .string({ error: RESERVATIONS_MSG.idInvalid })
  .regex(/^[1-9][0-9]{0,14}$/, RESERVATIONS_MSG.idInvalid)
  .describe('numeric id');
const idValue = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), idParam);
export const reservationIdParams = z.object({ id: idParam });
export type ReservationIdParams = z.infer<typeof reservationIdParams>;

const mode = z.enum(TALK_MODES);
const companyBrief = z.object({
  id: z.string(),
  name: z.string(),
  nickName: z.string(),
  logo: z.string().nullable(),
});

/** A career talk as job seekers see it (reservation cards, lists, its page). */
export const careerTalk = z.object({
  id: z.string(),
  subject: z.string(),
  mode,
  status: z.enum(TALK_STATES),
  talkStatus: z.enum(TALK_STATUSES),
  startTimestamp: z.number().int(),
  endTimestamp: z.number().int(),
  place: z.string(),
  description: z.string(),
  posterUrl: z.string().nullable(),
  participantCount: z.number().int().describe('reservations of the talk'),
  company: companyBrief,
  liveRoom: z.object({ roomId: z.string(), onlineCount: z.number().int(), viewCount: z.number().int() }),
  liveStarted: z.boolean(),
  hasPlayback: z.boolean(),
  reservation: z.boolean().describe('the asker reserved it'),
  reservationId: z.string().nullable(),
});
export type CareerTalk = z.infer<typeof careerTalk>;

/** A job fair as job seekers see it. */
export const jobFair = z.object({
  id: z.string(),
  subject: z.string(),
  mode,
  status: z.enum(FAIR_STATUSES),
  canceled: z.boolean(),
  startTimestamp: z.number().int(),
  endTimestamp: z.number().int(),
  place: z.string(),
  description: z.string(),
  posterUrl: z.string().nullable(),
  organiser: companyBrief,
  companyCount: z.number().int(),
  occupationCount: z.number().int(),
  participantCount: z.number().int(),
  reservation: z.boolean(),
  reservationId: z.string().nullable(),
});
export type JobFair = z.infer<typeof jobFair>;

/** A job fair with its companies and their (online) positions. */
export const jobFairDetail = jobFair.extend({
  companies: z.array(
    companyBrief.extend({ joinedAt: z.number().int(), occupations: z.array(favouriteJobCard) }),
  ),
});
export type JobFairDetail = z.infer<typeof jobFairDetail>;

export const talkListQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(RESERVATION_PAGE_SIZE),
  search: z.string().trim().max(50).optional(),
});
export type TalkListQuery = z.infer<typeof talkListQuery>;
export const careerTalkPage = z.object({ rows: z.array(careerTalk), total: z.number().int() });
export type CareerTalkPage = z.infer<typeof careerTalkPage>;
export const jobFairPage = z.object({ rows: z.array(jobFair), total: z.number().int() });
export type JobFairPage = z.infer<typeof jobFairPage>;

/** `GET ourea/reservations`. */
export const reservationListQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(RESERVATION_PAGE_SIZE),
  targetType: reservationTargetType,
  /** careerTalk,live / jobFair,mini (accepted; the answer is the same) */
  details: z.string().max(100).optional(),
});
export type ReservationListQuery = z.infer<typeof reservationListQuery>;
export const reservationRow = z.object({
  id: z.string(),
  targetType: reservationTargetType,
  targetId: z.string(),
  careerTalk: careerTalk.nullable(),
  jobFair: jobFair.nullable(),
  content: z.union([careerTalk, jobFair]).describe('the talk or fair again'),
});
export type ReservationRow = z.infer<typeof reservationRow>;
export const reservationPage = z.object({ rows: z.array(reservationRow), total: z.number().int() });
export type ReservationPage = z.infer<typeof reservationPage>;
export const reservationBody = z.object({ targetType: reservationTargetType, targetId: idValue });
export type ReservationBody = z.infer<typeof reservationBody>;
export const reservationCreated = z.object({ id: z.string() });

/** `GET {live}/info/{roomId}` for a career talk's room (roomId talk-{id}). */
export const talkRoomIdParams = z.object({
  roomId: z.string().regex(/^talk-[1-9][0-9]{0,14}$/, RESERVATIONS_MSG.roomNotFound),
});
export const talkLiveInfo = z.object({
  roomId: z.string(),
  talkId: z.string(),
  subject: z.string(),
  talkStatus: z.enum(TALK_STATUSES),
  liveStarted: z.boolean(),
  /** signed play addresses while the live is on and a live provider is configured */
  playUrls: z.object({ hls: z.string(), flv: z.string() }).nullable(),
  onlineCount: z.number().int(),
  viewCount: z.number().int(),
  liveRoomPlaybackModels: z.array(z.object({ playbackUrl: z.string(), contentType: z.string() })),
});
export type TalkLiveInfo = z.infer<typeof talkLiveInfo>;

// ---------------------------------------------------------------------------------------------------------
// Employer side

const subject = z
  .string({ error: RESERVATIONS_MSG.subjectRequired })
  .trim()
  .min(1, RESERVATIONS_MSG.subjectRequired)
  .refine((v) => [...v].length <= 50, RESERVATIONS_MSG.subjectTooLong);
const eventFields = {
  subject,
  mode,
  startTimestamp: z.number({ error: RESERVATIONS_MSG.startRequired }).int(),
  endTimestamp: z.number({ error: RESERVATIONS_MSG.endRequired }).int(),
  place: z
    .string()
    .trim()
    .refine((v) => [...v].length <= 100, RESERVATIONS_MSG.placeTooLong)
    .default(''),
  description: z
    .string()
    .trim()
    .refine((v) => [...v].length <= 2000, RESERVATIONS_MSG.descriptionTooLong)
    .default(''),
  posterFileId: z.number().int().positive().nullable().default(null),
};
const eventChecks = <T extends { mode: string; startTimestamp: number; endTimestamp: number; place: string }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.endTimestamp <= v.startTimestamp)
    ctx.addIssue({ code: 'custom', path: ['endTimestamp'], message: RESERVATIONS_MSG.endBeforeStart });
  if (v.mode === 'Offline' && !v.place)
    ctx.addIssue({ code: 'custom', path: ['place'], message: RESERVATIONS_MSG.placeRequired });
};
/** `POST/PUT ourea/company/career_talks`. */
export const careerTalkBody = z.object(eventFields).superRefine(eventChecks);
export type CareerTalkBody = z.infer<typeof careerTalkBody>;
/** `POST/PUT ourea/company/job_fairs`. */
export const jobFairBody = z.object(eventFields).superRefine(eventChecks);
export type JobFairBody = z.infer<typeof jobFairBody>;
export const playbackBody = z.object({ fileId: z.number().int().positive() });
export type PlaybackBody = z.infer<typeof playbackBody>;
export const participationBody = z.object({
  occupationIds: z.array(idValue).min(1, RESERVATIONS_MSG.occupationsRequired).max(100),
});
export type ParticipationBody = z.infer<typeof participationBody>;
export const managePageQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type ManagePageQuery = z.infer<typeof managePageQuery>;

/** A talk as its company manages it. */
export const managedTalk = careerTalk.extend({
  posterFileId: z.number().int().nullable(),
  playbackUrl: z.string().nullable(),
  /** the live is on now (started, not stopped, between start and end) */
  liveOn: z.boolean(),
  /** signed push address for the encoder while live (live provider configured) */
  pushUrl: z.string().nullable(),
});
export type ManagedTalk = z.infer<typeof managedTalk>;
export const managedTalkPage = z.object({ rows: z.array(managedTalk), total: z.number().int() });
export type ManagedTalkPage = z.infer<typeof managedTalkPage>;

/** A fair as a company sees it on 双选会管理: its own, and open fairs it may join. */
export const managedFair = jobFair.extend({
  posterFileId: z.number().int().nullable(),
  isOrganiser: z.boolean(),
  joined: z.boolean(),
  myOccupationIds: z.array(z.string()),
});
export type ManagedFair = z.infer<typeof managedFair>;
export const managedFairPage = z.object({ rows: z.array(managedFair), total: z.number().int() });
export type ManagedFairPage = z.infer<typeof managedFairPage>;
