import { createBrowserRouter, matchRoutes, type RouteObject, redirect } from 'react-router';
import type { RouteHandle } from '../lib/route-handle';
import { REDIRECTS, ROUTES, type RouteDef } from '../lib/routes';
import { PortalLayout } from './layouts/portal-layout';
import { RouteError } from './route-error';
import { inWorkbench } from './route-layouts';

type LazyPage = () => Promise<{ Component: React.ComponentType }>;

/** The page of each route (by route name), each its own chunk; a route without one shows the not-found page. */
const PAGES: Record<string, LazyPage> = {
  home: async () => ({ Component: (await import('../features/site/home-page')).HomePage }),
  authorize: async () => ({ Component: (await import('../features/sessions/authorize-page')).AuthorizePage }),
  qucSync: async () => ({ Component: (await import('../features/sessions/quc-sync-page')).QucSyncPage }),
  slogin: async () => ({ Component: (await import('../features/sessions/slogin-page')).SloginPage }),
  toolkit: async () => ({
    Component: (await import('../features/question-bank/ai-toolkit/toolkit-page')).ToolkitPage,
  }),
  exerciseLibs: async () => ({
    Component: (await import('../features/question-bank/question-library/question-library-page'))
      .QuestionLibraryPage,
  }),
  teacherHomework: async () => ({
    Component: (await import('../features/question-bank/teacher-course/teacher-homework-page'))
      .TeacherHomeworkPage,
  }),
  teacherExerciseSet: async () => ({
    Component: (await import('../features/question-bank/teacher-course/teacher-exercise-set-page'))
      .TeacherExerciseSetPage,
  }),
  message: async () => ({ Component: (await import('../features/messages/message-page')).MessagePage }),
  careerMentor: async () => ({
    Component: (await import('../features/workbench/career-mentor-page')).CareerMentorPage,
  }),
  dataScreen: async () => ({
    Component: (await import('../features/data-screen/data-screen-page')).DataScreenPage,
  }),
  // issue 11 (helper homework-web): homework pages
  studentCourse: async () => ({
    Component: (await import('../features/homework/student-course-page')).StudentCoursePage,
  }),
  studentHomework: async () => ({
    Component: (await import('../features/homework/student-homework-page')).StudentHomeworkPage,
  }),
  teacherHomeworks: async () => ({
    Component: (await import('../features/homework/teacher-homeworks-page')).TeacherHomeworksPage,
  }),
  teacherSubmissions: async () => ({
    Component: (await import('../features/homework/submissions-page')).SubmissionsPage,
  }),
  collegeAdmin: async () => ({
    Component: (await import('../features/organisations/college-admin/college-admin-page')).CollegeAdminPage,
  }),
  // issue 11 (courses-web): the student's and the teacher's course pages
  school: async () => ({
    Component: (await import('../features/courses/student/my-courses-page')).MyCoursesPage,
  }),
  archivecourses: async () => ({
    Component: (await import('../features/courses/student/archived-courses-page')).ArchivedCoursesPage,
  }),
  teacherGroup: async () => ({
    Component: (await import('../features/courses/teacher/teacher-courses-page')).TeacherCoursesPage,
  }),
  teacherCourse: async () => ({
    Component: (await import('../features/courses/teacher/teacher-course-page')).TeacherCoursePage,
  }),
  // issue 12 (ocweb): open classes (职业发展课)
  opencourse: async () => ({
    Component: (await import('../features/open-classes/subscriptions/open-course-page')).OpenCoursePage,
  }),
  openclass: async () => ({
    Component: (await import('../features/open-classes/portal/open-class-index-page')).OpenClassIndexPage,
  }),
  openclasslive: async () => ({
    Component: (await import('../features/open-classes/live/open-class-live-page')).OpenClassLivePage,
  }),
  classopenserieslive: async () => ({
    Component: (await import('../features/open-classes/live/series-live-page')).SeriesLivePage,
  }),
  serieslivedetail: async () => ({
    Component: (await import('../features/open-classes/live/series-live-detail-page')).SeriesLiveDetailPage,
  }),
  classlive: async () => ({
    Component: (await import('../features/open-classes/live/h5-class-live-page')).H5ClassLivePage,
  }),
  openclassManage: async () => ({
    Component: (await import('../features/open-classes/manage/manage-page')).ManagePage,
  }),
  openclassEdit: async () => ({
    Component: (await import('../features/open-classes/manage/edit-page')).EditPage,
  }),
  // issue 12 (certificates): 全部证书, the public verification page, the company's 证书管理
  certificate: async () => ({
    Component: (await import('../features/certificates/certificates-page')).CertificatesPage,
  }),
  certificateVerify: async () => ({
    Component: (await import('../features/certificates/certificate-verify-page')).CertificateVerifyPage,
  }),
  enterpriseCertificates: async () => ({
    Component: (await import('../features/certificates/enterprise-certificates-page'))
      .EnterpriseCertificatesPage,
  }),
  // issue 12 (internships): 我的实习, a stage, the company hub and the organiser's internship pages
  internship: async () => ({
    Component: (await import('../features/internships/student/my-internships-page')).MyInternshipsPage,
  }),
  internshipStage: async () => ({
    Component: (await import('../features/internships/student/stage-page')).InternshipStagePage,
  }),
  company: async () => ({ Component: (await import('../features/employer/company-page')).CompanyPage }),
  // issue 13 (resume): 我的简历, the online resume's preview and PDF, an attached resume's preview
  resume: async () => ({ Component: (await import('../features/resume/resume-page')).ResumePage }),
  previewonlineresume: async () => ({
    Component: (await import('../features/resume/preview/online-resume-preview-page'))
      .OnlineResumePreviewPage,
  }),
  previewattachedresume: async () => ({
    Component: (await import('../features/resume/attached/attached-resume-preview-page'))
      .AttachedResumePreviewPage,
  }),
  // issue 14 (jobs): 投递反馈, the feedback center
  feedback: async () => ({
    Component: (await import('../features/jobs/feedback/feedback-page')).FeedbackPage,
  }),
  enterpriseInternships: async () => ({
    Component: (await import('../features/internships/organiser/groups-page')).EnterpriseGroupsPage,
  }),
  enterpriseInternship: async () => ({
    Component: (await import('../features/internships/organiser/group-page')).EnterpriseGroupPage,
  }), // issue 14 (applications): 投递管理
  enterpriseApplications: async () => ({
    Component: (await import('../features/jobs/applications/applications-page')).ApplicationsPage,
  }),
  // issue 14 (employer): 职位管理 and the public company page
  enterpriseJobs: async () => ({
    Component: (await import('../features/employer/jobs-page')).EnterpriseJobsPage,
  }),
  companyDetails: async () => ({
    Component: (await import('../features/employer/company-details-page')).CompanyDetailsPage,
  }),
  // issue 14 (competitions): 创新大赛, details, apply, team link, 我的竞赛, the organiser's 竞赛管理
  competition: async () => ({
    Component: (await import('../features/competitions/competition-index-page')).CompetitionIndexPage,
  }),
  competitionDetails: async () => ({
    Component: (await import('../features/competitions/competition-details-page')).CompetitionDetailsPage,
  }),
  competitionApply: async () => ({
    Component: (await import('../features/competitions/competition-apply-page')).CompetitionApplyPage,
  }),
  competitionLink: async () => ({
    Component: (await import('../features/competitions/competition-link-page')).CompetitionLinkPage,
  }),
  workbenchCompetition: async () => ({
    Component: (await import('../features/competitions/my-competitions-page')).MyCompetitionsPage,
  }),
  competitionsManage: async () => ({
    Component: (await import('../features/competitions/manage/competitions-manage-page'))
      .CompetitionsManagePage,
  }),
  // issue 14 (delivery): 求职 job list, 职位详情, the internship programmes and a programme's page
  ujob: async () => ({ Component: (await import('../features/jobs/job-list/job-list-page')).JobListPage }),
  jobdetails: async () => ({
    Component: (await import('../features/jobs/job-detail/job-detail-page')).JobDetailPage,
  }),
  internProgram: async () => ({
    Component: (await import('../features/jobs/intern-program/intern-programs-page')).InternProgramsPage,
  }),
  internprogramDetails: async () => ({
    Component: (await import('../features/jobs/intern-program/intern-program-detail-page'))
      .InternProgramDetailPage,
  }),
  // issue 14 (favres): favourites, reservations, career talks and job fairs
  favorite: async () => ({ Component: (await import('../features/favourites/favorite-page')).FavoritePage }),
  reservation: async () => ({
    Component: (await import('../features/reservations/reservation-page')).ReservationPage,
  }),
  careertalk: async () => ({
    Component: (await import('../features/reservations/index-pages')).CareerTalkIndexPage,
  }),
  careertalkDetails: async () => ({
    Component: (await import('../features/reservations/career-talk-detail-page')).CareerTalkDetailPage,
  }),
  jobfair: async () => ({
    Component: (await import('../features/reservations/index-pages')).JobFairIndexPage,
  }),
  jobfairDetails: async () => ({
    Component: (await import('../features/reservations/job-fair-detail-page')).JobFairDetailPage,
  }),
  enterpriseTalks: async () => ({
    Component: (await import('../features/reservations/enterprise-talks-page')).EnterpriseTalksPage,
  }),
  enterpriseFairs: async () => ({
    Component: (await import('../features/reservations/enterprise-fairs-page')).EnterpriseFairsPage,
  }),
  // issue 15 (pc-catalogue-web): the public catalogue, its bare pages, labs, the resource library, search
  schoolcourse: async () => ({
    Component: (await import('../features/portal-content/catalogue/course-list-page')).SchoolCoursePage,
  }),
  vocationalCourse: async () => ({
    Component: (await import('../features/portal-content/catalogue/course-list-page')).VocationalCoursePage,
  }),
  qualityClassroom: async () => ({
    Component: (await import('../features/portal-content/catalogue/course-list-page')).QualityClassroomPage,
  }),
  schoolcourseDetails: async () => ({
    Component: (await import('../features/portal-content/catalogue/course-details-page')).CourseDetailsPage,
  }),
  jxjyCourseDetail: async () => ({
    Component: (await import('../features/portal-content/catalogue/course-details-page'))
      .JxjyCourseDetailPage,
  }),
  schoolcoursePreview: async () => ({
    Component: (await import('../features/portal-content/catalogue/course-preview-page')).CoursePreviewPage,
  }),
  schoolcourseAllPreview: async () => ({
    Component: (await import('../features/portal-content/catalogue/course-preview-page'))
      .CourseAllPreviewPage,
  }),
  cloudexperiment: async () => ({
    Component: (await import('../features/portal-content/catalogue/experiment-pages')).ExperimentListPage,
  }),
  cloudexperimentDetails: async () => ({
    Component: (await import('../features/portal-content/catalogue/experiment-pages')).ExperimentDetailsPage,
  }),
  cloudexperimentPreview: async () => ({
    Component: (await import('../features/portal-content/catalogue/bare-pages')).ExperimentPreviewPage,
  }),
  cloudexperimentSample: async () => ({
    Component: (await import('../features/portal-content/catalogue/bare-pages')).ExperimentSamplePage,
  }),
  cloudexperimentTransfer: async () => ({
    Component: (await import('../features/portal-content/catalogue/transfer-page')).ExperimentTransferPage,
  }),
  industryproject: async () => ({
    Component: (await import('../features/portal-content/catalogue/project-pages')).ProjectListPage,
  }),
  industryprojectDetails: async () => ({
    Component: (await import('../features/portal-content/catalogue/project-pages')).ProjectDetailsPage,
  }),
  industryprojectSample: async () => ({
    Component: (await import('../features/portal-content/catalogue/bare-pages')).ProjectSamplePage,
  }),
  industryprojectTransfer: async () => ({
    Component: (await import('../features/portal-content/catalogue/transfer-page')).ProjectTransferPage,
  }),
  practicalpreview: async () => ({
    Component: (await import('../features/portal-content/catalogue/bare-pages')).PracticalPreviewPage,
  }),
  case: async () => ({
    Component: (await import('../features/portal-content/catalogue/case-pages')).CaseListPage,
  }),
  caseDetails: async () => ({
    Component: (await import('../features/portal-content/catalogue/case-pages')).CaseDetailsPage,
  }),
  lab: async () => ({ Component: (await import('../features/portal-content/lab/lab-page')).LabPage }),
  resourceStore: async () => ({
    Component: (await import('../features/portal-content/catalogue/resource-store-page')).ResourceStorePage,
  }),
  search: async () => ({
    Component: (await import('../features/portal-content/search/search-page')).SearchPage,
  }),
  // issue 15 (pc-site): the site settings of the site an admin manages
  siteSettings: async () => ({
    Component: (await import('../features/portal-content/settings/site-settings-page')).SiteSettingsPage,
  }),
  // issue 15 (pc-articles-web): the alliance, recruit infos, single pages and the phone career-talk page
  alliance: async () => ({
    Component: (await import('../features/portal-content/articles/alliance-home-page')).AllianceHomePage,
  }),
  allianceAbout: async () => ({
    Component: (await import('../features/portal-content/articles/alliance-about-page')).AllianceAboutPage,
  }),
  allianceMember: async () => ({
    Component: (await import('../features/portal-content/articles/alliance-members-page'))
      .AllianceMembersPage,
  }),
  allianceJournalism: async () => ({
    Component: (await import('../features/portal-content/articles/alliance-articles-pages')).AllianceNewsPage,
  }),
  allianceJournalismDetail: async () => ({
    Component: (await import('../features/portal-content/articles/alliance-articles-pages'))
      .AllianceNewsDetailPage,
  }),
  allianceInform: async () => ({
    Component: (await import('../features/portal-content/articles/alliance-articles-pages'))
      .AllianceNoticesPage,
  }),
  allianceInformDetail: async () => ({
    Component: (await import('../features/portal-content/articles/alliance-articles-pages'))
      .AllianceNoticeDetailPage,
  }),
  recruitinfo: async () => ({
    Component: (await import('../features/portal-content/articles/recruit-pages')).RecruitListPage,
  }),
  recruitinfodetail: async () => ({
    Component: (await import('../features/portal-content/articles/recruit-pages')).RecruitDetailPage,
  }),
  qualification: async () => ({
    Component: (await import('../features/portal-content/pages/single-pages')).QualificationPage,
  }),
  education: async () => ({
    Component: (await import('../features/portal-content/pages/single-pages')).EducationPage,
  }),
  ability: async () => ({
    Component: (await import('../features/portal-content/pages/single-pages')).AbilityPage,
  }),
  version: async () => ({
    Component: (await import('../features/portal-content/pages/single-pages')).VersionPage,
  }),
  publishing: async () => ({
    Component: (await import('../features/portal-content/pages/single-pages')).PublishingPage,
  }),
  identity: async () => ({
    Component: (await import('../features/portal-content/pages/single-pages')).IdentityPage,
  }),
  homeHefeixinhuo: async () => ({
    Component: (await import('../features/portal-content/pages/single-pages')).HomeHefeixinhuoPage,
  }),
  areaHefeixinhuo: async () => ({
    Component: (await import('../features/portal-content/pages/single-pages')).AreaHefeixinhuoPage,
  }),
  openGauss: async () => ({
    Component: (await import('../features/portal-content/pages/single-pages')).OpenGaussPage,
  }),
  qdecInternProgram: async () => ({
    Component: (await import('../features/portal-content/pages/single-pages')).QdecInternProgramPage,
  }),
  researchDesign: async () => ({
    Component: (await import('../features/portal-content/pages/single-pages')).ResearchDesignPage,
  }),
  researchTapeout: async () => ({
    Component: (await import('../features/portal-content/pages/single-pages')).ResearchTapeoutPage,
  }),
  researchCustom: async () => ({
    Component: (await import('../features/portal-content/pages/single-pages')).ResearchCustomPage,
  }),
  talklive: async () => ({
    Component: (await import('../features/portal-content/pages/h5-talk-live-page')).H5TalkLivePage,
  }),
  // issue 15 (pc-console-web): the content console, its editor and its preview
  contentConsole: async () => ({
    Component: (await import('../features/portal-content/console/console-page')).ContentConsolePage,
  }),
  contentEdit: async () => ({
    Component: (await import('../features/portal-content/console/edit-page')).ContentEditPage,
  }),
  contentPreview: async () => ({
    Component: (await import('../features/portal-content/console/preview-page')).ContentPreviewPage,
  }),
};
const workbenchLayout: LazyPage = async () => ({
  Component: (await import('./layouts/workbench-layout')).WorkbenchLayout,
});
const notFound: LazyPage = async () => ({
  Component: (await import('../components/not-found-page')).NotFoundPage,
});

