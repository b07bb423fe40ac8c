import {
  COURSE_COLLEGE_LEADER_BIT,
  type GeneratedQuestionInput,
  generatedQuestion,
  type IdentityType,
  type MessageType,
  QOM_COLLEGE_ADMIN_BIT,
} from '@uplus/shared';
import type { Db } from '../db/client';
import * as courses from '../modules/courses/courses.service';
import * as employer from '../modules/employer/employer.service';
import * as messages from '../modules/messages/messages.service';
import * as organisations from '../modules/organisations/organisations.service';
import * as questionBank from '../modules/question-bank/question-bank.service';
import * as site from '../modules/site/site.service';
import * as users from '../modules/users/users.service';
import type { FileStore } from '../storage';
import { seedDemoCertificates } from './demo-certificates';
import { seedDemoHomework } from './demo-homework';
import { seedDemoInternships } from './demo-internships';
import { seedDemoJobs } from './demo-jobs';
import { seedDemoKnowledge } from './demo-knowledge';
import { seedDemoOpenClasses } from './demo-open-classes';
import { seedDemoPortal } from './demo-portal';
import { seedDemoProfiles } from './demo-profile';
import { seedDemoResume } from './demo-resume';

/** Questions of teacher01's homework (one of each kind the AI judge and the test run serve). */
const DEMO_HOMEWORK_QUESTIONS: GeneratedQuestionInput[] = [
  {
    qsnType: 1,
    titleText: '栈的操作特点是？',
    options: [
      { id: 'A', optionContent: '先进先出' },
      { id: 'B', optionContent: '后进先出' },
      { id: 'C', optionContent: '随机存取' },
      { id: 'D', optionContent: '按关键字存取' },
    ],
    answer: 'B',
    difficulty: 1,
    knowledges: '栈',
    tip: '栈只在栈顶插入和删除，后进入的元素先出来。',
  },
  {
    qsnType: 7,
    titleText: '用两个栈实现一个队列，说明入队和出队的做法及其时间复杂度。',
    answer:
      '入队时压入栈1；出队时若栈2为空，把栈1的元素依次弹出并压入栈2，再弹出栈2的栈顶。每个元素最多进出两个栈各一次，均摊时间复杂度为O(1)，最坏情况O(n)。',
    difficulty: 3,
    knowledges: '栈,队列',
    tip: '要点：两个栈的分工；倒栈的时机；均摊O(1)。',
  },
  {
    qsnType: 5,
    titleText: '括号匹配',
    description: '输入一行只含 ()[]{} 的字符串（长度不超过1000），括号全部正确匹配时输出 YES，否则输出 NO。',
    language: 'python3',
    answer: [
      'pairs = {")": "(", "]": "[", "}": "{"}',
      'stack = []',
      'ok = True',
      'for ch in input().strip():',
      '    if ch in "([{":',
      '        stack.append(ch)',
      '    elif not stack or stack.pop() != pairs[ch]:',
      '        ok = False',
      '        break',
      'print("YES" if ok and not stack else "NO")',
    ].join('\n'),
    difficulty: 2,
    knowledges: '栈',
    tip: '遇到左括号入栈，遇到右括号与栈顶比较。',
    testcases: [
      { input: '([]{})', output: 'YES', weight: 34 },
      { input: '([)]', output: 'NO', weight: 33 },
      { input: '((', output: 'NO', weight: 33 },
    ],
  },
];

/** Library knowledge tags every teacher sees. */
const DEMO_KNOWLEDGES = [
  '数组',
  '链表',
  '栈',
  '队列',
  '树',
  '二叉树',
  '图',
  '排序',
  '查找',
  '递归',
  '动态规划',
  '哈希表',
];

/** Password of every demo account. */
export const DEMO_PASSWORD = 'Uplus@2026';

