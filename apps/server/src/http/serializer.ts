import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The JSON Schema (draft-07) of what a response schema sends, or null when a part of it has no JSON Schema
 * form (a transform, a date, a bigint, a custom type): such a route keeps the zod serializer.
 */
export const outputJsonSchema = (schema: z.ZodType): Record<string, unknown> | null => {
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
    }) as Record<string, unknown>;
    delete json.$schema;
    return json;
  } catch {
    return null;
  }
};

/** A route whose response schema has no JSON Schema form, so zod serializes it (slower; see below). */
export type ZodSerializedRoute = { method: string; url: string; httpStatus?: string };

/**
 * Response serializer: the route's zod response schema compiled once into a fast-json-stringify function,
 * as Fastify does for JSON Schema routes. It writes the declared fields only (never a column or secret a
 * service let through), in their declared types, and fails (500) on a missing required field or a union no
 * branch of which fits. It does not run zod's refinements on the way out; a schema it cannot express falls
 * back to zod's encode + JSON.stringify and is reported to `onZodFallback`. Measured by bench/api: the zod
 * serializer was about a seventh of the server's time on a cached read (decision 0006).
 */
export const createSerializerCompiler =
  (onZodFallback?: (route: ZodSerializedRoute) => void): FastifySerializerCompiler<z.ZodType> =>
  (route) => {
    const json = route.schema instanceof z.ZodType ? outputJsonSchema(route.schema) : null;
    if (json) {
      try {
        return fastJson(json);
      } catch {
        // a schema fast-json-stringify does not take: zod serializes this route
      }
    }
    onZodFallback?.({ method: route.method, url: route.url, httpStatus: route.httpStatus });
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  };

export const serializerCompiler = createSerializerCompiler();
