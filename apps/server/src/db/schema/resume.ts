import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { files } from './files';
import { users } from './users';

/*
 * Resume (issue 13, career spec sections 3, 4, 5, 7): a member's one online resume (strength, evaluation and
 * its sections) and their attached resume files. The personal information, the first (highest) education,
 * the job intention, status and privacy switch live on the member profile (member-profile area).
 * Month-precision times are stored as the first instant of the month (UTC).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
const updatedAt = () => at('updated_at').notNull().defaultNow();

/** The online resume: one per user, made on first use. `updatedAt` is the update time shown on the page. */
export const resumeOnlines = pgTable(
  'resume_onlines',
  {
    id: identityId(),
    userId: ownerRef('user_id', () => users.id),
    /** 个人优势, at most 500 characters */
    strength: text('strength').notNull().default(''),
    /** 自我评价, at most 500 characters */
    evaluation: text('evaluation').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('resume_onlines_user_idx').on(t.userId)],
);

const resumeRef = () => ownerRef('resume_id', () => resumeOnlines.id);

/** Further educations (the first, highest one is on the member profile). */
export const resumeOnlineEducations = pgTable(
  'resume_online_educations',
  {
    id: identityId(),
    resumeId: resumeRef(),
    schoolCode: text('school_code').notNull(),
    /** the catalogue name at save time */
    schoolName: text('school_name').notNull(),
    majorCode: text('major_code').notNull(),
    majorName: text('major_name').notNull(),
    /** College, Bachelor, Master, Doctor or Other */
    degree: text('degree').notNull(),
    enrolmentAt: at('enrolment_at').notNull(),
    graduateAt: at('graduate_at').notNull(),
    /** Top10, Top30, Medium, Lower or Secrecy; null when not given */
    gradingRank: text('grading_rank'),
    createdAt: createdAt(),
  },
  (t) => [
    index('resume_online_educations_resume_idx').on(t.resumeId, t.graduateAt),
    check(
      'resume_online_educations_degree_check',
      sql`${t.degree} in ('College', 'Bachelor', 'Master', 'Doctor', 'Other')`,
    ),
    check(
      'resume_online_educations_rank_check',
      sql`${t.gradingRank} is null or ${t.gradingRank} in ('Top10', 'Top30', 'Medium', 'Lower', 'Secrecy')`,
    ),
  ],
);

/** 实习/实践经历. */
export const resumeOnlineInternships = pgTable(
  'resume_online_internships',
  {
    id: identityId(),
    resumeId: resumeRef(),
    companyName: text('company_name').notNull(),
    inauguralAt: at('inaugural_at').notNull(),
    resignAt: at('resign_at').notNull(),
    occupationName: text('occupation_name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('resume_online_internships_resume_idx').on(t.resumeId, t.inauguralAt)],
);

/** 社团/项目经历. */
export const resumeOnlineSocieties = pgTable(
  'resume_online_societies',
  {
    id: identityId(),
    resumeId: resumeRef(),
    societyName: text('society_name').notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    occupationName: text('occupation_name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('resume_online_societies_resume_idx').on(t.resumeId, t.startAt)],
);

/** 获奖经历. */
export const resumeOnlineAwards = pgTable(
  'resume_online_awards',
  {
    id: identityId(),
    resumeId: resumeRef(),
    name: text('name').notNull(),
    awardedAt: at('awarded_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('resume_online_awards_resume_idx').on(t.resumeId, t.awardedAt)],
);

/** 语言/技能. */
export const resumeOnlineLanguages = pgTable(
  'resume_online_languages',
  {
    id: identityId(),
    resumeId: resumeRef(),
    language: text('language').notNull(),
    /** General, Good, Skillful or Proficiency */
    proficiencyLevel: text('proficiency_level').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('resume_online_languages_resume_idx').on(t.resumeId, t.id),
    check(
      'resume_online_languages_level_check',
      sql`${t.proficiencyLevel} in ('General', 'Good', 'Skillful', 'Proficiency')`,
    ),
  ],
);

/** An attached resume file (附件简历): at most 3 per user; doc, docx or pdf up to 20 MB. */
export const resumeAttached = pgTable(
  'resume_attached',
  {
    id: identityId(),
    userId: ownerRef('user_id', () => users.id),
    fileId: ownerRef('file_id', () => files.id),
    /** the name shown (renamable), without the extension */
    name: text('name').notNull(),
    /** doc, docx or pdf (from the bytes) */
    extension: text('extension').notNull(),
    /** a PDF made from a doc/docx by LibreOffice for the preview, when it could be made */
    previewFileId: bigint('preview_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('resume_attached_user_idx').on(t.userId, t.id),
    check('resume_attached_extension_check', sql`${t.extension} in ('doc', 'docx', 'pdf')`),
  ],
);
