import { z } from 'zod';
import { MSG } from '../core/messages';
import { IDENTITY_TYPES } from '../core/permissions';

/*
 * Request and response schemas of the foundation endpoints (spec 000 section 7, spec 001 section 7).
 * The server declares its routes with these; the web app parses answers with the same ones.
 * Identifiers are strings throughout.
 */

export const identityType = z.enum(IDENTITY_TYPES);

/**
 * A text parameter whose wrong type (a number, a repeated query parameter, null) answers `message`; a
 * missing one keeps the server's "缺少必填参数：<name>".
 */
const text = (message: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? undefined : message) });

/** A code in a path or query: blank, over-long and wrong-typed values each get a message naming it. */
const codeText = (what: string) =>
  text(`${what}格式不正确`).trim().min(1, `请提供${what}`).max(64, `${what}不能超过64个字符`);

/** A JSON body that is not an object (null, a list, a bare string) answers this message. */
const body = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape, {
    error: (issue) =>
      issue.code === 'invalid_type' && issue.input !== undefined ? '请求内容格式不正确' : undefined,
  });

/** `GET /get_appconfig?t=` query. */
export const appConfigQuery = z.object({
  t: text('时间戳格式不正确').max(32, '时间戳格式不正确').optional().describe('timestamp, defeats caches'),
});

/** `GET /api/base/config/college?param=` query: the deployment/college code. */
export const collegeConfigQuery = z.object({ param: codeText('机构编码') });

/** A school record (`GET /api/base/schools/{schoolCode}`). */
export const schoolInfo = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  logo: z.string().describe('logo URL, may be empty'),
  address: z.string(),
  introduction: z.string(),
});
export type SchoolInfo = z.infer<typeof schoolInfo>;

/** A college record (`GET /api/base/colleges/{code}`). */
export const collegeInfo = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  schoolId: z.string(),
});
export type CollegeInfo = z.infer<typeof collegeInfo>;

/** `GET /api/base/colleges/{code}` path. */
export const collegeCodeParam = z.object({ code: codeText('学院编码') });
/** `GET {portal}/website_configs/{code}` path. */
export const areaCodeParam = z.object({ code: codeText('区域站点编码') });
/** `GET /api/base/schools/{schoolCode}` path. */
export const schoolCodeParam = z.object({ schoolCode: codeText('学校编码') });

/** `GET /api/login/verify`: the token is valid. */
export const verifyResult = z.object({
  valid: z.boolean(),
  userid: z.string(),
  memberId: z.string().describe('membership id of the current organisation'),
  username: z.string(),
  role: identityType.describe('identity type in the current organisation'),
  expiresAt: z.number().int().describe('epoch ms when the token expires'),
});
export type VerifyResult = z.infer<typeof verifyResult>;

/** Permission bit masks per module (numbers, exact below 2^53). */
export const permissionMasks = z.object({
  course: z.number().int().nonnegative(),
  qom: z.number().int().nonnegative(),
});
export type PermissionMasks = z.infer<typeof permissionMasks>;

/** `GET /api/base/session/refresh_token`. */
export const sessionRefresh = z.object({
  organ: z.object({
    id: z.string(),
    name: z.string(),
    leafOrganCode: z.string(),
    /** the college (school) the user is a member of, compared with a site's CODE; not the leaf */
    collegeCode: z.string(),
    identityType: identityType,
    majorName: z.string(),
  }),
  pms: permissionMasks,
});
export type SessionRefresh = z.infer<typeof sessionRefresh>;

/** `GET {portal}/users/basic_info` (spec 000 section 3.2). */
export const userBasicInfo = z.object({
  name: z.string(),
  avatar: z.string(),
  sex: z.string().describe('"1" male (default), "2" female'),
  userid: z.string(),
  organId: z.string(),
  organName: z.string(),
  organLeafOrganId: z.string(),
  organLeafOrganName: z.string(),
  organCode: z.string(),
  username: z.string(),
  organIdentityType: identityType,
});
export type UserBasicInfo = z.infer<typeof userBasicInfo>;

