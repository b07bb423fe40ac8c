// bench/assistant: what our server adds to the AI assistants' answers (issue 16).
//
// An OpenAI-compatible upstream in this process streams every chat completion as numbered tokens `[i]`,
// the first one at once. The real server runs as child processes started like `npm start` (two instances
// on one PostgreSQL database, LLM_BASE_URL at the upstream, the daily quotas out of the way), and the
// demo students ask in scene CourseQA of teacher01's course 数据结构 (the demo school has qabot = 2):
//
// 1. Time to first token, one question at a time: (a) a request straight to the upstream until its first
//    content chunk, (b) POST /api/course/intelligent/courses/chat (a new conversation each time) until the
//    first `message` event. Added = b - a per question (pairs taken back to back).
// 2. The same with `concurrency` questions at once: the two demo students (there are only two), each
//    asking in several new conversations at once. Asking serialises on a per-course lock whoever asks, so
//    this loads the server as that many students of one course would.
// 3. Rejoin: while an answer streams, a second client rejoins GET /messages/{id}/stream?offset=0 on the
//    same instance (followed in memory) and a third on the other instance (followed through the row,
//    written every FLUSH_MS = 250 ms, and NOTIFY). For each token the first client has seen after the
//    rejoiner connected: arrival at the rejoiner - arrival at the first client.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { freePort, ROOT, type Spawned, serverEnv, sleep, spawnQuiet, waitFor200 } from './lib';
import { type Percentiles, percentiles } from './sse';

export interface AssistantBenchOptions {
  /** questions asked one at a time (and as many at `concurrency` at once) */
  questions: number;
  /** questions in flight at once in the second run (0: skipped) */
  concurrency: number;
  /** answers rejoined */
  rejoinAnswers: number;
  /** tokens of each rejoined answer, one every `rejoinIntervalMs` */
  rejoinTokens: number;
  rejoinIntervalMs: number;
  /** where the benchmark database is created */
  adminUrl: string;
  logLevel: string;
}

export interface TtftFigures {
  questions: number;
  /** request -> first content chunk, straight from the upstream */
  directMs: Percentiles;
  /** request -> first `message` event, through POST /chat */
  throughServerMs: Percentiles;
  /** per question: through the server - direct */
  addedMs: Percentiles;
}

export interface AssistantBenchResult {
  options: AssistantBenchOptions;
  sequential: TtftFigures;
  concurrent: (TtftFigures & { concurrency: number; students: number }) | null;
  rejoin: {
    answers: number;
    /** tokens measured (seen by the first client after the rejoiner connected), per rejoiner */
    tokensSameInstance: number;
    tokensOtherInstance: number;
    /** per token: arrival at the rejoiner on the asking instance - arrival at the asking client */
    sameInstanceMs: Percentiles;
    /** per token: arrival at the rejoiner on the other instance - arrival at the asking client */
    otherInstanceMs: Percentiles;
  } | null;
  /** 1-minute load average before and after the measured runs */
  loadAverage: [number, number];
}

const STUDENTS = ['student01', 'student02'] as const;
const PASSWORD = 'Uplus@2026';
const COURSE = '数据结构';
const CHAT = '/api/course/intelligent/courses/chat';
const STREAM = (id: number) => `/api/course/intelligent/courses/messages/${id}/stream?offset=0`;
/** tokens of a time-to-first-token answer, one every millisecond after the first */
const SHORT_ANSWER = { tokens: 5, intervalMs: 1 };

type Shape = { tokens: number; intervalMs: number };

/** The upstream: every streamed chat completion answers `shape.tokens` tokens `[i]`, the first at once. */
async function startUpstream(): Promise<{ baseUrl: string; server: Server; setShape: (s: Shape) => void }> {
  let shape: Shape = SHORT_ANSWER;
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
      const { tokens, intervalMs } = shape;
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      const send = (delta: Record<string, unknown>, finish: string | null) =>
        res.write(
          `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      send({ role: 'assistant', content: '' }, null);
      for (let i = 0; i < tokens; i++) {
        if (i > 0) await sleep(intervalMs);
        if (res.destroyed) return;
        send({ content: `[${i}]` }, null);
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
    setShape: (s) => {
      shape = s;
    },
  };
}

/** Reads a server-sent-events answer, handing each parsed `data:` payload and its arrival time to `on`. */
async function readEvents(answer: Response, on: (data: string, arrived: number) => void): Promise<void> {
  if (!answer.ok || !answer.body)
    throw new Error(`stream answered HTTP ${answer.status}: ${await answer.text()}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of answer.body) {
    const arrived = performance.now();
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of event.split('\n')) if (line.startsWith('data:')) on(line.slice(5).trim(), arrived);
      end = buffer.indexOf('\n\n');
    }
  }
}

