import type { FastifyInstance } from 'fastify';
import { storable } from '../db/storable-text';

/** An address whose path or query may decode to NUL or a lone surrogate (both are percent-encoded). */
const ENCODED_UNSTORABLE = /%00|%ed%[ab]/i;

/**
 * Removes the characters PostgreSQL cannot store (NUL, lone surrogates; see db/storable-text) from every
 * request's body, query and path parameters before validation, so no service ever hands one to the
 * database (which answers such a query with an error, i.e. a 500). They are invisible and mean nothing,
 * so the request goes on without them rather than being refused.
 */
export const removeUnstorableInput = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && request.body !== null) request.body = storable(request.body);
    if (ENCODED_UNSTORABLE.test(request.url)) {
      request.query = storable(request.query);
      request.params = storable(request.params);
    }
  });
};
