import { z } from 'zod';

/*
 * Jobs (issue 14, career spec sections 3, 4, 6, 8, 9): the words, codes and pure rules the job seeker's
 * pages, the employer's pages and the server share: position terms and their titles, the salary line, the
 * job detail's buttons, the delivery gate, invitation statuses and badges, the internship-offer join rule.
 */

/** Every fixed message of the jobs area (spec section 8 where it gives one). */
export const JOBS_MSG = {
  delivered: '投递成功',
  deliveryCanceled: '已取消投递',
  applicationCanceled: '已取消申请',
  invitationAccepted: '已接受邀请',
  invitationRejected: '已拒绝邀请',
  favourited: '收藏成功',
  favouriteCanceled: '已取消收藏',
  lowCompleteness: '当前简历完善度较低，请完善后再投递',
  goImprove: '去完善',
  cancelDeliveryConfirm: '确定取消投递吗？',
  cancelApplicationConfirm: '确定取消申请吗？',
  rejectConfirm: '确定拒绝邀请吗？',
  rejectOfferConfirm: '确定拒绝入职邀请吗？',
  acceptOfferConfirm: '确定接受入职邀请吗？',
  joinOneProgramConfirm: '每人同时只能参加1个实习计划，确定加入该实习计划吗？',
  quitCurrentFirst: '每人同时只能参加1个实习计划，请先在学生工作台退出当前实习计划',
  unsupportedPreview: '格式不支持预览',
  jobOffline: '职位已下线',
  occupationNotFound: '职位不存在',
  programNotFound: '实习项目不存在',
  companyNotFound: '企业不存在',
  deliveryNotFound: '投递记录不存在',
  invitationNotFound: '邀请不存在',
  alreadyDelivered: '您已投递过该职位',
  alreadyAnswered: '该邀请已处理',
  invitationTimedOut: '该邀请已超时',
  cannotCancelDelivery: '企业已反馈，不能取消投递',
  resumeHidden: '简历已隐藏，请先在我的简历中恢复展示',
  resumeNotFound: '简历不存在',
  materialNotFound: '文件不存在',
} as const;

/** A position's nature (jobNature). */
export const JOB_NATURES = [
  { value: 'FullTime', label: '全职' },
  { value: 'PartTime', label: '兼职' },
  { value: 'Internship', label: '实习' },
] as const;
export const JOB_NATURE_VALUES = ['FullTime', 'PartTime', 'Internship'] as const;
export type JobNature = (typeof JOB_NATURE_VALUES)[number];

/** The degree a position asks for. */
export const JOB_DEGREES = [
  { value: 'Unlimited', label: '学历不限' },
  { value: 'College', label: '大专' },
  { value: 'Bachelor', label: '本科' },
  { value: 'Master', label: '硕士' },
  { value: 'Doctor', label: '博士' },
] as const;
export const JOB_DEGREE_VALUES = ['Unlimited', 'College', 'Bachelor', 'Master', 'Doctor'] as const;
export type JobDegree = (typeof JOB_DEGREE_VALUES)[number];

/** A company's financing round (financingRoundTitle). */
export const FINANCING_ROUNDS = [
  { value: 'Unfunded', label: '未融资' },
  { value: 'Angel', label: '天使轮' },
  { value: 'RoundA', label: 'A轮' },
  { value: 'RoundB', label: 'B轮' },
  { value: 'RoundC', label: 'C轮' },
  { value: 'RoundD', label: 'D轮及以上' },
  { value: 'Listed', label: '已上市' },
  { value: 'NoNeed', label: '不需要融资' },
] as const;

/** A company's industry (industryTitle). */
export const INDUSTRIES = [
  { value: 'Internet', label: '互联网' },
  { value: 'Software', label: '计算机软件' },
  { value: 'Semiconductor', label: '电子/半导体' },
  { value: 'Communication', label: '通信' },
  { value: 'AI', label: '人工智能' },
  { value: 'Manufacturing', label: '智能制造' },
  { value: 'Finance', label: '金融' },
  { value: 'Education', label: '教育培训' },
  { value: 'Healthcare', label: '医疗健康' },
  { value: 'Energy', label: '能源/环保' },
  { value: 'Consulting', label: '咨询服务' },
  { value: 'Other', label: '其他行业' },
] as const;

