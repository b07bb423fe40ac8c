import { z } from 'zod';
import { pageOf, pageQuery } from '../core/envelope';
import { resumePreview } from '../resume/preview';
import { MOBILE_PATTERN } from '../resume/rules';
import {
  CAMPUS_RECRUIT_MODES,
  FEEDBACK_TYPES,
  INVITATION_STATUSES,
  INVITATION_TYPES,
  type InvitationType,
  RESUME_TYPES,
} from './jobs';

/*
 * The employer's applications inbox (投递管理, issue 14 "Employer" 3): a company's business users list the
 * deliveries to their positions and internship programmes, open a delivered resume (the first opening marks
 * the delivery 被查看), send written-test, interview and offer invitations and mark 不合适. All paths under
 * SERVICE_BASES.ourea:
 *
 * `GET company/delivery_records` (companyDeliveriesQuery) -> page of companyDeliveryRow, newest first
 * `GET company/delivery_records/{id}` -> companyDeliveryDetail (every feedback with the seeker's answer)
 * `GET company/delivery_records/{id}/resume` -> companyDeliveryResume (marks 被查看 the first time)
 * `POST company/delivery_records/{id}/feedbacks` (sendFeedbackBody) -> companyDeliveryDetail, 邀请已发送
 * `PUT company/delivery_records/{id}/inappropriate` -> companyDeliveryDetail, 已标记为不合适
 *
 * Cancelled deliveries stay in the list, marked 已取消 (`canceled`); they take no feedback and their resume
 * is not opened any more (the seeker withdrew it).
 */

/** The fixed texts of the inbox (server messages and the page's own). */
export const APPLICATIONS_MSG = {
  businessOnly: '仅企业用户可以管理投递',
  noCompany: '请先在企业入口完善企业信息',
  deliveryNotFound: '投递记录不存在',
  canceled: '该投递已取消',
  inappropriate: '该投递已标记为不合适',
  typeRequired: '请选择邀请类型',
  startAtRequired: {
    Written: '请选择笔试时间',
    Interview: '请选择面试时间',
    Offer: '请选择入职时间',
  } satisfies Record<InvitationType, string>,
  respondByPast: '处理截止时间须晚于当前时间',
  contactRequired: '请填写联系人',
  contactTooLong: '联系人不能超过20个字',
  mobileRequired: '请输入手机号码',
  mobileInvalid: '请输入正确的手机号码',
  placeTooLong: '地点不能超过100个字',
  noticeTooLong: '注意事项不能超过500个字',
  offerDescriptionTooLong: 'offer说明不能超过1000个字',
  offerOnly: '仅入职邀请可以填写offer说明、附件和实习岗位',
  tooManyMaterials: '最多上传5个附件',
  materialType: '附件仅支持DOC、DOCX、XLS、XLSX、PDF、PPT、PPTX、PNG、JPG、JPEG格式',
  internOccupationInvalid: '请选择该实习项目的岗位',
  sent: '邀请已发送',
  markedInappropriate: '已标记为不合适',
  inappropriateConfirm: '确定将该投递标记为不合适吗？标记后不能再发送邀请',
  canceledTitle: '已取消',
  unviewedTitle: '未查看',
  viewedTitle: '已查看',
  noPermission: '暂无权限',
  empty: '暂无投递记录',
} as const;

/** Text limits of an invitation. */
export const FEEDBACK_LIMITS = {
  contactPerson: 20,
  place: 100,
  notice: 500,
  offerDescription: 1000,
  materials: 5,
  materialMaxBytes: 20 * 1024 * 1024,
} as const;

