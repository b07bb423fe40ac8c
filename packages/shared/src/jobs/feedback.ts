import { z } from 'zod';
import { pageOf } from '../core/envelope';
import {
  CAMPUS_RECRUIT_MODES,
  type CampusRecruitMode,
  FEEDBACK_PAGE_SIZE,
  FEEDBACK_TYPES,
  type FeedbackTab,
  type FeedbackType,
  INVITATION_STATUSES,
  INVITATION_TITLES,
  type InvitationStatus,
  JOBS_MSG,
  jobCompany,
} from './jobs';

/*
 * The feedback center (issue 14, career spec sections 2, 3, 4, 7): the job seeker's deliveries with the
 * company's feedback, answering invitations, read marking, offer files, and the timeline of one application.
 */

const yesNo = z.enum(['Yes', 'No']);
const id = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: message }).regex(/^[1-9][0-9]{0,14}$/, message),
  );

/** `GET ourea/delivery_records` (spec section 7 "Feedback list query"). */
export const feedbackListQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(FEEDBACK_PAGE_SIZE),
  campusRecruitMode: z.enum(CAMPUS_RECRUIT_MODES).default('Recruitment'),
  /** accepted and ignored: every part is always answered */
  details: z.string().max(200).optional(),
  writtenStatus: yesNo.optional(),
  interviewStatus: yesNo.optional(),
  offerStatus: yesNo.optional(),
  inappropriateStatus: yesNo.optional(),
  viewed: yesNo.optional(),
  sort: z.enum(['viewedAt', 'createdAt']).optional(),
  order: z.enum(['DESC', 'ASC', 'desc', 'asc']).optional(),
  /** the tab's feedback type: feedbackRecords and unReadStatus are of it */
  type: z.enum(FEEDBACK_TYPES).optional(),
});
export type FeedbackListQuery = z.infer<typeof feedbackListQuery>;
/** A list query as the page sends it. */
export type FeedbackListInput = {
  pageNumber: number;
  pageSize: number;
  campusRecruitMode: CampusRecruitMode;
  writtenStatus?: 'Yes' | 'No';
  interviewStatus?: 'Yes' | 'No';
  offerStatus?: 'Yes' | 'No';
  inappropriateStatus?: 'Yes' | 'No';
  viewed?: 'Yes' | 'No';
  sort?: 'viewedAt';
  order?: 'DESC';
  type?: FeedbackType;
};

export const materialIdParams = z.object({ id: id(JOBS_MSG.materialNotFound) });

/** `GET ourea/delivery_records/{id}` (invite detail). */
export const feedbackDetailQuery = z.object({
  campusRecruitMode: z.enum(CAMPUS_RECRUIT_MODES).optional(),
  details: z.string().max(200).optional(),
  type: z.enum(FEEDBACK_TYPES).optional(),
});

/** An offer's file (offerMaterials[]). */
export const offerMaterial = z.object({
  id: z.string(),
  name: z.string(),
  extension: z.string().describe('lower case, without the dot'),
  resourceType: z.string(),
});
export type OfferMaterial = z.infer<typeof offerMaterial>;

