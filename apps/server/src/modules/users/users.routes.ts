import {
  adminCertificate,
  adminCertificateClaims,
  adminCertificateVerifyBody,
  organMembership,
  SERVICE_BASES,
  switchOrganBody,
  switchOrganResult,
  userBasicInfo,
  userIdParam,
  userOrgansQuery,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import { collegeCodeOf } from '../sessions/actor';
import { getCollegeConfigValue } from '../site/site.service';
import * as users from './users.service';

const tags = ['users'];

export const userRoutes = (app: App, ctx: AppContext) => {
  app.get(
    `${SERVICE_BASES.portal}/users/basic_info`,
    {
      onRequest: ctx.auth.signedIn,
      schema: { tags, summary: 'Basic info of the signed-in user', response: answers(userBasicInfo) },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(users.getBasicInfo({ actor }));
    },
  );

  app.get(
    `${SERVICE_BASES.portal}/users/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: "The caller's organisations (own id only), filtered by organisation name",
        params: userIdParam,
        querystring: userOrgansQuery,
        response: answers(z.array(organMembership)),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await users.listMyOrganisations({
          db: ctx.db,
          actor,
          userId: request.params.id,
          organName: request.query.organName,
        }),
      );
    },
  );

  app.post(
    `${SERVICE_BASES.portal}/users/switch`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Switch the session to another organisation of the user',
        body: switchOrganBody,
        response: answers(switchOrganResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await users.switchOrganisation({ db: ctx.db, actor, switchToOrganId: request.body.switchToOrganId }),
      );
    },
  );

  app.get(
    `${SERVICE_BASES.base}/users/admin_certificate`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Short-lived signed certificate for the college admin site (college admins only)',
        response: answers(adminCertificate),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const code = collegeCodeOf(actor);
      const configured = code
        ? await getCollegeConfigValue({ db: ctx.db, code, key: 'COLLEGE_ADMIN_URL' })
        : null;
      return ok(
        await users.issueAdminCertificate({
          actor,
          secrets: ctx.secrets,
          now: ctx.now(),
          adminUrl: configured || ctx.config.collegeAdminUrl,
        }),
      );
    },
  );

  app.post(
    `${SERVICE_BASES.base}/users/admin_certificate/verify`,
    {
      schema: {
        tags,
        summary: 'Check a college-admin certificate (for the admin site)',
        body: adminCertificateVerifyBody,
        response: answers(adminCertificateClaims),
      },
    },
    async (request) =>
      ok(
        users.verifyAdminCertificate({
          certificate: request.body.certificate,
          secrets: ctx.secrets,
          now: ctx.now(),
        }),
      ),
  );
};
