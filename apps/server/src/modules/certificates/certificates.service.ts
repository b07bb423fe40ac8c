import { randomBytes } from 'node:crypto';
import {
  CERTIFICATE_LIMITS,
  CERTIFICATES_MSG,
  type Certificate,
  type CertificatePage,
  type CertificateType,
  type CertificateVerification,
  type IssueCertificateBody,
  type IssuedCertificate,
  type IssuedCertificatePage,
  type IssuedCertificatesQuery,
  type MineCertificatesQuery,
  maskName,
  type UploadedFile,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { CompanyRow } from '../employer/employer.service';
import { claimFile, describeFileById, type FileUrlContext, fileUrls } from '../files/files.service';
import { companyMemberOf } from '../internships/internships.service';
import { profileSummaryOf } from '../member-profile/member-profile.service';
import type { Actor } from '../sessions/actor';
import { issuerCompany, ownsCertificate } from './certificates.policy';
import * as repo from './certificates.repo';

/*
 * Certificates (issue 12): a company's business user issues a certificate to a member of one of its
 * internship groups; the student lists their own; anyone may check a verification code. What a certificate
 * says (name, school, company, group, period) is copied when it is issued and never read again from the
 * profile or the group, so it stays as issued.
 */

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);
const pageOf = (q: { pageNumber: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.pageNumber - 1) * q.pageSize,
});

/** A new verification code: unguessable, URL-safe (base64url of CERTIFICATE_LIMITS.verifyCodeBytes bytes). */
export const newVerifyCode = () => randomBytes(CERTIFICATE_LIMITS.verifyCodeBytes).toString('base64url');

const toCertificate = (row: repo.CertificateRow, urls: Map<number, string>): Certificate => ({
  id: String(row.id),
  type: row.type as CertificateType,
  memberName: row.memberName,
  subject: row.subject,
  companyName: row.companyName,
  officialSealPath: row.officialSealFileId ? (urls.get(row.officialSealFileId) ?? '') : '',
  createAt: row.createdAt.getTime(),
  schoolName: row.schoolName,
  internshipStartTimestamp: ms(row.internshipStartAt),
  internshipEndTimestamp: ms(row.internshipEndAt),
  comment: row.comment,
  customCertificateUrl: row.customFileId ? (urls.get(row.customFileId) ?? '') : '',
  internshipGroupName: row.internshipGroupName,
  verifyCode: row.verifyCode,
});

const toIssued = ({ certificate: row, issuerName }: repo.IssuedRow): IssuedCertificate => ({
  id: String(row.id),
  type: row.type as CertificateType,
  memberName: row.memberName,
  schoolName: row.schoolName,
  subject: row.subject,
  groupId: row.groupId === null ? null : String(row.groupId),
  internshipGroupName: row.internshipGroupName,
  issuerName,
  createAt: row.createdAt.getTime(),
  revokedAt: ms(row.revokedAt),
  verifyCode: row.verifyCode,
});

/** The signed-in user's certificates (not revoked), newest first, with signed image addresses. */
export const pageMine = async (opts: {
  ctx: FileUrlContext;
  actor: Actor;
  query: MineCertificatesQuery;
}): Promise<CertificatePage> => {
  const { rows, total } = await repo.pageUserCertificates(opts.ctx.db, opts.actor.userId, pageOf(opts.query));
  const urls = await fileUrls(
    opts.ctx,
    rows.flatMap((r) => [r.officialSealFileId, r.customFileId]),
  );
  return { rows: rows.map((r) => toCertificate(r, urls)), total };
};

/**
 * The seal of a new certificate: one the issuer uploaded for the purpose, or one the company already put on
 * a certificate (so a colleague's last seal can be used again). Anything else: 400 文件不存在或无权使用.
 */
const sealFor = async (db: Db, actor: Pick<Actor, 'userId'>, company: CompanyRow, fileId: number) => {
  if (await repo.companyUsedSeal(db, company.id, fileId)) return fileId;
  return (await claimFile({ db, userId: actor.userId, fileId, purposes: ['seal'] })).id;
};

/**
 * Issues a certificate to a member of one of the company's groups. Graduation and Internship certificates
 * need a finished group and a member who was not eliminated, and a seal; a Customized one needs its image.
 */
