import { z } from 'zod';
import { pageOf, pageQuery } from '../core/envelope';
// the same patterns as the resume's personal info (spec 5)
import { EMAIL_PATTERN, MOBILE_PATTERN } from '../resume/rules';

/*
 * Competitions (创新大赛 / 我的竞赛; issue 14, career spec sections 2, 3, 4, 6, 7 "Competition", foundation
 * spec section 7). Paths are under SERVICE_BASES.competition (/api/competition). Ids are strings; times are
 * epoch ms.
 *
 * Organisers (teachers and business users; only the creator edits):
 * `GET  competitions/mine?pageNumber&pageSize`            -> ManagedCompetitionPage
 * `POST competitions` body CompetitionBody                 -> CompetitionInfo
 * `PUT  competitions/{id}` body CompetitionBody            -> CompetitionInfo
 *
 * Everyone (no sign-in needed):
 * `GET  competitions?pageNumber&pageSize&search`           -> CompetitionCardPage
 * `GET  competitions/{id}`                                 -> CompetitionInfo (foundation: base info)
 * `GET  competitions/{id}/area_info`                       -> CompetitionArea[]
 *
 * Students (a record is read only by its members; others 404):
 * `POST apply_records` body StartApplyBody                 -> ApplyRecord (a Draft)
 * `GET  apply_records/personal?competitionId=`             -> ApplyRecord | null (foundation: applicant record)
 * `GET  apply_records/verify/team_name?competitionId=&teamName=` -> TeamNameCheck
 * `GET  apply_records/{id}/team?code=`                     -> TeamPreview (members; others need the link's code)
 * `GET  apply_records/{id}/team_members`                   -> TeamMember[]
 * `POST apply_records/{id}/team_members` body JoinTeamBody -> ApplyRecord (message 加入成功)
 * `PUT  apply_records/personal/{recordId}/info` body PersonalInfoBody -> ApplyRecord (message 提交成功)
 * `PUT  apply_records/team/leader/{recordId}/info` body LeaderInfoBody -> ApplyRecord (message 提交成功)
 * `GET  apply_records/competitions?pageNumber&pageSize`    -> RegistrationPage (已报名)
 * `GET  apply_records/competitions/expired?pageNumber&pageSize` -> RegistrationPage (已失效)
 *
 * The apply page's school and major pickers use the member-profile catalogues `GET /api/ourea/schools` and
 * `GET /api/ourea/majors` (search); the record keeps the names chosen (organName, majorName).
 *
 * 已报名 and 已失效 split every registration of the user in two, by one rule (`registrationExpired`):
 * a registration is 已失效 once its competition has ended (now after endAt), or when it is still a Draft after
 * the apply period closed (it can no longer be submitted). Everything else is 已报名.
 */

export const COMPETITION_MODES = ['Personal', 'Group'] as const;
export type CompetitionMode = (typeof COMPETITION_MODES)[number];
export const COMPETITION_MODE_TITLES: Record<CompetitionMode, string> = {
  Personal: '个人赛',
  Group: '团体赛',
};

export const APPLY_ROLES = ['Captain', 'TeamMember'] as const;
export type ApplyRole = (typeof APPLY_ROLES)[number];
export const APPLY_ROLE_TITLES: Record<ApplyRole, string> = { Captain: '队长', TeamMember: '队员' };

export const APPLY_STATUSES = ['Draft', 'Submitted'] as const;
export type ApplyStatus = (typeof APPLY_STATUSES)[number];
export const APPLY_STATUS_TITLES: Record<ApplyStatus, string> = { Draft: '未提交', Submitted: '已提交' };

/** The two tabs of 我的竞赛 (spec 2). */
export const REGISTRATION_TABS = [
  { key: 'applied', title: '已报名' },
  { key: 'expired', title: '已失效' },
] as const;
export type RegistrationTab = (typeof REGISTRATION_TABS)[number]['key'];
export const toRegistrationTab = (v: unknown): RegistrationTab => (v === 'expired' ? 'expired' : 'applied');

