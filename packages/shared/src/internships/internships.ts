import { z } from 'zod';
import { pageOf, pageQuery } from '../core/envelope';
import { MSG } from '../core/messages';
import {
  COMPANY_NICKNAME_MAX,
  COMPANY_SCALE_VALUES,
  FINANCING_ROUND_VALUES,
  INDUSTRY_VALUES,
} from '../jobs/employer';

/*
 * Internships (我的实习; spec 001 sections 2.2, 2.12, 3, 4, 5, 7, 8, 9; issue 12): a company's internship
 * groups with stages and tasks, joined by invite code; the student's side and the organiser's (a business
 * user acting for the company). Paths are under SERVICE_BASES.ourea (/api/ourea). Ids are strings; dates
 * are epoch ms.
 *
 * Student (spec paths):
 * `GET  internship_groups/student?details=underway|finished&pageNumber&pageSize` -> StudentGroupPage
 * `POST internship_members/exit` body ExitBody                 -> ExitResult   (message 退出成功)
 * `POST internship_members/join` body JoinBody                 -> JoinResult   (message 加入实习成功)
 * `GET  internship_members/joined_count?inviteCode=`           -> JoinedCount
 * `GET  internship_stages/{stageId}`                           -> StageDetail
 * `POST internship_stages/{stageId}/tasks/{taskId}/complete`   -> TaskCompleted
 *
 * Organiser (a business user acting for a company; others 403, another company's ids 404):
 * `GET  internship_groups/managed?pageNumber&pageSize`         -> ManagedGroupPage
 * `POST internship_groups` body GroupBody                      -> ManagedGroup
 * `GET  internship_groups/{groupId}`                           -> ManagedGroup
 * `PUT  internship_groups/{groupId}` body GroupBody            -> ManagedGroup
 * `POST internship_groups/{groupId}/finish`                    -> ManagedGroup
 * `POST internship_groups/{groupId}/stages` body StageBody     -> ManagedGroup
 * `PUT  internship_groups/{groupId}/stages/{stageId}` body StageBody -> ManagedGroup
 * `DELETE internship_groups/{groupId}/stages/{stageId}`        -> ManagedGroup
 * `POST internship_groups/{groupId}/invite_codes` body InviteCodeBody -> ManagedGroup
 * `POST internship_groups/{groupId}/invite_codes/{codeId}/disable`    -> ManagedGroup
 * `GET  internship_groups/{groupId}/members?pageNumber&pageSize`       -> GroupMemberPage
 * `POST internship_groups/{groupId}/members/{memberId}/eliminate` body EliminateBody -> GroupMember
 * `POST internship_groups/{groupId}/members/{memberId}/restore`        -> GroupMember
 * `PUT  internship_groups/{groupId}/members/{memberId}/stages/{stageId}` body GrantBody -> GroupMember
 *
 * Company (企业入口): `GET companies/mine` -> Company | null; `PUT companies/mine` body CompanyBody -> Company.
 */

export const INTERNSHIP_STATUSES = ['NotStarted', 'Underway', 'Finished'] as const;
export type InternshipStatus = (typeof INTERNSHIP_STATUSES)[number];
export const INTERNSHIP_STATUS_TITLES: Record<InternshipStatus, string> = {
  NotStarted: '未开始',
  Underway: '进行中',
  Finished: '已结束',
};

/** The student's tabs (spec 2.2, query upType). */
export const INTERNSHIP_UP_TYPES = ['all', 'underway', 'finished'] as const;
export type InternshipUpType = (typeof INTERNSHIP_UP_TYPES)[number];
export const INTERNSHIP_UP_TYPE_TITLES: Record<InternshipUpType, string> = {
  all: '全部',
  underway: '进行中',
  finished: '已结束',
};
/** An upType as the address gives it: anything unknown is 'all'. */
export const toInternshipUpType = (v: unknown): InternshipUpType =>
  (INTERNSHIP_UP_TYPES as readonly unknown[]).includes(v) ? (v as InternshipUpType) : 'all';

