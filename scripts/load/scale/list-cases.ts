// Every list endpoint of the server (scale/list-endpoints.ts finds them in the registered routes), each
// with the request a suitable real user makes: the generated university's busiest users where the
// generated data reaches (scale), the demo accounts where only the demo data does (demo), a visitor for the
// public lists. Ids are found through the API, as the web app finds them.
import type { App } from '../../../apps/server/src/http/context';
import { SCALE_ACTORS } from './generate';
import { SCALE_PASSWORD } from './spec';

export const ACTORS = {
  ...SCALE_ACTORS,
  visitor: '',
  student02: 'student02',
  teacher01: 'teacher01',
  business01: 'business01',
  platform01: 'platform01',
} as const;
export type Actor = keyof typeof ACTORS;

/** Ids the cases address, found through the API by `discover`. */
export type Found = {
  bigCourse: string;
  bigHomework: string;
  demoCourse: string;
  demoExerciseSet: string;
  demoGroup: string;
  demoCompany: string;
  bigCompanyPosition: string;
  courseSystem: string;
  conversation: string;
};

export type ListCase = {
  /** the endpoint it measures (METHOD /path/{param}) */
  endpoint: string;
  /** a variant's name; '' for the endpoint's first page */
  variant?: string;
  as: Actor;
  /** whose rows the list reads: the generated university's, or only the demo set's */
  data: 'scale' | 'demo' | 'public';
  method?: 'GET' | 'POST';
  host?: string;
  url: (f: Found) => string;
};

const C = '/api/course';
const O = '/api/ourea';
const OC = '/api/opencourse/open_courses';
const page = 'pageNumber=1&pageSize=10';

/**
 * The cases. Each endpoint from `listEndpointsOf` has at least one (checked by the test and at start);
 * variants add the filters the pages use most on the biggest lists.
 */
