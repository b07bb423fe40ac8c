import { z } from 'zod';
import { unreadCounts } from '../jobs/feedback';
import {
  firstAcceptedError,
  firstEducationError,
  firstIntentionError,
  firstPersonalError,
  JOB_STATUS_VALUES,
  POLITICAL_VALUES,
  RESUME_MSG,
  type RuleError,
} from '../resume/rules';
import { firstProfileError, profileFormOfBody } from './member-profile';

/*
 * The member profile as the career area (issue 13, career spec 3, 4, 5, 7) reads and writes it. Paths are
 * under SERVICE_BASES.ourea (/api/ourea) unless noted; answers are the usual envelope.
 *
 * `PUT  /api/ourea/member_profiles` body MemberProfilePutBody          -> MemberBasicInfo (message 保存成功)
 * `PUT  /api/ourea/member_profiles/political?politicalStatus=`          -> PoliticalAnswer ('' or null clears)
 * `PUT  /api/ourea/member_profiles/visible`                             -> VisibleAnswer (message 简历已恢复展示)
 * `DELETE /api/ourea/member_profiles/visible`                           -> VisibleAnswer (message 简历隐藏成功)
 * `GET  /api/ourea/members?id=&details=organ,profile,intentions,citys,account` -> MemberDetail
 *        (id: the signed-in member's own user id, or omitted; another id is 403)
 * `POST /api/portal/file_storages/upload?resourceType=memberMaterial&resourceId={userId}` multipart `file`
 *        -> AvatarUpload { id, url, viewUrl } (resourceId must be the signed-in user; png/jpeg under 2 MB)
 *
 * ## The five bodies of PUT member_profiles, told apart by the keys present (`memberProfileKindOf`)
 * A key counts as present when it is in the JSON, even with the value null. In this order:
 * 1. `intention` when any of cityCodes, standardOccupationCodes, minSalary, maxSalary is present:
 *    { cityCodes, standardOccupationCodes, minSalary, maxSalary } (cityCodes [''] = 全国; salaries in
 *    thousands, 999 = 面议, both null = not given). Checked by `firstIntentionError`; unknown codes:
 *    请选择正确的职位 / 请选择正确的城市.
 * 2. `status` when any of status, companyName, companyId, occupationName, occupationId is present:
 *    { status: 'Seeking' } (company and position are cleared) or { status: 'Accepted', companyName,
 *    occupationName, companyId?, occupationId? } checked by `firstAcceptedError`.
 * 3. `personal` when any of portrait, email, mobile, domicileProvinceCode, domicileCityCode is present:
 *    { portrait?, name, email, birthday, sex, mobile, domicileProvinceCode, domicileCityCode } checked by
 *    `firstPersonalError` (the web always sends `mobile`, even null). portrait: the `url` of the avatar
 *    upload ('file:{id}', the member's own memberMaterial upload, else 400 文件不存在或无权使用); absent:
 *    kept; null: removed. politicalStatus is not part of it (its own call).
 * 4. `editTop` (the first education) when gradingRank or resumeId is present, or when none of name, sex,
 *    birthday is: { schoolCode, majorCode, degree, enrolmentAt, graduateAt, gradingRank?, resumeId? }
 *    checked by `firstEducationError` (times are month starts, UTC; gradingRank omitted when empty).
 * 5. `completion` otherwise: the profile-completion dialog's body (`memberProfileBody`, issue 12).
 * Marker keys of two kinds in one body (say mobile and status) are refused: 400 请求参数不正确. Keys that
 * belong to no field of the chosen kind are ignored.
 */

/** The kinds of body PUT member_profiles takes. */
export const MEMBER_PROFILE_KINDS = ['intention', 'status', 'personal', 'editTop', 'completion'] as const;
export type MemberProfileKind = (typeof MEMBER_PROFILE_KINDS)[number];

/** The keys that mark a kind, in the order they are tried. */
export const MEMBER_PROFILE_MARKERS = {
  intention: ['cityCodes', 'standardOccupationCodes', 'minSalary', 'maxSalary'],
  status: ['status', 'companyName', 'companyId', 'occupationName', 'occupationId'],
  personal: ['portrait', 'email', 'mobile', 'domicileProvinceCode', 'domicileCityCode'],
  editTop: ['gradingRank', 'resumeId'],
} as const;

/** The message of a body whose keys mix two kinds. */
export const MIXED_BODY_MSG = '请求参数不正确';
/** A status other than Seeking or Accepted. */
export const STATUS_INVALID_MSG = '请选择求职状态';

/**
 * Which body a PUT member_profiles is (see the file's comment), or null when its keys mark more than one
 * kind.
 */