/** The six exit reasons of spec 5, in order, with the codes the table stores. */
export const EXIT_REASONS = [
  { code: 'KeepUp', title: '跟不上企业课程进度' },
  { code: 'Schedule', title: '与学校课程安排冲突' },
  { code: 'Mismatch', title: '岗位与预期不符' },
  { code: 'OtherProgram', title: '参加其他企业的实习计划' },
  { code: 'Offline', title: '已找到线下实习' },
  { code: 'Other', title: '其他' },
] as const;
export type ExitReasonCode = (typeof EXIT_REASONS)[number]['code'];
export const EXIT_REASON_CODES = EXIT_REASONS.map((r) => r.code) as [ExitReasonCode, ...ExitReasonCode[]];

/** Limits (spec 9, and the organiser's forms). */
export const INTERNSHIP_LIMITS = {
  occupationMax: 15,
  exitReasonMax: 50,
  inviteCodeMin: 6,
  inviteCodeMax: 32,
  /** generated invite codes */
  inviteCodeLength: 8,
  groupNameMax: 50,
  descriptionMax: 2000,
  stageNameMax: 30,
  taskTitleMax: 50,
  taskContentMax: 2000,
  tasksPerStage: 50,
  stagesPerGroup: 20,
  eliminatedDescriptionMax: 200,
  maxUsesMax: 100_000,
  companyNameMax: 50,
  companyIntroductionMax: 500,
} as const;

/** Generated invite codes: mixed-case letters and digits without look-alikes (0 O o 1 l I). */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