/** One feedback (an invitation or 不合适) as the job seeker sees it. */
export const feedbackRecordItem = z.object({
  id: z.string(),
  type: z.enum(FEEDBACK_TYPES),
  status: z.enum(INVITATION_STATUSES).describe('Timeout: ToBeProcessed past its deadline'),
  createAt: z.number(),
  updateAt: z.number(),
  startTimestamp: z.number().nullable(),
  respondByTimestamp: z.number().nullable().describe('answer due by then; null: no deadline'),
  answeredAt: z.number().nullable(),
  unRead: yesNo,
  invitationContent: z.object({
    /** sic (the spec's name) */
    cotactPerson: z.string(),
    mobile: z.string(),
    place: z.string(),
    notice: z.string(),
  }),
  offerDescription: z.string(),
  offerMaterials: z.array(offerMaterial),
  internOccupations: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type FeedbackRecordItem = z.infer<typeof feedbackRecordItem>;

/** A delivery in the feedback center (spec section 3 "Feedback record"). */
export const feedbackRecord = z.object({
  id: z.string(),
  campusRecruitMode: z.enum(CAMPUS_RECRUIT_MODES),
  createAt: z.number(),
  viewedAt: z.number().nullable(),
  inappropriateAt: z.number().nullable(),
  occupationId: z.string().nullable(),
  targetId: z.string().describe('the position (Recruitment) or the programme (InternProgram)'),
  companyId: z.string(),
  unReadStatus: yesNo.describe('an unread feedback (of `type` when asked) exists'),
  feedbacks: z.array(z.object({ type: z.enum(FEEDBACK_TYPES), status: z.enum(INVITATION_STATUSES) })),
  feedbackRecords: z
    .array(feedbackRecordItem)
    .describe('newest first; of the asked type, else all; the first is the one shown'),
  company: jobCompany.nullable(),
  content: z.object({
    name: z.string(),
    occupationName: z.string(),
    companyNickName: z.string(),
    jobNature: z.string(),
    minSalary: z.number(),
    maxSalary: z.number(),
    cityName: z.string(),
    degreeTitle: z.string(),
    onlined: yesNo,
  }),
  internProgram: z
    .object({
      id: z.string(),
      name: z.string(),
      status: z.string().describe('NotStarted, Underway or Finished'),
      deleted: yesNo.describe('Yes: taken offline (已下线)'),
      internshipStartTimestamp: z.number(),
      internshipEndTimestamp: z.number(),
    })
    .nullable(),
  deliveryOccupations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      cityName: z.string(),
      degreeTitle: z.string(),
      internOccupationId: z.string(),
    }),
  ),
});
export type FeedbackRecord = z.infer<typeof feedbackRecord>;
export const feedbackPage = pageOf(feedbackRecord);
export type FeedbackPage = z.infer<typeof feedbackPage>;

/** `PUT ourea/delivery_records/{id}/invitation/acceptances`. */
export const acceptanceBody = z.object({
  type: z.enum(['Written', 'Interview', 'Offer'], { error: JOBS_MSG.invitationNotFound }),
  campusRecruitMode: z.enum(CAMPUS_RECRUIT_MODES).optional(),
  status: z.enum(['Accepted', 'Rejected']),
});
export type AcceptanceBody = z.infer<typeof acceptanceBody>;
export const acceptanceResult = z.object({
  id: z.string().describe('the invitation'),
  type: z.enum(FEEDBACK_TYPES),
  status: z.enum(INVITATION_STATUSES),
  /** an internship offer accepted: the group joined */
  internshipGroupId: z.string().nullable(),
});
export type AcceptanceResult = z.infer<typeof acceptanceResult>;

/** `DELETE ourea/delivery_records/{id}/unread_invitations` body: that type's feedback is read (absent: all). */
export const unreadBody = z.object({ type: z.enum(FEEDBACK_TYPES).optional() }).nullish();
export const readResult = z.object({ marked: z.number().int() });

/** The job seeker's unread feedback, per type and mode (the badges and the tab dots). */
export const unreadCounts = z.object({
  written: z.number().int(),
  interview: z.number().int(),
  offer: z.number().int(),
  internWritten: z.number().int(),
  internInterview: z.number().int(),
  internOffer: z.number().int(),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;
export const NO_UNREAD: UnreadCounts = {
  written: 0,
  interview: 0,
  offer: 0,
  internWritten: 0,
  internInterview: 0,
  internOffer: 0,
};

/** The kinds of step of an application's timeline. */
export const TIMELINE_STEPS = [
  'Delivered',
  'Viewed',
  'Invitation',
  'Answer',
  'Inappropriate',
  'Canceled',
] as const;
export type TimelineStepKind = (typeof TIMELINE_STEPS)[number];

/** `GET ourea/delivery_records/{id}/timeline` (our addition): every step of one application, oldest first. */
export const timelineStep = z.object({
  kind: z.enum(TIMELINE_STEPS),
  title: z.string(),
  at: z.number(),
  feedbackType: z.enum(FEEDBACK_TYPES).nullable(),
  status: z.enum(INVITATION_STATUSES).nullable(),
  startTimestamp: z.number().nullable(),
  place: z.string(),
});
export type TimelineStep = z.infer<typeof timelineStep>;
export const deliveryTimeline = z.object({ id: z.string(), steps: z.array(timelineStep) });
export type DeliveryTimeline = z.infer<typeof deliveryTimeline>;

/** The title of a timeline step (shared so the page and the server say the same). */
export const timelineTitleOf = (
  kind: TimelineStepKind,
  feedbackType?: (typeof FEEDBACK_TYPES)[number] | null,
  status?: InvitationStatus | null,
): string => {
  switch (kind) {
    case 'Delivered':
      return '投递成功';
    case 'Viewed':
      return '被查看';
    case 'Invitation':
      return `收到${INVITATION_TITLES[feedbackType ?? 'Written']}`;
    case 'Answer':
      return status === 'Accepted'
        ? `已接受${INVITATION_TITLES[feedbackType ?? 'Written']}`
        : status === 'Rejected'
          ? `已拒绝${INVITATION_TITLES[feedbackType ?? 'Written']}`
          : `${INVITATION_TITLES[feedbackType ?? 'Written']}超时未处理`;
    case 'Inappropriate':
      return '不合适';
    case 'Canceled':
      return '已取消';
  }
};

/** `GET ourea/sys_materials/{id}/view`: where to show it (a PDF made of an Office file when possible). */
export const materialView = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string().describe('signed address of what to show'),
  extension: z.string().describe('of what `path` holds: pdf when converted'),
  originalExtension: z.string(),
});
export type MaterialView = z.infer<typeof materialView>;
/** `GET ourea/sys_materials/{id}/download`. */
export const materialDownload = z.object({ signedUrl: z.string(), name: z.string() });
export type MaterialDownload = z.infer<typeof materialDownload>;

