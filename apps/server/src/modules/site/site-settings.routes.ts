import {
  cloudServiceQuery,
  cloudServiceUri,
  footerQrKey,
  siteSettings,
  siteSettingsView,
} from '@uplus/shared';
import { z } from 'zod';
import { publicOriginsOf } from '../../config/config';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import { platformOrigins } from '../idp/idp.service';
import { assertConsoleScope } from '../portal-content/portal-content.policy';
import { IDP_BASE } from './site.service';
import * as settings from './site-settings.service';

const tags = ['site'];
const SETTINGS_PATH = '/api/portal/console/site-settings';

/** Site settings in the console, the footer's QR codes, and the cloud development environment (issue 15). */
export const siteSettingsRoutes = (app: App, ctx: AppContext) => {
  app.get(
    SETTINGS_PATH,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: "The managed site's settings (title, home sections, footer, navigation or area menu)",
        response: answers(siteSettingsView),
      },
    },
    async (request) => {
      const scope = await assertConsoleScope({ db: ctx.db, actor: await ctx.auth.require(request) });
      return ok(await settings.getSiteSettings({ db: ctx.db, scope }));
    },
  );

  app.put(
    SETTINGS_PATH,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: "Saves the managed site's settings; visitors see them on their next page load",
        body: siteSettings,
        response: answers(siteSettingsView),
      },
    },
    async (request) => {
      const scope = await assertConsoleScope({ db: ctx.db, actor: await ctx.auth.require(request) });
      return ok(await settings.saveSiteSettings({ db: ctx.db, scope, input: request.body }));
    },
  );

  app.get(
    '/api/portal/qrcodes/:key.svg',
    {
      schema: {
        tags,
        summary: "A footer QR code (SVG) of the address the request host's site configured",
        params: z.object({ key: footerQrKey }),
        response: { 200: z.string().describe('image/svg+xml') },
      },
    },
    async (request, reply) => {
      const svg = await settings.footerQrSvg({
        db: ctx.db,
        host: request.hostname,
        deploymentCode: ctx.config.deploymentCode,
        key: request.params.key,
      });
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(svg);
    },
  );

  // An IDE address on the platform's own origins goes through the identity provider's sign-in (tickets
  // reach only those origins); see cloudServiceUri.
  const isPlatform = platformOrigins({
    db: ctx.db,
    publicOrigins: publicOriginsOf(ctx.config),
    port: ctx.config.port,
  });
  app.get(
    '/api/course/huawei/cloud/service_uri',
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The address of the cloud development environment (CLOUD_IDE_URL) for the signed-in user',
        querystring: cloudServiceQuery,
        response: answers(cloudServiceUri),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await settings.cloudServiceUri({
          actor,
          template: ctx.config.cloudIdeUrl,
          query: request.query,
          idpBase: IDP_BASE,
          isPlatform,
        }),
      );
    },
  );
};