export const INTERNSHIPS_MSG = {
  // spec 8
  notStarted: '实习未开始',
  noStagePermission: '暂无阶段权限',
  exited: '退出成功',
  joined: '加入实习成功',
  inviteCodeInvalid: '请输入正确的邀请码',
  joinLimit: '每人同时只能参加1个实习计划，如需加入请先退出当前实习',
  eliminatedFallback: '很抱歉，您未通过企业考核，实习权限已关闭',
  notSuitableTitle: '不合适',
  // Exit (spec 5)
  exitReasonRequired: '请选择退出原因',
  exitOtherRequired: '请填写退出原因',
  exitOtherTooLong: `退出原因最多${INTERNSHIP_LIMITS.exitReasonMax}个字`,
  exitReasonMismatch: '退出原因不正确',
  exitFinished: '实习已结束，无法退出',
  notMember: '您未参加该实习',
  // Join (spec 5)
  occupationRequired: '请输入岗位全称',
  occupationTooLong: `岗位全称最多${INTERNSHIP_LIMITS.occupationMax}个字`,
  inviteCodeDisabled: '该邀请码已停用',
  inviteCodeUsedUp: '该邀请码的使用次数已满',
  groupFinished: '该实习已结束，无法加入',
  alreadyInGroup: '您已在该实习中',
  studentsOnly: '仅学生可以加入实习',
  teacherCannotOperate: MSG.teacherCannotOperate,
  // Stages
  stageNotFound: '阶段不存在',
  taskNotFound: '任务不存在',
  internshipEnded: '实习已结束',
  taskCompleted: '已完成',
  // Organiser
  businessOnly: '仅企业用户可以管理实习',
  companyRequired: '请先在企业入口完善企业信息',
  groupNotFound: '实习计划不存在',
  memberNotFound: '成员不存在',
  inviteCodeNotFound: '邀请码不存在',
  groupNameRequired: '请输入实习计划名称',
  groupNameTooLong: `实习计划名称最多${INTERNSHIP_LIMITS.groupNameMax}个字`,
  descriptionTooLong: `描述最多${INTERNSHIP_LIMITS.descriptionMax}个字`,
  startRequired: '请选择开始时间',
  endRequired: '请选择结束时间',
  endBeforeStart: '结束时间不能早于开始时间',
  stageNameRequired: '请输入阶段名称',
  stageNameTooLong: `阶段名称最多${INTERNSHIP_LIMITS.stageNameMax}个字`,
  taskTitleRequired: '请输入任务名称',
  taskTitleTooLong: `任务名称最多${INTERNSHIP_LIMITS.taskTitleMax}个字`,
  taskContentTooLong: `任务内容最多${INTERNSHIP_LIMITS.taskContentMax}个字`,
  tooManyTasks: `每个阶段最多${INTERNSHIP_LIMITS.tasksPerStage}个任务`,
  tooManyStages: `每个实习计划最多${INTERNSHIP_LIMITS.stagesPerGroup}个阶段`,
  maxUsesInvalid: `使用次数须为1到${INTERNSHIP_LIMITS.maxUsesMax}之间的整数`,
  eliminatedDescriptionRequired: '请填写淘汰说明',
  eliminatedDescriptionTooLong: `淘汰说明最多${INTERNSHIP_LIMITS.eliminatedDescriptionMax}个字`,
  groupAlreadyFinished: '实习计划已结束',
  memberExited: '该成员已退出实习',
  finishConfirm: '结束后学员将无法退出或继续完成任务，可为成员颁发证书。确定结束该实习计划吗？',
  eliminateConfirm: '淘汰后该成员将无法查看实习阶段。确定淘汰吗？',
  finishedOk: '实习计划已结束',
  saved: '保存成功',
  copied: '已复制',
  idInvalid: '编号不正确',
  detailsInvalid: '实习状态只能是进行中（underway）或已结束（finished）',
  // Company
  companyNameRequired: '请输入企业名称',
  companyNameTooLong: `企业名称最多${INTERNSHIP_LIMITS.companyNameMax}个字`,
  companyIntroductionTooLong: `企业简介最多${INTERNSHIP_LIMITS.companyIntroductionMax}个字`,
  // Pages
  empty: '暂无实习',
  noStages: '暂无阶段',
  noTasks: '暂无任务',
  noMembers: '暂无成员',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Pure rules

/** A group's status (derived): Finished once finished, NotStarted before its start, otherwise Underway. */
export const internshipStatusOf = (
  group: { startAt: number | Date; finishedAt: number | Date | null },
  now: number | Date,
): InternshipStatus => {
  if (group.finishedAt != null) return 'Finished';
  return +now < +group.startAt ? 'NotStarted' : 'Underway';
};

/** An invite code as typed: trimmed, case kept (spec 5: case-sensitive). */
export const normalizeInviteCode = (code: string) => code.trim();

/** The join dialog's check of the code (spec 5): shorter than 6 after trimming -> 请输入正确的邀请码. */
export const inviteCodeError = (code: string): string | null =>
  normalizeInviteCode(code).length < INTERNSHIP_LIMITS.inviteCodeMin
    ? INTERNSHIPS_MSG.inviteCodeInvalid
    : null;

/** The join dialog's check of the position's full name. */
export const occupationError = (name: string): string | null => {
  const v = name.trim();
  if (!v) return INTERNSHIPS_MSG.occupationRequired;
  if ([...v].length > INTERNSHIP_LIMITS.occupationMax) return INTERNSHIPS_MSG.occupationTooLong;
  return null;
};

/** The exit dialog's check (spec 5): one reason; 'Other' needs its text, at most 50 characters. */
export const exitError = (reason: ExitReasonCode | null | undefined, text: string): string | null => {
  if (!reason || !EXIT_REASON_CODES.includes(reason)) return INTERNSHIPS_MSG.exitReasonRequired;
  if (reason !== 'Other') return null;
  const v = text.trim();
  if (!v) return INTERNSHIPS_MSG.exitOtherRequired;
  if ([...v].length > INTERNSHIP_LIMITS.exitReasonMax) return INTERNSHIPS_MSG.exitOtherTooLong;
  return null;
};

/** The words sent as exitedDescription: the reason's title, or the member's own text for 'Other'. */
export const exitDescriptionOf = (reason: ExitReasonCode, text: string) =>
  reason === 'Other' ? text.trim() : (EXIT_REASONS.find((r) => r.code === reason)?.title ?? '');

/** The reason whose title the words are (no code sent): one of the five, else 'Other'. */
export const exitReasonOfDescription = (description: string): ExitReasonCode =>
  EXIT_REASONS.find((r) => r.code !== 'Other' && r.title === description.trim())?.code ?? 'Other';

/** Progress as the page shows it (spec 9: a rounded percent). */
export const progressPercentText = (share: number) => `${Math.round(Math.min(1, Math.max(0, share)) * 100)}%`;

// ---------------------------------------------------------------------------------------------------------
// Schemas

const idParam = (message: string = INTERNSHIPS_MSG.idInvalid) =>
  z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,14}$/, message)
    .describe('numeric id');
