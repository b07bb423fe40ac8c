import type { FastifyReply } from 'fastify';

/** An open `text/event-stream` answer. */
export type EventStream = {
  /** Writes one `data: <json>` event. */
  send: (data: unknown) => void;
  /** Ends the answer (the end of the stream, spec 7). */
  end: () => void;
  /** Aborted when the client goes away before the end. */
  signal: AbortSignal;
};

/** A comment line this often while nothing else is sent, so proxies with idle timeouts keep the stream. */
export const SSE_KEEPALIVE_MS = 15_000;

/**
 * Takes the reply over from Fastify and starts a server-sent-events answer. Call it only after every check
 * that may still answer an error envelope (auth, validation, configuration). Clients ignore the keep-alive
 * comments (lines starting with a colon, as the SSE format defines).
 */
export const openEventStream = (reply: FastifyReply, options: { keepAliveMs?: number } = {}): EventStream => {
  reply.hijack();
  const res = reply.raw;
  const gone = new AbortController();
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies would buffer the stream otherwise.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  });
  res.flushHeaders();
  let lastWrite = Date.now();
  const keepAliveMs = options.keepAliveMs ?? SSE_KEEPALIVE_MS;
  const keepAlive = setInterval(() => {
    if (Date.now() - lastWrite >= keepAliveMs && !res.writableEnded && !res.destroyed) {
      res.write(': keep-alive\n\n');
      lastWrite = Date.now();
    }
  }, keepAliveMs / 3);
  keepAlive.unref();
  res.on('close', () => {
    clearInterval(keepAlive);
    if (!res.writableFinished) gone.abort();
  });
  return {
    send: (data) => {
      if (res.writableEnded || res.destroyed) return;
      res.write(`data: ${JSON.stringify(data)}\n\n`);
      lastWrite = Date.now();
    },
    end: () => {
      clearInterval(keepAlive);
      if (!res.writableEnded) res.end();
    },
    signal: gone.signal,
  };
};