/** `GET {portal}/users/{id}?organName=`: the organisations the user belongs to. */
export const userIdParam = z.object({
  id: text('用户ID格式不正确').min(1, '请提供用户ID').max(64, '用户ID格式不正确'),
});
export const userOrgansQuery = z.object({
  organName: text('机构名称格式不正确').max(100, '机构名称不能超过100个字符').optional(),
});
export const organMembership = z.object({
  id: z.string().describe('organisation id (what switch takes)'),
  name: z.string().describe('organisation (school or area) name'),
  leafOrganName: z.string().describe('leaf organisation (college or class) name'),
  identityTypeTitle: z.string().describe('学生 / 教师 / 企业'),
  identityType: identityType,
  organizedCode: z.string(),
  defaultOrgan: z.boolean(),
});
export type OrganMembership = z.infer<typeof organMembership>;

/** `POST {portal}/users/switch`. */
export const switchOrganBody = body({
  switchToOrganId: text('机构ID格式不正确').trim().min(1, '请选择机构').max(64, '机构ID格式不正确'),
});
export type SwitchOrganBody = z.infer<typeof switchOrganBody>;
export const switchOrganResult = z.object({ organId: z.string(), organName: z.string(), role: identityType });

/** `GET /api/base/users/admin_certificate`: a short-lived signed certificate for the college admin site. */
export const adminCertificate = z.object({
  certificate: z.string(),
  expiresAt: z.number().int(),
  url: z.string().describe('admin site address with the certificate attached'),
});

/** `GET /api/base/organ/permissions?collegeId=`: organisation permissions by key (qabot = 2 enables). */
export const organPermissionsQuery = z.object({
  collegeId: text('机构ID格式不正确').min(1, '请提供机构ID').max(64, '机构ID格式不正确').optional(),
});
export const organPermissions = z.record(z.string(), z.number().int());

/** `GET /api/base/organ/modules?parameter=MY`. */
export const organModulesQuery = z.object({
  parameter: z.literal('MY', { error: '参数 parameter 只能为 MY' }).default('MY'),
});
export const organModule = z.object({ code: z.string(), name: z.string() });

/** `POST /idp/api/login`. */
export const idpLoginBody = body({
  username: text('用户名格式不正确').trim().min(1, MSG.usernameRequired).max(64, '用户名不能超过64个字符'),
  password: text('密码格式不正确').min(1, MSG.passwordRequired).max(128, '密码不能超过128个字符'),
});
export type IdpLoginBody = z.infer<typeof idpLoginBody>;
export const idpLoginResult = z.object({ ticket: z.string(), expiresAt: z.number().int() });

/** `POST /api/base/users/admin_certificate/verify`: lets the college admin site check a certificate. */
export const adminCertificateVerifyBody = z.object({
  certificate: z.string({ error: MSG.certificateRequired }).trim().min(1, MSG.certificateRequired).max(2048),
});
export const adminCertificateClaims = z.object({
  userid: z.string(),
  username: z.string(),
  name: z.string(),
  collegeId: z.string().describe('organisation id of the college the user administers'),
  collegeCode: z.string(),
  collegeName: z.string(),
  expiresAt: z.number().int().describe('epoch ms'),
});
export type AdminCertificateClaims = z.infer<typeof adminCertificateClaims>;

/** Identity provider password rule: 8 to 64 characters with at least one letter and one digit. */
export const newPasswordSchema = z
  .string({ error: MSG.newPasswordRequired })
  .min(1, MSG.newPasswordRequired)
  .min(8, MSG.passwordRule)
  .max(64, MSG.passwordRule)
  .regex(/[A-Za-z]/, MSG.passwordRule)
  .regex(/[0-9]/, MSG.passwordRule);

/** Identity provider profile: change the display name. */
export const idpNameBody = z.object({
  name: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(20, MSG.nameTooLong),
});
export type IdpNameBody = z.infer<typeof idpNameBody>;

/** Identity provider profile: change the password (the old one is checked on the server). */
export const idpPasswordBody = z
  .object({
    oldPassword: z.string({ error: MSG.oldPasswordRequired }).min(1, MSG.oldPasswordRequired).max(128),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: MSG.passwordMismatch }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MSG.passwordMismatch,
    path: ['confirmPassword'],
  });
export type IdpPasswordBody = z.infer<typeof idpPasswordBody>;
