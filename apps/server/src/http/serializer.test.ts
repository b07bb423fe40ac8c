import { envelopeOf } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../test/app';
import { createSerializerCompiler, outputJsonSchema, serializerCompiler } from './serializer';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' });
const zodJson = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data as never));

const user = z.object({
  name: z.string(),
  userid: z.string(),
  sex: z.enum(['0', '1']),
  avatar: z.string().nullable(),
  score: z.number().int().optional(),
  tags: z.array(z.object({ id: z.number(), label: z.string() })),
  pms: z.record(z.string(), z.number()),
  kind: z.union([
    z.object({ type: z.literal('a'), a: z.string() }),
    z.object({ type: z.literal('b'), b: z.number() }),
  ]),
});

const sample = {
  name: '王小明',
  userid: '1',
  sex: '1',
  avatar: null,
  tags: [{ id: 1, label: '链表 "双向"\n' }],
  pms: { course: 137438953472, qom: 6 },
  kind: { type: 'b', b: 2 },
};

describe('response serializer', () => {
  it('writes what zod writes for an envelope, Chinese text, escapes, nullable, optional, records and unions', () => {
    const schema = envelopeOf(user);
    const data = { success: true, code: 200, message: '操作成功', data: sample };
    const text = compile(schema)(data);
    expect(JSON.parse(text)).toEqual(JSON.parse(zodJson(schema, data)));
    expect(JSON.parse(compile(schema)({ ...data, data: { ...sample, score: 3 } })).data.score).toBe(3);
  });

  it('never writes a field the schema does not declare (a column a service let through stays out)', () => {
    const text = compile(user)({
      ...sample,
      passwordHash: '$argon2id$secret',
      tags: [{ id: 1, label: 'x', owner: 9 }],
    });
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('argon2');
    expect(JSON.parse(text).tags).toEqual([{ id: 1, label: 'x' }]);
  });

  it('fails on a missing required field and on a union no branch of which fits', () => {
    const { name: _name, ...withoutName } = sample;
    expect(() => compile(user)(withoutName)).toThrow();
    expect(() => compile(user)({ ...sample, kind: { type: 'c' } })).toThrow();
  });

  it('keeps zod for a schema without a JSON Schema form (a date, a bigint): zod encodes and checks it', () => {
    const dated = z.object({ at: z.date(), n: z.bigint().optional() });
    expect(outputJsonSchema(dated)).toBeNull();
    const at = new Date('2026-11-23T08:00:00Z');
    expect(JSON.parse(compile(dated)({ at }))).toEqual({ at: '2026-11-23T08:00:00.000Z' });
    expect(() => compile(dated)({ at: 'not a date' })).toThrow();
    const fallbacks: unknown[] = [];
    createSerializerCompiler((route) => fallbacks.push(route))({ schema: dated, method: 'GET', url: '/d' });
    createSerializerCompiler((route) => fallbacks.push(route))({ schema: user, method: 'GET', url: '/u' });
    expect(fallbacks).toEqual([{ method: 'GET', url: '/d', httpStatus: undefined }]);
  });

  it('compiles every plain response schema to JSON Schema without $schema (fast-json-stringify takes draft-07)', () => {
    const json = outputJsonSchema(envelopeOf(user));
    expect(json).not.toBeNull();
    expect(json).not.toHaveProperty('$schema');
    expect(json).toMatchObject({ type: 'object', required: ['success', 'code', 'message', 'data'] });
  });
});

describe('the app’s response schemas', () => {
  const lines: string[] = [];
  useTestApp('pglite', {
    config: { logLevel: 'warn' },
    deps: { logStream: { write: (l) => lines.push(l) } },
  });

  it('all compile to fast-json-stringify: no route falls back to zod (it warns at start-up when one does)', () => {
    expect(lines.filter((l) => l.includes('serialized by zod'))).toEqual([]);
  });
});