/** A company's size (scaleTitle). */
export const COMPANY_SCALES = [
  { value: 'Below20', label: '0-20人' },
  { value: 'From20To99', label: '20-99人' },
  { value: 'From100To499', label: '100-499人' },
  { value: 'From500To999', label: '500-999人' },
  { value: 'From1000To9999', label: '1000-9999人' },
  { value: 'Above10000', label: '10000人以上' },
] as const;

type Labelled = readonly { value: string; label: string }[];
/** The label of `value` in a list of codes ('' for none or an unknown one). */
export const labelOf = (list: Labelled, value: string | null | undefined) =>
  list.find((item) => item.value === value)?.label ?? '';

/** maxSalary 999: 面议 (spec section 9). Salaries are in thousands a month. */
export const NEGOTIABLE_SALARY = 999;

/** The salary line: 面议 for 999, else `{min}-{max}k` (spec sections 3, 9). */
export const salaryText = (minSalary: number | null | undefined, maxSalary: number | null | undefined) =>
  maxSalary == null || maxSalary === NEGOTIABLE_SALARY || minSalary === NEGOTIABLE_SALARY
    ? '面议'
    : `${minSalary ?? 0}-${maxSalary}k`;

/** Recruitment (a position) or InternProgram (an internship programme). */
export const CAMPUS_RECRUIT_MODES = ['Recruitment', 'InternProgram'] as const;
export type CampusRecruitMode = (typeof CAMPUS_RECRUIT_MODES)[number];

/** The online resume or an attachment. */
export const RESUME_TYPES = ['Online', 'Attached'] as const;
export type ResumeType = (typeof RESUME_TYPES)[number];

