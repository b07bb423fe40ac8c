import { z } from 'zod';

/*
 * Portal content (issue 15, portal spec 2.1, 2.5-2.7, 7): one content model behind every public page of a
 * site, authored in the content console by the site's admin (platform admin for the product site, college
 * admin for a school site, area admin for an area site). A site shows its own published rows and the
 * product site's. Kinds and where they appear:
 *
 * | kind         | public pages                                                                           |
 * | course       | /qualitycourse/index (vocational: /qualitycourse/vocationalCourse), details, preview,   |
 * |              | allpreview, /qualityClassroom/index, /home/jxjy_coursedetail, /u/resourceStore         |
 * | experiment   | /cloudexperiment/index, details, preview, sample, transfer                              |
 * | project      | /industryproject/index, details, sample, transfer, practicalpreview                     |
 * | case         | /case/index, /case/caseDetails/{id}                                                     |
 * | lab          | /lab/{platform} (slug = platform key) with the experiments and courses tagged to it     |
 * | news, notice | /alliance/index/journalism(/{id}), /alliance/index/inform(/{id})                         |
 * | member       | /alliance/index/member                                                                  |
 * | recruit      | /recruitinfo/index, /recruitinfo/recruitinfodetail?id=                                  |
 * | page         | single pages by slug (PAGE_SLUGS)                                                       |
 * | courseSystem | a school's course system matrix (course/course_systems, course_system_items/matrix)     |
 */

export const PORTAL_CONTENT_MSG = {
  notFound: '内容不存在或已下线',
  idInvalid: 'id格式不正确',
  noConsole: '当前身份无内容管理权限',
  notOwner: '无权操作其他站点的内容',
  titleRequired: '请输入标题',
  titleTooLong: '标题不能超过60个字符',
  summaryTooLong: '摘要不能超过300个字符',
  bodyTooLong: '正文过长，请精简后再保存',
  slugRequired: '请选择页面',
  slugTaken: '该页面已存在，请直接编辑',
  labRequired: '请选择所属实验室',
  kindInvalid: '内容类型不正确',
  attrsInvalid: '内容字段不正确',
  coverInvalid: '封面图片不存在，请重新上传',
  orderInvalid: '排序的内容与列表不一致',
  saved: '保存成功',
  published: '发布成功',
  unpublished: '已下线',
  deleted: '删除成功',
  deleteConfirm: '删除后不可恢复，确定删除吗？',
  unpublishConfirm: '下线后访客将看不到该内容，确定下线吗？',
  empty: '暂无内容',
  searchEmpty: '没有找到相关内容',
  queryTooLong: '搜索词不能超过30个字符',
  loadFailed: '内容加载失败',
  needLogin: '请先登录',
  courseSystemCellInvalid: '课程体系中的课程不存在',
} as const;

export const CONTENT_KINDS = [
  'course',
  'experiment',
  'project',
  'case',
  'lab',
  'news',
  'notice',
  'member',
  'recruit',
  'page',
  'courseSystem',
] as const;
export const contentKind = z.enum(CONTENT_KINDS, { error: PORTAL_CONTENT_MSG.kindInvalid });
export type ContentKind = z.infer<typeof contentKind>;

/** The Chinese name of each kind (console menu, search results). */
export const CONTENT_KIND_TITLES: Record<ContentKind, string> = {
  course: '精品课程',
  experiment: '云端实验',
  project: '产业项目',
  case: '案例',
  lab: '平台实验室',
  news: '新闻动态',
  notice: '通知公告',
  member: '联盟成员',
  recruit: '招聘信息',
  page: '单页',
  courseSystem: '课程体系',
};

export const CONTENT_STATUSES = ['Draft', 'Published'] as const;
export const contentStatus = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof contentStatus>;
export const CONTENT_STATUS_TITLES: Record<ContentStatus, string> = { Draft: '草稿', Published: '已发布' };