/** student01's messages: hours ago, kind, text. */
const DEMO_MESSAGES: readonly (readonly [number, MessageType, string])[] = [
  [1, 'Course', '《数据结构》发布了新的作业“第一次作业：栈与队列”，请在截止时间前提交。'],
  [5, 'System', '欢迎使用优加教育平台，完善个人资料后即可加入课程和实习计划。'],
  [26, 'Internship', '您报名的“2026 春季软件开发实习计划”已进入第二阶段，请及时查看阶段任务。'],
  [30, 'Course', '《数据结构》课程通知：本周四实验课调整到实验楼 302 室。'],
  [74, 'Recruitment', '您投递的“Java 开发实习生”岗位已被查看。'],
];

/** teacher01's 数据结构 notices to student01: hours ago, title, content, already read. */
const DEMO_COURSE_NOTICES: readonly (readonly [number, string, string, boolean])[] = [
  [
    120,
    '课程开课通知',
    '同学们好！《数据结构》本学期每周二、周四上课，地点为教学楼 A201。\n请提前预习第一章“线性表”，课程资料已上传到课程资源中。',
    true,
  ],
  [
    50,
    '第一次作业已发布',
    '第一次作业“栈与队列”已发布，共 3 道题，其中编程题“括号匹配”使用 Python 3 作答。\n截止时间为下周一 23:59，逾期将无法提交。',
    true,
  ],
  [
    2,
    '期中考试安排',
    '《数据结构》期中考试定于第 9 周周四 14:00-16:00 在教学楼 B305 进行，闭卷。\n考试范围：线性表、栈与队列、串、数组与广义表。\n请携带学生证按时参加。',
    false,
  ],
];

/** The company business01 acts for (issue 12). */
export const DEMO_COMPANY = {
  name: '优加信息技术有限公司',
  introduction: '专注于软件研发与产教融合的信息技术企业，为高校提供实习实训与职业发展课程。',
} as const;

/** The demo accounts, as printed at start-up and listed in the README. */
export const DEMO_ACCOUNTS = [
  {
    username: 'student01',
    name: '王小明',
    role: '学生',
    where: '优加示范大学 / 计算机学院 / 软件工程2301班；另属 示范区域学院',
  },
  {
    username: 'student02',
    name: '赵雨涵',
    role: '学生',
    where: '优加示范大学 / 计算机学院 / 软件工程2301班',
  },
  { username: 'teacher01', name: '李静', role: '教师', where: '优加示范大学 / 计算机学院' },
  { username: 'business01', name: '张伟', role: '企业', where: '示范区域' },
  { username: 'leader01', name: '陈志强', role: '教师（学院领导）', where: '优加示范大学 / 计算机学院' },
  { username: 'admin01', name: '刘芳', role: '教师（学院管理员）', where: '优加示范大学' },
  { username: 'platform01', name: '周晓东', role: '教师（平台管理员）', where: 'Uplus 优加平台' },
  { username: 'areaadmin01', name: '孙丽华', role: '教师（区域管理员）', where: '示范区域' },
] as const;

/**
 * teacher01's two courses and their teaching classes. The class codes are fixed (from the class-code
 * alphabet), so every fresh demo database has the same ones; a database keeps them across restarts (it is
 * seeded once). student01 is in both courses, student02 only in the theory one, so student02 can try
 * joining the practice course with its printed code.
 */
export const DEMO_CLASSES = [
  {
    code: 'SJJGRJ23',
    course: '数据结构',
    className: '软件工程2301班',
    note: 'student01、student02 已加入',
  },
  {
    code: 'KCSJRJ23',
    course: '数据结构课程设计',
    className: '计算机学院2023级',
    note: 'student01 已加入；student02 可用此码试加入',
  },
] as const;