export const COMPETITION_LIMITS = {
  nameMax: 50,
  organizerMax: 50,
  descriptionMax: 5000,
  trackNameMax: 30,
  tracksMax: 20,
  areaNameMax: 30,
  areasMax: 50,
  /** the largest team allowed (captain included) */
  teamSizeMin: 2,
  teamSizeMax: 20,
  teamNameMax: 20,
  /** spec 5 personal info: name 8, email 30, mobile 11 */
  applicantNameMax: 8,
  emailMax: 30,
  mobileLength: 11,
  organMax: 50,
  majorMax: 50,
  /** the 我的竞赛 tabs */
  pageSize: 10,
} as const;

export const COMPETITIONS_MSG = {
  // Texts of the pages (spec 2, 4, 6)
  empty: '暂无内容',
  applyOpen: '报名期',
  applyClosed: '报名截止',
  draft: '未提交',
  personal: '个人参赛',
  // Successes
  saved: '保存成功',
  submitted: '提交成功',
  joined: '加入成功',
  started: '报名成功',
  copied: '链接已复制',
  // Applicant info (spec 5 wording)
  nameRequired: '请填写姓名',
  nameTooLong: `姓名最多${COMPETITION_LIMITS.applicantNameMax}个字`,
  mobileRequired: '请输入手机号码',
  mobileInvalid: '请输入正确的手机号码',
  emailInvalid: '请输入正确的邮箱',
  organRequired: '请输入学校/单位',
  organTooLong: `学校/单位最多${COMPETITION_LIMITS.organMax}个字`,
  majorRequired: '请输入所学专业',
  majorTooLong: `专业最多${COMPETITION_LIMITS.majorMax}个字`,
  trackRequired: '请选择赛道',
  areaRequired: '请选择赛区',
  teamNameRequired: '请输入队伍名称',
  teamNameTooLong: `队伍名称最多${COMPETITION_LIMITS.teamNameMax}个字`,
  teamNameTaken: '队伍名称已存在',
  teamNameAvailable: '队伍名称可用',
  // Registration rules
  studentsOnly: '仅学生可以报名竞赛',
  notApplyPeriod: '不在报名时间内',
  alreadyApplied: '您已报名该竞赛',
  teamFull: '队伍人数已满',
  personalNoTeam: '个人赛不能组队',
  wrongMode: '报名方式与竞赛不符',
  captainOnly: '仅队长可以修改报名信息',
  recordNotFound: '报名记录不存在',
  competitionNotFound: '竞赛不存在',
  idInvalid: '编号不正确',
  // Organiser
  organiserOnly: '仅教师和企业用户可以发布竞赛',
  notCreator: '仅竞赛发布者可以修改',
  competitionNameRequired: '请输入竞赛名称',
  competitionNameTooLong: `竞赛名称最多${COMPETITION_LIMITS.nameMax}个字`,
  organizerRequired: '请输入主办方',
  organizerTooLong: `主办方最多${COMPETITION_LIMITS.organizerMax}个字`,
  descriptionTooLong: `竞赛介绍最多${COMPETITION_LIMITS.descriptionMax}个字`,
  modeRequired: '请选择参赛方式',
  teamSizeInvalid: `队伍人数须为${COMPETITION_LIMITS.teamSizeMin}到${COMPETITION_LIMITS.teamSizeMax}之间的整数`,
  applyStartRequired: '请选择报名开始时间',
  applyEndRequired: '请选择报名截止时间',
  endRequired: '请选择竞赛结束时间',
  applyEndBeforeStart: '报名截止时间不能早于开始时间',
  endBeforeApplyEnd: '竞赛结束时间不能早于报名截止时间',
  trackNameRequired: '请输入赛道名称',
  trackNameTooLong: `赛道名称最多${COMPETITION_LIMITS.trackNameMax}个字`,
  tooManyTracks: `最多${COMPETITION_LIMITS.tracksMax}个赛道`,
  areaNameRequired: '请输入赛区名称',
  areaNameTooLong: `赛区名称最多${COMPETITION_LIMITS.areaNameMax}个字`,
  tooManyAreas: `最多${COMPETITION_LIMITS.areasMax}个赛区`,
  duplicateName: '名称不能重复',
  modeLocked: '已有报名，不能修改参赛方式',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Pure rules

type Instant = number | Date;

/** applyEnable (spec 3): the apply period is open now (start <= now <= end). */
export const applyEnableOf = (c: { applyStartAt: Instant; applyEndAt: Instant }, now: Instant): boolean =>
  +now >= +c.applyStartAt && +now <= +c.applyEndAt;

/**
 * 已失效: the competition has ended, or the registration is still a Draft after the apply period closed.
 * Every other registration is 已报名.
 */
export const registrationExpired = (
  r: { status: ApplyStatus; applyEndAt: Instant; endAt: Instant },
  now: Instant,
): boolean => +now > +r.endAt || (r.status === 'Draft' && +now > +r.applyEndAt);

/** Where a registration card leads (spec 6): Captain (and a personal entrant) the apply page, TeamMember the link page. */
export const registrationTargetOf = (r: { competitionId: string; id: string; role: ApplyRole }): string =>
  r.role === 'TeamMember'
    ? `/competition/link?applyRecordId=${encodeURIComponent(r.id)}`
    : `/competition/apply?id=${encodeURIComponent(r.competitionId)}`;

/** What a 我的竞赛 card shows (spec 4, 6). */
export const registrationCardOf = (r: {
  applyEnable: boolean;
  status: ApplyStatus;
  mode: CompetitionMode;
  roleTitle: string;
}) => ({
  /** 报名期 while the apply period is open, else 报名截止 */
  periodBadge: r.applyEnable ? COMPETITIONS_MSG.applyOpen : COMPETITIONS_MSG.applyClosed,
  /** 未提交 for a Draft, else none */
  draftBadge: r.status === 'Draft' ? COMPETITIONS_MSG.draft : null,
  /** 个人参赛 in Personal mode, else the role (队长 / 队员) */
  roleText: r.mode === 'Personal' ? COMPETITIONS_MSG.personal : r.roleTitle,
});

/** Characters as a person counts them (an emoji is one). */
const length = (v: string) => [...v].length;

/** The apply form's checks (order: name, mobile, email, organ, major); null when fine. */
export const applicantInfoError = (v: {
  name?: string;
  mobile?: string;
  email?: string;
  organName?: string;
  majorName?: string;
}): string | null => {
  const name = (v.name ?? '').trim();
  if (!name) return COMPETITIONS_MSG.nameRequired;
  if (length(name) > COMPETITION_LIMITS.applicantNameMax) return COMPETITIONS_MSG.nameTooLong;
  const mobile = (v.mobile ?? '').trim();
  if (!mobile) return COMPETITIONS_MSG.mobileRequired;
  if (!MOBILE_PATTERN.test(mobile)) return COMPETITIONS_MSG.mobileInvalid;
  const email = (v.email ?? '').trim();
  if (email && (length(email) > COMPETITION_LIMITS.emailMax || !EMAIL_PATTERN.test(email))) {
    return COMPETITIONS_MSG.emailInvalid;
  }
  const organ = (v.organName ?? '').trim();
  if (!organ) return COMPETITIONS_MSG.organRequired;
  if (length(organ) > COMPETITION_LIMITS.organMax) return COMPETITIONS_MSG.organTooLong;
  const major = (v.majorName ?? '').trim();
  if (!major) return COMPETITIONS_MSG.majorRequired;
  if (length(major) > COMPETITION_LIMITS.majorMax) return COMPETITIONS_MSG.majorTooLong;
  return null;
};

/** The team name's check (trimmed; 1-20 characters). */
export const teamNameError = (teamName: string | undefined | null): string | null => {
  const v = (teamName ?? '').trim();
  if (!v) return COMPETITIONS_MSG.teamNameRequired;
  if (length(v) > COMPETITION_LIMITS.teamNameMax) return COMPETITIONS_MSG.teamNameTooLong;
  return null;
};

// ---------------------------------------------------------------------------------------------------------
// Schemas

const idParam = z
  .string({ error: COMPETITIONS_MSG.idInvalid })
  .regex(/^[1-9][0-9]{0,14}$/, COMPETITIONS_MSG.idInvalid)
  .describe('numeric id');
const idValue = (message: string = COMPETITIONS_MSG.idInvalid) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: message }).regex(/^[1-9][0-9]{0,14}$/, message),
  );
