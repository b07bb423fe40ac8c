import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { companies } from './employer';
import { files } from './files';
import { internshipGroups } from './internships';
import { users } from './users';

/*
 * Jobs (issue 14, career spec sections 2, 3, 4, 6, 7): a company's positions (招聘职位) and the positions of
 * its internship programmes (an internship programme is an internship group open for applications), the
 * job seekers' deliveries (投递) and the company's feedback on them: written-test, interview and offer
 * invitations and 不合适. A status of Timeout is never stored: an invitation still ToBeProcessed after its
 * `respondBy` is shown as Timeout (one rule, `invitationStatusOf` in @uplus/shared), so every instance
 * agrees without a sweeper.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Where a position is: the division codes and names, the street address and its geocoded point. */
const place = () => ({
  provinceCode: text('province_code'),
  provinceName: text('province_name').notNull().default(''),
  cityCode: text('city_code'),
  cityName: text('city_name').notNull().default(''),
  areaName: text('area_name').notNull().default(''),
  address: text('address').notNull().default(''),
  /** WGS84, from the map provider's geocoder when the employer saves; null: not found or no provider */
  longitude: doublePrecision('longitude'),
  latitude: doublePrecision('latitude'),
});

/** What a position asks and pays. Salaries in thousands a month; maxSalary 999 = 面议. */
const terms = () => ({
  name: text('name').notNull(),
  /** FullTime, PartTime or Internship (JOB_NATURES) */
  jobNature: text('job_nature').notNull().default('FullTime'),
  minSalary: integer('min_salary').notNull().default(0),
  maxSalary: integer('max_salary').notNull().default(999),
  /** College, Bachelor, Master, Doctor or Unlimited (JOB_DEGREES) */
  degree: text('degree').notNull().default('Unlimited'),
  /** comma-separated skills */
  skills: text('skills').notNull().default(''),
  description: text('description').notNull().default(''),
});

