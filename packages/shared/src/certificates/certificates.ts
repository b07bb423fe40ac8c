import { z } from 'zod';
import { pageOf, pageQuery } from '../core/envelope';
import { uploadedFile } from '../files/files';

/*
 * Certificates (我的证书; spec 001 sections 2.13, 3, 7, 9; issue 12). A company's business user issues a
 * certificate to a member of one of the company's internship groups; what it says is copied at issue, so it
 * stays as issued. Paths are under SERVICE_BASES.ourea (/api/ourea). Ids are strings; dates epoch ms.
 *
 * Student:
 * `GET  /api/ourea/internship_certificates/mine?pageNumber&pageSize`            -> CertificatePage
 *
 * Issuer (a business user acting for a company; anyone else 403, a member of another company's group 404):
 * `POST /api/ourea/internship_certificates` body IssueCertificateBody             -> IssuedCertificate
 * `GET  /api/ourea/internship_certificates/issued?groupId&pageNumber&pageSize`    -> IssuedCertificatePage
 * `POST /api/ourea/internship_certificates/{id}/revoke`                          -> IssuedCertificate
 * `GET  /api/ourea/internship_certificates/last_seal`                            -> UploadedFile | null
 *
 * Public (no sign-in):
 * `GET  /api/ourea/internship_certificates/verify/{code}` -> CertificateVerification; unknown code: 404
 *        证书不存在或已失效
 */

/** The three kinds of certificate (spec 3). */
export const CERTIFICATE_TYPES = ['Graduation', 'Internship', 'Customized'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

/** How each kind is called on the certificate and in lists. */
export const CERTIFICATE_TYPE_TITLES: Record<CertificateType, string> = {
  Graduation: '结业证书',
  Internship: '实习证明',
  Customized: '自定义证书',
};

/** Spec 9: the exported image is 10 times the certificate's CSS size. */
export const CERTIFICATE_EXPORT_SCALE = 10;

export const CERTIFICATE_LIMITS = {
  maxCommentLength: 500,
  maxSubjectLength: 50,
  /** random bytes behind a verification code (base64url: 22 characters for 16 bytes) */
  verifyCodeBytes: 18,
} as const;

export const CERTIFICATES_MSG = {
  pageTitle: '全部证书',
  empty: '暂无证书',
  exportImage: '导出图片',
  print: '打印',
  exporting: '正在导出…',
  exportFailed: '导出失败，请重试',
  /** shown when the context menu or a developer-tools shortcut is tried on the certificate page */
  protectedNotice: '为保护证书信息，本页已禁用右键菜单和开发者工具快捷键',
  verifyTitle: '证书验证',
  verifyAddress: '验证地址',
  genuine: '证书真实有效',
  revoked: '该证书已被撤销',
  notFound: '证书不存在或已失效',
  // issuer
  manageTitle: '证书管理',
  issue: '颁发证书',
  issued: '证书已颁发',
  revoke: '撤销',
  revokeConfirm: '撤销后学生将不再看到这张证书，验证地址会显示已撤销。确定撤销吗？',
  revokedDone: '证书已撤销',
  alreadyRevoked: '该证书已撤销',
  noCompany: '您尚未设置所属企业，无法管理证书',
  memberNotFound: '实习成员不存在',
  certificateNotFound: '证书不存在',
  groupNotFinished: '该实习计划尚未结束，结束后才能颁发结业证书或实习证明',
  memberEliminated: '该成员未通过企业考核，不能颁发结业证书或实习证明',
  memberRequired: '请选择实习成员',
  groupRequired: '请选择实习计划',
  typeRequired: '请选择证书类型',
  subjectRequired: '请输入证书内容',
  subjectTooLong: `证书内容最多${CERTIFICATE_LIMITS.maxSubjectLength}个字符`,
  commentTooLong: `评语最多${CERTIFICATE_LIMITS.maxCommentLength}个字符`,
  sealRequired: '请上传公章图片',
  customRequired: '请上传证书图片',
  fileIdInvalid: '文件编号不正确',
  idInvalid: '证书编号不正确',
  noIssued: '暂无已颁发的证书',
} as const;

/** A database id in a path or query: 1 to 15 digits, no leading zero. */
const idParam = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,14}$/, message)
    .describe('numeric id');

/** An id in a body: a string or a number of the same form. */
const idValue = (message: string) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), idParam(message));

const epochMs = z.number().int().nullable();

/** A certificate as its student sees it (spec 3), plus its verification code. */
export const certificate = z.object({
  id: z.string(),
  type: z.enum(CERTIFICATE_TYPES),
  memberName: z.string(),
  subject: z.string(),
  companyName: z.string(),
  /** signed, expiring address of the seal image; '' when none */
  officialSealPath: z.string(),
  /** epoch ms of issue */
  createAt: z.number().int(),
  schoolName: z.string(),
  internshipStartTimestamp: epochMs,
  internshipEndTimestamp: epochMs,
  /** multi-line (lines separated by \n) */
  comment: z.string(),
  /** signed address of a Customized certificate's image; '' otherwise */
  customCertificateUrl: z.string(),
  internshipGroupName: z.string(),
  /** the unguessable part of the public verification address (/certificate/verify/{verifyCode}) */
  verifyCode: z.string(),
});
export type Certificate = z.infer<typeof certificate>;
export const certificatePage = pageOf(certificate);
export type CertificatePage = z.infer<typeof certificatePage>;