const SCHOOL_NAVIGATION = [
  { type: 'HOME_PAGE', name: 'HOME_PAGE', showName: '首页' },
  { type: 'RESOURCE_LIB', name: 'RESOURCE_LIB', showName: '教学资源库' },
  { type: 'SHOW_JOBCLASS', name: 'SHOW_JOBCLASS', showName: '职业发展课' },
  { type: 'INTERN_PROJECT', name: 'INTERN_PROJECT', showName: '实习生计划' },
  { type: 'SHOW_COMPETITION', name: 'SHOW_COMPETITION', showName: '创新大赛' },
  { type: 'SHOW_JIUYE', name: 'SHOW_JIUYE', showName: '求职就业' },
  { type: 'IS_DATA_SCREEN', name: 'IS_DATA_SCREEN', showName: '数据大屏' },
];

const areaMenus = (port: number) => [
  { title: '首页', name: 'home', value: 'home' },
  { title: '云端实验', name: 'cloudExperiment', value: 'cloudExperiment' },
  { title: '产业项目实训', name: 'industryProject', value: 'industryProject' },
  { title: '职业发展课', name: 'openClass', value: 'openClass' },
  { title: '实习生计划', name: 'internProgram', value: 'internProgram' },
  { title: '求职就业', name: 'ujob', value: 'ujob' },
  { title: '精品课程', name: 'qualitycourse', value: 'qualitycourse' },
  { title: '创新大赛', name: 'competition', value: 'competition' },
  {
    title: '合作院校',
    name: 'linkMultiple',
    value: 'linkMultiple',
    content: [
      { name: '优加示范大学', domainUrl: `http://school.localhost:${port}/` },
      { name: 'Uplus 优加平台', domainUrl: `http://localhost:${port}/` },
    ],
  },
];

/**
 * The footer QR codes of a demo site (portal spec 2.5; issue 15): the app's page, the job list a phone opens
 * in place of the mini-programme, and the enterprise entry for business cooperation, on the site's origin.
 */
const footerQrPairs = (origin: string) => [
  { configKey: 'QR_APP_URL', configValue: `${origin}/home/index` },
  { configKey: 'QR_MINIPROGRAM_URL', configValue: `${origin}/ujob/index` },
  { configKey: 'QR_BUSINESS_URL', configValue: `${origin}/workbench/index/company` },
];

/**
 * The demo set (common.md): product, school and area deployments, an organisation tree, five users with
 * Chinese names, modules and permissions. Everything goes through the services, like real data would.
 */