export const memberProfileKindOf = (body: object): MemberProfileKind | null => {
  const has = (key: string) => Object.hasOwn(body, key);
  const marked = (Object.keys(MEMBER_PROFILE_MARKERS) as (keyof typeof MEMBER_PROFILE_MARKERS)[]).filter(
    (kind) => MEMBER_PROFILE_MARKERS[kind].some(has),
  );
  if (marked.length > 1) return null;
  if (marked.length === 1) return marked[0] as MemberProfileKind;
  if (!['name', 'sex', 'birthday'].some(has) && ['schoolCode', 'majorCode', 'degree'].some(has))
    return 'editTop';
  return 'completion';
};

const text = z.string().max(200).nullish();
const time = z.number().nullish();
const id = z.union([z.number(), z.string().max(64)]).nullish();
const codes = z.array(z.string().max(32)).max(20).nullish();

/** The avatar reference PUT member_profiles takes as portrait: `file:{id}` (the upload's `url`). */
export const portraitRef = (fileId: number) => `file:${fileId}`;
/** The file id of a portrait reference; null when it is not one. */
export const portraitFileIdOf = (ref: string): number | null => {
  const m = /^file:(\d{1,15})$/.exec(ref.trim());
  return m ? Number(m[1]) : null;
};

/** The first rule a PUT member_profiles body breaks, by its kind (the spec's order), or null. */
export const firstMemberProfileError = (
  body: MemberProfilePutBody,
  now: number = Date.now(),
): RuleError | null => {
  const kind = memberProfileKindOf(body);
  switch (kind) {
    case null:
      return { field: 'body', message: MIXED_BODY_MSG };
    case 'intention':
      return firstIntentionError(body);
    case 'status':
      if (!body.status || !(JOB_STATUS_VALUES as readonly string[]).includes(body.status))
        return { field: 'status', message: STATUS_INVALID_MSG };
      return body.status === 'Accepted' ? firstAcceptedError(body) : null;
    case 'personal':
      return firstPersonalError(body, now);
    case 'editTop':
      return firstEducationError(body);
    case 'completion':
      return firstProfileError(profileFormOfBody(body), now);
  }
};

/** `PUT member_profiles`: every field of the five kinds, each optional; checked by kind. */
export const memberProfilePutBody = z
  .object({
    // completion, personal
    name: text.describe('at most 8 characters'),
    sex: text.describe('Male, Female (or Secrecy for personal)'),
    birthday: time.describe('epoch ms'),
    // personal
    portrait: text.describe("the avatar upload's url ('file:{id}'); null removes it; absent keeps it"),
    email: text.describe('at most 30 characters'),
    mobile: text.describe('mainland mobile, 11 digits'),
    domicileProvinceCode: text.describe('a province code of GET divisions'),
    domicileCityCode: text.describe('a city code of GET divisions'),
    // completion, editTop
    schoolCode: text.describe('a code from GET schools'),
    majorCode: text.describe('a code from GET majors'),
    degree: text.describe('College, Bachelor, Master, Doctor or Other'),
    enrolmentAt: time.describe('epoch ms (completion: Jan 1 UTC of the year; editTop: a month start)'),
    graduateAt: time.describe('epoch ms (editTop: a month start; completion: ignored)'),
    gradingRank: text.describe('Top10, Top30, Medium, Lower or Secrecy; omitted when empty'),
    resumeId: id.describe('the online resume id (accepted, not needed)'),
    // status
    status: text.describe('Seeking or Accepted'),
    companyName: text.describe('Accepted: at most 30 characters'),
    companyId: id.describe('a company of the platform, optional'),
    occupationName: text.describe('Accepted: at most 15 characters'),
    occupationId: id.describe('optional'),
    // intention
    cityCodes: codes.describe("1-3 city codes; [''] = 全国"),
    standardOccupationCodes: codes.describe('1-3 level-3 occupation codes'),
    minSalary: time.describe('thousands a month; 999 = 面议'),
    maxSalary: time.describe('thousands a month; 999 = 面议'),
  })
  .superRefine((body, ctx) => {
    const error = firstMemberProfileError(body);
    if (error) ctx.addIssue({ code: 'custom', message: error.message, path: [error.field] });
  });
export type MemberProfilePutBody = z.infer<typeof memberProfilePutBody>;

/** `PUT member_profiles/political` query: a political status, or ''/'null'/absent to clear it. */
export const politicalQuery = z.object({
  politicalStatus: z
    .string()
    .max(40)
    .optional()
    .transform((v) => (v === undefined || v === '' || v === 'null' ? null : v))
    .pipe(z.enum(POLITICAL_VALUES, { message: RESUME_MSG.politicalInvalid }).nullable()),
});
export type PoliticalQuery = z.infer<typeof politicalQuery>;

