import {
  awardCreateBody,
  awardUpdateBody,
  educationCreateBody,
  educationUpdateBody,
  evaluationBody,
  internshipCreateBody,
  internshipUpdateBody,
  languageCreateBody,
  languageUpdateBody,
  RESUME_MSG,
  RESUME_SECTION_PATHS,
  type ResumeSectionCreateBody,
  type ResumeSectionUpdateBody,
  resumeAward,
  resumeEducation,
  resumeEvaluation,
  resumeIdParams,
  resumeIdPathParams,
  resumeInternship,
  resumeLanguage,
  resumeOnline,
  resumePercentages,
  resumeSociety,
  SECTION_MAX_ROWS,
  SERVICE_BASES,
  sectionListQuery,
  societyCreateBody,
  societyUpdateBody,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import type { SectionKey } from './resume.repo';
import * as service from './resume.service';

const tags = ['resume'];
const ourea = SERVICE_BASES.ourea;
const notYours = 'Another member’s resume or row: 404 记录不存在或已删除.';
const checked =
  'Checked by the spec-5 checker of the section (rules.ts): the first failing rule’s message, 400. Month ' +
  'fields are kept as the first instant of their month (UTC). Touches the resume’s update time.';

/** Each list section's schemas (the calls are alike; the bodies and rows differ). */
const SECTIONS: {
  [K in SectionKey]: {
    title: string;
    row: z.ZodTypeAny;
    create: z.ZodType<ResumeSectionCreateBody[K]>;
    update: z.ZodType<ResumeSectionUpdateBody[K]>;
  };
} = {
  education: {
    title: 'education (教育经历)',
    row: resumeEducation,
    create: educationCreateBody,
    update: educationUpdateBody,
  },
  internship: {
    title: 'internship (实习/实践经历)',
    row: resumeInternship,
    create: internshipCreateBody,
    update: internshipUpdateBody,
  },
  society: {
    title: 'society/project (社团/项目经历)',
    row: resumeSociety,
    create: societyCreateBody,
    update: societyUpdateBody,
  },
  award: { title: 'award (获奖经历)', row: resumeAward, create: awardCreateBody, update: awardUpdateBody },
  language: {
    title: 'language/skill (语言/技能)',
    row: resumeLanguage,
    create: languageCreateBody,
    update: languageUpdateBody,
  },
};

/** The online resume (issue 13): the member's resume, its five sections, evaluations and completeness. */
export const resumeRoutes = (app: App, ctx: AppContext) => {
  const context = async (request: Parameters<AppContext['auth']['require']>[0]) => ({
    db: ctx.db,
    actor: await ctx.auth.require(request),
    now: ctx.now(),
  });

  app.get(
    `${ourea}/resume_onlines`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The signed-in member’s online resume (made on first use), with its update time',
        response: answers(resumeOnline),
      },
    },
    async (request) => ok(await service.resumeOf(await context(request))),
  );

  app.get(
    `${ourea}/resume_onlines/percentages`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The completeness of the signed-in member’s resume (the rule of completeness.ts)',
        description:
          'onlinePercentages from the sections filled, the member profile and the intention; onlineCompleted ' +
          '= at least 80; attachedCount; perfected = the profile-completion dialog’s fields all set; facts ' +
          'and the missing parts’ titles in page order.',
        response: answers(resumePercentages),
      },
    },
    async (request) => ok(await service.percentagesOf(await context(request))),
  );

  app.put(
    `${ourea}/resume_onlines/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Touches the update time of the signed-in member’s resume',
        description: notYours,
        params: resumeIdParams,
        response: answers(resumeOnline),
      },
    },
    async (request) => ok(await service.touchResume({ ...(await context(request)), id: request.params.id })),
  );

  app.get(
    `${ourea}/resume_online_evaluations/:resumeId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The strength (个人优势) and self-evaluation (自我评价) of a resume',
        description: notYours,
        params: resumeIdPathParams,
        response: answers(resumeEvaluation),
      },
    },
    async (request) =>
      ok(
        await service.evaluationOfResume({ ...(await context(request)), resumeId: request.params.resumeId }),
      ),
  );

  app.put(
    `${ourea}/resume_online_evaluations/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Saves the strength and/or the self-evaluation of a resume (id: the resume’s id)',
        description: `At most 500 characters each; a key left out is kept. ${notYours}`,
        params: resumeIdParams,
        body: evaluationBody,
        response: answers(resumeEvaluation),
      },
    },
    async (request) => {
      const data = await service.saveEvaluation({
        ...(await context(request)),
        id: request.params.id,
        body: request.body,
      });
      return { ...ok(data), message: RESUME_MSG.saved };
    },
  );

  for (const section of Object.keys(SECTIONS) as SectionKey[]) sectionRoutes(app, ctx, section, context);
};

const sectionRoutes = <K extends SectionKey>(
  app: App,
  ctx: AppContext,
  section: K,
  context: (request: Parameters<AppContext['auth']['require']>[0]) => Promise<{
    db: AppContext['db'];
    actor: Awaited<ReturnType<AppContext['auth']['require']>>;
    now: Date;
  }>,
) => {
  const { title, row, create, update } = SECTIONS[section];
  const base = `${ourea}/${RESUME_SECTION_PATHS[section]}`;
  const top =
    section === 'education'
      ? ' The member profile’s first education comes first (top: true, id null; details=school,major is accepted, names are always there).'
      : '';

  app.get(
    base,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: `The ${title} rows of a resume, newest first (at most ${SECTION_MAX_ROWS})`,
        description: `${notYours}${top}`,
        querystring: sectionListQuery,
        response: answers(z.array(row)),
      },
    },
    async (request) =>
      ok(
        await service.listSection({ ...(await context(request)), section, resumeId: request.query.resumeId }),
      ),
  );

  app.get(
    `${base}/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: `One ${title} row`,
        description: notYours,
        params: resumeIdParams,
        response: answers(row),
      },
    },
    async (request) =>
      ok(await service.getSectionRow({ ...(await context(request)), section, id: request.params.id })),
  );

  app.post(
    base,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: `Adds a ${title} row to the signed-in member’s resume`,
        description: `${checked} At most ${SECTION_MAX_ROWS} rows per section. ${notYours}`,
        body: create,
        response: answers(row),
      },
    },
    async (request) => {
      const data = await service.createSectionRow({
        ...(await context(request)),
        section,
        body: request.body as ResumeSectionCreateBody[K],
      });
      return { ...ok(data), message: RESUME_MSG.saved };
    },
  );

  app.put(
    `${base}/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: `Saves a ${title} row`,
        description: `${checked} ${notYours}`,
        params: resumeIdParams,
        body: update,
        response: answers(row),
      },
    },
    async (request) => {
      const data = await service.updateSectionRow({
        ...(await context(request)),
        section,
        id: request.params.id,
        body: request.body as ResumeSectionUpdateBody[K],
      });
      return { ...ok(data), message: RESUME_MSG.saved };
    },
  );

  app.delete(
    `${base}/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: `Deletes a ${title} row`,
        description: `Touches the resume’s update time. ${notYours}`,
        params: resumeIdParams,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await service.deleteSectionRow({ ...(await context(request)), section, id: request.params.id });
      return { ...ok(null), message: RESUME_MSG.deleted };
    },
  );
};
