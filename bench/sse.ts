// bench/sse: latency our server adds to each streamed token of the AI question draft.
//
// An OpenAI-compatible upstream in this process streams N tokens at a fixed interval; every token carries
// its own send time (performance.now() of this process) in its content: `<index>@<ms>;`. The same stream
// is read (a) directly from the upstream and (b) through POST /api/course/ai/generate_questions/sse of the
// real server (a child process started like `npm start`, LLM_BASE_URL pointing at the upstream). For each
// token, latency = arrival - send time; added latency of token i = latency through the server - direct
// latency, tokens aligned by index. (The scripted e2e fixture has no hook for send times, hence this
// small stamping upstream with the same chat-completions framing.)
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, ROOT, type Spawned, serverEnv, spawnQuiet, waitFor200 } from './lib';

export interface SseBenchOptions {
  tokens: number;
  intervalMs: number;
  logLevel: string;
}

export interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export interface SseBenchResult {
  options: SseBenchOptions;
  /** arrival - send, read straight from the upstream */
  directMs: Percentiles;
  /** arrival - send, read through the server's SSE endpoint */
  throughServerMs: Percentiles;
  /** per token: through server - direct */
  addedMs: Percentiles;
  /** tokens seen in both runs */
  tokens: number;
  /** how many SSE events the server sent for the tokens (1 per token when it does not batch) */
  serverEvents: number;
  targetP99AddedMs: number;
  met: boolean;
  /** 1-minute load average before and after the measured runs (other work skews the tail) */
  loadAverage: [number, number];
}

export const TARGET_P99_ADDED_MS = 5;

/** Nearest-rank percentiles of a list of numbers. */
export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
  return {
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: sorted[sorted.length - 1] ?? 0,
    mean: sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length),
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The stamping upstream: answers every streamed chat completion with `tokens` stamped tokens. */
async function startUpstream(o: {
  tokens: number;
  intervalMs: number;
}): Promise<{ baseUrl: string; server: Server; setTokens: (n: number) => void }> {
  let tokens = o.tokens;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        stream?: boolean;
        model?: string;
      };
      const base = {
        id: 'chatcmpl-bench',
        created: Math.floor(Date.now() / 1000),
        model: body.model ?? 'bench',
      };
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            ...base,
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      const send = (delta: Record<string, unknown>, finish: string | null) =>
        res.write(
          `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      send({ role: 'assistant', content: '' }, null);
      for (let i = 0; i < tokens; i++) {
        await sleep(o.intervalMs);
        if (res.destroyed) return;
        send({ content: `${i}@${performance.now().toFixed(3)};` }, null);
      }
      send({}, 'stop');
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    server,
    setTokens: (n) => {
      tokens = n;
    },
  };
}

/**
 * Reads a server-sent-events answer, hands every `data:` payload to `onData`, and notes the arrival of
 * each stamped token found in the text `textOf` extracts.
 */
async function readStamped(
  answer: Response,
  textOf: (data: string) => string | null,
): Promise<{ latency: Map<number, number>; events: number }> {
  if (!answer.ok || !answer.body)
    throw new Error(`stream answered HTTP ${answer.status}: ${await answer.text()}`);
  const latency = new Map<number, number>();
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  let events = 0;
  const stamp = /(\d+)@(\d+\.\d+);/g;
  for await (const chunk of answer.body) {
    const arrived = performance.now();
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of event.split('\n')) {
        if (!line.startsWith('data:')) continue;
        const piece = textOf(line.slice(5).trim());
        if (piece === null) continue;
        events++;
        text += piece;
      }
      end = buffer.indexOf('\n\n');
    }
    // Whole stamps only; a stamp split over two events is taken when its end arrives.
    stamp.lastIndex = 0;
    let consumed = 0;
    for (let m = stamp.exec(text); m; m = stamp.exec(text)) {
      latency.set(Number(m[1]), arrived - Number(m[2]));
      consumed = stamp.lastIndex;
    }
    text = text.slice(consumed);
  }
  return { latency, events };
}

const openAiDelta = (data: string): string | null => {
  if (data === '[DONE]') return null;
  const parsed = JSON.parse(data) as { choices?: { delta?: { content?: string } }[] };
  const content = parsed.choices?.[0]?.delta?.content;
  return content ? content : null;
};

const serverDelta = (data: string): string | null => {
  const parsed = JSON.parse(data) as { event?: string; answer?: string };
  if (parsed.event === 'error') throw new Error(`the server's stream failed: ${parsed.answer}`);
  return parsed.event === 'message' && parsed.answer ? parsed.answer : null;
};

async function direct(baseUrl: string) {
  const answer = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'bench' }] }),
  });
  return readStamped(answer, openAiDelta);
}