/** The nine platform laboratories (portal spec 1); a lab row's slug is one of these keys. */
export const LAB_KEYS = [
  'harmony',
  'accreditation',
  'bigdata',
  'ai',
  'ic',
  'xinchuang',
  'iot',
  'manufacturing',
  'practice',
] as const;
export const labKey = z.enum(LAB_KEYS, { error: PORTAL_CONTENT_MSG.labRequired });
export type LabKey = z.infer<typeof labKey>;

/** Single pages (kind page) by slug, with the address each is shown at. */
export const PAGE_SLUGS = {
  allianceHome: { title: '联盟首页', path: '/alliance/index' },
  allianceAbout: { title: '联盟简介', path: '/alliance/index/about' },
  qualification: { title: '资质荣誉', path: '/qualification/index' },
  education: { title: '工程教育认证', path: '/education/index' },
  ability: { title: '能力测评', path: '/ability/index' },
  version: { title: '版本介绍', path: '/exclusive/version' },
  publishing: { title: '教材中心', path: '/publishing' },
  identity: { title: '身份认证', path: '/identity' },
  qualityClassroom: { title: '优质课堂', path: '/qualityClassroom/index' },
  hefeixinhuo: { title: '合肥薪火计划', path: '/home/hefeixinhuo' },
  areaHefeixinhuo: { title: '合肥薪火计划（区域）', path: '/area/hefeixinhuo' },
  openGauss: { title: 'openGauss 实训', path: '/training/openGauss' },
  qdecInternProgram: { title: '职业院校智能制造产教联盟实习计划', path: '/exclusive/qdecInternProgram' },
  researchDesign: { title: '设计服务平台', path: '/portal/cds' },
  researchTapeout: { title: '流片服务平台', path: '/portal/vss' },
  researchCustom: { title: '定制研发平台', path: '/portal/cpc' },
} as const;
export type PageSlug = keyof typeof PAGE_SLUGS;
export const PAGE_SLUG_KEYS = Object.keys(PAGE_SLUGS) as [PageSlug, ...PageSlug[]];
export const pageSlug = z.enum(PAGE_SLUG_KEYS, { error: PORTAL_CONTENT_MSG.slugRequired });

// ---------------------------------------------------------------------------------------------
// Kind-specific fields (attrs). Every field has a default so an old row reads with the current schema.

const text = (max: number) => z.string().trim().max(max).default('');
const html = z.string().max(200_000).default('');

/** A section (小节) of a course chapter. `free`: visitors may open it in the chapter preview. */
export const courseSection = z.object({
  title: z.string().trim().min(1, '请输入小节名称').max(60),
  minutes: z.number().int().min(0).max(10_000).default(0),
  free: z.boolean().default(false),
  body: html,
});
export const courseChapter = z.object({
  title: z.string().trim().min(1, '请输入章节名称').max(60),
  sections: z.array(courseSection).max(50).default([]),
});
export const courseAttrs = z.object({
  /** 专业方向 (filter): 软件工程, 大数据, 人工智能 … */
  category: text(20),
  courseType: z.enum(['Theory', 'Train']).default('Theory'),
  /** a vocational course (职教课程): listed at /qualitycourse/vocationalCourse */
  vocational: z.boolean().default(false),
  hours: z.number().int().min(0).max(1000).default(0),
  teacher: text(30),
  school: text(40),
  chapters: z.array(courseChapter).max(50).default([]),
});
export type CourseAttrs = z.infer<typeof courseAttrs>;

export const contentStep = z.object({
  title: z.string().trim().min(1, '请输入步骤名称').max(60),
  body: html,
});

/** Cloud IDE address parts (foundation spec 7: GET /api/course/huawei/cloud/service_uri). */
const cloudFields = {
  serviceType: text(30),
  projectId: text(64),
  repositoryId: text(64),
};
export const DIFFICULTIES = ['初级', '中级', '高级'] as const;