const idValue = (message?: string) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), idParam(message));
const yesNo = z.enum(['Yes', 'No']);
const epochMs = z.number().int();
const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);
const required = (max: number, requiredMsg: string, tooLong: string) =>
  z
    .string({ error: requiredMsg })
    .trim()
    .min(1, requiredMsg)
    .refine((v) => [...v].length <= max, tooLong);

/** Query of the student's list (spec 7: details underway|finished; absent: all). */
export const studentGroupsQuery = pageQuery.extend({
  details: z
    .enum(['underway', 'finished'], { error: INTERNSHIPS_MSG.detailsInvalid })
    .optional()
    .describe('underway: not finished; finished; none: all'),
});
export type StudentGroupsQuery = z.infer<typeof studentGroupsQuery>;

/** A stage on the student's card (spec 3). */
export const studentStage = z.object({
  id: z.string(),
  name: z.string(),
  isHasPerm: yesNo,
  progressPercentage: z.number().min(0).max(1).describe('share of the stage’s tasks done, 0-1'),
});
export type StudentStage = z.infer<typeof studentStage>;

/** The student's own member row in the group (spec 3 internshipMembers). */
export const studentMembership = z.object({
  id: z.string(),
  eliminated: yesNo,
  eliminatedDescription: z.string(),
  internshipOccupationName: z.string(),
  joinedAt: epochMs,
});

/** An internship group as the student sees it (spec 3 'Internship group'). */
export const studentGroup = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(INTERNSHIP_STATUSES),
  startTimestamp: epochMs,
  endTimestamp: epochMs,
  company: z.object({
    id: z.string(),
    name: z.string(),
    logo: z.string().describe('signed address; empty: none'),
  }),
  internshipMembers: z.array(studentMembership),
  /** the stages, in order ('internships' in the spec) */
  internships: z.array(studentStage),
});
export type StudentGroup = z.infer<typeof studentGroup>;
export const studentGroupPage = pageOf(studentGroup);
export type StudentGroupPage = z.infer<typeof studentGroupPage>;

/** `POST internship_members/exit` (spec 7); `exitReason` optional, else read from the words. */
export const exitBody = z
  .object({
    internshipGroupId: idValue(INTERNSHIPS_MSG.groupNotFound),
    exitedDescription: z.string({ error: INTERNSHIPS_MSG.exitReasonRequired }).trim(),
    exitReason: z.enum(EXIT_REASON_CODES, { error: INTERNSHIPS_MSG.exitReasonMismatch }).optional(),
  })
  .superRefine((body, ctx) => {
    const reason =
      body.exitReason ?? (body.exitedDescription ? exitReasonOfDescription(body.exitedDescription) : null);
    if (!body.exitedDescription) {
      ctx.addIssue({
        code: 'custom',
        path: ['exitedDescription'],
        message: reason === 'Other' ? INTERNSHIPS_MSG.exitOtherRequired : INTERNSHIPS_MSG.exitReasonRequired,
      });
      return;
    }
    const error = exitError(reason, body.exitedDescription);
    if (error) ctx.addIssue({ code: 'custom', path: ['exitedDescription'], message: error });
    else if (
      body.exitReason &&
      body.exitReason !== 'Other' &&
      exitDescriptionOf(body.exitReason, '') !== body.exitedDescription
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['exitedDescription'],
        message: INTERNSHIPS_MSG.exitReasonMismatch,
      });
    }
  });
