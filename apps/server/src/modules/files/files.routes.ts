import fastifyMultipart from '@fastify/multipart';
import { FILE_PURPOSES, FILES_BASE, FILES_MSG, uploadedFile, uploadFileQuery } from '@uplus/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../core/errors';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import { receiveDirectUpload } from './direct-upload';
import * as service from './files.service';

const tags = ['files'];

/** The largest upload of any purpose: the multipart parser's own cap (each purpose's is checked while streaming). */
const LARGEST_UPLOAD = Math.max(...Object.values(FILE_PURPOSES).map((rule) => rule.maxBytes));

const contentParams = z.object({ id: z.string() });
const directParams = z.object({ token: z.string().max(4000) });
const directAnswer = z.object({ size: z.number().int() });
const contentQuery = z.object({ expires: z.string().optional(), signature: z.string().optional() });

/** `inline; filename="ascii"; filename*=UTF-8''…` for a stored file's name. */
const contentDisposition = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

/**
 * Files (issue 12): upload (multipart, only in this plugin: every other route keeps refusing multipart
 * with 415) and the signed content address that serves a file's bytes with Range support.
 */
export const fileRoutes = (app: App, ctx: AppContext) => {
  app.register(async (scope) => {
    const files = scope.withTypeProvider<ZodTypeProvider>();
    await files.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { files: 1, fields: 10, parts: 20, fileSize: LARGEST_UPLOAD + 1, fieldSize: 1024 },
    });

    // A refused upload (wrong type, too large) is answered at once; closing the connection afterwards stops
    // the client sending the rest of a large body instead of the server reading it to the end.
    files.addHook('onError', async (request, reply) => {
      if (!request.raw.complete) reply.header('connection', 'close');
    });

    files.post(
      `${FILES_BASE}/upload`,
      {
        onRequest: ctx.auth.signedIn,
        // no size cap of the JSON kind: the bytes stream into the store, counted against the purpose's size
        bodyLimit: LARGEST_UPLOAD + 1024 * 1024,
        schema: {
          tags,
          summary: 'Upload a file for a purpose (multipart/form-data, field `file`)',
          description:
            'The type is detected from the bytes (400 文件类型不正确，请上传{label}); larger than the purpose allows: 413; ' +
            'no file: 400 请选择要上传的文件; not signed in: 401. Answers the file with a signed address.',
          querystring: uploadFileQuery,
          consumes: ['multipart/form-data'],
          response: answers(uploadedFile),
        },
      },
      async (request) => {
        const actor = await ctx.auth.require(request);
        if (!request.isMultipart()) throw AppError.badRequest(FILES_MSG.required);
        const part = await request.file();
        return ok(
          await service.receiveUpload(ctx, {
            userId: actor.userId,
            purpose: request.query.purpose,
            upload: part ? { stream: part.file, filename: part.filename } : undefined,
          }),
        );
      },
    );
  });

  // Direct uploads on local disk (an S3 store answers its own presigned PUT): the raw body, any content type,
  // streamed into the store and counted; the token is the permission (no sign-in, no cookies).
  app.register(async (scope) => {
    const direct = scope.withTypeProvider<ZodTypeProvider>();
    direct.removeAllContentTypeParsers();
    // the body is left unread (not handed on as request.body: the app's body walks must not see a stream)
    direct.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    direct.addHook('onError', async (request, reply) => {
      if (!request.raw.complete) reply.header('connection', 'close');
    });
    direct.put(
      `${FILES_BASE}/direct/:token`,
      {
        schema: {
          tags,
          summary: 'PUT a file’s bytes to a direct-upload address (local disk store)',
          description:
            'The address comes from an upload ticket (e.g. GET /api/portal/file_storages/web/obs_upload). ' +
            'Altered, expired or already used: 403 文件链接无效或已过期; larger than the purpose allows: 413 ' +
            '(as soon as Content-Length says so, else while streaming; nothing is kept); empty: 400.',
          params: directParams,
          security: [],
          response: answers(directAnswer),
        },
      },
      async (request) => {
        const length = request.headers['content-length'];
        return ok(
          await receiveDirectUpload(ctx, {
            token: request.params.token,
            body: request.raw,
            contentLength: length === undefined ? undefined : Number(length),
          }),
        );
      },
    );
  });

  app.get(
    `${FILES_BASE}/:id/content`,
    {
      schema: {
        tags,
        summary: 'A file’s bytes by its signed address (no sign-in: the signature is the permission)',
        description:
          'Altered, expired, another file’s or unknown: 403 文件链接无效或已过期. Range: one range (206), ' +
          'bytes=-N and bytes=N- too; beyond the end: 416 with Content-Range: bytes */size.',
        params: contentParams,
        querystring: contentQuery,
        security: [],
      },
    },
    async (request, reply) => {
      const file = await service.verifiedFile(ctx, {
        id: request.params.id,
        expires: request.query.expires,
        signature: request.query.signature,
      });
      const content = await service.openContent(ctx, file, request.headers.range);
      const maxAge = Math.max(0, file.expires - Math.floor(ctx.now().getTime() / 1000));
      reply
        .header('accept-ranges', 'bytes')
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      if (content.kind === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${content.size}`)
          .type('application/json; charset=utf-8')
          .send({ success: false, code: 416, message: '请求的范围无效', data: null });
      }
      reply.type(file.contentType).header('content-disposition', contentDisposition(file.name));
      if (content.kind === 'partial') {
        const { start, end } = content.range;
        return reply
          .code(206)
          .header('content-range', `bytes ${start}-${end}/${content.size}`)
          .header('content-length', end - start + 1)
          .send(content.body);
      }
      return reply.code(200).header('content-length', content.size).send(content.body);
    },
  );
};