export const issue = async (opts: {
  db: Db;
  /** the issuing business user (the signed-in actor; the demo seed passes business01) */
  actor: Pick<Actor, 'userId' | 'name'>;
  body: IssueCertificateBody;
  now: Date;
}): Promise<IssuedCertificate> => {
  const { db, actor, body } = opts;
  const company = await issuerCompany(db, actor);
  const member = await companyMemberOf({ db, companyId: company.id, memberId: Number(body.memberId) });
  if (!member) throw AppError.notFound(CERTIFICATES_MSG.memberNotFound);

  let officialSealFileId: number | null = null;
  let customFileId: number | null = null;
  if (body.type === 'Customized') {
    customFileId = (
      await claimFile({
        db,
        userId: actor.userId,
        fileId: Number(body.customFileId),
        purposes: ['certificate'],
      })
    ).id;
  } else {
    if (!member.finished) throw AppError.badRequest(CERTIFICATES_MSG.groupNotFinished);
    if (member.eliminated) {
      throw AppError.badRequest(CERTIFICATES_MSG.memberEliminated);
    }
    officialSealFileId = await sealFor(db, actor, company, Number(body.officialSealFileId));
  }

  const profile = await profileSummaryOf({ db, userId: member.userId });
  const row = await repo.insertCertificate(db, {
    type: body.type,
    userId: member.userId,
    companyId: company.id,
    groupId: member.groupId,
    memberId: member.memberId,
    issuerId: actor.userId,
    memberName: profile.name,
    subject: body.subject,
    companyName: company.name,
    schoolName: profile.schoolName,
    internshipGroupName: member.groupName,
    internshipStartAt: member.startAt,
    internshipEndAt: member.endAt,
    comment: body.comment,
    officialSealFileId,
    customFileId,
    verifyCode: newVerifyCode(),
    createdAt: opts.now,
  });
  return toIssued({ certificate: row, issuerName: actor.name });
};

/** A page of the company's certificates (revoked ones too, marked), optionally of one group. */
export const pageIssued = async (opts: {
  db: Db;
  actor: Actor;
  query: IssuedCertificatesQuery;
}): Promise<IssuedCertificatePage> => {
  const company = await issuerCompany(opts.db, opts.actor);
  const groupId = opts.query.groupId === undefined ? undefined : Number(opts.query.groupId);
  const { rows, total } = await repo.pageCompanyCertificates(
    opts.db,
    company.id,
    { groupId },
    pageOf(opts.query),
  );
  return { rows: rows.map(toIssued), total };
};

/** Revokes one of the company's certificates: gone from the student's list, revoked at its address. */
export const revoke = async (opts: { db: Db; actor: Actor; id: number; now: Date }) => {
  const company = await issuerCompany(opts.db, opts.actor);
  const found = await repo.findIssuedCertificate(opts.db, opts.id);
  if (!found || !ownsCertificate(company, found.certificate)) {
    throw AppError.notFound(CERTIFICATES_MSG.certificateNotFound);
  }
  if (!(await repo.revokeCertificate(opts.db, opts.id, opts.now))) {
    throw AppError.badRequest(CERTIFICATES_MSG.alreadyRevoked);
  }
  const after = await repo.findIssuedCertificate(opts.db, opts.id);
  if (!after) throw AppError.notFound(CERTIFICATES_MSG.certificateNotFound);
  return toIssued(after);
};

/** The company's last used seal, to offer it again; null before its first certificate with a seal. */
export const lastSeal = async (opts: { ctx: FileUrlContext; actor: Actor }): Promise<UploadedFile | null> => {
  const company = await issuerCompany(opts.ctx.db, opts.actor);
  return describeFileById(opts.ctx, await repo.findLastSealFileId(opts.ctx.db, company.id));
};

/**
 * What the public verification address says: genuine with the (masked) details, or revoked (with when);
 * any code that names no certificate gets one 404, whatever the reason.
 */
export const verify = async (opts: { db: Db; code: string }): Promise<CertificateVerification> => {
  const row = await repo.findCertificateByCode(opts.db, opts.code);
  if (!row) throw AppError.notFound(CERTIFICATES_MSG.notFound);
  return {
    genuine: row.revokedAt === null,
    revokedAt: ms(row.revokedAt),
    type: row.type as CertificateType,
    memberName: maskName(row.memberName),
    companyName: row.companyName,
    subject: row.subject,
    issuedAt: row.createdAt.getTime(),
    period: { start: ms(row.internshipStartAt), end: ms(row.internshipEndAt) },
  };
};