/** A position a company recruits for (校园招聘职位). Shown to job seekers while `onlined`. */
export const recruitmentOccupations = pgTable(
  'recruitment_occupations',
  {
    id: identityId(),
    companyId: ownerRef('company_id', () => companies.id),
    /** the business user who created it */
    createdBy: ownerRef('created_by', () => users.id),
    ...terms(),
    ...place(),
    /** the standard occupation (job category) code, for search by category */
    standardOccupationCode: text('standard_occupation_code'),
    onlined: text('onlined').notNull().default('No'),
    /** when it was last put online (approvalAt) */
    approvalAt: at('approval_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('recruitment_occupations_company_idx').on(t.companyId, t.id),
    index('recruitment_occupations_online_idx').on(t.onlined, t.approvalAt, t.id),
    check('recruitment_occupations_onlined_check', sql`${t.onlined} in ('Yes', 'No')`),
    check(
      'recruitment_occupations_salary_check',
      sql`${t.minSalary} >= 0 and ${t.maxSalary} >= ${t.minSalary}`,
    ),
  ],
);

/** A position inside an internship programme (an internship group open for applications). */
export const internOccupations = pgTable(
  'intern_occupations',
  {
    id: identityId(),
    groupId: ownerRef('group_id', () => internshipGroups.id),
    ...terms(),
    ...place(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('intern_occupations_group_idx').on(t.groupId, t.sort, t.id)],
);

/**
 * A job seeker's delivery (投递) of a resume to a position (Recruitment) or to an internship programme
 * (InternProgram, with one or more of its positions in `delivery_occupations`). The delivered resume is the
 * online resume (`resumeType` Online, `resumeId` the resume_onlines id) or an attachment (Attached,
 * `resumeId` the resume_attached id, `resumeFileId` its file, kept even if the student deletes the
 * attachment later). A cancelled delivery keeps its row (`canceledAt`); at most one live delivery per
 * seeker and target.
 */
export const deliveryRecords = pgTable(
  'delivery_records',
  {
    id: identityId(),
    userId: ownerRef('user_id', () => users.id),
    companyId: ownerRef('company_id', () => companies.id),
    /** Recruitment or InternProgram */
    campusRecruitMode: text('campus_recruit_mode').notNull(),
    occupationId: bigint('occupation_id', { mode: 'number' }).references(() => recruitmentOccupations.id, {
      onDelete: 'cascade',
    }),
    internGroupId: bigint('intern_group_id', { mode: 'number' }).references(() => internshipGroups.id, {
      onDelete: 'cascade',
    }),
    /** Online or Attached */
    resumeType: text('resume_type').notNull(),
    resumeId: bigint('resume_id', { mode: 'number' }).notNull(),
    resumeFileId: bigint('resume_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    /** when someone of the company first opened the resume (被查看) */
    viewedAt: at('viewed_at'),
    /** when the company marked the application 不合适 */
    inappropriateAt: at('inappropriate_at'),
    canceledAt: at('canceled_at'),
    /** the last change anyone made (delivery, view, invitation, answer): the inbox sorts by it */
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('delivery_records_user_idx').on(t.userId, t.campusRecruitMode, t.createdAt),
    index('delivery_records_user_viewed_idx').on(t.userId, t.campusRecruitMode, t.viewedAt),
    // id last: the inbox's order (created_at desc, id desc) exactly, and its counts read the index alone
    index('delivery_records_company_idx').on(t.companyId, t.campusRecruitMode, t.createdAt, t.id),
    index('delivery_records_occupation_idx').on(t.occupationId, t.createdAt),
    index('delivery_records_group_idx').on(t.internGroupId, t.createdAt),
    uniqueIndex('delivery_records_live_occupation_idx')
      .on(t.userId, t.occupationId)
      .where(sql`${t.canceledAt} is null and ${t.occupationId} is not null`),
    uniqueIndex('delivery_records_live_group_idx')
      .on(t.userId, t.internGroupId)
      .where(sql`${t.canceledAt} is null and ${t.internGroupId} is not null`),
    check(
      'delivery_records_mode_check',
      sql`(${t.campusRecruitMode} = 'Recruitment' and ${t.occupationId} is not null and ${t.internGroupId} is null) or (${t.campusRecruitMode} = 'InternProgram' and ${t.internGroupId} is not null and ${t.occupationId} is null)`,
    ),
    check('delivery_records_resume_type_check', sql`${t.resumeType} in ('Online', 'Attached')`),
  ],
);

/** The positions of an internship programme a delivery applies for. */
export const deliveryOccupations = pgTable(
  'delivery_occupations',
  {
    deliveryId: ownerRef('delivery_id', () => deliveryRecords.id),
    internOccupationId: ownerRef('intern_occupation_id', () => internOccupations.id),
  },
  (t) => [
    primaryKey({ columns: [t.deliveryId, t.internOccupationId] }),
    index('delivery_occupations_occupation_idx').on(t.internOccupationId),
  ],
);

/**
 * The company's feedback on a delivery: an invitation (Written, Interview, Offer) the job seeker answers
 * (ToBeProcessed -> Accepted or Rejected; shown as Timeout once `respondBy` passed unanswered), or
 * Inappropriate (不合适, no answer). `readAt` null: unread for the job seeker (the badges and dots).
 */
export const deliveryFeedbacks = pgTable(
  'delivery_feedbacks',
  {
    id: identityId(),
    deliveryId: ownerRef('delivery_id', () => deliveryRecords.id),
    /** Written, Interview, Offer or Inappropriate */
    type: text('type').notNull(),
    /** ToBeProcessed, Accepted or Rejected (Timeout is derived) */
    status: text('status').notNull().default('ToBeProcessed'),
    /** the business user who sent it */
    createdBy: ownerRef('created_by', () => users.id),
    /** when the test, interview or onboarding takes place (startTimestamp) */
    startAt: at('start_at'),
    /** the answer is due by then; null: no deadline */
    respondBy: at('respond_by'),
    contactPerson: text('contact_person').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    place: text('place').notNull().default(''),
    notice: text('notice').notNull().default(''),
    offerDescription: text('offer_description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    answeredAt: at('answered_at'),
    readAt: at('read_at'),
  },
  (t) => [
    index('delivery_feedbacks_delivery_idx').on(t.deliveryId, t.type, t.createdAt),
    // the inbox by status (笔试, 面试, offer: the deliveries with such a feedback) reads one type's feedback
    // from this index alone, not from the whole table (issue 17, scripts/load/lists-at-scale.ts)
    index('delivery_feedbacks_type_idx').on(t.type, t.deliveryId),
    index('delivery_feedbacks_unread_idx').on(t.deliveryId).where(sql`${t.readAt} is null`),
    check(
      'delivery_feedbacks_type_check',
      sql`${t.type} in ('Written', 'Interview', 'Offer', 'Inappropriate')`,
    ),
    check('delivery_feedbacks_status_check', sql`${t.status} in ('ToBeProcessed', 'Accepted', 'Rejected')`),
  ],
);

/** The positions of the programme an internship offer is for (feedbackRecords[].internOccupations). */
export const feedbackInternOccupations = pgTable(
  'feedback_intern_occupations',
  {
    feedbackId: ownerRef('feedback_id', () => deliveryFeedbacks.id),
    internOccupationId: ownerRef('intern_occupation_id', () => internOccupations.id),
  },
  (t) => [primaryKey({ columns: [t.feedbackId, t.internOccupationId] })],
);

/** The files attached to an offer (offerMaterials; `GET sys_materials/{fileId}/view|download`). */
export const feedbackMaterials = pgTable(
  'feedback_materials',
  {
    feedbackId: ownerRef('feedback_id', () => deliveryFeedbacks.id),
    fileId: ownerRef('file_id', () => files.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.feedbackId, t.fileId] }),
    index('feedback_materials_file_idx').on(t.fileId),
  ],
);
