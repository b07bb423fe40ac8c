import fastifyMultipart from '@fastify/multipart';
import {
  avatarUpload,
  avatarUploadQuery,
  catalogQuery,
  FILE_PURPOSES,
  FILES_MSG,
  MIXED_BODY_MSG,
  majorPage,
  memberBasicInfo,
  memberDetail,
  memberProfilePutBody,
  memberQuery,
  PROFILE_MSG,
  politicalAnswer,
  politicalQuery,
  RESUME_MSG,
  SERVICE_BASES,
  schoolPage,
  visibleAnswer,
} from '@uplus/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../core/errors';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './member-profile.service';
import * as career from './member-profile-career.service';

const tags = ['member-profile'];
const ourea = SERVICE_BASES.ourea;
const portal = SERVICE_BASES.portal;

/**
 * Member profiles (issue 12): the profile-completion dialog's calls and the school and major catalogues;
 * (issue 13) the career side: the other bodies of PUT member_profiles, political, visible, GET members and
 * the avatar upload.
 */
export const memberProfileRoutes = (app: App, ctx: AppContext) => {
  app.get(
    `${ourea}/members/basic/info`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The signed-in member’s name, sex, avatar and profile, with perfected (profile complete)',
        response: answers(memberBasicInfo),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.basicInfoOf({ db: ctx.db, actor }));
    },
  );

  app.put(
    `${ourea}/member_profiles`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Saves part of the signed-in member’s profile: one of five bodies, told apart by its keys',
        description:
          'The kinds (packages/shared member-profile/career.ts `memberProfileKindOf`): intention, status, ' +
          'personal, editTop (first education), completion (the profile-completion dialog). Each is checked ' +
          'in the spec’s order and answers the first failing check’s message (400); marker keys of two ' +
          `kinds: 400 ${MIXED_BODY_MSG}. Unknown school or major, occupation or city codes: 400.`,
        body: memberProfilePutBody,
        response: answers(memberBasicInfo),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const info = await career.putMemberProfile({ ctx, actor, body: request.body });
      return { ...ok(info), message: PROFILE_MSG.saved };
    },
  );

  app.put(
    `${ourea}/member_profiles/political`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Sets the signed-in member’s political status; empty, `null` or absent clears it',
        querystring: politicalQuery,
        response: answers(politicalAnswer),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const politicalStatus = request.query.politicalStatus;
      return {
        ...ok(await career.setPolitical({ ctx, actor, politicalStatus })),
        message: PROFILE_MSG.saved,
      };
    },
  );

  app.put(
    `${ourea}/member_profiles/visible`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Shows the resume to HR again (privacy switch off)',
        response: answers(visibleAnswer),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return { ...ok(await career.setVisible({ ctx, actor, visible: true })), message: RESUME_MSG.restored };
    },
  );

  app.delete(
    `${ourea}/member_profiles/visible`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Hides the resume from HR (privacy switch on)',
        response: answers(visibleAnswer),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return { ...ok(await career.setVisible({ ctx, actor, visible: false })), message: RESUME_MSG.hidden };
    },
  );

  app.get(
    `${ourea}/members`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary:
          'The signed-in member with the parts of `details` (organ, profile, intentions, citys, account)',
        description: 'id: the signed-in member’s user id or absent; another id is 403.',
        querystring: memberQuery,
        response: answers(memberDetail),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const { id, details } = request.query;
      return ok(await career.memberDetailOf({ ctx, actor, id, details }));
    },
  );

  app.register(async (scope) => {
    const avatars = scope.withTypeProvider<ZodTypeProvider>();
    const maxBytes = FILE_PURPOSES.memberMaterial.maxBytes;
    await avatars.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { files: 1, fields: 10, parts: 20, fileSize: maxBytes + 1, fieldSize: 1024 },
    });
    avatars.addHook('onError', async (request, reply) => {
      if (!request.raw.complete) reply.header('connection', 'close');
    });
    avatars.post(
      `${portal}/file_storages/upload`,
      {
        onRequest: ctx.auth.signedIn,
        bodyLimit: maxBytes + 1024 * 1024,
        schema: {
          tags,
          summary: 'Uploads the signed-in member’s avatar (multipart, one file; png or jpeg under 2 MB)',
          description:
            'resourceId must be the signed-in user (else 403). The type is read from the bytes (400), the ' +
            'size counted while receiving (413). Answers url (for PUT member_profiles portrait) and viewUrl.',
          querystring: avatarUploadQuery,
          consumes: ['multipart/form-data'],
          response: answers(avatarUpload),
        },
      },
      async (request) => {
        const actor = await ctx.auth.require(request);
        if (!request.isMultipart()) throw AppError.badRequest(FILES_MSG.required);
        const part = await request.file();
        const upload = part ? { stream: part.file, filename: part.filename } : undefined;
        const answer = await career.uploadAvatar({
          ctx,
          actor,
          resourceId: request.query.resourceId,
          upload,
        });
        return { ...ok(answer), message: RESUME_MSG.avatarUploaded };
      },
    );
  });

  app.get(
    `${ourea}/schools`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary:
          'A page of the school catalogue: name (or code) contains the search, names starting with it first',
        querystring: catalogQuery,
        response: answers(schoolPage),
      },
    },
    async (request) => ok(await service.pageSchools({ db: ctx.db, query: request.query })),
  );

  app.get(
    `${ourea}/majors`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary:
          'A page of the major catalogue: name (or code) contains the search, names starting with it first',
        querystring: catalogQuery,
        response: answers(majorPage),
      },
    },
    async (request) => ok(await service.pageMajors({ db: ctx.db, query: request.query })),
  );
};