const epochMs = z.number().int();
const bounded = (max: number, requiredMsg: string, tooLong: string) =>
  z
    .string({ error: requiredMsg })
    .trim()
    .min(1, requiredMsg)
    .refine((v) => length(v) <= max, tooLong);

export const competitionIdParams = z.object({ id: idParam });
export type CompetitionIdParams = z.infer<typeof competitionIdParams>;
export const recordIdParams = z.object({ recordId: idParam });
export type RecordIdParams = z.infer<typeof recordIdParams>;

export const competitionsQuery = pageQuery.extend({
  search: z.string().trim().max(50).optional().describe('name contains'),
});
export type CompetitionsQuery = z.infer<typeof competitionsQuery>;

export const competitionTrack = z.object({ id: z.string(), name: z.string() });
export type CompetitionTrack = z.infer<typeof competitionTrack>;
export const competitionArea = z.object({
  id: z.string(),
  name: z.string(),
  divisionCode: z.string().describe('division (region) code; empty: none'),
});
export type CompetitionArea = z.infer<typeof competitionArea>;
export const competitionAreas = z.array(competitionArea);

/** A competition's base info (foundation spec 7: GET competitions/{id}). */
export const competitionInfo = z.object({
  id: z.string(),
  name: z.string(),
  organizer: z.string(),
  coverUrl: z.string().describe('signed address; empty: none'),
  coverFileId: z.string().nullable(),
  description: z.string(),
  mode: z.enum(COMPETITION_MODES),
  modeTitle: z.string(),
  maxTeamSize: z.number().int().describe('the largest team (captain included); 1 in Personal mode'),
  applyStartAt: epochMs,
  applyEndAt: epochMs,
  endAt: epochMs.describe('when the competition ends'),
  applyEnable: z.boolean().describe('the apply period is open now'),
  tracks: z.array(competitionTrack),
  areas: z.array(competitionArea),
  applyCount: z.number().int().describe('registrations (records) so far'),
  editable: z.boolean().describe('the asker created it'),
});
export type CompetitionInfo = z.infer<typeof competitionInfo>;

