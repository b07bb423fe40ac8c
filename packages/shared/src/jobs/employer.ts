import { z } from 'zod';
import { pageOf, pageQuery } from '../core/envelope';
import {
  COMPANY_SCALES,
  FINANCING_ROUNDS,
  geoLocation,
  INDUSTRIES,
  JOB_DEGREE_VALUES,
  JOB_NATURE_VALUES,
  jobCompany,
  NEGOTIABLE_SALARY,
} from './jobs';

/*
 * The employer's side of jobs (issue 14): the company profile job seekers read, a company's positions
 * (招聘职位) and its internship programmes' positions (实习岗位), put online and offline. Paths under
 * SERVICE_BASES.ourea (/api/ourea):
 *
 * Company: `PUT companies/mine` (CompanyBody, with nickname, financingRound, industry, scale),
 * `POST companies/mine/videos` CompanyVideoBody, `DELETE companies/mine/videos/{id}`,
 * public `GET companies/{id}` -> CompanyPage, `GET companies/names?search=&details=statistics` -> CompanyName[].
 * Positions (the business user's own company): `GET recruitment_occupations/mine` -> MyOccupationPage,
 * `POST recruitment_occupations` / `PUT recruitment_occupations/{id}` OccupationBody -> MyOccupation,
 * `PUT|DELETE recruitment_occupations/{id}/online` -> MyOccupation.
 * Public: `GET recruitment_occupations` JobCardsQuery -> JobCardPage, `GET recruitment_occupations/names`,
 * `GET recruitment_occupations/{id}` -> OccupationDetail.
 * Programmes: `PUT internship_groups/{id}/recruitment` RecruitmentBody, `GET|POST internship_groups/{groupId}/
 * intern_occupations`, `PUT|DELETE intern_occupations/{id}`; public `GET intern_programs` -> InternProgramPage,
 * `GET intern_programs/{id}` -> InternProgramDetail, `GET intern_occupations/{id}` -> InternOccupationDetail.
 */

const codes = <T extends readonly { value: string }[]>(list: T) =>
  list.map((i) => i.value) as unknown as [T[number]['value'], ...T[number]['value'][]];
export const FINANCING_ROUND_VALUES = codes(FINANCING_ROUNDS);
export const INDUSTRY_VALUES = codes(INDUSTRIES);
export const COMPANY_SCALE_VALUES = codes(COMPANY_SCALES);

/** The company's short name (companyNickName) at most 20 characters. */
export const COMPANY_NICKNAME_MAX = 20;

/** Limits of a position's form (recruitment and intern positions alike). */
export const OCCUPATION_LIMITS = {
  nameMax: 30,
  descriptionMax: 2000,
  addressMax: 100,
  skillsMax: 100,
  salaryMax: NEGOTIABLE_SALARY,
  videoTitleMax: 30,
  videosPerCompany: 10,
  /** suggestions of the autocomplete */
  namesMax: 10,
} as const;

/** The employer side's messages (validation first, in the order the form checks them). */
export const EMPLOYER_MSG = {
  nameRequired: '请输入职位名称',
  nameTooLong: `职位名称最多${OCCUPATION_LIMITS.nameMax}个字`,
  natureRequired: '请选择职位性质',
  salaryRequired: '请选择薪资范围',
  salaryInvalid: `薪资须为0到${NEGOTIABLE_SALARY}之间的整数（${NEGOTIABLE_SALARY}为面议）`,
  salaryOrder: '最低薪资不能高于最高薪资',
  cityRequired: '请选择工作城市',
  cityUnknown: '工作城市不存在',
  degreeRequired: '请选择学历要求',
  skillsTooLong: `技能标签最多${OCCUPATION_LIMITS.skillsMax}个字`,
  descriptionTooLong: `职位描述最多${OCCUPATION_LIMITS.descriptionMax}个字`,
  addressTooLong: `工作地址最多${OCCUPATION_LIMITS.addressMax}个字`,
  videoTitleTooLong: `视频标题最多${OCCUPATION_LIMITS.videoTitleMax}个字`,
  videosFull: `最多上传${OCCUPATION_LIMITS.videosPerCompany}个视频`,
  videoNotFound: '视频不存在',
  recruitStateInvalid: '请选择正确的发布状态',
  internOccupationNotFound: '实习岗位不存在',
  programNeedsOccupation: '请先添加实习岗位',
  saved: '保存成功',
  deleted: '删除成功',
  onlined: '职位已上线',
  offlined: '职位已下线',
  programOnline: '已发布为实习项目',
  programOffline: '实习项目已下线',
  onlineConfirm: '上线后求职者即可查看并投递该职位，确定上线吗？',
  offlineConfirm: '下线后求职者将无法投递该职位，确定下线吗？',
  programOnlineConfirm: '发布后学生可在实习项目中查看并申请，确定发布为实习项目吗？',
  programOfflineConfirm: '下线后学生将无法申请该实习项目，确定下线吗？',
  deleteConfirm: '删除后不可恢复，确认删除吗？',
  noOccupations: '暂无职位',
  noInternOccupations: '暂无实习岗位',
  noPrograms: '暂无实习项目',
} as const;