export const experimentAttrs = z.object({
  category: text(20),
  difficulty: z.enum(DIFFICULTIES).default('初级'),
  minutes: z.number().int().min(0).max(10_000).default(0),
  /** the environment shown on the card and the details page (系统与软件) */
  environment: text(80),
  steps: z.array(contentStep).max(50).default([]),
  /** the sample report (/cloudexperiment/sample) */
  sample: html,
  ...cloudFields,
});
export type ExperimentAttrs = z.infer<typeof experimentAttrs>;

export const projectAttrs = z.object({
  industry: text(20),
  difficulty: z.enum(DIFFICULTIES).default('中级'),
  hours: z.number().int().min(0).max(1000).default(0),
  /** the positions the project trains for */
  positions: z.array(z.string().trim().min(1).max(20)).max(10).default([]),
  /** 项目阶段 on the details page */
  stages: z.array(contentStep).max(30).default([]),
  /** /industryproject/sample: the sample deliverable */
  sample: html,
  /** /industryproject/practicalpreview: the practical tasks */
  practical: z.array(contentStep).max(30).default([]),
  ...cloudFields,
});
export type ProjectAttrs = z.infer<typeof projectAttrs>;

export const caseAttrs = z.object({ organisation: text(40), industry: text(20) });
export const labAttrs = z.object({
  solutions: z
    .array(z.object({ title: z.string().trim().min(1, '请输入方案名称').max(30), description: text(200) }))
    .max(12)
    .default([]),
});
export const articleAttrs = z.object({ source: text(30) });
export const MEMBER_TYPES = ['理事长单位', '副理事长单位', '常务理事单位', '成员单位'] as const;
export const memberAttrs = z.object({
  memberType: z.enum(MEMBER_TYPES).default('成员单位'),
  website: z
    .string()
    .trim()
    .max(300)
    .refine((v) => v === '' || /^https?:\/\//.test(v), '网址需以 http:// 或 https:// 开头')
    .default(''),
});
export const recruitAttrs = z.object({
  company: text(40),
  city: text(20),
  salary: text(20),
  /** yyyy-mm-dd, '' for none */
  deadline: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, '截止日期格式不正确')
    .default(''),
  positions: z.array(z.string().trim().min(1).max(20)).max(20).default([]),
  contact: text(60),
});
export const pageAttrs = z.object({});
/** A course system (课程体系): columns (e.g. 基础/核心/拓展) and rows (e.g. 学期) holding course ids. */
export const courseSystemAttrs = z.object({
  columns: z.array(z.string().trim().min(1).max(20)).max(8).default([]),
  rows: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(20),
        cells: z
          .array(z.array(z.string().regex(/^[1-9][0-9]{0,14}$/)).max(20))
          .max(8)
          .default([]),
      }),
    )
    .max(12)
    .default([]),
});

export const CONTENT_ATTRS = {
  course: courseAttrs,
  experiment: experimentAttrs,
  project: projectAttrs,
  case: caseAttrs,
  lab: labAttrs,
  news: articleAttrs,
  notice: articleAttrs,
  member: memberAttrs,
  recruit: recruitAttrs,
  page: pageAttrs,
  courseSystem: courseSystemAttrs,
} as const satisfies Record<ContentKind, z.ZodType>;

/** The attrs of a kind read with defaults (unknown fields dropped); invalid ones read as the defaults. */
export const readAttrs = <K extends ContentKind>(
  kind: K,
  value: unknown,
): z.infer<(typeof CONTENT_ATTRS)[K]> => {
  const schema = CONTENT_ATTRS[kind] as z.ZodType;
  const parsed = schema.safeParse(value ?? {});
  return (parsed.success ? parsed.data : schema.parse({})) as z.infer<(typeof CONTENT_ATTRS)[K]>;
};

// ---------------------------------------------------------------------------------------------
// Calls. Public: under /api/portal (the site is the one the host names). Console: /api/portal/console.