/** File name endings of offer materials (career spec 5 "Offer attachment preview"). */
export const OFFER_MATERIAL_EXTENSIONS = [
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

/** The inbox's status filter. */
export const DELIVERY_STATUS_FILTERS = [
  { value: 'all', label: '全部' },
  { value: 'unviewed', label: '未查看' },
  { value: 'viewed', label: '已查看' },
  { value: 'Written', label: '笔试' },
  { value: 'Interview', label: '面试' },
  { value: 'Offer', label: '录用' },
  { value: 'Inappropriate', label: '不合适' },
] as const;
export const DELIVERY_STATUS_VALUES = [
  'all',
  'unviewed',
  'viewed',
  'Written',
  'Interview',
  'Offer',
  'Inappropriate',
] as const;
export type DeliveryStatusFilter = (typeof DELIVERY_STATUS_VALUES)[number];

/** What a delivered resume is called. */
export const RESUME_TYPE_TITLES = { Online: '在线简历', Attached: '附件简历' } as const;

const idString = z.coerce.string().regex(/^[1-9][0-9]{0,14}$/, APPLICATIONS_MSG.deliveryNotFound);

/** `GET company/delivery_records`: a position or a programme (or all of one mode), a status, newest first. */
export const companyDeliveriesQuery = pageQuery.extend({
  /** Recruitment (positions, the default) or InternProgram; implied by occupationId / internProgramId */
  campusRecruitMode: z.enum(CAMPUS_RECRUIT_MODES).optional(),
  occupationId: z.coerce
    .string()
    .regex(/^[1-9][0-9]{0,14}$/)
    .optional(),
  internProgramId: z.coerce
    .string()
    .regex(/^[1-9][0-9]{0,14}$/)
    .optional(),
  status: z.enum(DELIVERY_STATUS_VALUES).default('all'),
});
export type CompanyDeliveriesQuery = z.infer<typeof companyDeliveriesQuery>;

/** `{id}` of the company delivery calls. */
export const companyDeliveryParams = z.object({ id: idString });
export type CompanyDeliveryParams = z.infer<typeof companyDeliveryParams>;

/** The latest feedback of a delivery as the list shows it. */
export const deliveryFeedbackBrief = z.object({
  id: z.string(),
  type: z.enum(FEEDBACK_TYPES),
  typeTitle: z.string(),
  /** Timeout derived (ToBeProcessed past respondBy) */
  status: z.enum(INVITATION_STATUSES),
  statusTitle: z.string(),
  createAt: z.number(),
});
export type DeliveryFeedbackBrief = z.infer<typeof deliveryFeedbackBrief>;

const named = z.object({ id: z.string(), name: z.string() });

/** One application in the inbox. */
export const companyDeliveryRow = z.object({
  id: z.string(),
  campusRecruitMode: z.enum(CAMPUS_RECRUIT_MODES),
  /** the position (Recruitment), or null */
  occupation: named.nullable(),
  /** the programme (InternProgram), or null */
  internProgram: named.nullable(),
  /** the programme's positions chosen by the applicant */
  internOccupations: z.array(named),
  applicant: z.object({
    name: z.string(),
    schoolName: z.string(),
    majorName: z.string(),
    degreeTitle: z.string(),
  }),
  resumeType: z.enum(RESUME_TYPES),
  resumeTypeTitle: z.string(),
  /** the applicant hid the resume (privacy switch): it cannot be opened */
  resumeHidden: z.boolean(),
  deliveredAt: z.number(),
  viewedAt: z.number().nullable(),
  inappropriateAt: z.number().nullable(),
  canceled: z.boolean(),
  latestFeedback: deliveryFeedbackBrief.nullable(),
  /** 已取消 / 不合适 / the latest invitation and its status / 已查看 / 未查看 */
  stateTitle: z.string(),
});
export type CompanyDeliveryRow = z.infer<typeof companyDeliveryRow>;
export const companyDeliveryPage = pageOf(companyDeliveryRow);
export type CompanyDeliveryPage = z.infer<typeof companyDeliveryPage>;

/** An offer material as the employer sees it again. */
export const feedbackMaterial = z.object({
  id: z.string(),
  name: z.string(),
  extension: z.string(),
  /** signed, expiring */
  url: z.string(),
});

/** One feedback with the seeker's answer. */
export const companyFeedback = deliveryFeedbackBrief.extend({
  startAt: z.number().nullable(),
  respondBy: z.number().nullable(),
  contactPerson: z.string(),
  mobile: z.string(),
  place: z.string(),
  notice: z.string(),
  offerDescription: z.string(),
  materials: z.array(feedbackMaterial),
  internOccupations: z.array(named),
  /** when the seeker accepted or rejected it */
  answeredAt: z.number().nullable(),
  /** when the seeker read it (null: unread) */
  readAt: z.number().nullable(),
});
export type CompanyFeedback = z.infer<typeof companyFeedback>;

/** `GET company/delivery_records/{id}`. */
export const companyDeliveryDetail = companyDeliveryRow.extend({
  /** oldest first */
  feedbacks: z.array(companyFeedback),
  /** every position of the programme (the offer dialog's choice); [] for a position */
  programOccupations: z.array(named),
});
export type CompanyDeliveryDetail = z.infer<typeof companyDeliveryDetail>;

/** `GET company/delivery_records/{id}/resume`. */
export const companyDeliveryResume = z.object({
  resumeType: z.enum(RESUME_TYPES),
  /** the online resume (Online) */
  online: resumePreview.nullable(),
  /** the kept file (Attached) */
  attached: z
    .object({
      name: z.string(),
      extension: z.string(),
      /** the file itself (signed, expiring) */
      url: z.string(),
      /** a PDF to show inline: the file, or one converted from Word; '' when none */
      pdfUrl: z.string(),
    })
    .nullable(),
  viewedAt: z.number(),
});
export type CompanyDeliveryResume = z.infer<typeof companyDeliveryResume>;

/** `POST company/delivery_records/{id}/feedbacks` (loose types: the rules below give the messages). */
export const sendFeedbackBody = z.object({
  type: z.string().optional(),
  /** ms */
  startAt: z.number().nullable().optional(),
  /** ms, later than now; optional */
  respondBy: z.number().nullable().optional(),
  contactPerson: z.string().optional(),
  mobile: z.string().optional(),
  place: z.string().optional(),
  notice: z.string().optional(),
  offerDescription: z.string().optional(),
  materialFileIds: z.array(z.coerce.number().int()).max(50).optional(),
  internOccupationIds: z
    .array(z.coerce.string().regex(/^[1-9][0-9]{0,14}$/))
    .max(50)
    .optional(),
});
export type SendFeedbackBody = z.infer<typeof sendFeedbackBody>;

export type FeedbackField =
  | 'type'
  | 'startAt'
  | 'respondBy'
  | 'contactPerson'
  | 'mobile'
  | 'place'
  | 'notice'
  | 'offerDescription'
  | 'materialFileIds'
  | 'internOccupationIds';

/**
 * Every rule of an invitation, in form order: the field and message of each failing one (the page shows
 * them all, the server answers the first).
 */
export const feedbackErrors = (
  body: SendFeedbackBody,
  now: number,
): { field: FeedbackField; message: string }[] => {
  const errors: { field: FeedbackField; message: string }[] = [];
  const add = (field: FeedbackField, message: string) => errors.push({ field, message });
  const type = (INVITATION_TYPES as readonly string[]).includes(body.type ?? '')
    ? (body.type as InvitationType)
    : null;
  if (!type) add('type', APPLICATIONS_MSG.typeRequired);
  if (typeof body.startAt !== 'number' || !Number.isFinite(body.startAt))
    add('startAt', APPLICATIONS_MSG.startAtRequired[type ?? 'Interview']);
  if (body.respondBy != null && !(body.respondBy > now)) add('respondBy', APPLICATIONS_MSG.respondByPast);
  const contact = (body.contactPerson ?? '').trim();
  if (!contact) add('contactPerson', APPLICATIONS_MSG.contactRequired);
  else if ([...contact].length > FEEDBACK_LIMITS.contactPerson)
    add('contactPerson', APPLICATIONS_MSG.contactTooLong);
  const mobile = (body.mobile ?? '').trim();
  if (!mobile) add('mobile', APPLICATIONS_MSG.mobileRequired);
  else if (!MOBILE_PATTERN.test(mobile)) add('mobile', APPLICATIONS_MSG.mobileInvalid);
  if ([...(body.place ?? '').trim()].length > FEEDBACK_LIMITS.place)
    add('place', APPLICATIONS_MSG.placeTooLong);
  if ([...(body.notice ?? '').trim()].length > FEEDBACK_LIMITS.notice)
    add('notice', APPLICATIONS_MSG.noticeTooLong);
  const offerOnly = type !== null && type !== 'Offer';
  const description = (body.offerDescription ?? '').trim();
  if (description && offerOnly) add('offerDescription', APPLICATIONS_MSG.offerOnly);
  else if ([...description].length > FEEDBACK_LIMITS.offerDescription)
    add('offerDescription', APPLICATIONS_MSG.offerDescriptionTooLong);
  const materials = body.materialFileIds ?? [];
  if (materials.length && offerOnly) add('materialFileIds', APPLICATIONS_MSG.offerOnly);
  else if (materials.length > FEEDBACK_LIMITS.materials)
    add('materialFileIds', APPLICATIONS_MSG.tooManyMaterials);
  if ((body.internOccupationIds ?? []).length && offerOnly)
    add('internOccupationIds', APPLICATIONS_MSG.offerOnly);
  return errors;
};

/** The file name ending of an offer material, or null when it is not one of the allowed ones. */
export const offerMaterialExtensionOf = (name: string): string | null => {
  const match = /\.([A-Za-z0-9]+)$/.exec(name.trim());
  const ext = match?.[1]?.toLowerCase() ?? '';
  return (OFFER_MATERIAL_EXTENSIONS as readonly string[]).includes(ext) ? ext : null;
};