type ServerEvent = { event?: string; answer?: string; messageId?: number; status?: string; error?: string };

/** Notes when each token `[i]` of an answer's text arrives (tokens may come several to an event). */
function tokenClock() {
  const arrivals = new Map<number, number>();
  let text = '';
  const token = /\[(\d+)\]/g;
  return {
    arrivals,
    add(piece: string, arrived: number) {
      text += piece;
      token.lastIndex = 0;
      let consumed = 0;
      for (let m = token.exec(text); m; m = token.exec(text)) {
        if (!arrivals.has(Number(m[1]))) arrivals.set(Number(m[1]), arrived);
        consumed = token.lastIndex;
      }
      text = text.slice(consumed);
    },
  };
}

/** Request -> first content chunk, straight from the upstream (the answer is read to its end). */
async function directTtft(upstream: string): Promise<number> {
  const started = performance.now();
  const answer = await fetch(`${upstream}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'bench' }] }),
  });
  let first: number | null = null;
  await readEvents(answer, (data, arrived) => {
    if (first !== null || data === '[DONE]') return;
    const parsed = JSON.parse(data) as { choices?: { delta?: { content?: string } }[] };
    if (parsed.choices?.[0]?.delta?.content) first = arrived;
  });
  if (first === null) throw new Error('the upstream sent no content');
  return first - started;
}

type Asker = { base: string; token: string; courseId: number };

const ask = (a: Asker, query: string) =>
  fetch(`${a.base}${CHAT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Access-Token': a.token },
    body: JSON.stringify({ scene: 'CourseQA', courseId: a.courseId, chatType: 'studentQa', query }),
  });

/** Checks the end of an answer: `done` with status Done. */
function checkDone(done: ServerEvent | null, where: string) {
  if (!done) throw new Error(`${where}: the stream ended without done`);
  if (done.status !== 'Done') throw new Error(`${where}: answer ${done.status} (${done.error ?? ''})`);
}

/** Request -> first `message` event through POST /chat (a new conversation); the answer is read to done. */
async function serverTtft(a: Asker, query: string): Promise<number> {
  const started = performance.now();
  const answer = await ask(a, query);
  let first: number | null = null;
  let done: ServerEvent | null = null;
  await readEvents(answer, (data, arrived) => {
    const event = JSON.parse(data) as ServerEvent;
    if (event.event === 'error') throw new Error(`the server's stream failed: ${event.answer}`);
    if (event.event === 'message' && event.answer && first === null) first = arrived;
    if (event.event === 'done') done = event;
  });
  checkDone(done, 'POST /chat');
  if (first === null) throw new Error('POST /chat sent no message event');
  return first - started;
}

async function signIn(base: string, username: string): Promise<string> {
  const answer = await fetch(`${base}/idp/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = (await answer.json()) as { success?: boolean; data?: { ticket?: string } };
  if (!body.success || !body.data?.ticket)
    throw new Error(`sign-in of ${username} failed: HTTP ${answer.status}`);
  return body.data.ticket;
}

/** The id of the student's course named COURSE (GET /api/course/athena/courses/study). */
async function courseIdOf(base: string, token: string): Promise<number> {
  const answer = await fetch(
    `${base}/api/course/athena/courses/study?types=Theory,Train&pageNumber=1&pageSize=50`,
    {
      headers: { 'X-Access-Token': token },
    },
  );
  const body = (await answer.json()) as { data?: { rows?: { id: string; name: string }[] } };
  const course = body.data?.rows?.find((r) => r.name === COURSE);
  if (!course) throw new Error(`the demo student has no course ${COURSE} (HTTP ${answer.status})`);
  return Number(course.id);
}

async function startServer(env: Record<string, string>): Promise<{ server: Spawned; base: string }> {
  const port = await freePort();
  const server = spawnQuiet(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')],
    serverEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(`${base}/get_appconfig`, performance.now(), { child: server.child });
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n${server.output()}`);
  }
  return { server, base };
}