export type ExitBody = z.infer<typeof exitBody>;
export const exitResult = z.object({ internshipGroupId: z.string(), exitReason: z.enum(EXIT_REASON_CODES) });
export type ExitResult = z.infer<typeof exitResult>;

const inviteCodeField = z
  .string({ error: INTERNSHIPS_MSG.inviteCodeInvalid })
  .transform(normalizeInviteCode)
  .refine(
    (v) => v.length >= INTERNSHIP_LIMITS.inviteCodeMin && v.length <= INTERNSHIP_LIMITS.inviteCodeMax,
    INTERNSHIPS_MSG.inviteCodeInvalid,
  );

/** `POST internship_members/join` (spec 7). */
export const joinBody = z.object({
  internshipOccupationName: required(
    INTERNSHIP_LIMITS.occupationMax,
    INTERNSHIPS_MSG.occupationRequired,
    INTERNSHIPS_MSG.occupationTooLong,
  ),
  inviteCode: inviteCodeField,
});
export type JoinBody = z.infer<typeof joinBody>;
export const joinResult = z.object({ internshipGroupId: z.string(), memberId: z.string() });
export type JoinResult = z.infer<typeof joinResult>;

/**
 * `GET internship_members/joined_count?inviteCode=` (spec 7), or `?internProgramId=` (issue 14, accepting an
 * internship offer): exactly one of the two.
 */
export const joinedCountQuery = z
  .object({
    inviteCode: inviteCodeField.optional(),
    internProgramId: idParam(INTERNSHIPS_MSG.groupNotFound).optional(),
  })
  .refine((q) => (q.inviteCode === undefined) !== (q.internProgramId === undefined), {
    message: INTERNSHIPS_MSG.inviteCodeInvalid,
  });
export const joinedCount = z.object({
  joinFlag: z
    .boolean()
    .describe(
      'inviteCode: the code admits the asker now (valid, enabled, not used up, group not finished); internProgramId: the asker is a current member of that programme',
    ),
  joinCount: z
    .number()
    .int()
    .describe(
      'inviteCode: members who joined the group (not exited); internProgramId: the asker’s current internships',
    ),
  groupName: z.string(),
  companyName: z.string(),
  message: z.string().describe('why not, when joinFlag is false; else empty'),
});
export type JoinedCount = z.infer<typeof joinedCount>;

export const stageIdParams = z.object({ stageId: idParam(INTERNSHIPS_MSG.stageNotFound) });
export const stageTaskParams = stageIdParams.extend({ taskId: idParam(INTERNSHIPS_MSG.taskNotFound) });

/** A stage as a member enters it. */
export const stageDetail = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  status: z.enum(INTERNSHIP_STATUSES),
  progressPercentage: z.number(),
  tasks: z.array(
    z.object({ id: z.string(), title: z.string(), content: z.string(), completed: z.boolean() }),
  ),
});
export type StageDetail = z.infer<typeof stageDetail>;
export const taskCompleted = z.object({
  stageId: z.string(),
  taskId: z.string(),
  completed: z.boolean(),
  progressPercentage: z.number(),
});
export type TaskCompleted = z.infer<typeof taskCompleted>;

// ----- Organiser

export const groupIdParams = z.object({ groupId: idParam(INTERNSHIPS_MSG.groupNotFound) });
export const groupStageParams = groupIdParams.extend({ stageId: idParam(INTERNSHIPS_MSG.stageNotFound) });
export const groupCodeParams = groupIdParams.extend({ codeId: idParam(INTERNSHIPS_MSG.inviteCodeNotFound) });
export const groupMemberParams = groupIdParams.extend({ memberId: idParam(INTERNSHIPS_MSG.memberNotFound) });
export const groupMemberStageParams = groupMemberParams.extend({
  stageId: idParam(INTERNSHIPS_MSG.stageNotFound),
});

