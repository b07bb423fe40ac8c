// The generator evaluation: for a fixed list of requests, streams the draft
// (POST /api/course/ai/generate_questions/sse) and structures it (POST /api/course/ai/generate_questions)
// through a running app, then counts the questions that pass the editor's rules (spec 5.1/5.5) and, for
// coding questions, whose reference solution passed its own test cases in the sandbox.
import { generatedQuestion, isCodeType, validateQuestion } from '@uplus/shared';

export const SSE_PATH = '/api/course/ai/generate_questions/sse';
export const STRUCTURE_PATH = '/api/course/ai/generate_questions';
/** failureMsg prefix of a reference solution that could not be run on this host (no sandbox, no compiler). */
export const NOT_RUN_PREFIX = '参考答案未能运行：';

export interface GenerateRequest {
  name: string;
  query: string;
  questionType: 1 | 2 | 3 | 5 | 7 | 8;
  questionNum: number;
  language?: string;
}

/** Every type the generator offers; coding ones in C and Python. */
export const GENERATE_REQUESTS: GenerateRequest[] = [
  { name: '单选题', query: '数据结构：栈和队列的基本操作与应用', questionType: 1, questionNum: 3 },
  { name: '多选题', query: '计算机网络：TCP与UDP协议的特点', questionType: 2, questionNum: 2 },
  { name: '判断题', query: '操作系统：进程、线程与死锁', questionType: 3, questionNum: 3 },
  { name: '简答题', query: '数据库：事务的ACID特性与隔离级别', questionType: 7, questionNum: 2 },
  {
    name: '编程题 C',
    query: '输入n和n个整数，输出它们的和与最大值',
    questionType: 5,
    questionNum: 1,
    language: 'c',
  },
  {
    name: '编程题 Python',
    query: '输入一个字符串，判断它是否为回文串（忽略大小写），输出YES或NO',
    questionType: 5,
    questionNum: 1,
    language: 'python3',
  },
  {
    name: '编程题 Python 2',
    query: '输入正整数n（n<=50），输出斐波那契数列的第n项',
    questionType: 5,
    questionNum: 1,
    language: 'python3',
  },
  {
    name: '函数题 C',
    query: '实现函数 int gcd(int a, int b)，返回两个正整数的最大公约数',
    questionType: 8,
    questionNum: 1,
    language: 'c',
  },
  {
    name: '函数题 Python',
    query: '实现函数 count_vowels(s)，返回字符串中元音字母的个数',
    questionType: 8,
    questionNum: 1,
    language: 'python3',
  },
];

export type QuestionOutcome = {
  request: string;
  qsnType: number;
  title: string;
  /** the editor's rules hold (spec 5.1, 5.5) */
  valid: boolean;
  issue: string | null;
  /** coding questions only: passed / failed / not run on this host */
  reference: 'passed' | 'failed' | 'not-run' | null;
  failureMsg: string | null;
};

export type RequestOutcome = {
  request: GenerateRequest;
  /** the draft's characters, or null when the stream failed */
  draftChars: number | null;
  error: string | null;
  questions: QuestionOutcome[];
  ms: number;
};

type Envelope<T> = { success?: boolean; message?: string; data?: T };

/** Reads the draft stream: the joined message answers, or the error event's reason. */
async function streamDraft(
  base: string,
  token: string,
  r: GenerateRequest,
): Promise<{ text: string; error: string | null }> {
  const answer = await fetch(`${base}${SSE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Access-Token': token },
    body: JSON.stringify({
      query: r.query,
      questionType: r.questionType,
      questionNum: r.questionNum,
      ...(r.language ? { language: r.language } : {}),
      source: 'library',
      questionLength: 1000,
      questionScore: 10,
    }),
  });
  if (!answer.ok || !answer.body) {
    const body = (await answer.json().catch(() => ({}))) as Envelope<unknown>;
    return { text: '', error: `HTTP ${answer.status} ${body.message ?? ''}`.trim() };
  }
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  let error: string | null = null;
  for await (const chunk of answer.body) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    const events = buffer.split('\n\n');
    buffer = events.pop() ?? '';
    for (const event of events) {
      for (const line of event.split('\n')) {
        if (!line.startsWith('data:')) continue;
        const data = JSON.parse(line.slice(5).trim()) as { event?: string; answer?: string };
        if (data.event === 'message') text += data.answer ?? '';
        else if (data.event === 'error') error = data.answer ?? 'error';
      }
    }
  }
  return { text, error };
}

/** Classifies one structured question. */
export function questionOutcome(request: string, raw: unknown): QuestionOutcome {
  const parsed = generatedQuestion.safeParse(raw);
  const failureMsg = ((raw as { failureMsg?: string | null })?.failureMsg ?? null) || null;
  const title = String((raw as { titleText?: unknown })?.titleText ?? '').slice(0, 40);
  const qsnType = Number((raw as { qsnType?: unknown })?.qsnType);
  if (!parsed.success) {
    return {
      request,
      qsnType,
      title,
      valid: false,
      issue: parsed.error.issues[0]?.message ?? '',
      reference: null,
      failureMsg,
    };
  }
  const q = parsed.data;
  const issues = validateQuestion(q);
  let reference: QuestionOutcome['reference'] = null;
  if (isCodeType(q.qsnType)) {
    const cases = q.testcases ?? [];
    if (failureMsg?.startsWith(NOT_RUN_PREFIX)) reference = 'not-run';
    else if (!failureMsg && cases.length > 0 && cases.every((c) => c.tested && c.outputQualified))
      reference = 'passed';
    else reference = 'failed';
  }
  return {
    request,
    qsnType: q.qsnType,
    title,
    valid: issues.length === 0,
    issue: issues[0]?.message ?? null,
    reference,
    failureMsg,
  };
}

/** Runs one request: draft, then structuring. */
export async function runRequest(base: string, token: string, r: GenerateRequest): Promise<RequestOutcome> {
  const started = performance.now();
  const done = (o: Omit<RequestOutcome, 'request' | 'ms'>): RequestOutcome => ({
    request: r,
    ...o,
    ms: performance.now() - started,
  });
  try {
    const draft = await streamDraft(base, token, r);
    if (draft.error || !draft.text.trim()) {
      return done({ draftChars: null, error: `draft: ${draft.error ?? 'empty'}`, questions: [] });
    }
    const answer = await fetch(`${base}${STRUCTURE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Access-Token': token },
      body: JSON.stringify({
        question: draft.text,
        questionType: r.questionType,
        ...(r.language ? { language: r.language } : {}),
        source: 'library',
      }),
    });
    const body = (await answer.json()) as Envelope<unknown[]>;
    if (!answer.ok || !body.success || !Array.isArray(body.data)) {
      return done({
        draftChars: draft.text.length,
        error: `structure: HTTP ${answer.status} ${body.message ?? ''}`.trim(),
        questions: [],
      });
    }
    return done({
      draftChars: draft.text.length,
      error: null,
      questions: body.data.map((q) => questionOutcome(r.name, q)),
    });
  } catch (error) {
    return done({ draftChars: null, error: (error as Error).message, questions: [] });
  }
}

