import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors';
import { storable } from '../db/storable-text';

/** An address whose path or query may decode to NUL or a lone surrogate (both are percent-encoded). */
const ENCODED_UNSTORABLE = /%00|%ed%[ab]/i;

/**
 * How deep a request body may nest. Our deepest schema needs fewer than ten levels; every recursive step
 * after parsing (the storable copy, zod, the serializer) takes stack per level, and 20,000 levels of `[`
 * overflowed it (a 500 from any JSON route, public ones included).
 */
export const MAX_BODY_DEPTH = 64;
/**
 * How many values (objects, arrays, strings, numbers...) a body may hold. The body limit already bounds the
 * bytes; this bounds the work of walking them (a 1 MB form of `a&a&a...` is 250,000 values).
 */
export const MAX_BODY_VALUES = 100_000;

/** The answers to a body past those bounds (400, in the envelope). */
export const BODY_SHAPE_MSG = {
  tooDeep: `请求内容嵌套层级过深（最多${MAX_BODY_DEPTH}层）`,
  tooMany: `请求内容包含的数据项过多（最多${MAX_BODY_VALUES}项）`,
} as const;

/**
 * Whether JSON text nests deeper than `maxDepth`, read in one pass over its characters before it is parsed,
 * so a hostile body costs neither the parse nor a walk. Brackets inside strings do not count.
 */
export const jsonNestsDeeperThan = (text: string, maxDepth: number = MAX_BODY_DEPTH): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
};

/**
 * Throws a 400 when a parsed value nests deeper than MAX_BODY_DEPTH or holds more than MAX_BODY_VALUES
 * values. Iterative (an explicit stack), so no input can overflow the call stack, and it stops at the first
 * bound passed.
 */
export const assertBodyShape = (value: unknown) => {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let seen = 0;
  while (stack.length > 0) {
    const top = stack.pop() as { value: unknown; depth: number };
    if (++seen > MAX_BODY_VALUES) throw new AppError(400, BODY_SHAPE_MSG.tooMany);
    if (top.value === null || typeof top.value !== 'object') continue;
    const depth = top.depth + 1;
    if (depth > MAX_BODY_DEPTH) throw new AppError(400, BODY_SHAPE_MSG.tooDeep);
    const items = Array.isArray(top.value) ? top.value : Object.values(top.value);
    if (seen + stack.length + items.length > MAX_BODY_VALUES) throw new AppError(400, BODY_SHAPE_MSG.tooMany);
    for (const item of items) stack.push({ value: item, depth });
  }
};

/**
 * Removes the characters PostgreSQL cannot store (NUL, lone surrogates; see db/storable-text) from every
 * request's body, query and path parameters before validation, so no service ever hands one to the
 * database (which answers such a query with an error, i.e. a 500). They are invisible and mean nothing,
 * so the request goes on without them rather than being refused. Before that walk, a body (JSON, form or
 * any other parsed kind) past the depth or size bounds is refused with a 400.
 */
export const removeUnstorableInput = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && request.body !== null) {
      assertBodyShape(request.body);
      request.body = storable(request.body);
    }
    if (ENCODED_UNSTORABLE.test(request.url)) {
      assertBodyShape(request.query);
      request.query = storable(request.query);
      request.params = storable(request.params);
    }
  });
};
