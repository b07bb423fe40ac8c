import {
  certificateIdParams,
  certificatePage,
  certificateVerification,
  issueCertificateBody,
  issuedCertificate,
  issuedCertificatePage,
  issuedCertificatesQuery,
  lastSealResult,
  mineCertificatesQuery,
  SERVICE_BASES,
  verifyCertificateParams,
} from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './certificates.service';

const tags = ['certificates'];
const base = `${SERVICE_BASES.ourea}/internship_certificates`;
const issuerOnly =
  'A business user acting for a company; anyone else 403 您尚未设置所属企业，无法管理证书. Another company’s ids: 404.';

/** Certificates (issue 12): the student's own, the company's issuing side, and the public verification. */
export const certificateRoutes = (app: App, ctx: AppContext) => {
  app.get(
    `${base}/mine`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the signed-in user’s certificates (not revoked), newest first',
        description: 'officialSealPath and customCertificateUrl are signed, expiring file addresses.',
        querystring: mineCertificatesQuery,
        response: answers(certificatePage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.pageMine({ ctx, actor, query: request.query }));
    },
  );

  app.post(
    base,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Issue a certificate to a member of one of the company’s internship groups',
        description: `${issuerOnly} Graduation/Internship: the group must be finished and the member not eliminated (400), a seal is required; Customized: its image.`,
        body: issueCertificateBody,
        response: answers(issuedCertificate),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.issue({ db: ctx.db, actor, body: request.body, now: ctx.now() }));
    },
  );

  app.get(
    `${base}/issued`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the company’s certificates (revoked ones marked), newest first',
        description: issuerOnly,
        querystring: issuedCertificatesQuery,
        response: answers(issuedCertificatePage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.pageIssued({ db: ctx.db, actor, query: request.query }));
    },
  );

  app.post(
    `${base}/:id/revoke`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Revoke one of the company’s certificates',
        description: `${issuerOnly} Already revoked: 400.`,
        params: certificateIdParams,
        response: answers(issuedCertificate),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.revoke({ db: ctx.db, actor, id: Number(request.params.id), now: ctx.now() }));
    },
  );

  app.get(
    `${base}/last_seal`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The seal of the company’s newest certificate (to use it again), or null',
        description: issuerOnly,
        response: answers(lastSealResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.lastSeal({ ctx, actor }));
    },
  );

  app.get(
    `${base}/verify/:code`,
    {
      schema: {
        tags,
        summary: 'Public: whether a certificate is genuine (no sign-in)',
        description:
          'Genuine or revoked, with the holder’s name partly masked; any other code: 404 证书不存在或已失效.',
        params: verifyCertificateParams,
        response: answers(certificateVerification),
      },
    },
    async (request) => ok(await service.verify({ db: ctx.db, code: request.params.code })),
  );
};