export const LIST_CASES: ListCase[] = [
  // messages and notices (qmn): every published homework sent its course's students a notice and a message
  {
    endpoint: 'POST /api/qmn/c/messages',
    as: 'busyStudent',
    data: 'scale',
    method: 'POST',
    url: () => `/api/qmn/c/messages?${page}`,
  },
  {
    endpoint: 'GET /api/qmn/notices',
    as: 'busyStudent',
    data: 'scale',
    url: () => `/api/qmn/notices?${page}`,
  },
  {
    endpoint: 'GET /api/qmn/notices/smallBell',
    as: 'busyStudent',
    data: 'scale',
    url: () => `/api/qmn/notices/smallBell?${page}`,
  },
  {
    endpoint: 'GET /api/qmn/courses/{courseId}/notices',
    as: 'bigCourseTeacher',
    data: 'scale',
    url: (f) => `/api/qmn/courses/${f.bigCourse}/notices?${page}`,
  },
  // the teacher's question bank and homework
  {
    endpoint: 'GET /api/course/libQuestions',
    as: 'bigCourseTeacher',
    data: 'scale',
    url: () => `${C}/libQuestions?${page}`,
  },
  {
    endpoint: 'GET /api/course/courses/{courseId}/homeworks/{homeworkId}/questions',
    as: 'bigCourseTeacher',
    data: 'scale',
    url: (f) => `${C}/courses/${f.bigCourse}/homeworks/${f.bigHomework}/questions?${page}`,
  },
  {
    endpoint: 'GET /api/course/courses/{courseId}/exerciseSets/{setId}/questions',
    as: 'teacher01',
    data: 'demo',
    url: (f) => `${C}/courses/${f.demoCourse}/exerciseSets/${f.demoExerciseSet}/questions?${page}`,
  },
  {
    endpoint: 'GET /api/course/courses/{courseId}/homeworks/{homeworkId}/judgedAnswers',
    as: 'bigCourseTeacher',
    data: 'scale',
    url: (f) => `${C}/courses/${f.bigCourse}/homeworks/${f.bigHomework}/judgedAnswers?${page}`,
  },
  {
    endpoint: 'GET /api/course/courses/{courseId}/homeworks',
    as: 'bigCourseTeacher',
    data: 'scale',
    url: (f) => `${C}/courses/${f.bigCourse}/homeworks?${page}`,
  },
  {
    endpoint: 'GET /api/course/courses/{courseId}/homeworks/{homeworkId}/submissions',
    as: 'bigCourseTeacher',
    data: 'scale',
    url: (f) => `${C}/courses/${f.bigCourse}/homeworks/${f.bigHomework}/submissions?${page}`,
  },
  {
    endpoint: 'GET /api/course/courses/{courseId}/homeworks/{homeworkId}/submissions',
    variant: 'status=submitted, page 20',
    as: 'bigCourseTeacher',
    data: 'scale',
    url: (f) =>
      `${C}/courses/${f.bigCourse}/homeworks/${f.bigHomework}/submissions?pageNumber=20&pageSize=10&status=submitted`,
  },
  {
    endpoint: 'GET /api/course/courses/{courseId}/homeworks/study',
    as: 'busyStudent',
    data: 'scale',
    url: (f) => `${C}/courses/${f.bigCourse}/homeworks/study?${page}`,
  },
  // courses
  {
    endpoint: 'GET /api/course/athena/courses/study',
    as: 'busyStudent',
    data: 'scale',
    url: () => `${C}/athena/courses/study?types=Theory,Train&${page}`,
  },
  {
    endpoint: 'GET /api/course/courses/archived/study',
    as: 'busyStudent',
    data: 'scale',
    url: () => `${C}/courses/archived/study?${page}`,
  },
  {
    endpoint: 'GET /api/course/courses/teaching',
    as: 'bigCourseTeacher',
    data: 'scale',
    url: () => `${C}/courses/teaching?archived=0&${page}`,
  },
  {
    endpoint: 'GET /api/course/courses/{courseId}/classes',
    as: 'bigCourseTeacher',
    data: 'scale',
    url: (f) => `${C}/courses/${f.bigCourse}/classes?${page}`,
  },
  {
    endpoint: 'GET /api/course/courses/{courseId}/class_organs',
    as: 'bigCourseTeacher',
    data: 'scale',
    url: (f) => `${C}/courses/${f.bigCourse}/class_organs?${page}`,
  },
  {
    endpoint: 'GET /api/course/courses/{courseId}/students',
    as: 'bigCourseTeacher',
    data: 'scale',
    url: (f) => `${C}/courses/${f.bigCourse}/students?${page}`,
  },
  {
    endpoint: 'GET /api/course/courses/{courseId}/students',
    variant: 'search=ld-s0, page 30',
    as: 'bigCourseTeacher',
    data: 'scale',
    url: (f) => `${C}/courses/${f.bigCourse}/students?search=ld-s0&pageNumber=30&pageSize=10`,
  },
  // internships and certificates (demo data only)
  {
    endpoint: 'GET /api/ourea/internship_certificates/mine',
    as: 'student02',
    data: 'demo',
    url: () => `${O}/internship_certificates/mine?${page}`,
  },
  {
    endpoint: 'GET /api/ourea/internship_certificates/issued',
    as: 'business01',
    data: 'demo',
    url: () => `${O}/internship_certificates/issued?${page}`,
  },
  {
    endpoint: 'GET /api/ourea/internship_groups/student',
    as: 'student02',
    data: 'demo',
    url: () => `${O}/internship_groups/student?details=finished&${page}`,
  },
  {
    endpoint: 'GET /api/ourea/internship_groups/managed',
    as: 'business01',
    data: 'demo',
    url: () => `${O}/internship_groups/managed?${page}`,
  },
  {
    endpoint: 'GET /api/ourea/internship_groups/{groupId}/members',
    as: 'business01',
    data: 'demo',
    url: (f) => `${O}/internship_groups/${f.demoGroup}/members?${page}`,
  },
  {
    endpoint: 'GET /api/ourea/internship_groups/{groupId}/intern_occupations',
    as: 'business01',
    data: 'demo',
    url: (f) => `${O}/internship_groups/${f.demoGroup}/intern_occupations`,
  },
  {
    endpoint: 'GET /api/ourea/intern_programs',
    as: 'visitor',
    data: 'demo',
    url: () => `${O}/intern_programs?${page}`,
  },
  // jobs: positions, the employer's inbox, the feedback center
  {
    endpoint: 'GET /api/ourea/recruitment_occupations/mine',
    as: 'bigCompany',
    data: 'scale',
    url: () => `${O}/recruitment_occupations/mine?${page}`,
  },
  {
    endpoint: 'GET /api/ourea/recruitment_occupations',
    as: 'visitor',
    data: 'scale',
    url: () => `${O}/recruitment_occupations?pageNumber=1&pageSize=15`,
  },
  {
    endpoint: 'GET /api/ourea/recruitment_occupations',
    variant: 'search=Java, cityCode, FullTime',
    as: 'visitor',
    data: 'scale',
    url: () =>
      `${O}/recruitment_occupations?pageNumber=1&pageSize=15&search=Java&cityCode=310100&jobNature=FullTime`,
  },
  {
    endpoint: 'GET /api/ourea/recruitment_occupations',
    variant: 'page 100',
    as: 'visitor',
    data: 'scale',
    url: () => `${O}/recruitment_occupations?pageNumber=100&pageSize=15`,
  },
  {
    endpoint: 'GET /api/ourea/company/delivery_records',
    as: 'bigCompany',
    data: 'scale',
    url: () => `${O}/company/delivery_records?pageNumber=1&pageSize=15`,
  },
  {
    endpoint: 'GET /api/ourea/company/delivery_records',
    variant: 'status=Interview',
    as: 'bigCompany',
    data: 'scale',
    url: () => `${O}/company/delivery_records?pageNumber=1&pageSize=15&status=Interview`,
  },
  {
    endpoint: 'GET /api/ourea/company/delivery_records',
    variant: 'occupationId=',
    as: 'bigCompany',
    data: 'scale',
    url: (f) => `${O}/company/delivery_records?pageNumber=1&pageSize=15&occupationId=${f.bigCompanyPosition}`,
  },
  {
    endpoint: 'GET /api/ourea/company/delivery_records',
    variant: 'page 100',
    as: 'bigCompany',
    data: 'scale',
    url: () => `${O}/company/delivery_records?pageNumber=100&pageSize=15`,
  },
  {
    endpoint: 'GET /api/ourea/delivery_records',
    as: 'busyStudent',
    data: 'scale',
    url: () =>
      `${O}/delivery_records?pageNumber=1&pageSize=15&campusRecruitMode=Recruitment&details=company,occupation,mini,student,feedback`,
  },
  {
    endpoint: 'GET /api/ourea/delivery_records',
    variant: 'type=Interview&interviewStatus=Yes',
    as: 'busyStudent',
    data: 'scale',
    url: () =>
      `${O}/delivery_records?pageNumber=1&pageSize=15&campusRecruitMode=Recruitment&type=Interview&interviewStatus=Yes&details=company,occupation,mini,student,feedback`,
  },
  {
    endpoint: 'GET /api/ourea/schools',
    as: 'busyStudent',
    data: 'public',
    url: () => `${O}/schools?search=大学&${page}`,
  },
  {
    endpoint: 'GET /api/ourea/majors',
    as: 'busyStudent',
    data: 'public',
    url: () => `${O}/majors?search=工程&${page}`,
  },
  {
    endpoint: 'GET /api/ourea/favorites',
    as: 'student02',
    data: 'demo',
    url: () => `${O}/favorites?targetType=Occupation&${page}`,
  },
  {
    endpoint: 'GET /api/ourea/reservations',
    as: 'student02',
    data: 'demo',
    url: () => `${O}/reservations?targetType=CareerTalk&${page}`,
  },
  {
    endpoint: 'GET /api/ourea/career_talks',
    as: 'visitor',
    data: 'demo',
    url: () => `${O}/career_talks?${page}`,
  },
  { endpoint: 'GET /api/ourea/job_fairs', as: 'visitor', data: 'demo', url: () => `${O}/job_fairs?${page}` },
  {
    endpoint: 'GET /api/ourea/company/career_talks',
    as: 'business01',
    data: 'demo',
    url: () => `${O}/company/career_talks?${page}`,
  },
  {
    endpoint: 'GET /api/ourea/company/job_fairs',
    as: 'business01',
    data: 'demo',
    url: () => `${O}/company/job_fairs?${page}`,
  },
  // open classes
  {
    endpoint: 'GET /api/opencourse/open_courses/manage',
    as: 'business01',
    data: 'demo',
    url: () => `${OC}/manage?${page}`,
  },
  {
    endpoint: 'GET /api/opencourse/open_courses/manage/partner_options',
    as: 'business01',
    data: 'scale',
    url: () => `${OC}/manage/partner_options?type=company&${page}`,
  },
  { endpoint: 'GET /api/opencourse/open_courses', as: 'visitor', data: 'demo', url: () => `${OC}?${page}` },
  {
    endpoint: 'GET /api/opencourse/open_courses/search/info',
    as: 'visitor',
    data: 'demo',
    url: () => `${OC}/search/info?searchType=company&${page}`,
  },
  {
    endpoint: 'GET /api/opencourse/open_courses/search/all',
    as: 'visitor',
    data: 'demo',
    url: (f) => `${OC}/search/all?searchType=company&id=${f.demoCompany}&${page}`,
  },
  {
    endpoint: 'GET /api/opencourse/open_courses/recent_lives',
    as: 'visitor',
    data: 'demo',
    url: () => `${OC}/recent_lives?${page}`,
  },
  {
    endpoint: 'GET /api/opencourse/open_courses/subscriptions',
    as: 'student02',
    data: 'demo',
    url: () => `${OC}/subscriptions?sort=recentStudy&order=desc&${page}`,
  },
  // competitions
  {
    endpoint: 'GET /api/competition/competitions/mine',
    as: 'teacher01',
    data: 'demo',
    url: () => `/api/competition/competitions/mine?${page}`,
  },
  {
    endpoint: 'GET /api/competition/competitions',
    as: 'visitor',
    data: 'demo',
    url: () => `/api/competition/competitions?${page}`,
  },
  {
    endpoint: 'GET /api/competition/apply_records/competitions',
    as: 'student02',
    data: 'demo',
    url: () => `/api/competition/apply_records/competitions?${page}`,
  },
  {
    endpoint: 'GET /api/competition/apply_records/competitions/expired',
    as: 'student02',
    data: 'demo',
    url: () => `/api/competition/apply_records/competitions/expired?${page}`,
  },
  // portal content
  {
    endpoint: 'GET /api/portal/contents',
    as: 'visitor',
    data: 'demo',
    url: () => `/api/portal/contents?kind=course&${page}`,
  },
  {
    endpoint: 'GET /api/portal/console/contents',
    as: 'platform01',
    data: 'demo',
    url: () => `/api/portal/console/contents?kind=course&${page}`,
  },
  {
    endpoint: 'GET /api/course/course_system_items/matrix',
    as: 'visitor',
    data: 'demo',
    host: 'school.localhost',
    url: (f) => `${C}/course_system_items/matrix?systemId=${f.courseSystem}`,
  },
  // assistants
  {
    endpoint: 'GET /api/course/intelligent/courses/conversations',
    as: 'busyStudent',
    data: 'scale',
    url: (f) => `${C}/intelligent/courses/conversations?scene=CourseQA&courseId=${f.bigCourse}&${page}`,
  },
  {
    endpoint: 'GET /api/course/intelligent/courses/conversations/{id}/messages',
    as: 'busyStudent',
    data: 'scale',
    url: (f) => `${C}/intelligent/courses/conversations/${f.conversation}/messages?${page}`,
  },
  {
    endpoint: 'GET /api/course/intelligent/courses/{courseId}/materials',
    as: 'teacher01',
    data: 'demo',
    url: (f) => `${C}/intelligent/courses/${f.demoCourse}/materials?${page}`,
  },
];