export const politicalAnswer = z.object({
  politicalStatus: z.enum(POLITICAL_VALUES).nullable(),
  politicalStatusTitle: z.string(),
});
export type PoliticalAnswer = z.infer<typeof politicalAnswer>;

export const yesNo = z.enum(['Yes', 'No']);
export const visibleAnswer = z.object({ visible: yesNo });
export type VisibleAnswer = z.infer<typeof visibleAnswer>;

/** The parts `GET members` can add (`details`, comma-separated; unknown names are ignored). */
export const MEMBER_DETAILS = ['organ', 'profile', 'intentions', 'citys', 'account'] as const;
export type MemberDetailPart = (typeof MEMBER_DETAILS)[number];

export const memberQuery = z.object({
  /** the signed-in member's user id (another is 403); omitted: the signed-in member */
  id: z.string().max(20).optional(),
  details: z
    .string()
    .max(200)
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s): s is MemberDetailPart => (MEMBER_DETAILS as readonly string[]).includes(s)),
    ),
});
export type MemberQuery = z.input<typeof memberQuery>;

/** The career fields of a member's profile (`details=profile`); fields null until filled in. */
export const memberCareerProfile = z.object({
  name: z.string().nullable(),
  /** signed, expiring address of the avatar; '' for none */
  portrait: z.string(),
  /** what PUT member_profiles takes back as portrait ('file:{id}'); '' for none */
  portraitPath: z.string(),
  birthday: z.number().nullable(),
  sex: z.enum(['Male', 'Female', 'Secrecy']).nullable(),
  /** 男 / 女 (Secrecy and none are shown as 男) */
  sexTitle: z.string(),
  /** whole years from the birthday (China time); null without one */
  age: z.number().int().nullable(),
  politicalStatus: z.enum(POLITICAL_VALUES).nullable(),
  politicalStatusTitle: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  domicileProvinceCode: z.string().nullable(),
  domicileProvinceName: z.string(),
  domicileCityCode: z.string().nullable(),
  domicileCityName: z.string(),
  /** thousands a month; 999 = 面议 */
  minSalary: z.number().nullable(),
  maxSalary: z.number().nullable(),
  status: z.enum(JOB_STATUS_VALUES),
  statusTitle: z.string(),
  companyName: z.string().nullable(),
  companyId: z.number().nullable(),
  occupationName: z.string().nullable(),
  occupationId: z.string().nullable(),
  /** No: hidden from HR (the privacy switch on) */
  visible: yesNo,
  /** epoch ms of the last profile write; null before any */
  updateAt: z.number().nullable(),
});
export type MemberCareerProfile = z.infer<typeof memberCareerProfile>;

export const memberIntention = z.object({
  standardOccupationCode: z.string(),
  standardOccupationName: z.string(),
});
export type MemberIntention = z.infer<typeof memberIntention>;
/** An intended city; cityCode '' is 全国. */
export const memberCity = z.object({ cityCode: z.string(), cityName: z.string() });
export type MemberCity = z.infer<typeof memberCity>;

/** `GET members`: the member with the parts asked for in `details` (parts not asked for are absent). */
export const memberDetail = z.object({
  id: z.string(),
  /** the profile's name, else the account's */
  name: z.string(),
  organ: z
    .object({ id: z.number(), name: z.string(), code: z.string(), leafName: z.string() })
    .nullable()
    .optional(),
  account: z.object({ username: z.string(), name: z.string() }).optional(),
  profile: memberCareerProfile.optional(),
  intentions: z.array(memberIntention).optional(),
  citys: z.array(memberCity).optional(),
  /** issue 14: unread invitations per type (feedback center badges and dots) */
  unreadCounts: unreadCounts.optional(),
});
export type MemberDetail = z.infer<typeof memberDetail>;

/** `POST /api/portal/file_storages/upload` query. */
export const avatarUploadQuery = z.object({
  resourceType: z.literal('memberMaterial'),
  /** the signed-in user's id */
  resourceId: z.string().max(20),
});
export type AvatarUploadQuery = z.infer<typeof avatarUploadQuery>;

/** The avatar upload's answer: `url` goes back in PUT member_profiles as portrait; `viewUrl` shows it. */
export const avatarUpload = z.object({
  id: z.number().int(),
  url: z.string(),
  viewUrl: z.string(),
});
export type AvatarUpload = z.infer<typeof avatarUpload>;
