import fastifyMultipart from '@fastify/multipart';
import {
  ASSISTANT_BASE,
  ASSISTANT_LIMITS,
  ASSISTANT_MSG,
  courseMaterial,
  createNoteMaterialBody,
  KNOWLEDGE_MSG,
  knowledgePassage,
  MATERIAL_UPLOAD_ACCEPT,
  materialListQuery,
  materialPage,
} from '@uplus/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../core/errors';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './knowledge.service';

const tags = ['assistants'];
const ID = /^[1-9][0-9]{0,14}$/;
const courseParams = z.object({ courseId: z.string().regex(ID, KNOWLEDGE_MSG.courseIdInvalid) });
const materialParams = courseParams.extend({
  materialId: z.string().regex(ID, ASSISTANT_MSG.materialNotFound),
});
const passageParams = z.object({ id: z.string().regex(ID, ASSISTANT_MSG.passageNotFound) });
const deleted = z.null();

/** The multipart parser's cap: the largest document, plus one byte to tell a larger one apart. */
const MAX_BYTES = ASSISTANT_LIMITS.documentMaxBytes;

/**
 * A course's knowledge base (issue 16 part 6): the teacher's materials (list, write a note, upload a file,
 * delete) and the passage a citation opens.
 */
export const knowledgeRoutes = (app: App, ctx: AppContext) => {
  const B = ASSISTANT_BASE;

  app.get(
    `${B}/:courseId/materials`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the course’s knowledge-base materials, newest first (the course’s teachers)',
        description: `Not a teacher of the course: 403 ${ASSISTANT_MSG.notCourseTeacher}.`,
        params: courseParams,
        querystring: materialListQuery,
        response: answers(materialPage),
      },
    },
    async (request) =>
      ok(
        await service.listMaterials({
          db: ctx.db,
          actor: await ctx.auth.require(request),
          courseId: Number(request.params.courseId),
          query: request.query,
        }),
      ),
  );

  app.post(
    `${B}/:courseId/materials`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Adds a note (title and markdown body) to the course’s knowledge base, indexed at once',
        description:
          `Title 1-60 characters (${ASSISTANT_MSG.materialTitleRequired} / ${ASSISTANT_MSG.materialTitleTooLong}), ` +
          `body 1-200000 (${ASSISTANT_MSG.materialBodyRequired} / ${ASSISTANT_MSG.materialTooLong}). ` +
          `Not a teacher of the course: 403 ${ASSISTANT_MSG.notCourseTeacher}.`,
        params: courseParams,
        body: createNoteMaterialBody,
        response: answers(courseMaterial),
      },
    },
    async (request) =>
      ok(
        await service.createNoteMaterial({
          db: ctx.db,
          actor: await ctx.auth.require(request),
          courseId: Number(request.params.courseId),
          body: request.body,
        }),
      ),
  );

  app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    await uploads.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { files: 1, fields: 5, parts: 10, fileSize: MAX_BYTES + 1, fieldSize: 1024 },
    });
    uploads.addHook('onError', async (request, reply) => {
      if (!request.raw.complete) reply.header('connection', 'close');
    });
    uploads.post(
      `${B}/:courseId/materials/upload`,
      {
        onRequest: ctx.auth.signedIn,
        bodyLimit: MAX_BYTES + 1024 * 1024,
        schema: {
          tags,
          summary: 'Uploads a file to the course’s knowledge base (multipart: `file`, optional `title`)',
          description:
            `Types ${MATERIAL_UPLOAD_ACCEPT} (else 400 ${KNOWLEDGE_MSG.fileTypeNotAllowed}); at most 50 MB ` +
            `(413 ${ASSISTANT_MSG.documentTooLarge}); no file: 400 ${KNOWLEDGE_MSG.fileRequired}. The text is ` +
            'extracted and indexed now; a file whose text cannot be read is kept with status Failed and why.',
          params: courseParams,
          consumes: ['multipart/form-data'],
          response: answers(courseMaterial),
        },
      },
      async (request) => {
        const actor = await ctx.auth.require(request);
        if (!request.isMultipart()) throw AppError.badRequest(KNOWLEDGE_MSG.fileRequired);
        let file: { name: string; bytes: Buffer; truncated: boolean } | undefined;
        let title: string | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const chunks: Buffer[] = [];
            for await (const chunk of part.file) chunks.push(chunk as Buffer);
            file = { name: part.filename, bytes: Buffer.concat(chunks), truncated: part.file.truncated };
          } else if (part.fieldname === 'title' && typeof part.value === 'string') {
            title = part.value;
          }
        }
        return ok(
          await service.uploadMaterial({
            ctx,
            actor,
            courseId: Number(request.params.courseId),
            file,
            title,
          }),
        );
      },
    );
  });

  app.delete(
    `${B}/:courseId/materials/:materialId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Deletes a material of the course’s knowledge base and its passages',
        description:
          `Not a teacher of the course: 403 ${ASSISTANT_MSG.notCourseTeacher}; ` +
          `not a material of this course: 404 ${ASSISTANT_MSG.materialNotFound}.`,
        params: materialParams,
        response: answers(deleted),
      },
    },
    async (request) => {
      await service.deleteMaterial({
        db: ctx.db,
        actor: await ctx.auth.require(request),
        courseId: Number(request.params.courseId),
        materialId: Number(request.params.materialId),
      });
      return ok(null);
    },
  );

  app.get(
    `${B}/passages/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The knowledge-base passage a citation names (members of its course)',
        description: `Unknown, or not a member of its course: 404 ${ASSISTANT_MSG.passageNotFound}.`,
        params: passageParams,
        response: answers(knowledgePassage),
      },
    },
    async (request) =>
      ok(
        await service.getPassage({
          db: ctx.db,
          actor: await ctx.auth.require(request),
          id: Number(request.params.id),
        }),
      ),
  );
};
