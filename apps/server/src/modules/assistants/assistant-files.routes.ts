import fastifyMultipart from '@fastify/multipart';
import { ASSISTANT_BASE, assistantFile, FILES_MSG } from '@uplus/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../core/errors';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import { mayUploadAssistantFile } from './assistant-files.policy';
import { ASSISTANT_UPLOAD_MAX_BYTES, uploadAssistantFile } from './assistant-files.service';

const tags = ['assistants'];

/**
 * `POST {ASSISTANT_BASE}/files` (issue 16 part 5): a file given to an assistant with a question (multipart,
 * field `file`), in its own plugin so multipart stays refused (415) everywhere else.
 */
export const assistantFileRoutes = (app: App, ctx: AppContext) => {
  app.register(async (scope) => {
    const files = scope.withTypeProvider<ZodTypeProvider>();
    await files.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { files: 1, fields: 10, parts: 20, fileSize: ASSISTANT_UPLOAD_MAX_BYTES + 1, fieldSize: 1024 },
    });
    // a refused upload is answered at once; closing the connection stops the client sending the rest
    files.addHook('onError', async (request, reply) => {
      if (!request.raw.complete) reply.header('connection', 'close');
    });
    files.post(
      `${ASSISTANT_BASE}/files`,
      {
        onRequest: ctx.auth.signedIn,
        bodyLimit: ASSISTANT_UPLOAD_MAX_BYTES + 1024 * 1024,
        schema: {
          tags,
          summary: 'Give a file to the assistant (multipart/form-data, field `file`); its text is read now',
          description:
            'Students and teachers (else 403 暂无权限). Types of portal spec 2.15 by the name’s ending and ' +
            'checked from the bytes (400 仅支持ppt、pptx…格式的文件); documents at most 50 MB (413 ' +
            '文档大小不能超过50MB), images at most 10 MB (413 图片大小不能超过10MB); no file: 400 ' +
            '请选择要上传的文件. Answers the file: status Ready with its characters, or Failed with message ' +
            '文件「name」无法读取内容：why (encrypted, scanned, damaged, empty, xls/ppt without LibreOffice). ' +
            'An image is Ready with no text (the model reads text only).',
          consumes: ['multipart/form-data'],
          response: answers(assistantFile),
        },
      },
      async (request) => {
        const actor = await ctx.auth.require(request);
        mayUploadAssistantFile(actor);
        if (!request.isMultipart()) throw AppError.badRequest(FILES_MSG.required);
        const part = await request.file();
        return ok(
          await uploadAssistantFile(ctx, {
            actor,
            upload: part ? { stream: part.file, filename: part.filename } : undefined,
          }),
        );
      },
    );
  });
};