async function throughServer(base: string, token: string) {
  const answer = await fetch(`${base}/api/course/ai/generate_questions/sse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Access-Token': token },
    body: JSON.stringify({
      query: '数据结构：栈和队列',
      questionType: 1,
      questionNum: 1,
      source: 'library',
      questionLength: 1000,
      questionScore: 10,
    }),
  });
  return readStamped(answer, serverDelta);
}

async function signIn(base: string): Promise<string> {
  const answer = await fetch(`${base}/idp/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'teacher01', password: 'Uplus@2026' }),
  });
  const body = (await answer.json()) as { success?: boolean; data?: { ticket?: string } };
  if (!body.success || !body.data?.ticket) throw new Error(`sign-in failed: HTTP ${answer.status}`);
  return body.data.ticket;
}

export async function runSseBench(o: SseBenchOptions, log: (line: string) => void): Promise<SseBenchResult> {
  const measured = await startUpstream(o);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-bench-sse-'));
  let server: Spawned | null = null;
  try {
    log('sse: starting the server (PGlite, LLM_BASE_URL at the stamping upstream)');
    const port = await freePort();
    server = spawnQuiet(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')],
      serverEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, 'data'),
        DEMO_DATA: 'true',
        LOG_LEVEL: o.logLevel,
        CODE_RUNNER_WORKERS: '0',
        LLM_BASE_URL: measured.baseUrl,
        LLM_MODEL: 'bench',
        LLM_API_KEY: '',
      }),
    );
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitFor200(`${base}/get_appconfig`, performance.now(), { child: server.child });
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${server.output()}`);
    }
    const token = await signIn(base);

    log('sse: warm-up (100 tokens direct and through the server)');
    measured.setTokens(100);
    await direct(measured.baseUrl);
    await throughServer(base, token);
    measured.setTokens(o.tokens);

    const loadBefore = loadavg()[0] ?? 0;
    log(`sse: ${o.tokens} tokens every ${o.intervalMs} ms, direct`);
    const a = await direct(measured.baseUrl);
    log(
      `sse: ${o.tokens} tokens every ${o.intervalMs} ms, through POST /api/course/ai/generate_questions/sse`,
    );
    const b = await throughServer(base, token);

    const added: number[] = [];
    const directMs: number[] = [];
    const serverMs: number[] = [];
    for (let i = 0; i < o.tokens; i++) {
      const x = a.latency.get(i);
      const y = b.latency.get(i);
      if (x === undefined || y === undefined) continue;
      directMs.push(x);
      serverMs.push(y);
      added.push(y - x);
    }
    if (added.length < o.tokens) {
      throw new Error(
        `only ${added.length} of ${o.tokens} tokens arrived on both paths (${a.latency.size} direct, ${b.latency.size} through the server)`,
      );
    }
    const addedMs = percentiles(added);
    return {
      options: o,
      directMs: percentiles(directMs),
      throughServerMs: percentiles(serverMs),
      addedMs,
      tokens: added.length,
      serverEvents: b.events,
      targetP99AddedMs: TARGET_P99_ADDED_MS,
      met: addedMs.p99 <= TARGET_P99_ADDED_MS,
      loadAverage: [Number(loadBefore.toFixed(2)), Number((loadavg()[0] ?? 0).toFixed(2))],
    };
  } finally {
    await server?.stop();
    measured.server.closeAllConnections();
    measured.server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const f = (n: number) => n.toFixed(2);

export function sseReport(r: SseBenchResult): string[] {
  const row = (name: string, p: Percentiles) =>
    `  ${name.padEnd(33)}p50 ${f(p.p50).padStart(7)}  p90 ${f(p.p90).padStart(7)}  p99 ${f(p.p99).padStart(7)}  max ${f(p.max).padStart(7)} ms`;
  return [
    `SSE draft stream: ${r.tokens} tokens, one every ${r.options.intervalMs} ms, arrival - send time per token ` +
      `(${r.serverEvents} server events; load average ${r.loadAverage[0]} before, ${r.loadAverage[1]} after):`,
    row('direct from the upstream', r.directMs),
    row('through /generate_questions/sse', r.throughServerMs),
    row('added by the server', r.addedMs),
    `  target p99 added <= ${r.targetP99AddedMs} ms: ${r.met ? 'met' : 'NOT met'}`,
  ];
}

// `tsx bench/sse.ts`: this benchmark alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  runSseBench(
    {
      tokens: Number(env.BENCH_SSE_TOKENS ?? 1000),
      intervalMs: Number(env.BENCH_SSE_INTERVAL_MS ?? 5),
      logLevel: env.BENCH_LOG_LEVEL ?? 'warn',
    },
    (line) => console.error(`[bench] ${line}`),
  )
    .then((r) => console.log(sseReport(r).join('\n')))
    .catch((error: unknown) => {
      console.error(`[bench] sse failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