export interface GenerateReport {
  requests: number;
  failedRequests: number;
  questions: number;
  valid: number;
  coding: number;
  referencePassed: number;
  referenceFailed: number;
  referenceNotRun: number;
}

export function generateReport(outcomes: RequestOutcome[]): GenerateReport {
  const qs = outcomes.flatMap((o) => o.questions);
  const coding = qs.filter((q) => q.reference !== null);
  return {
    requests: outcomes.length,
    failedRequests: outcomes.filter((o) => o.error !== null).length,
    questions: qs.length,
    valid: qs.filter((q) => q.valid).length,
    coding: coding.length,
    referencePassed: coding.filter((q) => q.reference === 'passed').length,
    referenceFailed: coding.filter((q) => q.reference === 'failed').length,
    referenceNotRun: coding.filter((q) => q.reference === 'not-run').length,
  };
}

const share = (part: number, whole: number) =>
  whole === 0 ? 'n/a' : `${part}/${whole} (${((part / whole) * 100).toFixed(1)}%)`;

export function formatGenerateReport(outcomes: RequestOutcome[], model: string): string {
  const r = generateReport(outcomes);
  const lines = [
    `AI question generation (model ${model}): ${r.requests} requests, ${r.failedRequests} failed`,
  ];
  for (const o of outcomes) {
    const qs = o.questions;
    const detail = o.error
      ? `FAILED ${o.error}`
      : `${qs.length} questions, valid ${qs.filter((q) => q.valid).length}` +
        (qs.some((q) => q.reference)
          ? `, reference passed ${qs.filter((q) => q.reference === 'passed').length}`
          : '');
    lines.push(`  ${o.request.name.padEnd(16)}${detail}  (${(o.ms / 1000).toFixed(1)} s)`);
    for (const q of qs) {
      if (!q.valid || (q.reference && q.reference !== 'passed')) {
        lines.push(`    - ${q.title}: ${q.issue ?? q.failureMsg ?? q.reference}`);
      }
    }
  }
  lines.push(`  questions passing validation: ${share(r.valid, r.questions)}`);
  lines.push(
    `  coding questions whose reference solution passed its test cases: ${share(r.referencePassed, r.coding)}` +
      (r.referenceNotRun ? ` (${r.referenceNotRun} not run on this host)` : ''),
  );
  return lines.join('\n');
}

export interface GenerateEvalOutcome {
  exitCode: number;
  outcomes: RequestOutcome[];
  report: GenerateReport | null;
  text: string;
}

/** The whole evaluation against the in-process app; `requests` defaults to GENERATE_REQUESTS. */
export async function runGenerateEval(
  options: { requests?: GenerateRequest[]; concurrency: number },
  env: Record<string, string | undefined> = process.env,
  log: (line: string) => void = (line) => console.error(line),
): Promise<GenerateEvalOutcome> {
  const { evalConfig, llmConfigured, NOT_CONFIGURED_HELP, signIn, startEvalApp } = await import('./app');
  if (!llmConfigured(evalConfig(env))) {
    return { exitCode: 1, outcomes: [], report: null, text: NOT_CONFIGURED_HELP };
  }
  const requests = options.requests ?? GENERATE_REQUESTS;
  const app = await startEvalApp(env);
  try {
    const token = await signIn(app.base);
    const outcomes: RequestOutcome[] = new Array(requests.length);
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const i = next++;
        const r = requests[i]!;
        log(`[eval:generate] ${r.name}`);
        outcomes[i] = await runRequest(app.base, token, r);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
    const llm = app.config.llm;
    const model = [
      ...new Set([llm.taskModels.generate ?? llm.model, llm.taskModels.structure ?? llm.model]),
    ].join(' + ');
    const report = generateReport(outcomes);
    return {
      exitCode: report.questions > 0 ? 0 : 1,
      outcomes,
      report,
      text: formatGenerateReport(outcomes, model),
    };
  } finally {
    await app.close();
  }
}