/** A competition in the public list. */
export const competitionCard = competitionInfo.pick({
  id: true,
  name: true,
  organizer: true,
  coverUrl: true,
  mode: true,
  modeTitle: true,
  applyStartAt: true,
  applyEndAt: true,
  endAt: true,
  applyEnable: true,
  applyCount: true,
});
export type CompetitionCard = z.infer<typeof competitionCard>;
export const competitionCardPage = pageOf(competitionCard);
export type CompetitionCardPage = z.infer<typeof competitionCardPage>;
export const managedCompetitionPage = pageOf(competitionInfo);
export type ManagedCompetitionPage = z.infer<typeof managedCompetitionPage>;

const namedItems = <T extends z.ZodRawShape>(item: z.ZodObject<T>, max: number, tooMany: string) =>
  z
    .array(item)
    .max(max, tooMany)
    .default([])
    .superRefine((items, ctx) => {
      const names = items.map((i) => (i as { name: string }).name);
      if (new Set(names).size !== names.length) {
        ctx.addIssue({ code: 'custom', message: COMPETITIONS_MSG.duplicateName });
      }
    });

/** `POST competitions` / `PUT competitions/{id}`: tracks and areas with an id are kept, the rest replaced. */
export const competitionBody = z
  .object({
    name: bounded(
      COMPETITION_LIMITS.nameMax,
      COMPETITIONS_MSG.competitionNameRequired,
      COMPETITIONS_MSG.competitionNameTooLong,
    ),
    organizer: bounded(
      COMPETITION_LIMITS.organizerMax,
      COMPETITIONS_MSG.organizerRequired,
      COMPETITIONS_MSG.organizerTooLong,
    ),
    coverFileId: idValue().nullable().optional().describe('an uploaded poster-purpose image'),
    description: z
      .string()
      .trim()
      .refine((v) => length(v) <= COMPETITION_LIMITS.descriptionMax, COMPETITIONS_MSG.descriptionTooLong)
      .default(''),
    mode: z.enum(COMPETITION_MODES, { error: COMPETITIONS_MSG.modeRequired }),
    maxTeamSize: z
      .number({ error: COMPETITIONS_MSG.teamSizeInvalid })
      .int(COMPETITIONS_MSG.teamSizeInvalid)
      .min(COMPETITION_LIMITS.teamSizeMin, COMPETITIONS_MSG.teamSizeInvalid)
      .max(COMPETITION_LIMITS.teamSizeMax, COMPETITIONS_MSG.teamSizeInvalid)
      .optional()
      .describe('Group mode only; ignored (1) in Personal mode'),
    applyStartAt: z.number({ error: COMPETITIONS_MSG.applyStartRequired }).int(),
    applyEndAt: z.number({ error: COMPETITIONS_MSG.applyEndRequired }).int(),
    endAt: z.number({ error: COMPETITIONS_MSG.endRequired }).int(),
    tracks: namedItems(
      z.object({
        id: idValue().optional(),
        name: bounded(
          COMPETITION_LIMITS.trackNameMax,
          COMPETITIONS_MSG.trackNameRequired,
          COMPETITIONS_MSG.trackNameTooLong,
        ),
      }),
      COMPETITION_LIMITS.tracksMax,
      COMPETITIONS_MSG.tooManyTracks,
    ),
    areas: namedItems(
      z.object({
        id: idValue().optional(),
        name: bounded(
          COMPETITION_LIMITS.areaNameMax,
          COMPETITIONS_MSG.areaNameRequired,
          COMPETITIONS_MSG.areaNameTooLong,
        ),
        divisionCode: z.string().trim().max(12).optional(),
      }),
      COMPETITION_LIMITS.areasMax,
      COMPETITIONS_MSG.tooManyAreas,
    ),
  })
  .superRefine((b, ctx) => {
    if (b.mode === 'Group' && b.maxTeamSize == null) {
      ctx.addIssue({ code: 'custom', path: ['maxTeamSize'], message: COMPETITIONS_MSG.teamSizeInvalid });
    }
    if (b.applyEndAt < b.applyStartAt) {
      ctx.addIssue({ code: 'custom', path: ['applyEndAt'], message: COMPETITIONS_MSG.applyEndBeforeStart });
    } else if (b.endAt < b.applyEndAt) {
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: COMPETITIONS_MSG.endBeforeApplyEnd });
    }
  });
