import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { companies } from './employer';
import { files } from './files';
import { internshipGroups, internshipMembers } from './internships';
import { users } from './users';

/*
 * Certificates (我的证书; issue 12, spec 001 sections 2.13, 3): issued by a company's business user to a
 * member of its internship group. What it says is copied at issue time, so it stays as issued whatever
 * changes later; `verifyCode` is the unguessable part of its public verification address.
 */
export const internshipCertificates = pgTable(
  'internship_certificates',
  {
    id: identityId(),
    /** Graduation, Internship or Customized */
    type: text('type').notNull(),
    /** the student it was issued to */
    userId: ownerRef('user_id', () => users.id),
    companyId: ownerRef('company_id', () => companies.id),
    groupId: bigint('group_id', { mode: 'number' }).references(() => internshipGroups.id, {
      onDelete: 'set null',
    }),
    memberId: bigint('member_id', { mode: 'number' }).references(() => internshipMembers.id, {
      onDelete: 'set null',
    }),
    /** the business user who issued it */
    issuerId: ownerRef('issuer_id', () => users.id),
    memberName: text('member_name').notNull(),
    subject: text('subject').notNull().default(''),
    companyName: text('company_name').notNull(),
    schoolName: text('school_name').notNull().default(''),
    internshipGroupName: text('internship_group_name').notNull().default(''),
    internshipStartAt: timestamp('internship_start_at', { withTimezone: true }),
    internshipEndAt: timestamp('internship_end_at', { withTimezone: true }),
    /** multi-line comment (评语) */
    comment: text('comment').notNull().default(''),
    officialSealFileId: bigint('official_seal_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    /** the uploaded image of a Customized certificate */
    customFileId: bigint('custom_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    verifyCode: text('verify_code').notNull(),
    /** when the issuer withdrew it; the verification address then says so */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('internship_certificates_verify_code_idx').on(t.verifyCode),
    index('internship_certificates_user_idx').on(t.userId, t.createdAt),
    index('internship_certificates_company_idx').on(t.companyId, t.id),
    check('internship_certificates_type_check', sql`${t.type} in ('Graduation', 'Internship', 'Customized')`),
  ],
);