/** Offer attachment types that can be previewed (spec section 5). */
export const PREVIEW_EXTENSIONS = [
  'doc',
  'docx',
  'xls',
  'xlsx',
  'pdf',
  'ppt',
  'pptx',
  'png',
  'jpg',
  'jpeg',
] as const;
export const OFFICE_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const;
export type OfficeExtension = (typeof OFFICE_EXTENSIONS)[number];

/** How the page shows a file it was given (`extension` of the view answer). */
export const previewModeOf = (extension: string): 'image' | 'pdf' | 'unsupported' => {
  const ext = extension.toLowerCase();
  if (ext === 'png' || ext === 'jpg' || ext === 'jpeg') return 'image';
  if (ext === 'pdf') return 'pdf';
  return 'unsupported';
};

/** The feedback center's top tabs (upType). */
export const FEEDBACK_UP_TYPES = [
  { key: 'occupation', title: '职位', mode: 'Recruitment' },
  { key: 'internProgram', title: '实习项目', mode: 'InternProgram' },
] as const;
export type FeedbackUpType = (typeof FEEDBACK_UP_TYPES)[number]['key'];

/** The list query of a sub tab (spec section 7). */
export const feedbackTabQueryOf = (
  tab: FeedbackTab,
  mode: CampusRecruitMode,
  pageNumber: number,
): FeedbackListInput => {
  const base = { pageNumber, pageSize: FEEDBACK_PAGE_SIZE, campusRecruitMode: mode };
  switch (tab) {
    case 'Delivery':
      return base;
    case 'Viewed':
      return { ...base, viewed: 'Yes', sort: 'viewedAt', order: 'DESC' };
    case 'Written':
      return { ...base, writtenStatus: 'Yes', type: 'Written' };
    case 'Interview':
      return { ...base, interviewStatus: 'Yes', type: 'Interview' };
    case 'Offer':
      return { ...base, offerStatus: 'Yes', type: 'Offer' };
    case 'Inappropriate':
      return { ...base, inappropriateStatus: 'Yes', type: 'Inappropriate' };
  }
};

/** A sub tab's unread badge (only 笔试 面试 录用 have one). */
export const feedbackTabUnreadOf = (tab: FeedbackTab, mode: CampusRecruitMode, c: UnreadCounts): number => {
  const intern = mode === 'InternProgram';
  if (tab === 'Written') return intern ? c.internWritten : c.written;
  if (tab === 'Interview') return intern ? c.internInterview : c.interview;
  if (tab === 'Offer') return intern ? c.internOffer : c.offer;
  return 0;
};

/** A top tab's dot: its unread sum above 0. */
export const feedbackUpTypeDotOf = (mode: CampusRecruitMode, c: UnreadCounts): boolean =>
  (mode === 'InternProgram'
    ? c.internWritten + c.internInterview + c.internOffer
    : c.written + c.interview + c.offer) > 0;
