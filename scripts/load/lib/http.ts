import http from 'node:http';
import type { Recorder, RequestClass } from './stats';

/*
 * The load's HTTP client: node:http with keep-alive connections (like browsers behind one proxy), the
 * platform's envelope ({ success, code, message, data }), each request timed and recorded by class, and
 * what counts as an error decided here: no answer, a status >= 500, a 4xx the step did not expect, or a
 * 2xx whose envelope says success false.
 */

/** The template of a path for the report: ids become :id, the query is dropped. */
export const endpointOf = (method: string, path: string): string =>
  `${method} ${path
    .split('?')[0]!
    .replace(/\/\d+(?=\/|$)/g, '/:id')
    .replace(/\/[0-9a-f-]{36}(?=\/|$)/g, '/:uuid')}`;

export type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  token?: string | null;
  cls: RequestClass;
  /** Statuses other than 2xx this step expects (e.g. 401 after a sign-out): not errors. */
  expect?: number[];
  /** Another origin than the client's (a direct instance URL). */
  base?: string;
  timeoutMs?: number;
  /** Follow redirects (files). */
  follow?: boolean;
};

export type Answer<T = unknown> = {
  status: number;
  /** 2xx and the envelope did not say success false */
  ok: boolean;
  data: T;
  body: unknown;
  ms: number;
  /** when it counts as an error, why */
  error?: string;
};

export type SseEvent = { event?: string; answer?: string; taskId?: string };

/** An agent for one origin: keep-alive, enough sockets for every virtual user. */
export const keepAliveAgent = () =>
  new http.Agent({ keepAlive: true, maxSockets: 1024, keepAliveMsecs: 10_000 });

export class HttpClient {
  constructor(
    readonly base: string,
    private readonly recorder: Recorder | null,
    private readonly agent: http.Agent = keepAliveAgent(),
  ) {}

  /** One request, timed and recorded. Never throws: a failure is an answer with status 0. */
  async call<T = unknown>(c: Call): Promise<Answer<T>> {
    const started = performance.now();
    const startedWall = Date.now();
    const endpoint = endpointOf(c.method, c.path);
    let answer: { status: number; text: string; location?: string };
    try {
      answer = await this.raw(c.base ?? this.base, c);
      let hops = 0;
      while (c.follow && answer.status >= 300 && answer.status < 400 && answer.location && hops++ < 3) {
        const next = new URL(answer.location, c.base ?? this.base);
        answer = await this.raw(next.origin, {
          ...c,
          method: 'GET',
          path: `${next.pathname}${next.search}`,
          body: undefined,
        });
      }
    } catch (error) {
      const ms = performance.now() - started;
      const message = (error as Error).message || String(error);
      this.recorder?.record({
        cls: c.cls,
        endpoint,
        ms,
        endMs: startedWall + ms,
        error: { status: 0, message },
      });
      return { status: 0, ok: false, data: undefined as T, body: null, ms, error: message };
    }
    const ms = performance.now() - started;
    let body: unknown = answer.text;
    if (answer.text.startsWith('{') || answer.text.startsWith('[')) {
      try {
        body = JSON.parse(answer.text);
      } catch {
        // not JSON after all
      }
    }
    const envelope =
      body && typeof body === 'object' ? (body as { success?: boolean; message?: string; data?: T }) : null;
    const success = answer.status >= 200 && answer.status < 300 && envelope?.success !== false;
    let error: string | undefined;
    if (!success && !(c.expect ?? []).includes(answer.status)) {
      error = `HTTP ${answer.status}${envelope?.message ? ` ${envelope.message}` : ''}`;
    }
    this.recorder?.record({
      cls: c.cls,
      endpoint,
      ms,
      endMs: startedWall + ms,
      error: error ? { status: answer.status, message: error } : undefined,
    });
    return { status: answer.status, ok: success, data: envelope?.data as T, body, ms, error };
  }

  /**
   * One request; sent again once when it went out on a kept-alive connection the server had already closed
   * (nginx closes idle connections on a reload) before any byte of an answer: what browsers do too.
   */
  private async raw(base: string, c: Call): Promise<{ status: number; text: string; location?: string }> {
    try {
      return await this.rawOnce(base, c);
    } catch (error) {
      if (!(error as { staleConnection?: boolean }).staleConnection) throw error;
      return this.rawOnce(base, c);
    }
  }

