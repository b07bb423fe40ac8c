import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { openEventStream } from './sse';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('openEventStream', () => {
  const app = Fastify();
  app.post('/stream', async (_request, reply) => {
    const stream = openEventStream(reply, { keepAliveMs: 30 });
    stream.send({ event: 'message', answer: 'a' });
    await sleep(100);
    stream.send({ event: 'message', answer: 'b' });
    stream.end();
    stream.send({ event: 'message', answer: 'after the end' });
  });
  afterAll(() => app.close());

  it('writes data lines, keep-alive comments while idle, and nothing after the end', async () => {
    const res = await app.inject({ method: 'POST', url: '/stream' });
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['x-accel-buffering']).toBe('no');
    const blocks = res.body.split('\n\n').filter(Boolean);
    expect(blocks[0]).toBe('data: {"event":"message","answer":"a"}');
    expect(blocks.at(-1)).toBe('data: {"event":"message","answer":"b"}');
    const between = blocks.slice(1, -1);
    expect(between.length).toBeGreaterThan(0);
    expect(between.every((b) => b === ': keep-alive')).toBe(true);
    expect(res.body).not.toContain('after the end');
  });
});