export const PORTAL_CONTENT_BASE = '/api/portal';
export const PORTAL_CONSOLE_BASE = '/api/portal/console';
export const CONTENT_PAGE_SIZE = 12;
export const CONTENT_QUERY_MAX = 30;

const idParamText = z
  .string({ error: PORTAL_CONTENT_MSG.idInvalid })
  .regex(/^[1-9][0-9]{0,14}$/, PORTAL_CONTENT_MSG.idInvalid);
export const contentIdParams = z.object({ id: idParamText });
export const contentSlugParams = z.object({ kind: contentKind, slug: z.string().min(1).max(40) });

/** `GET /api/portal/contents`: a site's published rows, newest first for news/notice/recruit, else by sort. */
export const contentListQuery = z.object({
  /** omitted: every listed kind (search across the catalogue) */
  kind: contentKind.optional(),
  q: z.string().trim().max(CONTENT_QUERY_MAX, PORTAL_CONTENT_MSG.queryTooLong).optional(),
  /** a lab platform key: rows tagged to it */
  tag: labKey.optional(),
  /** attrs.category (course, experiment), attrs.industry (project, case) */
  category: z.string().trim().max(20).optional(),
  /** courses: 'true' vocational only, 'false' the others */
  vocational: z.enum(['true', 'false']).optional(),
  /** courses: 理论课 (Theory) or 实践课 (Train) only */
  courseType: z.enum(['Theory', 'Train']).optional(),
  /** comma list of ids (course_resources) */
  ids: z.string().max(2000).optional(),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(CONTENT_PAGE_SIZE),
});
export type ContentListQuery = z.infer<typeof contentListQuery>;

/** A list card. `coverUrl` is a stable public address (/api/portal/images/{fileId}) or ''. */
export const contentCard = z.object({
  id: z.string(),
  kind: contentKind,
  slug: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  coverUrl: z.string(),
  tags: z.array(z.string()),
  /** ms since epoch; 0 for never */
  publishedAt: z.number().int(),
  /** the row's site code; the product site's rows show on every site */
  ownerCode: z.string(),
  attrs: z.record(z.string(), z.unknown()).describe('the kind-specific fields (see CONTENT_ATTRS)'),
  /** search hits: a short plain-text excerpt around the match */
  excerpt: z.string().optional(),
});
export type ContentCard = z.infer<typeof contentCard>;
export const contentPage = z.object({ rows: z.array(contentCard), total: z.number().int() });
export type ContentPage = z.infer<typeof contentPage>;