/** Shown while the first page's code loads. */
function Loading() {
  return (
    <div className="boot-screen" role="status">
      正在加载…
    </div>
  );
}

/** Redirect routes render nothing: their loader has already sent the router on. */
const Nothing = () => null;

const pageRoute = (route: RouteDef): RouteObject => ({
  path: route.path,
  handle: { route } satisfies RouteHandle,
  lazy: PAGES[route.name] ?? notFound,
  HydrateFallback: Loading,
});

/** The router: every route of the shared table, the spec's redirects, and a not-found page. */
export const appRoutes = (): RouteObject[] => [
  ...ROUTES.filter((r) => r.meta.outsideLayout).map(pageRoute),
  {
    lazy: workbenchLayout,
    errorElement: <RouteError />,
    HydrateFallback: Loading,
    children: ROUTES.filter(inWorkbench).map(pageRoute),
  },
  {
    element: <PortalLayout />,
    errorElement: <RouteError />,
    HydrateFallback: Loading,
    children: [
      ...REDIRECTS.map(
        (r): RouteObject => ({
          path: r.from,
          Component: Nothing,
          loader: ({ request }) => redirect(`${r.to}${new URL(request.url).search}`),
        }),
      ),
      ...ROUTES.filter((r) => !r.meta.outsideLayout && !inWorkbench(r)).map(pageRoute),
      { path: '*', handle: { notFound: true } satisfies RouteHandle, lazy: notFound },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes());

/**
 * Starts loading the code of the page at `pathname` (its layout and page chunks) at once, so that it
 * arrives while the site configuration loads instead of after it; the router then finds it loaded.
 */
export const preloadRoute = (pathname: string) => {
  const target = REDIRECTS.find((r) => r.from === pathname.replace(/(.)\/+$/, '$1'))?.to ?? pathname;
  for (const { route } of matchRoutes(appRoutes(), target) ?? []) {
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
  }
};
