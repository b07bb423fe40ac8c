import {
  CONTENT_QUERY_MAX,
  consoleDetail,
  consoleListQuery,
  consolePage,
  consoleScope,
  contentDetail,
  contentIdParams,
  contentInput,
  contentListQuery,
  contentOrderBody,
  contentPage,
  contentSlugParams,
  labPage,
  labParams,
  PORTAL_CONSOLE_BASE,
  PORTAL_CONTENT_BASE,
  PORTAL_CONTENT_MSG,
} from '@uplus/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import { assertConsoleScope } from './portal-content.policy';
import * as service from './portal-content.service';

const tags = ['portal-content'];
const imageParams = z.object({
  fileId: z.string().regex(/^[1-9][0-9]{0,14}$/, PORTAL_CONTENT_MSG.idInvalid),
});
const M = PORTAL_CONTENT_MSG;

/**
 * Portal content (issue 15): the public reads of the site the host names, content images, and the content
 * console of a site's admins.
 */
export const portalContentRoutes = (app: App, ctx: AppContext) => {
  const siteOf = async (request: FastifyRequest) => ({
    codes: await service.siteCodesFor({
      db: ctx.db,
      host: request.hostname,
      deploymentCode: ctx.config.deploymentCode,
    }),
  });
  const signedIn = async (request: FastifyRequest) => (await ctx.auth.optional(request)) !== null;
  const scopeOf = async (request: FastifyRequest) =>
    assertConsoleScope({ db: ctx.db, actor: await ctx.auth.require(request) });

  // Public ----------------------------------------------------------------------------------------------

  app.get(
    `${PORTAL_CONTENT_BASE}/contents`,
    {
      schema: {
        tags,
        summary: 'A page of the site’s published content (own site first, then the product site’s)',
        description:
          'Without kind: a search across courses, experiments, projects, cases, news, notices, recruitment ' +
          `and labs. q (at most ${CONTENT_QUERY_MAX} characters: ${M.queryTooLong}) matches the n-gram index; ` +
          'hits carry an excerpt. News, notices and recruitment newest first; other kinds in the console order.',
        querystring: contentListQuery,
        security: [],
        response: answers(contentPage),
      },
    },
    async (request) =>
      ok(await service.publicContents({ db: ctx.db, site: await siteOf(request), query: request.query })),
  );

  app.get(
    `${PORTAL_CONTENT_BASE}/contents/by-slug/:kind/:slug`,
    {
      schema: {
        tags,
        summary: 'A single page or lab row of the site by its key (the site’s own before the product site’s)',
        description: `None published: 404 ${M.notFound}.`,
        params: contentSlugParams,
        security: [],
        response: answers(contentDetail),
      },
    },
    async (request) =>
      ok(
        await service.publicContentBySlug({
          db: ctx.db,
          site: await siteOf(request),
          kind: request.params.kind,
          slug: request.params.slug,
          signedIn: await signedIn(request),
        }),
      ),
  );

  app.get(
    `${PORTAL_CONTENT_BASE}/contents/:id`,
    {
      schema: {
        tags,
        summary: 'A published row of the site with its body and neighbours (上一篇 / 下一篇)',
        description:
          `A draft, another site’s row or an unknown id: 404 ${M.notFound}. ` +
          'Visitors get the course sections that are not free without their bodies.',
        params: contentIdParams,
        security: [],
        response: answers(contentDetail),
      },
    },
    async (request) =>
      ok(
        await service.publicContentById({
          db: ctx.db,
          site: await siteOf(request),
          id: request.params.id,
          signedIn: await signedIn(request),
        }),
      ),
  );

  app.get(
    `${PORTAL_CONTENT_BASE}/labs/:platform`,
    {
      schema: {
        tags,
        summary: 'A platform lab page: its row (null when none) and up to 12 experiments, courses, projects',
        params: labParams,
        security: [],
        response: answers(labPage),
      },
    },
    async (request) =>
      ok(
        await service.publicLabPage({
          db: ctx.db,
          site: await siteOf(request),
          platform: request.params.platform,
          signedIn: await signedIn(request),
        }),
      ),
  );

  app.get(
    `${PORTAL_CONTENT_BASE}/images/:fileId`,
    {
      schema: {
        tags,
        summary: 'A content image: 302 to its signed address (a stable address for covers and bodies)',
        description: 'Only files uploaded with purpose contentImage; anything else: 404.',
        params: imageParams,
        security: [],
      },
    },
    async (request, reply) => {
      const url = await service.contentImageUrl({ ctx, fileId: request.params.fileId });
      reply.header('cache-control', 'public, max-age=300');
      return reply.redirect(url, 302);
    },
  );

  // Console ---------------------------------------------------------------------------------------------

  app.get(
    `${PORTAL_CONSOLE_BASE}/scope`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The site the signed-in admin manages',
        description: `Not an admin of a site: 403 ${M.noConsole}.`,
        response: answers(consoleScope),
      },
    },
    async (request) => ok(await scopeOf(request)),
  );

  app.get(
    `${PORTAL_CONSOLE_BASE}/contents`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the site’s content of one kind (drafts too; by status and search)',
        querystring: consoleListQuery,
        response: answers(consolePage),
      },
    },
    async (request) =>
      ok(await service.consoleContents({ db: ctx.db, scope: await scopeOf(request), query: request.query })),
  );

  app.post(
    `${PORTAL_CONSOLE_BASE}/contents`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A new draft (at the top of its kind); the body is sanitized',
        description:
          `${M.titleRequired} / ${M.titleTooLong} / ${M.summaryTooLong} / ${M.bodyTooLong} / ${M.slugRequired} / ` +
          `${M.labRequired} / ${M.slugTaken} / ${M.coverInvalid} / ${M.courseSystemCellInvalid}: 400.`,
        body: contentInput,
        response: answers(consoleDetail),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const scope = await assertConsoleScope({ db: ctx.db, actor });
      const saved = await service.createContent({
        db: ctx.db,
        scope,
        actor,
        input: request.body,
        now: ctx.now(),
      });
      return { ...ok(saved), message: M.saved };
    },
  );

  app.put(
    `${PORTAL_CONSOLE_BASE}/contents/order`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The site’s rows of one kind in a new order (first = top)',
        description: `Not exactly the site’s rows of that kind: 400 ${M.orderInvalid}; another site’s row: 403 ${M.notOwner}.`,
        body: contentOrderBody,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await service.orderContents({
        db: ctx.db,
        scope: await scopeOf(request),
        kind: request.body.kind,
        ids: request.body.ids,
      });
      return { ...ok(null), message: M.saved };
    },
  );

  app.get(
    `${PORTAL_CONSOLE_BASE}/contents/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A row of the site for editing',
        description: `Unknown: 404 ${M.notFound}; another site’s: 403 ${M.notOwner}.`,
        params: contentIdParams,
        response: answers(consoleDetail),
      },
    },
    async (request) =>
      ok(await service.consoleContent({ db: ctx.db, scope: await scopeOf(request), id: request.params.id })),
  );

  app.put(
    `${PORTAL_CONSOLE_BASE}/contents/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Saves a row of the site (its kind and status stay; a published row stays published)',
        description: `As creating; another kind: 400 ${M.kindInvalid}; another site’s row: 403 ${M.notOwner}.`,
        params: contentIdParams,
        body: contentInput,
        response: answers(consoleDetail),
      },
    },
    async (request) => {
      const saved = await service.updateContent({
        db: ctx.db,
        scope: await scopeOf(request),
        id: request.params.id,
        input: request.body,
        now: ctx.now(),
      });
      return { ...ok(saved), message: M.saved };
    },
  );

  app.delete(
    `${PORTAL_CONSOLE_BASE}/contents/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Deletes a row of the site',
        params: contentIdParams,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await service.deleteContent({ db: ctx.db, scope: await scopeOf(request), id: request.params.id });
      return { ...ok(null), message: M.deleted };
    },
  );

  app.post(
    `${PORTAL_CONSOLE_BASE}/contents/:id/publish`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Publishes a row (publishedAt is set the first time)',
        params: contentIdParams,
        response: answers(consoleDetail),
      },
    },
    async (request) => {
      const saved = await service.publishContent({
        db: ctx.db,
        scope: await scopeOf(request),
        id: request.params.id,
        now: ctx.now(),
      });
      return { ...ok(saved), message: M.published };
    },
  );

  app.post(
    `${PORTAL_CONSOLE_BASE}/contents/:id/unpublish`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Takes a row off the site (a draft again)',
        params: contentIdParams,
        response: answers(consoleDetail),
      },
    },
    async (request) => {
      const saved = await service.unpublishContent({
        db: ctx.db,
        scope: await scopeOf(request),
        id: request.params.id,
        now: ctx.now(),
      });
      return { ...ok(saved), message: M.unpublished };
    },
  );
};