export const seedDemoData = async (opts: { db: Db; port: number; storage: FileStore }) => {
  const { db } = opts;

  // issue 15: the platform organisation; its admins manage the product site's content (code = the
  // default deployment's code).
  const platform = await organisations.createOrganisation({
    db,
    code: 'uplus',
    name: 'Uplus 优加平台',
    type: 'platform',
  });

  // Organisations: a school on its own, and an area holding another school.
  const uplus = await organisations.createOrganisation({
    db,
    code: 'UPLUS-C001',
    name: '优加示范大学',
    type: 'school',
  });
  const cs = await organisations.createOrganisation({
    db,
    code: 'UPLUS-C001-CS',
    name: '计算机学院',
    type: 'college',
    parentId: uplus.id,
  });
  const se2301 = await organisations.createOrganisation({
    db,
    code: 'UPLUS-C001-SE2301',
    name: '软件工程2301班',
    type: 'class',
    parentId: cs.id,
  });
  await organisations.createOrganisation({
    db,
    code: 'UPLUS-C001-EM',
    name: '经济管理学院',
    type: 'college',
    parentId: uplus.id,
  });
  const area = await organisations.createOrganisation({
    db,
    code: 'Area-demo',
    name: '示范区域',
    type: 'area',
  });
  const areaCollege = await organisations.createOrganisation({
    db,
    code: 'Area-demo-C001',
    name: '示范区域学院',
    type: 'school',
    parentId: area.id,
  });
  const ie = await organisations.createOrganisation({
    db,
    code: 'Area-demo-C001-IE',
    name: '信息工程系',
    type: 'college',
    parentId: areaCollege.id,
  });
  const bd2401 = await organisations.createOrganisation({
    db,
    code: 'Area-demo-C001-BD2401',
    name: '大数据2401班',
    type: 'class',
    parentId: ie.id,
  });

  await organisations.setOrganisationModules({
    db,
    organisationId: uplus.id,
    modules: [
      { code: 'course', name: '课程' },
      { code: 'exam', name: '考试' },
      { code: 'graduation', name: '毕业设计' },
      { code: 'obe', name: '专业认证' },
    ],
  });
  await organisations.setOrganisationModules({
    db,
    organisationId: areaCollege.id,
    modules: [{ code: 'course', name: '课程' }],
  });
  await organisations.setOrganisationPermissions({
    db,
    organisationId: uplus.id,
    permissions: { qabot: 2, batchAiQuestion: 2, aiTeachingAnalysis: 1 },
  });
  await organisations.setOrganisationPermissions({
    db,
    organisationId: areaCollege.id,
    permissions: { qabot: 1 },
  });

  // Site records and deployments.
  const school = await site.createSchool({
    db,
    code: 'UPLUS',
    name: '优加示范大学',
    address: '示范市高新区大学城路 1 号',
    introduction:
      '优加示范大学是一所以工科见长、产教融合特色鲜明的示范性高校，设有计算机学院、经济管理学院等教学单位。',
    organisationId: uplus.id,
  });
  await site.createCollege({
    db,
    organisationId: uplus.id,
    code: 'UPLUS-C001',
    name: '优加示范大学',
    schoolId: Number(school.id),
  });
  await site.createCollege({
    db,
    organisationId: areaCollege.id,
    code: 'Area-demo-C001',
    name: '示范区域学院',
  });

  await site.createDeployment({
    db,
    code: 'UPLUS-C001',
    name: '优加示范大学',
    type: 'school',
    hosts: ['school.localhost'],
    title: '优加示范大学 · 教学实践平台',
    schoolCode: 'UPLUS',
  });
  await site.setCollegeConfig({
    db,
    code: 'UPLUS-C001',
    pairs: [
      { configKey: 'SCHOOL_PAGE_NAVIGATION', configValue: JSON.stringify(SCHOOL_NAVIGATION) },
      { configKey: 'SHOW_TECHCLASS', configValue: 'true' },
      { configKey: 'SHOW_JOBCLASS', configValue: 'true' },
      { configKey: 'SHOW_JIUYE', configValue: 'true' },
      { configKey: 'TITLE', configValue: '优加示范大学 · 教学实践平台' },
      { configKey: 'CONTACT_EMAIL', configValue: 'jwc@uplus-demo.edu.cn' },
      { configKey: 'CONTACT_ADDRESS', configValue: '示范市高新区大学城路 1 号' },
      ...footerQrPairs(`http://school.localhost:${opts.port}`),
    ],
  });
  // Footer contact and filing details of the product site (spec 001 section 2.5); demo values.
  await site.setCollegeConfig({
    db,
    code: 'uplus',
    pairs: [
      { configKey: 'CONTACT_EMAIL', configValue: 'service@uplus-demo.cn' },
      { configKey: 'CONTACT_ADDRESS', configValue: '示范市高新区软件园 8 号楼' },
      { configKey: 'ICP_FILING', configValue: '示ICP备20260001号-1' },
      ...footerQrPairs(`http://localhost:${opts.port}`),
    ],
  });

  await site.createDeployment({
    db,
    code: 'Area-demo',
    name: '示范区域',
    type: 'area',
    hosts: ['area.localhost'],
    title: '示范区域产教融合平台',
  });
  await site.setAreaWebsiteConfig({
    db,
    code: 'Area-demo',
    homepageConfig: { menus: areaMenus(opts.port) },
    browserTabTitle: '示范区域产教融合平台',
  });
  await site.setCollegeConfig({
    db,
    code: 'Area-demo',
    pairs: [
      { configKey: 'CONTACT_EMAIL', configValue: 'contact@area-demo.cn' },
      { configKey: 'CONTACT_ADDRESS', configValue: '示范区产教融合服务中心' },
      ...footerQrPairs(`http://area.localhost:${opts.port}`),
    ],
  });

  // Users.
  const create = async (username: string, name: string, sex: '1' | '2') =>
    users.createUser({ db, username, name, sex, password: DEMO_PASSWORD });
  const member = (
    userId: number,
    organisationId: number,
    leafOrganisationId: number,
    identityType: IdentityType,
    extra: { majorName?: string; masks?: { course?: number; qom?: number }; isDefault?: boolean } = {},
  ) => users.addMembership({ db, userId, organisationId, leafOrganisationId, identityType, ...extra });

  const student = await create('student01', '王小明', '1');
  await member(student.id, uplus.id, se2301.id, 'Student', { majorName: '软件工程', isDefault: true });
  await member(student.id, areaCollege.id, bd2401.id, 'Student', {
    majorName: '数据科学与大数据技术',
    isDefault: false,
  });

  // student01's unread messages for the workbench bell and the message page, over the last few days.
  const now = Date.now();
  const HOUR = 60 * 60_000;
  for (const [hoursAgo, type, body] of DEMO_MESSAGES) {
    await messages.sendMessage({
      db,
      userId: student.id,
      type,
      body,
      timestamp: new Date(now - hoursAgo * HOUR),
      now: new Date(now),
    });
  }

  const student2 = await create('student02', '赵雨涵', '2');
  await member(student2.id, uplus.id, se2301.id, 'Student', { majorName: '软件工程', isDefault: true });
  await seedDemoProfiles({ db, student02Id: student2.id }); // issue 12: catalogue school, student02's profile
  // issue 13: student02's filled online resume (student01's stays empty, for a new user to fill)
  await seedDemoResume({
    ctx: { db, now: () => new Date(now) },
    student: { id: student2.id, username: 'student02', name: '赵雨涵' },
  });

  const teacher = await create('teacher01', '李静', '2');
  await member(teacher.id, uplus.id, cs.id, 'Teacher');
  // teacher01's theory course of this term, with an exercise set and a homework to import generated
  // questions into, and a practice course; each with a teaching class (DEMO_CLASSES).
  const DAY = 24 * HOUR;
  const course = await questionBank.createCourse({
    db,
    teacherId: teacher.id,
    name: DEMO_CLASSES[0].course,
    type: 'Theory',
    startTime: new Date(now - 60 * DAY),
    endTime: new Date(now + 60 * DAY),
    schoolId: uplus.id,
    exerciseSets: ['第一章 线性表 练习'],
    homeworks: ['第一次作业：栈与队列'],
  });
  const practice = await courses.createCourseRecord({
    db,
    teacherId: teacher.id,
    name: DEMO_CLASSES[1].course,
    type: 'Train',
    startTime: new Date(now - 14 * DAY),
    endTime: new Date(now + 90 * DAY),
    schoolId: uplus.id,
  });
  const theoryClass = await courses.openClass({
    db,
    courseId: course.course.id,
    name: DEMO_CLASSES[0].className,
    organisationId: se2301.id,
    code: DEMO_CLASSES[0].code,
  });
  const practiceClass = await courses.openClass({
    db,
    courseId: practice.id,
    name: DEMO_CLASSES[1].className,
    organisationId: cs.id,
    code: DEMO_CLASSES[1].code,
  });
  for (const [klass, userId, daysAgo] of [
    [theoryClass, student.id, 58],
    [theoryClass, student2.id, 57],
    [practiceClass, student.id, 13],
  ] as const) {
    await courses.enrolStudent({
      db,
      classId: Number(klass.id),
      courseId: Number(klass.courseId),
      userId,
      now: new Date(now - daysAgo * DAY),
    });
  }
  // Through the import's own path (rules, duplicate check), so the demo homework holds checked questions.
  const refused = await questionBank.storeHomeworkQuestions({
    db,
    homeworkId: course.homeworks[0]!.id,
    teacherId: teacher.id,
    questions: DEMO_HOMEWORK_QUESTIONS.map((q) => generatedQuestion.parse(q)),
  });
  if (refused.length > 0) throw new Error(`demo homework questions refused: ${refused[0]!.failureMsg}`);

  // teacher01's course notices to student01 (the workbench's 课程通知 dialog): the newest one unread.
  for (const [hoursAgo, title, content, read] of DEMO_COURSE_NOTICES) {
    const notice = await messages.publishCourseNotice({
      db,
      courseId: course.course.id,
      publisherId: teacher.id,
      title,
      content,
      recipientIds: [student.id],
      now: new Date(now - hoursAgo * HOUR),
    });
    if (read) await messages.markNoticesRead({ db, userId: student.id, noticeIds: [Number(notice.id)] });
  }
  await questionBank.createLibraryKnowledges({ db, names: DEMO_KNOWLEDGES });
  // issue 16 (as-kb): the course's lecture notes in its knowledge base (the study companion cites them)
  await seedDemoKnowledge({ db, courseId: course.course.id, teacherId: teacher.id });
  // issue 11 (homework-server): a published homework with every question type, student01's graded submission.
  // Published three days ago, so its notice is older than 期中考试安排 (the newest, unread one above).
  await seedDemoHomework({
    db,
    course: { ...course.course, name: '数据结构' },
    student01Id: student.id,
    now: new Date(now - 3 * DAY),
  });

  const business = await create('business01', '张伟', '1');
  await member(business.id, area.id, area.id, 'Business');
  // issue 12: the company business01 acts for (its internship groups, open courses and certificates)
  const company = await employer.createCompany({
    db,
    userId: business.id,
    name: DEMO_COMPANY.name,
    introduction: DEMO_COMPANY.introduction,
  });
  const demoGroups = await seedDemoInternships({
    db,
    companyId: company.id,
    organiserId: business.id,
    student02Id: student2.id,
    now: new Date(now),
  });
  // issue 12 (ocserver): business01's open courses (a video course, a single live, a series); student02 subscribes
  await seedDemoOpenClasses({ db, storage: opts.storage, now: new Date(now) });

  const leader = await create('leader01', '陈志强', '1');
  await member(leader.id, uplus.id, cs.id, 'Teacher', {
    masks: { course: COURSE_COLLEGE_LEADER_BIT, qom: 0 },
  });

  const admin = await create('admin01', '刘芳', '2');
  await member(admin.id, uplus.id, cs.id, 'Teacher', { masks: { course: 0, qom: QOM_COLLEGE_ADMIN_BIT } });
  // issue 15: the content admins of the product site and the area site (admin01 manages the school site)
  const platformAdmin = await create('platform01', '周晓东', '1');
  await member(platformAdmin.id, platform.id, platform.id, 'Teacher', {
    masks: { course: 0, qom: QOM_COLLEGE_ADMIN_BIT },
  });
  const areaAdmin = await create('areaadmin01', '孙丽华', '2');
  await member(areaAdmin.id, area.id, area.id, 'Teacher', {
    masks: { course: 0, qom: QOM_COLLEGE_ADMIN_BIT },
  });

  // issue 12 (certificates): business01 issues student02 an internship certificate (needs the file store for the seal)
  await seedDemoCertificates({
    db,
    storage: opts.storage,
    business,
    studentId: student2.id,
    now: new Date(now),
  });
  // issue 14: business01's positions, programme, talks and fair; teacher01's competition; student02's
  // favourites, reservation, deliveries and an interview invitation (student01 is left a new job seeker)
  await seedDemoJobs({
    db,
    storage: opts.storage,
    now: new Date(now),
    business,
    teacher,
    student02: { id: student2.id, username: 'student02', name: '赵雨涵' },
    internshipGroupId: demoGroups.current.id,
  });
  // issue 15: the portal's content on the product, school and area sites, each by its content admin
  await seedDemoPortal({
    db,
    storage: opts.storage,
    now: new Date(now),
    admins: {
      platform: platformAdmin,
      school: admin,
      area: areaAdmin,
    },
  });
};