export const groupBody = z
  .object({
    name: required(
      INTERNSHIP_LIMITS.groupNameMax,
      INTERNSHIPS_MSG.groupNameRequired,
      INTERNSHIPS_MSG.groupNameTooLong,
    ),
    description: text(INTERNSHIP_LIMITS.descriptionMax, INTERNSHIPS_MSG.descriptionTooLong)
      .optional()
      .default(''),
    startTimestamp: z.number({ error: INTERNSHIPS_MSG.startRequired }).int(INTERNSHIPS_MSG.startRequired),
    endTimestamp: z.number({ error: INTERNSHIPS_MSG.endRequired }).int(INTERNSHIPS_MSG.endRequired),
  })
  .refine((b) => b.endTimestamp >= b.startTimestamp, {
    path: ['endTimestamp'],
    message: INTERNSHIPS_MSG.endBeforeStart,
  });
export type GroupBody = z.infer<typeof groupBody>;
export type GroupBodyInput = z.input<typeof groupBody>;

export const taskBody = z.object({
  id: idValue(INTERNSHIPS_MSG.taskNotFound).optional().describe('an existing task of the stage; none: new'),
  title: required(
    INTERNSHIP_LIMITS.taskTitleMax,
    INTERNSHIPS_MSG.taskTitleRequired,
    INTERNSHIPS_MSG.taskTitleTooLong,
  ),
  content: text(INTERNSHIP_LIMITS.taskContentMax, INTERNSHIPS_MSG.taskContentTooLong).optional().default(''),
});
export const stageBody = z.object({
  name: required(
    INTERNSHIP_LIMITS.stageNameMax,
    INTERNSHIPS_MSG.stageNameRequired,
    INTERNSHIPS_MSG.stageNameTooLong,
  ),
  description: text(INTERNSHIP_LIMITS.descriptionMax, INTERNSHIPS_MSG.descriptionTooLong)
    .optional()
    .default(''),
  openToAll: z.boolean().optional().default(false),
  tasks: z
    .array(taskBody)
    .max(INTERNSHIP_LIMITS.tasksPerStage, INTERNSHIPS_MSG.tooManyTasks)
    .optional()
    .default([])
    .describe('the stage’s tasks in order: those with an id are kept, the others made; missing ones removed'),
});
export type StageBody = z.infer<typeof stageBody>;
export type StageBodyInput = z.input<typeof stageBody>;

export const inviteCodeBody = z.object({
  maxUses: z
    .number({ error: INTERNSHIPS_MSG.maxUsesInvalid })
    .int(INTERNSHIPS_MSG.maxUsesInvalid)
    .min(1, INTERNSHIPS_MSG.maxUsesInvalid)
    .max(INTERNSHIP_LIMITS.maxUsesMax, INTERNSHIPS_MSG.maxUsesInvalid)
    .nullable()
    .optional()
    .describe('how many may join with it; null or absent: no limit'),
});
export type InviteCodeBody = z.infer<typeof inviteCodeBody>;

export const managedStage = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  openToAll: z.boolean(),
  tasks: z.array(z.object({ id: z.string(), title: z.string(), content: z.string() })),
});
export type ManagedStage = z.infer<typeof managedStage>;

export const managedInviteCode = z.object({
  id: z.string(),
  code: z.string(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int().describe('members who joined with it'),
  disabled: z.boolean(),
  createdAt: epochMs,
});
export type ManagedInviteCode = z.infer<typeof managedInviteCode>;

export const managedGroupSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(INTERNSHIP_STATUSES),
  startTimestamp: epochMs,
  endTimestamp: epochMs,
  finishedAt: epochMs.nullable(),
  memberCount: z.number().int().describe('members not exited'),
  stageCount: z.number().int(),
});
export type ManagedGroupSummary = z.infer<typeof managedGroupSummary>;
export const managedGroupPage = pageOf(managedGroupSummary);
export type ManagedGroupPage = z.infer<typeof managedGroupPage>;