/** A detail: the card plus the sanitized HTML body and the neighbours in its list (上一篇 / 下一篇). */
export const contentDetail = contentCard.extend({
  body: z.string(),
  updatedAt: z.number().int(),
  prev: z.object({ id: z.string(), title: z.string() }).nullable(),
  next: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type ContentDetail = z.infer<typeof contentDetail>;

/** `GET /api/portal/labs/{platform}`: the lab page (its row may be missing: then name and description only). */
export const labPage = z.object({
  key: labKey,
  lab: contentDetail.nullable(),
  experiments: z.array(contentCard),
  courses: z.array(contentCard),
  projects: z.array(contentCard),
});
export type LabPage = z.infer<typeof labPage>;
export const labParams = z.object({ platform: labKey });

// Console -------------------------------------------------------------------------------------

/** `GET /api/portal/console/scope`: the site the signed-in admin manages. */
export const consoleScope = z.object({
  ownerCode: z.string(),
  siteName: z.string(),
  /** '' product, school, area */
  siteType: z.enum(['', 'school', 'area']),
});
export type ConsoleScope = z.infer<typeof consoleScope>;

export const consoleListQuery = z.object({
  kind: contentKind,
  status: contentStatus.optional(),
  q: z.string().trim().max(CONTENT_QUERY_MAX, PORTAL_CONTENT_MSG.queryTooLong).optional(),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ConsoleListQuery = z.infer<typeof consoleListQuery>;

export const consoleRow = contentCard.extend({
  status: contentStatus,
  sort: z.number().int(),
  updatedAt: z.number().int(),
  coverFileId: z.string().nullable(),
});
export type ConsoleRow = z.infer<typeof consoleRow>;
export const consolePage = z.object({ rows: z.array(consoleRow), total: z.number().int() });
export const consoleDetail = consoleRow.extend({ body: z.string() });
export type ConsoleDetail = z.infer<typeof consoleDetail>;

/**
 * `POST /api/portal/console/contents`, `PUT …/{id}`: the body is sanitized on the server (scripts, event
 * handlers and foreign frames dropped); images in it are /api/portal/images/{fileId} addresses of files
 * uploaded with purpose contentImage.
 */
export const contentInput = z
  .object({
    kind: contentKind,
    slug: z.string().trim().max(40).nullable().default(null),
    title: z
      .string({ error: PORTAL_CONTENT_MSG.titleRequired })
      .trim()
      .min(1, PORTAL_CONTENT_MSG.titleRequired)
      .max(60, PORTAL_CONTENT_MSG.titleTooLong),
    summary: z.string().trim().max(300, PORTAL_CONTENT_MSG.summaryTooLong).default(''),
    coverFileId: idParamText.nullable().default(null),
    body: z.string().max(200_000, PORTAL_CONTENT_MSG.bodyTooLong).default(''),
    attrs: z.record(z.string(), z.unknown()).default({}),
    tags: z.array(labKey).max(LAB_KEYS.length).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'page' && !pageSlug.safeParse(v.slug).success) {
      ctx.addIssue({ code: 'custom', path: ['slug'], message: PORTAL_CONTENT_MSG.slugRequired });
    }
    if (v.kind === 'lab' && !labKey.safeParse(v.slug).success) {
      ctx.addIssue({ code: 'custom', path: ['slug'], message: PORTAL_CONTENT_MSG.labRequired });
    }
    const attrs = (CONTENT_ATTRS[v.kind] as z.ZodType).safeParse(v.attrs);
    if (!attrs.success) {
      const first = attrs.error.issues[0];
      ctx.addIssue({
        code: 'custom',
        path: ['attrs', ...(first?.path ?? []).map(String)],
        message: first?.message || PORTAL_CONTENT_MSG.attrsInvalid,
      });
    }
  });
export type ContentInput = z.input<typeof contentInput>;

/** `PUT /api/portal/console/contents/order`: the ids of one kind in their new order (first = top). */
export const contentOrderBody = z.object({
  kind: contentKind,
  ids: z.array(idParamText).min(1).max(500),
});
export type ContentOrderBody = z.infer<typeof contentOrderBody>;

/** Newest-first kinds (by publishedAt); the others follow the console order (sort). */
export const DATED_KINDS: readonly ContentKind[] = ['news', 'notice', 'recruit'];

/** The public address of a row (its detail page, or its list page for kinds without one). */
export const contentPath = (row: { kind: ContentKind; id: string; slug: string | null; attrs?: unknown }) => {
  switch (row.kind) {
    case 'course':
      return `/qualitycourse/details?id=${row.id}`;
    case 'experiment':
      return `/cloudexperiment/details?id=${row.id}`;
    case 'project':
      return `/industryproject/details?id=${row.id}`;
    case 'case':
      return `/case/caseDetails/${row.id}`;
    case 'lab':
      return `/lab/${row.slug ?? ''}`;
    case 'news':
      return `/alliance/index/journalism/${row.id}`;
    case 'notice':
      return `/alliance/index/inform/${row.id}`;
    case 'member':
      return '/alliance/index/member';
    case 'recruit':
      return `/recruitinfo/recruitinfodetail?id=${row.id}`;
    case 'page':
      return row.slug && row.slug in PAGE_SLUGS ? PAGE_SLUGS[row.slug as PageSlug].path : '/home/index';
    default:
      return '/home/index';
  }
};
