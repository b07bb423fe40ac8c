import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/errors';
import type { Db } from '../db/client';
import type { Actor } from '../modules/sessions/actor';
import type { SessionCache } from '../modules/sessions/session-cache';
import { resolveSession } from '../modules/sessions/sessions.service';

/** Header carrying the access token on every call (spec 000 section 7). */
export const TOKEN_HEADER = 'x-access-token';

export type Auth = {
  /** The actor behind `X-Access-Token`; 401 when the token is missing, unknown, expired or revoked. */
  require: (request: FastifyRequest) => Promise<Actor>;
  /** The actor when a valid token came along, otherwise null (public endpoints that personalise). */
  optional: (request: FastifyRequest) => Promise<Actor | null>;
  /**
   * Route `onRequest` hook for endpoints that need a signed-in user: the 401 comes before the body is
   * parsed and the input checked, so a caller without a valid token never gets a 400 or 415 instead (the
   * web client sends a 401 to sign-in). The handler's `require` then reuses the resolved actor.
   */
  signedIn: (request: FastifyRequest) => Promise<void>;
};

/** Resolves access tokens; through `sessionCache` when there is one (null: SESSION_CACHE=off). */
export const createAuth = (deps: { db: Db; now: () => Date; sessionCache?: SessionCache | null }): Auth => {
  // One resolution per request, however many times a hook and the handler ask.
  const resolved = new WeakMap<FastifyRequest, Promise<Actor | null>>();
  const resolve = async (request: FastifyRequest) => {
    const header = request.headers[TOKEN_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) return null;
    return resolveSession({ db: deps.db, token, kind: 'access', now: deps.now(), cache: deps.sessionCache });
  };
  const optional = (request: FastifyRequest) => {
    let actor = resolved.get(request);
    if (!actor) {
      actor = resolve(request);
      resolved.set(request, actor);
    }
    return actor;
  };
  const require = async (request: FastifyRequest) => {
    const actor = await optional(request);
    if (!actor) throw AppError.unauthorized();
    return actor;
  };
  return {
    optional,
    require,
    signedIn: async (request) => {
      await require(request);
    },
  };
};