export const managedGroup = managedGroupSummary.extend({
  stages: z.array(managedStage),
  inviteCodes: z.array(managedInviteCode),
});
export type ManagedGroup = z.infer<typeof managedGroup>;

export const groupMembersQuery = pageQuery;
/** A member on the organiser's list (no profile fields: the name the user has, and the position). */
export const groupMember = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  occupationName: z.string(),
  joinedAt: epochMs,
  exited: z.boolean(),
  exitedAt: epochMs.nullable(),
  exitReason: z.enum(EXIT_REASON_CODES).nullable(),
  exitDescription: z.string(),
  eliminated: z.boolean(),
  eliminatedDescription: z.string(),
  /** share of all the group's tasks the member completed, 0-1 */
  progressPercentage: z.number(),
  grantedStageIds: z.array(z.string()),
});
export type GroupMember = z.infer<typeof groupMember>;
export const groupMemberPage = pageOf(groupMember);
export type GroupMemberPage = z.infer<typeof groupMemberPage>;

export const eliminateBody = z.object({
  eliminatedDescription: required(
    INTERNSHIP_LIMITS.eliminatedDescriptionMax,
    INTERNSHIPS_MSG.eliminatedDescriptionRequired,
    INTERNSHIPS_MSG.eliminatedDescriptionTooLong,
  ),
});
export type EliminateBody = z.infer<typeof eliminateBody>;
export const grantBody = z.object({ granted: z.boolean() });
export type GrantBody = z.infer<typeof grantBody>;

// ----- Company (企业入口)

export const company = z.object({
  id: z.string(),
  name: z.string(),
  introduction: z.string(),
  logo: z
    .object({
      id: z.number().int(),
      name: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      url: z.string(),
    })
    .nullable(),
  // issue 14 (optional so issue 12's answers stay valid)
  nickname: z.string().optional(),
  financingRound: z.string().nullable().optional(),
  industry: z.string().nullable().optional(),
  scale: z.string().nullable().optional(),
  videos: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        fileId: z.number().int(),
        name: z.string(),
        size: z.number().int(),
        url: z.string().describe('signed address'),
      }),
    )
    .optional(),
});
export type Company = z.infer<typeof company>;
export const companyBody = z.object({
  name: required(
    INTERNSHIP_LIMITS.companyNameMax,
    INTERNSHIPS_MSG.companyNameRequired,
    INTERNSHIPS_MSG.companyNameTooLong,
  ),
  introduction: text(INTERNSHIP_LIMITS.companyIntroductionMax, INTERNSHIPS_MSG.companyIntroductionTooLong)
    .optional()
    .default(''),
  logoFileId: z.number().int().positive().nullable().optional().describe('an uploaded file of purpose logo'),
  // issue 14: the profile job seekers read (codes of @uplus/shared jobs; absent: kept as they are)
  nickname: z
    .string()
    .trim()
    .max(COMPANY_NICKNAME_MAX, `企业简称最多${COMPANY_NICKNAME_MAX}个字`)
    .optional()
    .describe('the short name on cards; empty: the name'),
  financingRound: z.enum(FINANCING_ROUND_VALUES, { error: '请选择正确的融资阶段' }).nullable().optional(),
  industry: z.enum(INDUSTRY_VALUES, { error: '请选择正确的所属行业' }).nullable().optional(),
  scale: z.enum(COMPANY_SCALE_VALUES, { error: '请选择正确的企业规模' }).nullable().optional(),
});
export type CompanyBody = z.infer<typeof companyBody>;
export type CompanyBodyInput = z.input<typeof companyBody>;