  private rawOnce(base: string, c: Call): Promise<{ status: number; text: string; location?: string }> {
    const url = new URL(c.path, base);
    const payload = c.body === undefined ? undefined : Buffer.from(JSON.stringify(c.body));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    if (c.token) headers['x-access-token'] = c.token;
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: c.method,
          headers,
          agent: base === this.base ? this.agent : undefined,
          timeout: c.timeoutMs ?? 60_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              location: typeof res.headers.location === 'string' ? res.headers.location : undefined,
            }),
          );
          res.on('error', reject);
        },
      );
      let answered = false;
      req.on('response', () => {
        answered = true;
      });
      req.on('timeout', () => req.destroy(new Error(`timeout after ${c.timeoutMs ?? 60_000} ms`)));
      req.on('error', (error: NodeJS.ErrnoException) => {
        const stale =
          req.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        reject(stale ? Object.assign(error, { staleConnection: true }) : error);
      });
      req.end(payload);
    });
  }

  /**
   * A server-sent-event request (the question generator): calls `onEvent` for each `data:` line, resolves
   * when the stream ends. Recorded once, as class `ai`, with the time to the end of the stream.
   * `signal` aborts it (the client goes away).
   */
  async sse(
    c: Omit<Call, 'cls'> & {
      onEvent?: (event: SseEvent, msSinceStart: number) => void;
      signal?: AbortSignal;
    },
  ): Promise<{
    status: number;
    events: SseEvent[];
    ms: number;
    firstEventMs: number | null;
    error?: string;
  }> {
    const started = performance.now();
    const startedWall = Date.now();
    const base = c.base ?? this.base;
    const url = new URL(c.path, base);
    const payload = Buffer.from(JSON.stringify(c.body ?? {}));
    const events: SseEvent[] = [];
    let firstEventMs: number | null = null;
    const endpoint = endpointOf(c.method, c.path);
    const result = await new Promise<{ status: number; text: string; error?: string }>((resolve) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: c.method,
          headers: {
            accept: 'text/event-stream',
            'content-type': 'application/json',
            'content-length': String(payload.length),
            ...(c.token ? { 'x-access-token': c.token } : {}),
          },
          agent: base === this.base ? this.agent : undefined,
          timeout: c.timeoutMs ?? 600_000,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const isStream = String(res.headers['content-type'] ?? '').includes('text/event-stream');
          let buffered = '';
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (!isStream) {
              text += chunk;
              return;
            }
            buffered += chunk;
            let newline = buffered.indexOf('\n');
            while (newline >= 0) {
              const line = buffered.slice(0, newline).trim();
              buffered = buffered.slice(newline + 1);
              newline = buffered.indexOf('\n');
              if (!line.startsWith('data:')) continue;
              try {
                const event = JSON.parse(line.slice(5).trim()) as SseEvent;
                const at = performance.now() - started;
                firstEventMs ??= at;
                events.push(event);
                c.onEvent?.(event, at);
              } catch {
                // a partial or non-JSON line
              }
            }
          });
          res.on('end', () => resolve({ status, text }));
          res.on('error', (error) => resolve({ status, text, error: error.message }));
          res.on('aborted', () => resolve({ status, text, error: 'aborted' }));
        },
      );
      c.signal?.addEventListener('abort', () => req.destroy(new Error('aborted by the client')), {
        once: true,
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error) => resolve({ status: 0, text: '', error: error.message }));
      req.end(payload);
    });
    const ms = performance.now() - started;
    const aborted = c.signal?.aborted ?? false;
    let error = result.error && !aborted ? result.error : undefined;
    if (!error && result.status !== 200 && !(c.expect ?? []).includes(result.status))
      error = `HTTP ${result.status}`;
    const failed = events.find((e) => e.event === 'error');
    if (!error && failed) error = `stream error: ${failed.answer ?? ''}`;
    this.recorder?.record({
      cls: 'ai',
      endpoint,
      ms,
      endMs: startedWall + ms,
      error: error ? { status: result.status, message: error } : undefined,
    });
    return { status: result.status, events, ms, firstEventMs, error };
  }
}