/** One answer followed by the asking client and two rejoiners; per token, rejoiner - asking client. */
async function rejoinOnce(
  asker: Asker,
  otherBase: string,
  query: string,
): Promise<{ same: number[]; other: number[] }> {
  const first = tokenClock();
  let done: ServerEvent | null = null;
  let rejoined: Promise<{ clock: ReturnType<typeof tokenClock>; connectedAt: number }[]> | null = null;
  const rejoin = async (base: string, messageId: number) => {
    const answer = await fetch(`${base}${STREAM(messageId)}`, { headers: { 'X-Access-Token': asker.token } });
    const connectedAt = performance.now();
    const clock = tokenClock();
    let end: ServerEvent | null = null;
    await readEvents(answer, (data, arrived) => {
      const event = JSON.parse(data) as ServerEvent;
      if (event.event === 'message' && event.answer) clock.add(event.answer, arrived);
      if (event.event === 'done') end = event;
    });
    checkDone(end, `rejoin at ${base}`);
    return { clock, connectedAt };
  };
  await readEvents(await ask(asker, query), (data, arrived) => {
    const event = JSON.parse(data) as ServerEvent;
    if (event.event === 'meta' && event.messageId) {
      const id = event.messageId;
      rejoined = Promise.all([rejoin(asker.base, id), rejoin(otherBase, id)]);
      // awaited below; a failure before then must not go unhandled
      rejoined.catch(() => undefined);
    }
    if (event.event === 'message' && event.answer) first.add(event.answer, arrived);
    if (event.event === 'done') done = event;
  });
  checkDone(done, 'POST /chat');
  if (!rejoined) throw new Error('POST /chat sent no meta event');
  const [same, other] = await (rejoined as Promise<
    { clock: ReturnType<typeof tokenClock>; connectedAt: number }[]
  >);
  const added = (r: { clock: ReturnType<typeof tokenClock>; connectedAt: number } | undefined) => {
    const out: number[] = [];
    if (!r) return out;
    for (const [i, at] of first.arrivals) {
      if (at < r.connectedAt) continue;
      const there = r.clock.arrivals.get(i);
      if (there === undefined) throw new Error(`token ${i} never reached a rejoiner`);
      out.push(there - at);
    }
    return out;
  };
  return { same: added(same), other: added(other) };
}

