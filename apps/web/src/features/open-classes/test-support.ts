import type { LiveInfo, OpenCourseCard, OpenCourseDetail, Subscription } from '@uplus/shared';
import { ok, sessionRoutes } from '../../test/helpers';

/*
 * Rows as the open-class calls answer them, for the page tests (only tests import this file).
 */

export const OC = '/api/opencourse';
export const HOUR = 3_600_000;

export const subscriptionRow = (over: Partial<Subscription> = {}, now = Date.now()): Subscription => ({
  id: '1',
  courseId: '101',
  progressPercentage: 0,
  roomStatus: 'LiveNotStart',
  roomStatusTitle: '未开始',
  opencourseModel: { opencourseStartAt: now + 24 * HOUR, liveMode: 'SingleLive', status: 'Online' },
  subscriptContentModel: {
    name: '产品经理的一天',
    tabulationPosterUrl: '',
    liveMode: 'SingleLive',
    partnerSchools: [],
    enterpriseNames: [],
    liveCount: 1,
  },
  subscribedAt: now - HOUR,
  lastStudiedAt: null,
  ...over,
});

export const courseCard = (over: Partial<OpenCourseCard> = {}): OpenCourseCard => ({
  id: '101',
  name: '产品经理的一天',
  liveMode: 'SingleLive',
  startAt: Date.now() + 24 * HOUR,
  posterUrl: '',
  classify: { code: 'CareerPlanning', title: '职业规划' },
  industry: null,
  partnerSchools: [],
  enterpriseNames: [],
  liveCount: 1,
  roomStatus: 'LiveNotStart',
  roomStatusTitle: '未开始',
  subscribed: false,
  ...over,
});

export const courseDetail = (over: Partial<OpenCourseDetail> = {}): OpenCourseDetail => ({
  id: '101',
  name: '产品经理的一天',
  liveMode: 'SingleLive',
  status: 'Online',
  startAt: Date.now() + 24 * HOUR,
  posterUrl: '',
  introduction: '从需求到上线。',
  classify: null,
  industry: null,
  organiserName: '优加信息技术有限公司',
  lecturers: [
    {
      id: 'l1',
      name: '王磊',
      title: '高级产品经理',
      introduction: '十年互联网产品经验',
      photoUrl: '',
      photoFileId: null,
    },
  ],
  partnerSchools: [{ id: 's1', name: '优加示范大学' }],
  partnerEnterprises: [{ id: 'c1', name: '优加信息技术有限公司', logoUrl: '' }],
  courseResources: [],
  sessions: [
    {
      id: '201',
      title: '第一讲',
      startAt: Date.now() + 24 * HOUR,
      endAt: Date.now() + 25 * HOUR,
      roomStatus: 'LiveNotStart',
      roomStatusTitle: '未开始',
      hasVideo: false,
      durationSeconds: 0,
    },
  ],
  liveCount: 1,
  roomStatus: 'LiveNotStart',
  roomStatusTitle: '未开始',
  subscriberCount: 3,
  subscribed: false,
  subscriptionId: null,
  progressPercentage: 0,
  isOrganiser: false,
  ...over,
});

export const liveInfoOf = (over: Partial<LiveInfo> = {}): LiveInfo => ({
  id: '201',
  openCourseId: '101',
  courseName: '产品经理的一天',
  liveMode: 'SingleLive',
  title: '第一讲',
  startAt: Date.now() + 24 * HOUR,
  endAt: Date.now() + 25 * HOUR,
  roomStatus: 'LiveNotStart',
  roomStatusTitle: '未开始',
  posterUrl: '',
  lecturers: [],
  playbackUrl: null,
  playbackKind: null,
  canWatch: true,
  subscribed: true,
  isOrganiser: false,
  ...over,
});

/** What every page around the open-class pages asks (session, header, workbench shell). */
export const shellRoutes = (role = 'Student') => ({
  ...sessionRoutes(role),
  'POST /api/qmn/c/counts': ok({
    unread: 0,
    byType: { System: 0, Course: 0, Internship: 0, Recruitment: 0 },
  }),
  'GET /api/base/organ/modules': ok([]),
  'GET /api/qmn/notices/smallBell': ok({ rows: [], total: 0 }),
  'GET /api/portal/users/u1': ok([]),
  [`GET ${OC}/dictionarys`]: ok([]),
  [`GET ${OC}/promotions/open_course/slideshow`]: ok([]),
  [`POST ${OC}/companies/partners`]: ok([]),
});