const yesNo = z.enum(['Yes', 'No']);
const id = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/)
  .describe('numeric id');

/** `{id}` of a path. */
export const employerIdParams = z.object({ id: z.string().regex(/^[1-9][0-9]{0,14}$/, '记录不存在') });
export const employerGroupParams = z.object({
  groupId: z.string().regex(/^[1-9][0-9]{0,14}$/, '实习计划不存在'),
});

const salary = z
  .number({ error: EMPLOYER_MSG.salaryRequired })
  .int(EMPLOYER_MSG.salaryInvalid)
  .min(0, EMPLOYER_MSG.salaryInvalid)
  .max(NEGOTIABLE_SALARY, EMPLOYER_MSG.salaryInvalid);

/**
 * A position as the employer saves it (recruitment and intern positions). Salaries in thousands a month;
 * 999 in either field: 面议 (both stored as 999).
 */
export const occupationBody = z
  .object({
    name: z
      .string({ error: EMPLOYER_MSG.nameRequired })
      .trim()
      .min(1, EMPLOYER_MSG.nameRequired)
      .refine((v) => [...v].length <= OCCUPATION_LIMITS.nameMax, EMPLOYER_MSG.nameTooLong),
    jobNature: z.enum(JOB_NATURE_VALUES, { error: EMPLOYER_MSG.natureRequired }),
    minSalary: salary,
    maxSalary: salary,
    cityCode: z
      .string({ error: EMPLOYER_MSG.cityRequired })
      .trim()
      .min(1, EMPLOYER_MSG.cityRequired)
      .describe('a city (level 2) of GET divisions'),
    degree: z.enum(JOB_DEGREE_VALUES, { error: EMPLOYER_MSG.degreeRequired }),
    skills: z
      .string()
      .trim()
      .refine((v) => [...v].length <= OCCUPATION_LIMITS.skillsMax, EMPLOYER_MSG.skillsTooLong)
      .optional()
      .default('')
      .describe('comma-separated'),
    description: z
      .string()
      .refine((v) => [...v].length <= OCCUPATION_LIMITS.descriptionMax, EMPLOYER_MSG.descriptionTooLong)
      .optional()
      .default(''),
    address: z
      .string()
      .trim()
      .refine((v) => [...v].length <= OCCUPATION_LIMITS.addressMax, EMPLOYER_MSG.addressTooLong)
      .optional()
      .default(''),
  })
  .superRefine((b, ctx) => {
    if (isNegotiable(b)) return;
    if (b.minSalary > b.maxSalary)
      ctx.addIssue({ code: 'custom', path: ['minSalary'], message: EMPLOYER_MSG.salaryOrder });
  });
export type OccupationBody = z.infer<typeof occupationBody>;
export type OccupationBodyInput = z.input<typeof occupationBody>;

/** 面议: 999 in either salary field. */
export const isNegotiable = (s: { minSalary: number; maxSalary: number }) =>
  s.minSalary === NEGOTIABLE_SALARY || s.maxSalary === NEGOTIABLE_SALARY;

/** The salaries as stored: 面议 is 999-999, otherwise as given. */
export const storedSalary = (s: { minSalary: number; maxSalary: number }) =>
  isNegotiable(s)
    ? { minSalary: NEGOTIABLE_SALARY, maxSalary: NEGOTIABLE_SALARY }
    : { minSalary: s.minSalary, maxSalary: s.maxSalary };

/** The fields of a position's form the employer edits, as the server answers them. */
const occupationFields = {
  id: z.string(),
  name: z.string(),
  jobNature: z.enum(JOB_NATURE_VALUES),
  jobNatureTitle: z.string(),
  minSalary: z.number().int(),
  maxSalary: z.number().int(),
  cityCode: z.string(),
  cityName: z.string(),
  provinceName: z.string(),
  degree: z.enum(JOB_DEGREE_VALUES),
  degreeTitle: z.string(),
  skills: z.string(),
  description: z.string(),
  address: z.string(),
  location: geoLocation.nullable().describe('null: the address was not found (or no geocoder)'),
};