/** Feedback types: the three invitations and 不合适. */
export const FEEDBACK_TYPES = ['Written', 'Interview', 'Offer', 'Inappropriate'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const INVITATION_TYPES = ['Written', 'Interview', 'Offer'] as const;
export type InvitationType = (typeof INVITATION_TYPES)[number];

/** What an invitation is called (the employer's send buttons, the timeline). */
export const INVITATION_TITLES: Record<FeedbackType, string> = {
  Written: '笔试邀请',
  Interview: '面试邀请',
  Offer: '入职邀请',
  Inappropriate: '不合适',
};

/** Invitation statuses as shown (Timeout is derived, never stored). */
export const INVITATION_STATUSES = ['ToBeProcessed', 'Accepted', 'Rejected', 'Timeout'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** The badge of an answered invitation card (spec section 4). */
export const INVITATION_STATUS_TITLES: Record<InvitationStatus, string> = {
  ToBeProcessed: '待处理',
  Accepted: '已接受',
  Rejected: '已拒绝',
  Timeout: '超时未处理',
};

/** An invitation's status now: a stored ToBeProcessed past its deadline is Timeout. */
export const invitationStatusOf = (
  stored: string,
  respondBy: Date | number | null | undefined,
  now: Date | number,
): InvitationStatus => {
  if (stored === 'Accepted' || stored === 'Rejected') return stored;
  if (respondBy != null && new Date(respondBy).getTime() < new Date(now).getTime()) return 'Timeout';
  return 'ToBeProcessed';
};

/** The feedback center's sub tabs (downType) with their titles and empty texts (spec section 2). */
export const FEEDBACK_TABS = [
  { key: 'Delivery', title: '已投递', empty: '暂无投递记录' },
  { key: 'Viewed', title: '被查看', empty: '暂无企业查看' },
  { key: 'Written', title: '笔试', empty: '暂无笔试邀请' },
  { key: 'Interview', title: '面试', empty: '暂无面试邀请' },
  { key: 'Offer', title: '录用', empty: '暂无入职邀请' },
  { key: 'Inappropriate', title: '不合适', empty: '暂无不合适' },
] as const;
export type FeedbackTab = (typeof FEEDBACK_TABS)[number]['key'];

/** Page sizes (spec section 9). */
export const FEEDBACK_PAGE_SIZE = 15;

/** Completeness below this blocks delivery without an attachment (spec sections 6, 9). */
export const DELIVERY_MIN_PERCENT = 80;

/** What the deliver button leads to (spec section 6). */
export type DeliveryGate = 'lowCompleteness' | 'perfectInfo' | 'chooser';

/**
 * Section 6: online completeness below 80 % (or 0) and no attachment -> the low-completeness prompt;
 * attachments but the online resume not perfected -> the perfect-info dialog; otherwise the chooser.
 */
export const deliveryGateOf = (c: {
  onlinePercentages: number;
  attachedCount: number;
  perfected: boolean;
}): DeliveryGate => {
  if ((c.onlinePercentages < DELIVERY_MIN_PERCENT || c.onlinePercentages === 0) && c.attachedCount === 0)
    return 'lowCompleteness';
  if (c.attachedCount > 0 && !c.perfected) return 'perfectInfo';
  return 'chooser';
};

/** The job detail's buttons (spec section 4). */
export type JobDetailButtons = {
  /** 投递简历 */
  deliver: boolean;
  /** 取消投递 */
  cancelDelivery: boolean;
  /** 收藏 */
  favourite: boolean;
  /** 取消收藏 */
  cancelFavourite: boolean;
  /** 职位已下线: description, address and the favourite button hidden */
  offline: boolean;
};

/** Section 4 "Job detail": which buttons a job seeker sees. */
export const jobDetailButtonsOf = (d: {
  onlined: 'Yes' | 'No';
  favorite: boolean;
  /** the live delivery's id, or null */
  recordId: string | null;
  /** whether the company answered that delivery */
  feedBack: 'Yes' | 'No';
}): JobDetailButtons => {
  const online = d.onlined === 'Yes';
  return {
    deliver: online && !d.recordId,
    cancelDelivery: online && !!d.recordId && d.feedBack === 'No',
    favourite: online && !d.favorite,
    cancelFavourite: d.favorite,
    offline: !online,
  };
};

/** What accepting an internship offer leads to (spec section 4, `GET internship_members/joined_count`). */
export type InternOfferStep = 'accept' | 'confirmJoin' | 'quitFirst';

/** joinFlag true proceeds; joinCount 0 asks to confirm joining; otherwise only 我知道了. */
export const internOfferStepOf = (r: { joinFlag: boolean; joinCount: number }): InternOfferStep =>
  r.joinFlag ? 'accept' : r.joinCount === 0 ? 'confirmJoin' : 'quitFirst';

/** An internship programme card's badge (spec section 4), or null. */
export const internProgramBadgeOf = (p: {
  invitationStatus?: InvitationStatus | null;
  programStatus?: string | null;
  deleted?: 'Yes' | 'No' | null;
}): { text: string; greyed: boolean } | null => {
  if (p.deleted === 'Yes') return { text: '已下线', greyed: true };
  if (p.invitationStatus === 'Accepted') return { text: '已接受', greyed: false };
  if (p.invitationStatus === 'Rejected') return { text: '已拒绝', greyed: false };
  if (p.invitationStatus === 'Timeout') return { text: '超时未处理', greyed: false };
  if (p.programStatus === 'Finished') return { text: '已结束', greyed: false };
  return null;
};

const yesNo = z.enum(['Yes', 'No']);

/** A point on the map. */
export const geoLocation = z.object({
  longitude: z.number().describe('WGS84 longitude'),
  latitude: z.number().describe('WGS84 latitude'),
});
export type GeoLocation = z.infer<typeof geoLocation>;

/** The company block of a job (spec section 3 "Occupation detail"). */
export const jobCompany = z.object({
  id: z.string(),
  name: z.string(),
  nickName: z.string().describe('the short name; the name when none'),
  logo: z.string().nullable().describe('signed logo address; null: the default logo'),
  description: z.string(),
  financingRoundTitle: z.string(),
  industryTitle: z.string(),
  scaleTitle: z.string(),
});
export type JobCompany = z.infer<typeof jobCompany>;

/** `GET ourea/recruitment_occupations/{id}` (details division,company,favorite,record). */
export const occupationDetail = z.object({
  id: z.string(),
  name: z.string(),
  jobNature: z.enum(JOB_NATURE_VALUES),
  jobNatureTitle: z.string(),
  minSalary: z.number().int(),
  maxSalary: z.number().int().describe('999: 面议'),
  cityName: z.string(),
  provinceName: z.string(),
  areaName: z.string(),
  degree: z.enum(JOB_DEGREE_VALUES),
  degreeTitle: z.string(),
  skills: z.string().describe('comma-separated'),
  approvalAt: z.number().nullable().describe('ms timestamp it went online'),
  /** '' while offline (hidden) */
  description: z.string(),
  /** '' while offline (hidden) */
  address: z.string(),
  location: geoLocation.nullable().describe('null: not geocoded, or offline'),
  onlined: yesNo,
  favorite: z.boolean().describe('the asker favourited it (false for visitors)'),
  favoriteId: z.string().nullable().describe('that favourite’s id, for DELETE favorites/{id}'),
  record: z.object({ id: z.string() }).nullable().describe('the asker’s live delivery, or null'),
  feedBack: yesNo.describe('whether the company answered that delivery'),
  companyId: z.string(),
  company: jobCompany,
});
export type OccupationDetail = z.infer<typeof occupationDetail>;

/** A position of an internship programme (`GET ourea/intern_occupations/{id}`, details division,occupation). */
export const internOccupationDetail = z.object({
  id: z.string(),
  internProgramId: z.string(),
  name: z.string(),
  jobNature: z.enum(JOB_NATURE_VALUES),
  minSalary: z.number().int(),
  maxSalary: z.number().int(),
  cityName: z.string(),
  provinceName: z.string(),
  areaName: z.string(),
  degree: z.enum(JOB_DEGREE_VALUES),
  degreeTitle: z.string(),
  skills: z.string(),
  description: z.string(),
  address: z.string(),
  location: geoLocation.nullable(),
});
export type InternOccupationDetail = z.infer<typeof internOccupationDetail>;

/** An internship programme as job seekers see it (`GET ourea/intern_programs/{id}`). */
export const internProgramDetail = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** NotStarted, Underway or Finished (the internship group's status) */
  status: z.string(),
  deleted: yesNo.describe('Yes: taken offline (已下线)'),
  internshipStartTimestamp: z.number(),
  internshipEndTimestamp: z.number(),
  company: jobCompany,
  occupations: z.array(internOccupationDetail),
  record: z.object({ id: z.string() }).nullable().describe('the asker’s live application, or null'),
  feedBack: yesNo,
});
export type InternProgramDetail = z.infer<typeof internProgramDetail>;

/** `POST ourea/delivery_records`. */
export const createDeliveryBody = z.object({
  campusRecruitMode: z.enum(CAMPUS_RECRUIT_MODES),
  resumeId: z.coerce.string().regex(/^[1-9][0-9]{0,14}$/, JOBS_MSG.resumeNotFound),
  resumeType: z.enum(RESUME_TYPES),
  /** the position (Recruitment) */
  occupationId: z.coerce
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, JOBS_MSG.occupationNotFound)
    .optional(),
  /** the programme (InternProgram) and the positions in it applied for */
  internProgramId: z.coerce
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, JOBS_MSG.programNotFound)
    .optional(),
  internOccupationIds: z
    .array(z.coerce.string().regex(/^[1-9][0-9]{0,14}$/))
    .max(20)
    .optional(),
});
export type CreateDeliveryBody = z.infer<typeof createDeliveryBody>;