export type CompetitionBody = z.infer<typeof competitionBody>;
export type CompetitionBodyInput = z.input<typeof competitionBody>;

/** The personal / leader info kept on a record (applyInfo). */
export const applyInfo = z.object({
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  organName: z.string(),
  majorName: z.string(),
  teamName: z.string().describe('Group mode: the team name; empty in Personal mode'),
});
export type ApplyInfo = z.infer<typeof applyInfo>;

/** An applicant record (foundation spec 7: GET apply_records/personal). */
export const applyRecord = z.object({
  id: z.string(),
  competitionId: z.string(),
  mode: z.enum(COMPETITION_MODES),
  role: z.enum(APPLY_ROLES).describe('the asker’s role in it'),
  roleTitle: z.string(),
  leaderId: z.string().describe('the captain’s (or personal entrant’s) user id'),
  status: z.enum(APPLY_STATUSES),
  statusTitle: z.string(),
  applyTime: epochMs.nullable().describe('when it was first submitted; null: a Draft'),
  applyEnable: z.boolean(),
  trackId: z.string().nullable(),
  trackName: z.string(),
  areaId: z.string().nullable(),
  areaName: z.string(),
  applyInfo,
  memberCount: z.number().int(),
  maxTeamSize: z.number().int(),
  inviteCode: z.string().describe('the join link’s code: the captain only; empty for others'),
});
export type ApplyRecord = z.infer<typeof applyRecord>;
export const applyRecordOrNull = applyRecord.nullable();

export const personalRecordQuery = z.object({ competitionId: idParam });
export type PersonalRecordQuery = z.infer<typeof personalRecordQuery>;

/** `POST apply_records`: start a registration (Group: the asker becomes Captain of a team of this name). */
export const startApplyBody = z
  .object({
    competitionId: idValue(COMPETITIONS_MSG.competitionNotFound),
    mode: z.enum(COMPETITION_MODES, { error: COMPETITIONS_MSG.modeRequired }),
    teamName: z.string().trim().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.mode !== 'Group') return;
    const error = teamNameError(b.teamName);
    if (error) ctx.addIssue({ code: 'custom', path: ['teamName'], message: error });
  });