/** Headers of a request as `actor` (its token) on `host`. */
export type Tokens = Record<Actor, string>;

/** Signs every actor in through the identity provider's JSON sign-in, as scripts do (README). */
export const signIn = async (app: App): Promise<Tokens> => {
  const tokens = { visitor: '' } as Tokens;
  for (const [actor, username] of Object.entries(ACTORS) as [Actor, string][]) {
    if (!username) continue;
    const res = await app.inject({
      method: 'POST',
      url: '/idp/api/login',
      payload: { username, password: SCALE_PASSWORD },
    });
    const ticket = res.statusCode === 200 ? (res.json().data?.ticket as string | undefined) : undefined;
    if (!ticket)
      throw new Error(`${username} could not sign in (${res.statusCode}): ${res.body.slice(0, 200)}`);
    tokens[actor] = ticket;
  }
  return tokens;
};

/** GET `url` as the token's user; its data, or an error naming the call. */
const data = async <T>(app: App, token: string, url: string, host?: string): Promise<T> => {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { ...(token ? { 'x-access-token': token } : {}), ...(host ? { host } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res.json().data as T;
};
type Rows<T> = { rows: T[]; total: number };

const first = <T>(items: T[], what: string): T => {
  const [item] = items;
  if (item === undefined) throw new Error(`no ${what}: is the demo set (or the generated university) there?`);
  return item;
};

/** The ids the cases need, found as the pages find them. */
export const discover = async (app: App, t: Tokens): Promise<Found> => {
  const teaching = await data<Rows<{ id: string; studentCount: number }>>(
    app,
    t.bigCourseTeacher,
    `${C}/courses/teaching?archived=0&pageNumber=1&pageSize=50`,
  );
  const bigCourse = first(
    [...teaching.rows].sort((a, b) => b.studentCount - a.studentCount),
    'course of ld-t0001',
  ).id;
  const homework = await data<Rows<{ id: string }>>(
    app,
    t.bigCourseTeacher,
    `${C}/courses/${bigCourse}/homeworks?pageNumber=1&pageSize=10`,
  );
  const mine = await data<{ id: string; exerciseSets: { id: string }[] }[]>(
    app,
    t.teacher01,
    `${C}/courses/mine`,
  );
  const demo = first(
    mine.filter((c) => c.exerciseSets.length > 0),
    'course of teacher01 with an exercise set',
  );
  const groups = await data<Rows<{ id: string }>>(
    app,
    t.business01,
    `${O}/internship_groups/managed?${page}`,
  );
  const companies = await data<Rows<{ id: string }>>(app, '', `${OC}/search/info?searchType=company&${page}`);
  const positions = await data<Rows<{ id: string }>>(
    app,
    t.bigCompany,
    `${O}/recruitment_occupations/mine?onlined=Yes&${page}`,
  );
  const systems = await data<Rows<{ id: string }>>(
    app,
    '',
    `/api/portal/contents?kind=courseSystem&${page}`,
    'school.localhost',
  );
  const conversations = await data<Rows<{ id: string }>>(
    app,
    t.busyStudent,
    `${C}/intelligent/courses/conversations?scene=CourseQA&courseId=${bigCourse}&${page}`,
  );
  return {
    bigCourse,
    bigHomework: first(homework.rows, 'homework of the big course').id,
    demoCourse: demo.id,
    demoExerciseSet: first(demo.exerciseSets, 'exercise set').id,
    demoGroup: first(groups.rows, 'internship group of business01').id,
    demoCompany: first(companies.rows, 'company with open courses').id,
    bigCompanyPosition: first(positions.rows, 'position of ld-b0001').id,
    courseSystem: first(systems.rows, 'course system of the school site').id,
    conversation: first(conversations.rows, 'conversation of ld-s00001').id,
  };
};