/** A position on the employer's 职位管理 list. */
export const myOccupation = z.object({
  ...occupationFields,
  onlined: yesNo,
  approvalAt: z.number().nullable().describe('ms: when it was last put online'),
  updatedAt: z.number(),
});
export type MyOccupation = z.infer<typeof myOccupation>;
export const myOccupationsQuery = pageQuery.extend({
  onlined: yesNo.optional().describe('only online (Yes) or offline (No) ones'),
});
export type MyOccupationsQuery = z.infer<typeof myOccupationsQuery>;
export const myOccupationPage = pageOf(myOccupation);
export type MyOccupationPage = z.infer<typeof myOccupationPage>;

/** A job card (the public list, a company's page). */
export const jobCard = z.object({
  id: z.string(),
  name: z.string(),
  jobNature: z.enum(JOB_NATURE_VALUES),
  jobNatureTitle: z.string(),
  minSalary: z.number().int(),
  maxSalary: z.number().int(),
  cityName: z.string(),
  degreeTitle: z.string(),
  skills: z.string(),
  approvalAt: z.number().nullable(),
  companyId: z.string(),
  logo: z.string().nullable(),
  companyNickName: z.string(),
  financingRoundTitle: z.string(),
  industryTitle: z.string(),
  scaleTitle: z.string(),
});
export type JobCard = z.infer<typeof jobCard>;
export const jobCardsQuery = pageQuery.extend({
  search: z.string().trim().max(50).optional().describe('part of the position’s name'),
  cityCode: z.string().trim().max(12).optional(),
  jobNature: z.enum(JOB_NATURE_VALUES).optional(),
  companyId: id.optional(),
});
export type JobCardsQuery = z.infer<typeof jobCardsQuery>;
export const jobCardPage = pageOf(jobCard);
export type JobCardPage = z.infer<typeof jobCardPage>;

/** `GET …/names?search=&details=` (autocomplete). */
export const namesQuery = z.object({
  search: z.string().trim().max(50).optional().default(''),
  details: z.string().max(50).optional().describe('statistics: add the online position count (companies)'),
});
export type NamesQuery = z.infer<typeof namesQuery>;
export const occupationName = z.object({ id: z.string(), name: z.string() });
export const occupationNames = z.array(occupationName);
export const companyName = z.object({
  id: z.string(),
  name: z.string(),
  nickName: z.string(),
  occupationCount: z.number().int().optional().describe('with details=statistics'),
});
export const companyNames = z.array(companyName);
export type CompanyName = z.infer<typeof companyName>;

/** A company's video as job seekers see it. */
export const companyVideo = z.object({ id: z.string(), title: z.string(), url: z.string() });

/** `GET companies/{id}`: the public company page. */
export const companyPage = jobCompany.extend({
  videoCount: z.number().int(),
  occupationCount: z.number().int().describe('online positions'),
  videos: z.array(companyVideo),
});
export type CompanyPage = z.infer<typeof companyPage>;

/** `POST companies/mine/videos`: an own upload of purpose companyVideo. */
export const companyVideoBody = z.object({
  fileId: z.number().int().positive(),
  title: z
    .string()
    .trim()
    .refine((v) => [...v].length <= OCCUPATION_LIMITS.videoTitleMax, EMPLOYER_MSG.videoTitleTooLong)
    .optional()
    .default(''),
});
export type CompanyVideoBody = z.infer<typeof companyVideoBody>;

// ----- Internship programmes

export const RECRUIT_STATES = ['Draft', 'Online', 'Offline'] as const;
export type RecruitState = (typeof RECRUIT_STATES)[number];

/** `PUT internship_groups/{id}/recruitment`: Online publishes it, Offline takes it down (deleted Yes). */
export const recruitmentBody = z.object({
  recruitState: z.enum(['Online', 'Offline'], { error: EMPLOYER_MSG.recruitStateInvalid }),
});
export type RecruitmentBody = z.infer<typeof recruitmentBody>;

/** An intern position on the organiser's editor. */
export const managedInternOccupation = z.object(occupationFields);
export type ManagedInternOccupation = z.infer<typeof managedInternOccupation>;

/** `GET internship_groups/{groupId}/intern_occupations` and the answer of the recruitment toggle. */
export const groupRecruitment = z.object({
  groupId: z.string(),
  recruitState: z.enum(RECRUIT_STATES),
  rows: z.array(managedInternOccupation),
});
export type GroupRecruitment = z.infer<typeof groupRecruitment>;

/** A programme on the public list (`GET intern_programs`). */
export const internProgramCard = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.string(),
  internshipStartTimestamp: z.number(),
  internshipEndTimestamp: z.number(),
  company: jobCompany,
  occupations: z.array(z.object({ id: z.string(), name: z.string(), cityName: z.string() })),
});
export type InternProgramCard = z.infer<typeof internProgramCard>;
export const internProgramsQuery = pageQuery;
export const internProgramPage = pageOf(internProgramCard);
export type InternProgramPage = z.infer<typeof internProgramPage>;
