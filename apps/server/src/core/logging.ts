import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';

/** Query parameters whose values never reach a log line. */
const SECRET_PARAMS = [
  'ticket',
  'quc_ticket',
  'password',
  'token',
  'access_token',
  'accesstoken',
  'certificate',
  // issue 12/13: a signed file address is a capability until it expires
  'signature',
];
const SECRET_PARAM_RE = new RegExp(
  `((?:^|[?&]|%26|%3F)(?:${SECRET_PARAMS.join('|')})(?:=|%3D))(?:(?!%26)[^&#])*`,
  'gi',
);

/** The signed token of a direct upload address (`PUT /api/files/direct/{token}`) is its permission too. */
const DIRECT_UPLOAD_RE = /(\/api\/files\/direct\/)[^?#]+/g;

/** Replaces the values of secret query parameters (also when nested, URL-encoded, in another one). */
export const redactUrl = (url: string): string =>
  url.replace(SECRET_PARAM_RE, '$1[REDACTED]').replace(DIRECT_UPLOAD_RE, '$1[REDACTED]');

/** Headers that carry credentials; the request serializer never logs headers, these are redacted anyway. */
export const REDACT_PATHS = [
  'req.headers["x-access-token"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers["x-access-token"]',
  'headers.cookie',
  'headers.authorization',
  'password',
  '*.password',
  'ticket',
  '*.ticket',
];

type LogStream = { write: (line: string) => void };

/**
 * Where log lines go: the given stream (tests), else stdout asynchronously: while one write is in flight
 * the next lines are collected and written together, instead of a blocking write per line. Pino flushes
 * what is left when the process exits (also after an uncaught error); only a SIGKILL can lose the last lines.
 */
export const logDestination = (stream?: LogStream): LogStream =>
  stream ?? pino.destination({ dest: 1, sync: false });

/** Pino options for Fastify: leveled JSON lines, credentials removed from requests. */
export const loggerOptions = (
  level: string,
  stream: LogStream,
): NonNullable<FastifyServerOptions['logger']> => ({
  level,
  stream,
  redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
  serializers: {
    req: (req: { method?: string; url?: string; ip?: string; hostname?: string }) => ({
      method: req.method,
      url: redactUrl(req.url ?? ''),
      hostname: req.hostname,
      remoteAddress: req.ip,
    }),
    res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
  },
});

/**
 * One log line per request, when it has been answered, instead of Fastify's two ("incoming request" and
 * "request completed"): request id, method, address with secret query values redacted, status and
 * milliseconds. No headers, no body. Pass an instance as Fastify's `logController`.
 *
 * The completed line is made of those fields only, so it is written by a logger of its own on the same
 * stream without the redaction paths (which cost about as much as the rest of the line); an errored
 * request, whose error may carry anything, is logged through the request's logger with redaction.
 */
export class RequestLogController extends LogController {
  private readonly lines: pino.Logger;

  constructor(level: string, stream: LogStream) {
    super();
    this.lines = pino({ level }, stream as pino.DestinationStream);
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      reqId: request.id,
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) reply.log.error({ ...line, err: safeError(error) }, 'request errored');
    else this.lines.info(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info(`Route ${request.method}:${redactUrl(request.url)} not found`);
  }
}

/**
 * An error reduced to what is safe to log: Drizzle puts query parameters (hashes, user data) into its
 * message after "params:", so they are cut off.
 */
export const safeError = (error: unknown): Record<string, unknown> => {
  if (!(error instanceof Error)) return { message: String(error) };
  const strip = (message: string) => message.replace(/\nparams:.*?(?=\n\s+at |$)/s, '').slice(0, 4000);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  return {
    type: error.name,
    message: strip(error.message),
    code: (error as { code?: unknown }).code,
    stack: error.stack ? strip(error.stack).split('\n').slice(0, 12).join('\n') : undefined,
    cause: cause
      ? { type: cause.name, message: strip(cause.message), code: (cause as { code?: unknown }).code }
      : undefined,
  };
};
