import { MSG } from '@uplus/shared';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, DEFAULT_MESSAGES } from '../core/errors';
import { safeError } from '../core/logging';
import type { App } from './context';
import { fail } from './envelope';
import { isApiPath, type PageSnapshots, sendSpaIndex, wantsHtml } from './spa';

/**
 * The one error handler: AppError -> its code and message; request validation -> 400 with the first
 * issue's message (the spec's text); other client errors -> their status with a Chinese message;
 * everything else -> 500 without internals (logged here).
 */
export const registerErrorHandling = (app: App, webDist: string, pages?: PageSnapshots) => {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.code >= 500) request.log.error({ err: safeError(error) }, 'request failed');
      return reply.code(error.code).send(fail(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation[0]?.message || MSG.badRequest;
      return reply.code(400).send(fail(400, message));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      request.log.info({ code: (error as FastifyError).code, status }, 'client error');
      return reply.code(status).send(fail(status, DEFAULT_MESSAGES[status] ?? MSG.badRequest));
    }
    request.log.error({ err: safeError(error) }, 'request failed');
    return reply.code(500).send(fail(500, MSG.internalError));
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (!isApiPath(request.url) && wantsHtml(request)) return sendSpaIndex(request, reply, webDist, pages);
    return reply.code(404).send(fail(404, MSG.notFound));
  });
};
