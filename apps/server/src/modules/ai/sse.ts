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

/**
 * Takes the reply over from Fastify and starts a server-sent-events answer. Call it only after every check
 * that may still answer an error envelope (auth, validation, configuration).
 */
export const openEventStream = (reply: FastifyReply): EventStream => {
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
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return {
    send: (data) => {
      if (!res.writableEnded && !res.destroyed) res.write(`data: ${JSON.stringify(data)}\n\n`);
    },
    end: () => {
      if (!res.writableEnded) res.end();
    },
    signal: gone.signal,
  };
};
