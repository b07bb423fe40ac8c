import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config/config';
import { AppError } from './core/errors';
import { logDestination, loggerOptions, RequestLogController } from './core/logging';
import { type Database, openDatabase } from './db/client';
import { createNotificationBus, type NotificationBus } from './db/notify';
import { createAuth } from './http/auth';
import type { App, AppContext } from './http/context';
import { registerErrorHandling } from './http/error-handler';
import { createReadiness, healthRoutes, type Readiness } from './http/health';
import { DOCS_CSP, registerSecurityHeaders } from './http/security-headers';
import { createSerializerCompiler } from './http/serializer';
import { type PageSnapshots, registerSpa } from './http/spa';
import { BODY_SHAPE_MSG, jsonNestsDeeperThan, removeUnstorableInput } from './http/unstorable';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { createLlmClient } from './llm/client';
// issue 16: the AI assistants (helper as-core)
import { assistantRoutes } from './modules/assistants/assistants.routes';
import { certificateRoutes } from './modules/certificates/certificates.routes';
// issue 11: courses
import { competitionRoutes } from './modules/competitions/competitions.routes';
import { courseRoutes } from './modules/courses/courses.routes';
import { dataScreenRoutes } from './modules/data-screen/data-screen.routes';
import { employerRoutes } from './modules/employer/employer.routes';
import { favouriteRoutes } from './modules/favourites/favourites.routes';
import { fileRoutes } from './modules/files/files.routes';
import { gradingRoutes } from './modules/homework/grading/grading.routes';
import { homeworkRoutes } from './modules/homework/homework.routes';
// issue 11 homework lifecycle and submissions (helper homework-server)
import { homeworkLifecycleRoutes } from './modules/homework/lifecycle.routes';
import { submissionRoutes } from './modules/homework/submissions.routes';
import { idpRoutes } from './modules/idp/idp.routes';
import { internshipRoutes } from './modules/internships/internships.routes';
import { applicationsRoutes } from './modules/jobs/applications.routes';
// issue 14: the job seeker's deliveries (helper delivery)
import { deliveryRoutes } from './modules/jobs/delivery.routes';
import { feedbackRoutes } from './modules/jobs/feedback.routes';
import { occupationRoutes } from './modules/jobs/occupations.routes';
import { programRoutes } from './modules/jobs/programs.routes';
import { mapsRoutes } from './modules/maps/maps.routes';
import { memberProfileCatalogRoutes } from './modules/member-profile/member-profile.catalog.routes';
import { memberProfileRoutes } from './modules/member-profile/member-profile.routes';
import { messageRoutes } from './modules/messages/messages.routes';
import { openClassRoutes } from './modules/open-classes/open-classes.routes';
import { organisationRoutes } from './modules/organisations/organisations.routes';
import { portalCatalogueRoutes } from './modules/portal-content/catalogue.routes';
import { portalContentRoutes } from './modules/portal-content/portal-content.routes';
import { pageSnapshotOf } from './modules/portal-content/portal-content.snapshot';
import {
  type CodeExecutionConfig,
  DEFAULT_CODE_EXECUTION,
} from './modules/program-execution/program-execution.config';
import { programExecutionRoutes } from './modules/program-execution/program-execution.routes';
import { aiRoutes } from './modules/question-bank/ai.routes';
import { generateQuestionsRoutes } from './modules/question-bank/generate-questions.routes';
import { questionBankRoutes } from './modules/question-bank/question-bank.routes';
import { teachingRoutes } from './modules/question-bank/teaching.routes';
import { reservationRoutes } from './modules/reservations/reservations.routes';
import { resumeRoutes } from './modules/resume/resume.routes';
import { resumeAttachedRoutes } from './modules/resume/resume-attached.routes';
import { resumePreviewRoutes } from './modules/resume/resume-preview.routes';
import { createSessionCache } from './modules/sessions/session-cache';
import { attachSessionCache } from './modules/sessions/session-invalidation';
import { sessionRoutes } from './modules/sessions/sessions.routes';
import { siteRoutes } from './modules/site/site.routes';
import { siteSettingsRoutes } from './modules/site/site-settings.routes';
import { createSecrets, resolveAppSecret } from './modules/system/secrets';
import { userRoutes } from './modules/users/users.routes';
import { createFileStore } from './storage';