export type StartApplyBody = z.infer<typeof startApplyBody>;

export const teamNameQuery = z.object({
  competitionId: idParam,
  teamName: z.string({ error: COMPETITIONS_MSG.teamNameRequired }),
});
export type TeamNameQuery = z.infer<typeof teamNameQuery>;
/** `available` false with the reason (taken, empty, too long). */
export const teamNameCheck = z.object({ available: z.boolean(), message: z.string() });
export type TeamNameCheck = z.infer<typeof teamNameCheck>;

const infoFields = {
  name: z.string().optional(),
  mobile: z.string().optional(),
  email: z.string().optional(),
  organName: z.string().optional(),
  majorName: z.string().optional(),
  trackId: idValue(COMPETITIONS_MSG.trackRequired).nullable().optional(),
  areaId: idValue(COMPETITIONS_MSG.areaRequired).nullable().optional(),
};
const checkInfo = (b: Parameters<typeof applicantInfoError>[0], ctx: z.RefinementCtx) => {
  const error = applicantInfoError(b);
  if (error) ctx.addIssue({ code: 'custom', message: error });
};

/** `PUT apply_records/personal/{recordId}/info`: saving submits (Draft -> Submitted). */
export const personalInfoBody = z.object(infoFields).superRefine(checkInfo);
export type PersonalInfoBody = z.infer<typeof personalInfoBody>;

/** `PUT apply_records/team/leader/{recordId}/info`: the captain's info and the team name. */
export const leaderInfoBody = z
  .object({ ...infoFields, teamName: z.string().optional() })
  .superRefine((b, ctx) => {
    const error = applicantInfoError(b) ?? teamNameError(b.teamName);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });
export type LeaderInfoBody = z.infer<typeof leaderInfoBody>;

export const joinTeamBody = z.object({
  code: z.string({ error: COMPETITIONS_MSG.recordNotFound }).trim().max(64),
});
export type JoinTeamBody = z.infer<typeof joinTeamBody>;

export const teamPreviewQuery = z.object({ code: z.string().trim().max(64).optional() });
export type TeamPreviewQuery = z.infer<typeof teamPreviewQuery>;

/** A team member (GET apply_records/{id}/team_members). */
export const teamMember = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  role: z.enum(APPLY_ROLES),
  roleTitle: z.string(),
  joinedAt: epochMs,
});
export type TeamMember = z.infer<typeof teamMember>;
export const teamMembers = z.array(teamMember);

/** What the link page shows (GET apply_records/{id}/team). */
export const teamPreview = z.object({
  id: z.string(),
  competitionId: z.string(),
  competitionName: z.string(),
  competitionOrganizer: z.string(),
  competitionCoverUrl: z.string(),
  teamName: z.string(),
  leaderName: z.string(),
  memberCount: z.number().int(),
  maxTeamSize: z.number().int(),
  applyEnable: z.boolean(),
  status: z.enum(APPLY_STATUSES),
  statusTitle: z.string(),
  /** the asker's role in this team; null: not in it */
  myRole: z.enum(APPLY_ROLES).nullable(),
  /** the asker already registered for this competition in another record */
  appliedElsewhere: z.boolean(),
});
export type TeamPreview = z.infer<typeof teamPreview>;

/** A registration in 我的竞赛 (spec 3 "Competition registration"). */
export const registration = z.object({
  id: z.string(),
  competitionId: z.string(),
  competitionName: z.string(),
  competitionOrganizer: z.string(),
  competitionCoverUrl: z.string(),
  applyTime: epochMs.describe('when the asker registered (started the record or joined the team)'),
  applyStartAt: epochMs,
  applyEndAt: epochMs,
  mode: z.enum(COMPETITION_MODES),
  role: z.enum(APPLY_ROLES),
  roleTitle: z.string(),
  leaderId: z.string(),
  applyInfo: z.object({ teamName: z.string() }),
  trackName: z.string(),
  areaName: z.string(),
  status: z.enum(APPLY_STATUSES),
  statusTitle: z.string(),
  applyEnable: z.boolean(),
});
export type Registration = z.infer<typeof registration>;
export const registrationPage = pageOf(registration);
export type RegistrationPage = z.infer<typeof registrationPage>;
