import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Actor } from '../modules/sessions/actor';
import type { SessionCache } from '../modules/sessions/session-cache';
import { resolveSession } from '../modules/sessions/sessions.service';
import { AppError } from './errors';

/** Header carrying the access token on every call (spec 000 section 7). */
export const TOKEN_HEADER = 'x-access-token';

export type Auth = {
  /** The actor behind `X-Access-Token`; 401 when the token is missing, unknown, expired or revoked. */
  require: (request: FastifyRequest) => Promise<Actor>;
  /** The actor when a valid token came along, otherwise null (public endpoints that personalise). */
  optional: (request: FastifyRequest) => Promise<Actor | null>;
};

/** Resolves access tokens; through `sessionCache` when there is one (null: SESSION_CACHE=off). */
export const createAuth = (deps: { db: Db; now: () => Date; sessionCache?: SessionCache | null }): Auth => {
  const optional = async (request: FastifyRequest) => {
    const header = request.headers[TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) return null;
    return resolveSession({ db: deps.db, token, kind: 'access', now: deps.now(), cache: deps.sessionCache });
  };
  return {
    optional,
    require: async (request) => {
      const actor = await optional(request);
      if (!actor) throw AppError.unauthorized();
      return actor;
    },
  };
};