export async function runAssistantBench(
  o: AssistantBenchOptions,
  log: (line: string) => void,
): Promise<AssistantBenchResult> {
  const upstream = await startUpstream();
  const dbName = `uplus_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: o.adminUrl });
  await admin.connect();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-bench-assistant-'));
  const running: Spawned[] = [];
  try {
    await admin.query(`create database ${dbName}`);
    const dbUrl = new URL(o.adminUrl);
    dbUrl.pathname = `/${dbName}`;
    const env = {
      DATABASE_URL: dbUrl.toString(),
      DEMO_DATA: 'true',
      LOG_LEVEL: o.logLevel,
      CODE_RUNNER_WORKERS: '0',
      LLM_BASE_URL: upstream.baseUrl,
      LLM_MODEL: 'bench',
      LLM_API_KEY: '',
      ASSISTANT_USER_DAILY: '1000000',
      ASSISTANT_COURSE_DAILY: '100000000',
    };
    log('assistant: starting two server instances on one PostgreSQL database (LLM_BASE_URL at the upstream)');
    const a = await startServer({ ...env, DATA_DIR: path.join(dataDir, 'a') });
    running.push(a.server);
    const b = await startServer({ ...env, DATA_DIR: path.join(dataDir, 'b') });
    running.push(b.server);

    const askers: Asker[] = [];
    for (const username of STUDENTS) {
      const token = await signIn(a.base, username);
      askers.push({ base: a.base, token, courseId: await courseIdOf(a.base, token) });
    }
    const student01 = askers[0] as Asker;

    log('assistant: warm-up (20 questions direct and through the server)');
    for (let i = 0; i < 20; i++) {
      await directTtft(upstream.baseUrl);
      await serverTtft(askers[i % askers.length] as Asker, `热身问题 ${i}：栈和队列有什么区别？`);
    }

    const loadBefore = loadavg()[0] ?? 0;
    log(`assistant: time to first token, ${o.questions} questions one at a time`);
    const direct: number[] = [];
    const through: number[] = [];
    for (let i = 0; i < o.questions; i++) {
      direct.push(await directTtft(upstream.baseUrl));
      through.push(await serverTtft(student01, `问题 ${i}：二叉树的遍历有哪几种？`));
    }
    const figures = (d: number[], t: number[]): TtftFigures => ({
      questions: d.length,
      directMs: percentiles(d),
      throughServerMs: percentiles(t),
      addedMs: percentiles(t.map((x, i) => x - (d[i] ?? 0))),
    });
    const sequential = figures(direct, through);

    let concurrent: AssistantBenchResult['concurrent'] = null;
    if (o.concurrency > 1) {
      log(`assistant: time to first token, ${o.questions} questions ${o.concurrency} at a time`);
      const d: number[] = [];
      const t: number[] = [];
      for (let asked = 0; asked < o.questions; asked += o.concurrency) {
        const n = Math.min(o.concurrency, o.questions - asked);
        const slots = Array.from({ length: n }, (_, k) => k);
        d.push(...(await Promise.all(slots.map(() => directTtft(upstream.baseUrl)))));
        t.push(
          ...(await Promise.all(
            slots.map((k) =>
              serverTtft(askers[k % askers.length] as Asker, `并发问题 ${asked + k}：哈希表如何解决冲突？`),
            ),
          )),
        );
      }
      concurrent = { ...figures(d, t), concurrency: o.concurrency, students: askers.length };
    }

    let rejoin: AssistantBenchResult['rejoin'] = null;
    if (o.rejoinAnswers > 0) {
      log(
        `assistant: rejoin, ${o.rejoinAnswers} answers of ${o.rejoinTokens} tokens every ${o.rejoinIntervalMs} ms`,
      );
      upstream.setShape({ tokens: o.rejoinTokens, intervalMs: o.rejoinIntervalMs });
      const same: number[] = [];
      const other: number[] = [];
      for (let i = 0; i < o.rejoinAnswers; i++) {
        const r = await rejoinOnce(student01, b.base, `长回答 ${i}：请详细讲讲图的最短路径算法。`);
        same.push(...r.same);
        other.push(...r.other);
      }
      upstream.setShape(SHORT_ANSWER);
      rejoin = {
        answers: o.rejoinAnswers,
        tokensSameInstance: same.length,
        tokensOtherInstance: other.length,
        sameInstanceMs: percentiles(same),
        otherInstanceMs: percentiles(other),
      };
    }

    return {
      options: o,
      sequential,
      concurrent,
      rejoin,
      loadAverage: [Number(loadBefore.toFixed(2)), Number((loadavg()[0] ?? 0).toFixed(2))],
    };
  } finally {
    for (const s of running.reverse()) await s.stop();
    upstream.server.closeAllConnections();
    upstream.server.close();
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const f = (n: number) => n.toFixed(2);

export function assistantReport(r: AssistantBenchResult): string[] {
  const row = (name: string, p: Percentiles) =>
    `    ${name.padEnd(38)}p50 ${f(p.p50).padStart(7)}  p90 ${f(p.p90).padStart(7)}  p99 ${f(p.p99).padStart(7)}  max ${f(p.max).padStart(7)} ms`;
  const ttft = (t: TtftFigures) => [
    row('direct: first content chunk', t.directMs),
    row('through /chat: first message event', t.throughServerMs),
    row('added by our server', t.addedMs),
  ];
  const lines = [
    `AI assistant: POST ${CHAT} in CourseQA of ${COURSE}, a new conversation per question, two instances on ` +
      `PostgreSQL (load average ${r.loadAverage[0]} before, ${r.loadAverage[1]} after):`,
    `  time to first token, ${r.sequential.questions} questions one at a time (student01):`,
    ...ttft(r.sequential),
  ];
  if (r.concurrent) {
    lines.push(
      `  time to first token, ${r.concurrent.questions} questions ${r.concurrent.concurrency} at a time ` +
        `(the ${r.concurrent.students} demo students, several conversations each):`,
      ...ttft(r.concurrent),
    );
  }
  if (r.rejoin) {
    const o = r.options;
    lines.push(
      `  rejoin GET messages/{id}/stream?offset=0 during answers of ${o.rejoinTokens} tokens every ` +
        `${o.rejoinIntervalMs} ms (${r.rejoin.answers} answers), arrival at the rejoiner - at the asking client:`,
      row(`same instance (${r.rejoin.tokensSameInstance} tokens)`, r.rejoin.sameInstanceMs),
      row(`other instance (${r.rejoin.tokensOtherInstance} tokens)`, r.rejoin.otherInstanceMs),
    );
  }
  return lines;
}

export const assistantOptionsFromEnv = (env: NodeJS.ProcessEnv): AssistantBenchOptions => ({
  questions: Number(env.BENCH_ASSISTANT_QUESTIONS ?? 200),
  concurrency: Number(env.BENCH_ASSISTANT_CONCURRENCY ?? 10),
  rejoinAnswers: Number(env.BENCH_ASSISTANT_REJOIN_ANSWERS ?? 5),
  rejoinTokens: Number(env.BENCH_ASSISTANT_REJOIN_TOKENS ?? 200),
  rejoinIntervalMs: Number(env.BENCH_ASSISTANT_REJOIN_INTERVAL_MS ?? 10),
  adminUrl: env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  logLevel: env.BENCH_LOG_LEVEL ?? 'warn',
});

// `tsx bench/assistant.ts`: this benchmark alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAssistantBench(assistantOptionsFromEnv(process.env), (line) => console.error(`[bench] ${line}`))
    .then((r) => console.log(assistantReport(r).join('\n')))
    .catch((error: unknown) => {
      console.error(`[bench] assistant failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
