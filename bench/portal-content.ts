// bench/portal-content: the public content lists of issue 15 (portal spec 2.1) and a site admin's console
// list, with 10,000 published rows on one site against a baseline of 20 rows on it, measured in the same
// run and database (the baseline first; then the rows are added and analysed). Median and p95 of `repeat`
// requests each (after 5 warm-up ones), in-process (app.inject; helpers of bench/jobs-lists.ts), so
// network and the HTTP parser don't blur the database's share.
//   - the site is a school site (its own host: the public reads cover its codes and the product site's,
//     own rows first); the product site has 3 courses and 2 news of its own in both states;
//   - the rows: 5,000 courses, 3,000 news, 600 experiments, 400 projects, 400 notices, 300 cases, 300
//     recruitment notices (the baseline's 20 among them: 12 courses, 6 news, an experiment, a project),
//     with Chinese titles, summaries and HTML bodies of about 1-2 kB (realistic n-gram search vectors);
//   - the baseline rows are made through the service (createContent + publishContent); the other 9,980 are
//     written in batches, with the body through the service's sanitizer and the search column from the
//     service's searchTextOf, as the service writes them. They come first in their lists (smaller sort,
//     newer publishedAt), so the loaded pages show loaded rows;
//   - measured: GET /api/portal/contents?kind=course (page 1 and page 400), ?kind=news (newest first),
//     ?q=软件工程 and ?q=pyth (a search across the kinds; a latin prefix), GET /api/portal/contents/{id} (a
//     course with its neighbours; the same baseline course in both states) and, as the site's admin,
//     GET /api/portal/console/contents?kind=course.
// slower = loaded / baseline (median; p95 alike); the target is at most 3 for every page.
// `npx tsx bench/portal-content.ts` runs it alone; `npm run bench` runs it with the others
// (BENCH_PORTAL_CONTENT=false skips it). BENCH_PORTAL_CONTENT_REPEAT (100); BENCH_PORTAL_CONTENT_EXPLAIN=true
// prints the plans of the list queries after loading. On PGlite, and on PostgreSQL too when the server of
// TEST_DATABASE_URL or else BENCH_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres) answers.
import { pathToFileURL } from 'node:url';
import {
  type ContentInput,
  type ContentKind,
  PORTAL_CONSOLE_BASE,
  PORTAL_CONTENT_BASE,
  readAttrs,
} from '@uplus/shared';
import { sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import type { Database, Db } from '../apps/server/src/db/client';
import { portalContents } from '../apps/server/src/db/schema';
import {
  SEARCH_KINDS,
  searchTextOf,
  tsqueryOf,
} from '../apps/server/src/modules/portal-content/portal-content.service';
import {
  addContent,
  productSite,
  schoolSite,
  type TestSite,
} from '../apps/server/src/modules/portal-content/portal-content.test-support';
import { sanitizeContentHtml } from '../apps/server/src/modules/portal-content/sanitize';
import { testConfig } from '../apps/server/src/test/app';
import { type Driver, openTestDatabase } from '../apps/server/src/test/database';
import { quantile, rowsOf, type TimedCase, timeCases } from './jobs-lists';

export type PortalContentCase = {
  name: string;
  driver: Driver;
  /** rows on the measured page (1 for a detail), before and after loading */
  baselineRows: number;
  loadedRows: number;
  /** `total` of the list answers, before and after loading (null for a detail) */
  baselineTotal: number | null;
  loadedTotal: number | null;
  baselineMedianMs: number;
  baselineP95Ms: number;
  loadedMedianMs: number;
  loadedP95Ms: number;
  /** loaded / baseline, of the medians and of the p95s (1.0: no slower; target <= 3) */
  slowerMedian: number;
  slowerP95: number;
};

export const PORTAL_CONTENT_TARGET = 3;

/** The site's rows of each kind after loading (10,000), and the baseline's share of them (20). */
const LOADED: Partial<Record<ContentKind, number>> = {
  course: 5000,
  news: 3000,
  experiment: 600,
  project: 400,
  notice: 400,
  case: 300,
  recruit: 300,
};
const BASELINE: Partial<Record<ContentKind, number>> = { course: 12, news: 6, experiment: 1, project: 1 };
const DAY = 86_400_000;
const BATCH = 250;

// ---------------------------------------------------------------------------------------------------------
// Text: deterministic (a seeded generator), Chinese as a school site writes it.

const random = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;

const CATEGORIES = ['软件工程', '大数据', '人工智能', '云计算', '网络安全', '物联网', '集成电路', '鸿蒙开发'];
const COURSES: [string, string][] = [
  ['软件工程导论', '软件工程'],
  ['Python 程序设计基础', '人工智能'],
  ['Python 数据分析与可视化', '大数据'],
  ['Java 面向对象程序设计', '软件工程'],
  ['Java Web 应用开发', '大数据'],
  ['数据结构与算法', '人工智能'],
  ['操作系统原理', '云计算'],
  ['计算机网络', '网络安全'],
  ['数据库系统概论', '大数据'],
  ['Hadoop 大数据平台实践', '大数据'],
  ['Spark 分布式计算', '大数据'],
  ['机器学习基础', '人工智能'],
  ['深度学习与计算机视觉', '人工智能'],
  ['自然语言处理实践', '人工智能'],
  ['云计算技术与应用', '云计算'],
  ['容器与 Kubernetes 运维', '云计算'],
  ['网络攻防技术', '网络安全'],
  ['密码学与信息安全', '网络安全'],
  ['物联网工程导论', '物联网'],
  ['嵌入式系统设计', '物联网'],
  ['传感器与智能硬件', '物联网'],
  ['数字集成电路设计', '集成电路'],
  ['FPGA 开发实战', '集成电路'],
  ['HarmonyOS 应用开发', '鸿蒙开发'],
  ['ArkTS 语言基础', '鸿蒙开发'],
  ['Web 前端开发技术', '云计算'],
  ['软件测试与质量保证', '软件工程'],
  ['软件项目管理', '软件工程'],
  ['人工智能导论', '人工智能'],
  ['openGauss 数据库实训', '大数据'],
];
const EDITIONS = ['', '（微课版）', '（第2版）', '实践教程', '项目实战', '（双语）', '精讲', '（2024 春）'];
const TEACHERS = [
  '张伟',
  '王芳',
  '李娜',
  '刘洋',
  '陈静',
  '杨帆',
  '赵磊',
  '黄敏',
  '周杰',
  '吴婷',
  '孙浩',
  '马丽',
];
const SCHOOLS = ['华东理工学院', '江南信息职业技术学院', '滨海科技大学', '西部软件学院', '中原工学院'];
const COMPANIES = [
  '华为技术有限公司',
  '中软国际',
  '科大讯飞',
  '浪潮集团',
  '金蝶软件',
  '用友网络',
  '海康威视',
];
const CITIES = ['上海', '南京', '杭州', '合肥', '深圳', '成都', '武汉'];
const EVENTS = [
  '产教融合研讨会',
  '软件工程专业建设推进会',
  '人工智能创新应用大赛',
  '鸿蒙生态人才培养启动仪式',
  '大数据技能竞赛颁奖典礼',
  '校企合作签约仪式',
  '双师型教师培训班',
  '毕业生就业双选会',
  '网络安全宣传周活动',
  '集成电路产业学院揭牌仪式',
];
const SENTENCES = [
  '课程面向计算机类专业本科生和高职学生，注重理论与实践相结合。',
  '通过本课程的学习，学生能够掌握本领域的基本原理、方法和工具。',
  '课程内容涵盖需求分析、系统设计、编码实现、测试与维护等环节。',
  '教学团队由校内骨干教师和企业工程师共同组成，具有丰富的项目经验。',
  '每个章节配有课堂讲授视频、课件、随堂测验和实验指导书。',
  '学生可以在云端实验环境中完成编程练习，无需在本地安装开发工具。',
  '课程采用项目驱动的教学方式，以真实企业案例贯穿始终。',
  '期末考核由平时作业、实验报告、项目答辩和在线考试四部分组成。',
  '本课程已入选省级一流本科课程，累计选课人数超过两万人次。',
  '学习本课程前，建议先修读程序设计基础和离散数学等课程。',
  '课程提供配套的在线编程环境，支持浏览器中直接编写和运行代码。',
  '实验部分基于 Linux 操作系统，学生需要熟悉常用的命令行操作。',
  '课程内容紧跟行业发展，引入了云原生、微服务和持续集成等新技术。',
  '学生将分组完成一个完整的软件项目，经历从立项到交付的全过程。',
  '课程强调团队协作、沟通表达和工程伦理等职业素养的培养。',
  '在线讨论区由助教每日答疑，学生也可以预约教师的线上辅导。',
  '课程资源持续更新，每学期根据学生反馈和企业需求进行调整。',
  '通过大数据平台的搭建与运维，学生能够理解分布式系统的核心思想。',
  '实验环境预装了 Hadoop、Spark 和 Hive 等常用组件。',
  '课程介绍机器学习的经典算法，包括线性回归、决策树和支持向量机。',
  '深度学习部分使用 PyTorch 框架，完成图像分类和目标检测等任务。',
  '学生需要提交实验报告，说明实验步骤、运行结果和问题分析。',
  '本课程与华为 ICT 学院合作开发，部分内容对接职业技能认证。',
  '课程配套教材已由高等教育出版社出版，并提供电子版供学生下载。',
  '鸿蒙应用开发部分讲解 ArkTS 语言、声明式界面和分布式能力。',
  '课程设置了多个综合实训项目，覆盖电商、政务和制造等行业场景。',
  '网络安全部分通过靶场演练，让学生了解常见攻击手段与防护措施。',
  '嵌入式实验使用开发板完成传感器采集、数据上传和远程控制。',
  '集成电路设计部分介绍从寄存器传输级描述到版图设计的完整流程。',
  '数据库实验使用 openGauss，学生需要完成建表、查询优化和事务处理。',
  '课程组每年组织教学研讨，持续优化教学大纲和考核方式。',
  '学生完成全部学习任务并通过考核后，可获得课程结业证书。',
  '课堂教学与线上自主学习相结合，学生可按照自己的节奏安排进度。',
  '课程案例来自智慧城市、金融科技和工业互联网等真实场景。',
  '每次实验结束后，系统会自动评测代码并给出详细的反馈意见。',
  '教师可以在平台上查看学生的学习进度、作业成绩和实验记录。',
  '课程鼓励学生参加各类学科竞赛，以赛促学、以赛促教。',
  '本课程的实训项目由合作企业提供，并由企业导师参与指导和评价。',
  '课程重视基础概念的讲解，帮助学生建立完整的知识体系。',
  '学生需要阅读指定的参考文献，并撰写课程学习总结。',
  '课程提供丰富的拓展阅读材料，满足不同层次学生的学习需求。',
  '课程团队建设了配套的习题库，题目覆盖各章节的重点和难点。',
  '实验平台支持多人协作开发，学生可以体验版本管理和代码评审。',
  '课程中的综合项目要求学生完成需求文档、设计文档和测试报告。',
  '部分章节邀请行业专家录制专题讲座，介绍前沿技术与应用。',
];
/** Sentences few rows have (the measured search terms), with the share of bodies that get one. */
const RARE: [number, string][] = [
  [0.04, '本课程也是软件工程专业认证的支撑课程之一，对接工程教育认证标准。'],
  [0.04, '部分实验使用 Python 完成数据处理，配套提供 Jupyter 在线笔记本。'],
];
const ENVIRONMENTS = [
  'Ubuntu 22.04 / Python 3.11 / VS Code',
  'openEuler 22.03 / JDK 17 / IntelliJ IDEA',
  'Windows 11 / Visual Studio 2022',
  'Ubuntu 22.04 / GCC 12 / CMake',
  'HarmonyOS / DevEco Studio 4.0',
];
const NEWS_SENTENCES = [
  '来自全国五十余所高校和二十多家企业的代表参加了本次活动。',
  '会上，学院院长介绍了近年来专业建设和人才培养方面取得的成绩。',
  '与会专家围绕产教融合、课程改革和实践教学等议题进行了深入交流。',
  '活动现场，校企双方签订了合作协议，将共建联合实验室和实习基地。',
  '本次大赛共吸引了三百余支队伍报名，经过初赛和复赛的激烈角逐。',
  '获奖团队的作品涵盖智慧医疗、智能交通和数字乡村等多个领域。',
  '学校将以此为契机，进一步深化计算机类和人工智能专业的内涵建设。',
  '企业工程师现场讲解了行业最新技术趋势和岗位能力要求。',
  '培训期间，参训教师完成了课程设计、项目实践和教学展示等任务。',
  '本次双选会提供就业岗位两千余个，涵盖软件开发、测试和运维等方向。',
  '学生们纷纷表示，通过活动开阔了视野，明确了今后的学习方向。',
  '下一步，学院将继续加强与行业龙头企业的合作，推动人才培养模式创新。',
  '活动得到了地方政府和行业协会的大力支持，取得了良好的社会反响。',
  '据悉，该项目已被列入省级产教融合示范项目，获得专项资金支持。',
  '会议还发布了新一代信息技术人才培养白皮书，引起广泛关注。',
  '开幕式上，校领导致欢迎辞，并对与会嘉宾表示衷心感谢。',
  '参会代表还实地参观了学校的实训中心和创新创业孵化基地。',
  '本次活动由学院团委和学生会共同承办，志愿者们全程提供服务。',
  '活动期间，主办方还组织了多场专题报告和圆桌论坛。',
  '多家媒体对本次活动进行了报道，进一步扩大了学校的影响力。',
  '比赛分为理论考试和实操考核两个环节，全面检验选手的专业能力。',
  '学校高度重视此项工作，专门成立了工作领导小组，统筹推进各项任务。',
  '与会企业代表表示，愿意为学生提供更多的实习和就业机会。',
];

/** Paragraphs of 3-5 sentences until about `chars` characters of text. */
const paragraphs = (rng: Rng, pool: readonly string[], lead: string, chars: number) => {
  const out: string[] = [];
  let length = 0;
  let paragraph = [lead];
  while (length < chars) {
    const sentence = pick(rng, pool);
    if (pool === SENTENCES) for (const [share, rare] of RARE) if (rng() < share / 12) paragraph.push(rare);
    paragraph.push(sentence);
    length += sentence.length;
    if (paragraph.length >= 3 + Math.floor(rng() * 3)) {
      out.push(`<p>${paragraph.join('')}</p>`);
      paragraph = [];
    }
  }
  if (paragraph.length) out.push(`<p>${paragraph.join('')}</p>`);
  return out.join('\n');
};
const shortText = (rng: Rng, pool: readonly string[]) => `${pick(rng, pool)}${pick(rng, pool)}`;

/** A row of a kind as an admin would enter it (a valid ContentInput), the n-th of its kind. */
export const contentOf = (kind: ContentKind, n: number): ContentInput => {
  const rng = random(n * 31 + kind.length * 7919 + kind.charCodeAt(0));
  const size = 350 + Math.floor(rng() * 300); // characters of body text: 1-2 kB in UTF-8
  const year = 2021 + (n % 5);
  switch (kind) {
    case 'course': {
      const [name, category] = COURSES[n % COURSES.length] as [string, string];
      const title = `${name}${EDITIONS[Math.floor(n / COURSES.length) % EDITIONS.length]}`;
      const teacher = pick(rng, TEACHERS);
      return {
        kind,
        title,
        summary: `${title}由${teacher}老师主讲，${shortText(rng, SENTENCES)}`.slice(0, 300),
        body: paragraphs(rng, SENTENCES, `《${title}》是${category}方向的专业核心课程。`, size),
        attrs: {
          category,
          courseType: n % 3 === 0 ? 'Train' : 'Theory',
          vocational: n % 4 === 0,
          hours: 32 + (n % 4) * 16,
          teacher,
          school: pick(rng, SCHOOLS),
          chapters: ['课程概述', '核心知识', '综合实践'].map((chapter, c) => ({
            title: `第${c + 1}章 ${chapter}`,
            sections: [1, 2, 3].map((s) => ({
              title: `${c + 1}.${s} ${chapter}（${s}）`,
              minutes: 15 + s * 5,
              free: c === 0 && s === 1,
              body: c === 0 && s === 1 ? `<p>${pick(rng, SENTENCES)}</p>` : '',
            })),
          })),
        },
        tags: n % 10 === 0 ? ['harmony'] : [],
      };
    }
    case 'news':
    case 'notice': {
      const school = pick(rng, SCHOOLS);
      const title =
        kind === 'news'
          ? `${school}举办${year}年${pick(rng, EVENTS)}`
          : `关于举办${year}年${pick(rng, EVENTS)}的通知`;
      return {
        kind,
        title: title.slice(0, 60),
        summary: shortText(rng, NEWS_SENTENCES),
        body: paragraphs(rng, NEWS_SENTENCES, `${year}年${1 + (n % 12)}月，${title}。`, size),
        attrs: { source: kind === 'news' ? '宣传部' : '教务处' },
        tags: [],
      };
    }
    case 'experiment': {
      const [name, category] = COURSES[n % COURSES.length] as [string, string];
      return {
        kind,
        title: `${name}实验${1 + (n % 12)}`,
        summary: shortText(rng, SENTENCES),
        body: paragraphs(rng, SENTENCES, `本实验属于${category}方向。`, size),
        attrs: {
          category,
          difficulty: (['初级', '中级', '高级'] as const)[n % 3],
          minutes: 45 + (n % 4) * 15,
          environment: ENVIRONMENTS[n % ENVIRONMENTS.length],
          steps: ['准备实验环境', '完成核心任务', '提交实验报告'].map((title) => ({
            title,
            body: `<p>${pick(rng, SENTENCES)}</p>`,
          })),
        },
        tags: n % 5 === 0 ? ['bigdata'] : [],
      };
    }
    case 'project': {
      const [name, category] = COURSES[n % COURSES.length] as [string, string];
      return {
        kind,
        title: `${pick(rng, COMPANIES)}${name}产业项目`.slice(0, 60),
        summary: shortText(rng, SENTENCES),
        body: paragraphs(rng, SENTENCES, `项目来源于${category}领域的真实企业需求。`, size),
        attrs: {
          industry: category,
          positions: ['开发工程师', '测试工程师'],
          stages: ['需求分析', '系统设计', '开发与测试'].map((title) => ({ title, body: '' })),
        },
        tags: [],
      };
    }
    case 'case': {
      const company = pick(rng, COMPANIES);
      return {
        kind,
        title: `${company}数字化转型案例${1 + (n % 50)}`,
        summary: shortText(rng, NEWS_SENTENCES),
        body: paragraphs(rng, NEWS_SENTENCES, `${company}在${pick(rng, CATEGORIES)}领域的实践。`, size),
        attrs: { organisation: company, industry: pick(rng, CATEGORIES) },
        tags: [],
      };
    }
    case 'recruit': {
      const company = pick(rng, COMPANIES);
      return {
        kind,
        title: `${company}${year}届校园招聘`,
        summary: shortText(rng, NEWS_SENTENCES),
        body: paragraphs(rng, NEWS_SENTENCES, `${company}面向${year}届毕业生招聘计算机类专业人才。`, size),
        attrs: {
          company,
          city: pick(rng, CITIES),
          salary: '8-15K',
          deadline: `${year}-06-30`,
          positions: ['软件开发工程师', '测试工程师', '运维工程师'],
          contact: 'hr@example.com',
        },
        tags: [],
      };
    }
    default:
      throw new Error(`no generator for ${kind}`);
  }
};

// ---------------------------------------------------------------------------------------------------------
// Databases

/**
 * The PostgreSQL server to use besides PGlite: TEST_DATABASE_URL's, else BENCH_ADMIN_URL's (or the local
 * default) when it answers; null otherwise.
 */
const postgresAdminUrl = async (): Promise<string | null> => {
  const url =
    process.env.TEST_DATABASE_URL ??
    process.env.BENCH_ADMIN_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
};

/** openTestDatabase (it reads TEST_DATABASE_URL) on the given server for pg. */
const openDatabase = async (driver: Driver, adminUrl: string | null): Promise<Database> => {
  if (driver === 'pglite' || !adminUrl) return openTestDatabase(driver);
  const before = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = adminUrl;
  try {
    return await openTestDatabase(driver);
  } finally {
    if (before === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = before;
  }
};

/**
 * Writes the site's published rows of a kind numbered `from`..`to - 1` in batches, as the service would
 * (sanitized body, attrs read with the kind's schema, the search column from searchTextOf); sort below
 * `sortFrom` and publishedAt within the last year, so they come before the baseline's rows.
 */
const loadRows = async (
  db: Db,
  site: TestSite,
  kind: ContentKind,
  range: { from: number; to: number; sortFrom: number },
) => {
  const now = Date.now();
  for (let start = range.from; start < range.to; start += BATCH) {
    const values: PgInsertValue<typeof portalContents>[] = [];
    for (let n = start; n < Math.min(range.to, start + BATCH); n++) {
      const input = contentOf(kind, n);
      const body = sanitizeContentHtml(input.body ?? '');
      const attrs = readAttrs(kind, input.attrs) as Record<string, unknown>;
      const row = { title: input.title, summary: input.summary ?? '', body, attrs };
      const at = new Date(now - ((n * 7919) % 365) * DAY - (n % 1440) * 60_000);
      values.push({
        ...row,
        ownerCode: site.code,
        kind,
        tags: input.tags ?? [],
        status: 'Published',
        sort: range.sortFrom - n,
        publishedAt: at,
        createdBy: site.admin.userId,
        createdAt: at,
        updatedAt: at,
        search: sql`to_tsvector('simple', ${searchTextOf(row)})`,
      });
    }
    await db.insert(portalContents).values(values);
  }
};

// ---------------------------------------------------------------------------------------------------------
// The bench

const P = PORTAL_CONTENT_BASE;

export async function runPortalContentBench(
  options: { repeat?: number; drivers?: Driver[]; explain?: boolean; log?: (line: string) => void } = {},
): Promise<PortalContentCase[]> {
  const repeat = options.repeat ?? 100;
  const adminUrl = options.drivers ? (process.env.TEST_DATABASE_URL ?? null) : await postgresAdminUrl();
  const drivers = options.drivers ?? (adminUrl ? ['pglite', 'pg'] : ['pglite']);
  const log = options.log ?? (() => {});
  const results: PortalContentCase[] = [];
  for (const driver of drivers) {
    const database = await openDatabase(driver, adminUrl);
    const app = await buildApp(testConfig(), { database });
    const db = database.db;
    try {
      const product = await productSite(db);
      const site = await schoolSite(db, '基准大学');
      const old = (days: number) => new Date(Date.now() - days * DAY);

      // Baseline: the product site's 3 courses and 2 news, the site's 20 rows, all through the service.
      for (let n = 0; n < 3; n++)
        await addContent(db, product, contentOf('course', 900 + n), { now: old(500) });
      for (let n = 0; n < 2; n++)
        await addContent(db, product, contentOf('news', 900 + n), { now: old(500) });
      const courseIds: string[] = [];
      for (const [kind, count] of Object.entries(BASELINE) as [ContentKind, number][]) {
        for (let n = 0; n < count; n++) {
          const id = await addContent(db, site, contentOf(kind, n), { now: old(400 + n) });
          if (kind === 'course') courseIds.push(id);
        }
      }
      await db.execute(sql`analyze`);
      // A course in the middle of the baseline's list, read in both states.
      const course = courseIds[6] as string;

      const onSite = { host: site.host };
      const cases: TimedCase[] = [
        { name: 'course page 1', url: `${P}/contents?kind=course&pageNumber=1&pageSize=12`, headers: onSite },
        {
          name: 'course page 400',
          url: `${P}/contents?kind=course&pageNumber=400&pageSize=12`,
          headers: onSite,
        },
        {
          name: 'news page 1 (dated)',
          url: `${P}/contents?kind=news&pageNumber=1&pageSize=12`,
          headers: onSite,
        },
        {
          name: 'search q=软件工程',
          url: `${P}/contents?q=${encodeURIComponent('软件工程')}&pageNumber=1&pageSize=12`,
          headers: onSite,
        },
        { name: 'search q=pyth', url: `${P}/contents?q=pyth&pageNumber=1&pageSize=12`, headers: onSite },
        { name: 'course detail (neighbours)', url: `${P}/contents/${course}`, headers: onSite },
        {
          name: 'console course page 1',
          url: `${PORTAL_CONSOLE_BASE}/contents?kind=course&pageNumber=1&pageSize=20`,
          headers: { ...onSite, 'x-access-token': site.admin.token },
        },
      ];
      const totals = async () => {
        const out: (number | null)[] = [];
        for (const c of cases) {
          const res = await app.inject({ method: 'GET', url: c.url, headers: c.headers ?? {} });
          const data = res.json().data as { total?: number };
          out.push(typeof data?.total === 'number' ? data.total : null);
        }
        return out;
      };
      log(`${driver}: baseline`);
      const baseline = await timeCases(app, cases, repeat);
      const baselineTotals = await totals();

      log(`${driver}: loading ${Object.values(LOADED).reduce((a, b) => a + b, 0)} rows`);
      const loadStarted = performance.now();
      for (const [kind, count] of Object.entries(LOADED) as [ContentKind, number][]) {
        const from = BASELINE[kind] ?? 0;
        await loadRows(db, site, kind, { from, to: count, sortFrom: -1000 });
      }
      await db.execute(sql`analyze`);
      const counts = (
        await rowsOf(
          db,
          sql`select kind, count(*)::int as n, round(avg(octet_length(body)))::int as body_bytes,
                round(avg(pg_column_size(search)))::int as search_bytes
              from portal_contents where owner_code = ${site.code} and status = 'Published'
              group by kind order by kind`,
        )
      ).map((r) => `${r.kind} ${r.n} (body ${r.body_bytes} B, search ${r.search_bytes} B)`);
      log(
        `${driver}: loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s: ${counts.join(', ')}`,
      );

      if (options.explain) await explainPlans(db, driver, { codes: [site.code, product.code], course });

      const loaded = await timeCases(app, cases, repeat);
      const loadedTotals = await totals();
      cases.forEach((c, i) => {
        const b = baseline[i] as { samples: number[]; rows: number };
        const l = loaded[i] as { samples: number[]; rows: number };
        const baselineMedianMs = quantile(b.samples, 0.5);
        const baselineP95Ms = quantile(b.samples, 0.95);
        const loadedMedianMs = quantile(l.samples, 0.5);
        const loadedP95Ms = quantile(l.samples, 0.95);
        results.push({
          name: c.name,
          driver,
          baselineRows: b.rows,
          loadedRows: l.rows,
          baselineTotal: baselineTotals[i] ?? null,
          loadedTotal: loadedTotals[i] ?? null,
          baselineMedianMs,
          baselineP95Ms,
          loadedMedianMs,
          loadedP95Ms,
          slowerMedian: loadedMedianMs / Math.max(0.001, baselineMedianMs),
          slowerP95: loadedP95Ms / Math.max(0.001, baselineP95Ms),
        });
      });
    } finally {
      await app.close();
      await database.close();
    }
  }
  return results;
}

/** EXPLAIN ANALYZE of the queries behind the measured pages, as portal-content.repo.ts writes them. */
async function explainPlans(db: Db, driver: Driver, o: { codes: string[]; course: string }) {
  const plan = async (label: string, query: ReturnType<typeof sql>) => {
    const lines = await rowsOf(db, sql`explain (analyze, buffers) ${query}`);
    console.error(`--- ${driver} ${label}\n${lines.map((l) => Object.values(l)[0]).join('\n')}`);
  };
  const [own = '', other = ''] = o.codes;
  const columns = sql.raw(
    'id, owner_code, kind, slug, title, summary, cover_file_id, attrs, tags, status, sort, published_at, created_by, created_at, updated_at',
  );
  const site = sql`owner_code in (${own}, ${other}) and status = 'Published'`;
  const ownFirst = sql`(case when owner_code = ${own} then 0 else 1 end)`;
  const page = (kind: string, order: ReturnType<typeof sql>, offset: number) =>
    sql`select ${columns} from portal_contents where ${site} and kind = ${kind}
        order by ${ownFirst} asc, ${order} limit 12 offset ${offset}`;
  await plan('course page 1', page('course', sql`sort asc, id desc`, 0));
  await plan('course page 400', page('course', sql`sort asc, id desc`, 399 * 12));
  await plan('course count', sql`select count(*) from portal_contents where ${site} and kind = 'course'`);
  await plan('news page 1', page('news', sql`published_at desc nulls last, id desc`, 0));
  const kinds = sql.join(
    SEARCH_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  for (const q of ['软件工程', 'pyth']) {
    const tsq = sql`to_tsquery('simple', ${tsqueryOf(q)})`;
    await plan(
      `search ${q}`,
      sql`select ${columns}, left(body, 20000) as body from portal_contents
          where ${site} and kind in (${kinds}) and search @@ ${tsq}
          order by ${ownFirst} asc, ts_rank(search, ${tsq}) desc, id desc limit 12`,
    );
    await plan(
      `search ${q} count`,
      sql`select count(*) from portal_contents where ${site} and kind in (${kinds}) and search @@ ${tsq}`,
    );
  }
  await plan(
    'detail neighbours',
    sql`with ordered as (
          select id, lag(id) over w as prev_id, lag(title) over w as prev_title,
            lead(id) over w as next_id, lead(title) over w as next_title
          from portal_contents where ${site} and kind = 'course'
          window w as (order by ${ownFirst} asc, sort asc, id desc))
        select * from ordered where id = ${Number(o.course)}`,
  );
  await plan(
    'console course page 1',
    sql`select ${columns} from portal_contents where owner_code = ${own} and kind = 'course'
        order by sort asc, id desc limit 20`,
  );
  await plan(
    'console course count',
    sql`select count(*) from portal_contents where owner_code = ${own} and kind = 'course'`,
  );
}

/** `text` padded to `width` terminal columns (a Chinese character takes two). */
const padColumns = (text: string, width: number) =>
  text +
  ' '.repeat(Math.max(0, width - [...text].reduce((w, c) => w + (/\p{Script=Han}/u.test(c) ? 2 : 1), 0)));

/** The results as a table. */
export function portalContentReport(results: PortalContentCase[]): string {
  const lines = [
    `portal content: 10,000 published rows on a school site against 20 (slower = loaded / baseline, target <= ${PORTAL_CONTENT_TARGET})`,
    'page                        db      rows      total   base med  base p95  load med  load p95  slower  p95 slower',
  ];
  const total = (n: number | null) => (n === null ? '-' : String(n));
  for (const r of results)
    lines.push(
      [
        padColumns(r.name, 27),
        r.driver.padEnd(6),
        `${r.baselineRows}/${r.loadedRows}`.padStart(6),
        `${total(r.baselineTotal)}/${total(r.loadedTotal)}`.padStart(10),
        r.baselineMedianMs.toFixed(2).padStart(9),
        r.baselineP95Ms.toFixed(2).padStart(9),
        r.loadedMedianMs.toFixed(2).padStart(9),
        r.loadedP95Ms.toFixed(2).padStart(9),
        r.slowerMedian.toFixed(2).padStart(7),
        r.slowerP95.toFixed(2).padStart(11),
        r.slowerMedian <= PORTAL_CONTENT_TARGET && r.slowerP95 <= PORTAL_CONTENT_TARGET ? '' : ' NOT met',
      ].join(' '),
    );
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runPortalContentBench({
    repeat: Number(process.env.BENCH_PORTAL_CONTENT_REPEAT ?? 100),
    explain: process.env.BENCH_PORTAL_CONTENT_EXPLAIN === 'true',
    log: (line) => console.error(`[portal-content] ${line}`),
  });
  console.log(portalContentReport(results));
}