// Validation messages are Chinese: schemas carry the specs' texts; anything else falls back to zod's zh-CN
// texts, and a missing field names itself.
z.config(z.locales.zhCN());
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined
      ? `缺少必填参数：${(issue.path ?? []).join('.') || '请求内容'}`
      : undefined,
});

export type AppDeps = {
  /** An open, migrated database; when absent one is opened from the config and closed with the app. */
  database?: Database;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: { write: (line: string) => void };
  /** The clock (tests move it). */
  now?: () => Date;
  /** The job queue, shared with a code runner in the same process; one is made (and stopped) when absent. */
  jobs?: JobQueue;
  /** Code-execution limits (server.ts and worker.ts read them from the environment). */
  codeExecution?: Partial<CodeExecutionConfig>;
  /** LISTEN/NOTIFY between instances; one is made (and closed) when absent. Tests pass their own. */
  notifications?: NotificationBus;
  /** Start-up state behind GET /readyz (server.ts marks its steps); ready at once when absent. */
  readiness?: Readiness;
};

/** Builds the Fastify app: used by server.ts, a future worker and the tests. */
export const buildApp = async (config: Config, deps: AppDeps = {}): Promise<App> => {
  const database = deps.database ?? (await openDatabase(config));
  const now = deps.now ?? (() => new Date());
  const logStream = logDestination(deps.logStream);
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    logController: new RequestLogController(config.logLevel, logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  if (!deps.database) app.addHook('onClose', async () => database.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    createSerializerCompiler((route) =>
      app.log.warn(route, 'response schema without a JSON Schema form: serialized by zod (slower)'),
    ),
  );
  // A JSON POST without a body (logout) is an empty body, not a malformed one.
  const jsonParser = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    // Refused before parsing: a hostile nesting costs neither the parse nor a walk (http/unstorable).
    if (jsonNestsDeeperThan(body as string)) return done(new AppError(400, BODY_SHAPE_MSG.tooDeep));
    return jsonParser(request, body as string, done);
  });
  removeUnstorableInput(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    // Addresses may carry a sign-in ticket (/authorize?ticket=): never send them to other sites.
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'same-origin');
  });
  registerSecurityHeaders(app, config);

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Uplus API', description: 'Uplus 教育平台接口', version: '0.1.0' },
      components: {
        securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } },
      },
      security: [{ accessToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CSP });

  // issue 15: public content pages are answered with their title, og: tags and text (filled in below)
  const pages: PageSnapshots = { snapshot: null };
  registerErrorHandling(app, config.webDist, pages);

  const secrets = createSecrets(await resolveAppSecret({ db: database.db, configured: config.appSecret }));
  // Connected when the app is ready; closed before a database opened here (hooks run last-added first).
  const notifications =
    deps.notifications ?? createNotificationBus({ db: database.db, driver: database.driver, log: app.log });
  if (!deps.notifications) {
    app.addHook('onReady', async () => notifications.start());
    app.addHook('onClose', async () => notifications.close());
  }
  // Resolved access tokens, dropped on every change here and on notifications from other instances.
  const sessionCache = config.sessionCache.enabled
    ? createSessionCache({ ...config.sessionCache, online: false })
    : null;
  if (sessionCache) {
    const detach = await attachSessionCache({
      db: database.db,
      cache: sessionCache,
      bus: notifications,
      log: app.log,
    });
    app.addHook('onClose', async () => detach());
  }
  const ctx: AppContext = {
    config,
    db: database.db,
    auth: createAuth({ db: database.db, now, sessionCache }),
    notifications,
    secrets,
    now,
    llm: createLlmClient(config.llm),
    storage: createFileStore(config.storage),
  };
  healthRoutes(app, deps.readiness ?? createReadiness([]));
  siteRoutes(app, ctx);
  sessionRoutes(app, ctx);
  userRoutes(app, ctx);
  organisationRoutes(app, ctx);
  messageRoutes(app, ctx);
  dataScreenRoutes(app, ctx);
  idpRoutes(app, ctx);
  questionBankRoutes(app, ctx);
  teachingRoutes(app, ctx);
  homeworkRoutes(app, ctx);
  // issue 11 homework lifecycle and submissions (helper homework-server)
  homeworkLifecycleRoutes(app, ctx);
  // issue 11: courses (classes, class codes, the student's course list)
  courseRoutes(app, ctx);
  certificateRoutes(app, ctx);
  // issue 12: internships (student and organiser) and the company hub
  internshipRoutes(app, ctx);
  employerRoutes(app, ctx);
  occupationRoutes(app, ctx); // issue 14 (employer): positions, job cards, job detail
  programRoutes(app, ctx); // issue 14 (employer): internship programmes and their positions
  fileRoutes(app, ctx); // issue 12: uploads and signed file addresses
  memberProfileRoutes(app, ctx); // issue 12: member profile, schools and majors
  memberProfileCatalogRoutes(app, ctx); // issue 13: divisions and occupations
  resumeRoutes(app, ctx); // issue 13: the online resume, its sections, evaluations and completeness
  resumeAttachedRoutes(app, ctx); // issue 13: attached resumes and their upload ticket
  applicationsRoutes(app, ctx); // issue 14: the employer's applications inbox
  resumePreviewRoutes(app, ctx); // issue 13: the online resume's preview and PDF
  feedbackRoutes(app, ctx); // issue 14: the feedback center (deliveries, invitations, offer files)
  favouriteRoutes(app, ctx); // issue 14: favourites
  reservationRoutes(app, ctx); // issue 14: career talks, job fairs, reservations
  // issue 12: open classes (职业发展课)
  openClassRoutes(app, ctx);
  mapsRoutes(app, ctx); // issue 14: the map provider's tiles for pages
  deliveryRoutes(app, ctx); // issue 14: POST/DELETE delivery_records (helper delivery)
  const jobs = deps.jobs ?? createJobQueue({ db: database.db, log: app.log, bus: notifications });
  // Hooks run last-added first: the queue stops before a database opened here is closed.
  if (!deps.jobs) app.addHook('onClose', async () => jobs.stop());
  programExecutionRoutes(app, ctx, { jobs, config: { ...DEFAULT_CODE_EXECUTION, ...deps.codeExecution } });
  generateQuestionsRoutes(app, ctx, {
    jobs,
    codeExecution: { ...DEFAULT_CODE_EXECUTION, ...deps.codeExecution },
  });
  aiRoutes(app, ctx);
  // issue 11, grading: AI-judge runs of a homework (their workers start in start.ts).
  gradingRoutes(app, ctx, { jobs });
  // issue 11, homework-server: students' homework (submit queues code grading) and the teacher's review.
  submissionRoutes(app, ctx, { jobs });
  competitionRoutes(app, ctx); // issue 14: competitions, registrations and teams
  portalContentRoutes(app, ctx); // issue 15: portal content (public reads, images, the content console)
  portalCatalogueRoutes(app, ctx); // issue 15: the catalogue calls of portal spec 7
  siteSettingsRoutes(app, ctx); // issue 15 (pc-site): site settings, footer QR codes, the cloud IDE
  assistantRoutes(app, ctx); // issue 16: the AI assistants (with their uploads' and knowledge base's routes)
  pages.snapshot = (request) =>
    pageSnapshotOf({
      db: ctx.db,
      host: request.hostname,
      deploymentCode: ctx.config.deploymentCode,
      url: request.url,
    });
  await registerSpa(app, config.webDist, pages);
  return app;
};