export const mineCertificatesQuery = pageQuery;
export type MineCertificatesQuery = z.infer<typeof mineCertificatesQuery>;

const trimmed = (max: number, tooLong: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(max, tooLong));

/** Issuing a certificate. Graduation and Internship need a seal; Customized needs its image. */
export const issueCertificateBody = z
  .object({
    memberId: idValue(CERTIFICATES_MSG.memberRequired).describe(
      'the internship member (internship_members.id)',
    ),
    type: z.enum(CERTIFICATE_TYPES, { error: CERTIFICATES_MSG.typeRequired }),
    subject: trimmed(CERTIFICATE_LIMITS.maxSubjectLength, CERTIFICATES_MSG.subjectTooLong)
      .default('')
      .describe('what it certifies, e.g. 岗位实习 / Java 开发实习'),
    comment: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n').trim() : v),
        z.string().max(CERTIFICATE_LIMITS.maxCommentLength, CERTIFICATES_MSG.commentTooLong),
      )
      .default('')
      .describe('multi-line comment (评语)'),
    officialSealFileId: idValue(CERTIFICATES_MSG.fileIdInvalid)
      .nullish()
      .describe('an uploaded seal image (purpose seal), or the company’s last used seal'),
    customFileId: idValue(CERTIFICATES_MSG.fileIdInvalid)
      .nullish()
      .describe('the uploaded certificate image (purpose certificate), Customized only'),
  })
  .superRefine((body, ctx) => {
    if (body.type !== 'Customized' && !body.subject) {
      ctx.addIssue({ code: 'custom', path: ['subject'], message: CERTIFICATES_MSG.subjectRequired });
    }
    if (body.type !== 'Customized' && !body.officialSealFileId) {
      ctx.addIssue({ code: 'custom', path: ['officialSealFileId'], message: CERTIFICATES_MSG.sealRequired });
    }
    if (body.type === 'Customized' && !body.customFileId) {
      ctx.addIssue({ code: 'custom', path: ['customFileId'], message: CERTIFICATES_MSG.customRequired });
    }
  });
export type IssueCertificateBody = z.infer<typeof issueCertificateBody>;
export type IssueCertificateInput = z.input<typeof issueCertificateBody>;

/** A certificate in its company's list. */
export const issuedCertificate = z.object({
  id: z.string(),
  type: z.enum(CERTIFICATE_TYPES),
  memberName: z.string(),
  schoolName: z.string(),
  subject: z.string(),
  groupId: z.string().nullable(),
  internshipGroupName: z.string(),
  issuerName: z.string(),
  createAt: z.number().int(),
  revokedAt: epochMs,
  verifyCode: z.string(),
});
export type IssuedCertificate = z.infer<typeof issuedCertificate>;
export const issuedCertificatePage = pageOf(issuedCertificate);
export type IssuedCertificatePage = z.infer<typeof issuedCertificatePage>;

export const issuedCertificatesQuery = pageQuery.extend({
  groupId: idParam(CERTIFICATES_MSG.groupRequired).optional().describe('only this internship group'),
});
export type IssuedCertificatesQuery = z.infer<typeof issuedCertificatesQuery>;

export const certificateIdParams = z.object({ id: idParam(CERTIFICATES_MSG.idInvalid) });
export type CertificateIdParams = z.infer<typeof certificateIdParams>;

export const verifyCertificateParams = z.object({
  code: z.string().describe('the verification code (anything else than an issued one: 404)'),
});

/** The company's last used seal (to offer it again), or null. */
export const lastSealResult = uploadedFile.nullable();

/** What the public verification address says. A revoked certificate says only that, and when. */
export const certificateVerification = z.object({
  genuine: z.boolean().describe('true: issued and not revoked'),
  revokedAt: epochMs,
  type: z.enum(CERTIFICATE_TYPES),
  /** partly masked: 王*明 */
  memberName: z.string(),
  companyName: z.string(),
  subject: z.string(),
  issuedAt: z.number().int(),
  period: z.object({ start: epochMs, end: epochMs }),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;

/**
 * A name as the public verification page shows it: the middle hidden (王*明, 李*, 欧阳**锋); a one-character
 * name stays as it is. Counts characters, not UTF-16 units.
 */
export const maskName = (name: string) => {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
};

/** The public verification path of a certificate (a web route). */
export const certificateVerifyPath = (verifyCode: string) =>
  `/certificate/verify/${encodeURIComponent(verifyCode)}`;

/** A date on a certificate: 2026年6月30日 (Asia/Shanghai). */
export const certificateDate = (ms: number | null | undefined) => {
  if (ms === null || ms === undefined) return '';
  const d = new Date(ms + 8 * 3600_000);
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
};
