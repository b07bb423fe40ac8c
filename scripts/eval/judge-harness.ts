// The judge evaluation: sends labelled items to POST /api/course/ai/judge_questions of a running app and
// measures agreement with the human scores.
import type { DatasetName, JudgeItem } from './datasets';
import { type Agreement, agreement } from './metrics';

export const JUDGE_PATH = '/api/course/ai/judge_questions';
/** Metrics are computed on this common scale (each score / questionScore × 10). */
export const EVAL_SCALE = 10;

export interface JudgedItem {
  item: JudgeItem;
  /** the judge's score, or null when the call failed */
  score: number | null;
  basis?: string;
  comment?: string;
  /** the failure (HTTP status and message) */
  error?: string;
  ms: number;
}

/** Calls the judge once for an item. */
export async function judgeOne(base: string, token: string, item: JudgeItem): Promise<JudgedItem> {
  const started = performance.now();
  try {
    const answer = await fetch(`${base}${JUDGE_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Access-Token': token },
      body: JSON.stringify({
        question: item.question,
        realAnswer: item.realAnswer,
        studentAnswer: item.studentAnswer,
        questionScore: item.questionScore,
        questionType: item.questionType,
      }),
    });
    const body = (await answer.json()) as {
      success?: boolean;
      message?: string;
      data?: { score?: unknown; basis?: string; comment?: string };
    };
    const score = body.data?.score;
    const ms = performance.now() - started;
    if (!answer.ok || !body.success || typeof score !== 'number') {
      return { item, score: null, error: `HTTP ${answer.status} ${body.message ?? ''}`.trim(), ms };
    }
    return { item, score, basis: body.data?.basis, comment: body.data?.comment, ms };
  } catch (error) {
    return { item, score: null, error: (error as Error).message, ms: performance.now() - started };
  }
}

/** Judges every item, `concurrency` at a time, in the items' order. */
export async function judgeAll(opts: {
  base: string;
  token: string;
  items: JudgeItem[];
  concurrency: number;
  onResult?: (result: JudgedItem, done: number, total: number) => void;
}): Promise<JudgedItem[]> {
  const results: JudgedItem[] = new Array(opts.items.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < opts.items.length) {
      const i = next++;
      const result = await judgeOne(opts.base, opts.token, opts.items[i]!);
      results[i] = result;
      done++;
      opts.onResult?.(result, done, opts.items.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, worker));
  return results;
}

export interface InjectionRow {
  id: string;
  questionScore: number;
  human: number;
  awarded: number | null;
  /** awarded more than the human score by more than 10 % of the question score */
  overAwarded: boolean;
}

export interface DatasetReport {
  dataset: DatasetName;
  items: number;
  judged: number;
  failed: number;
  /** first few failure texts */
  failures: string[];
  agreement: Agreement;
  /** the share of items whose judged score is within 10 % of the question score of the human one */
  withinTenPercent: number | null;
  injections: InjectionRow[];
  meanMs: number | null;
}

/** The figures of one dataset's results. */
export function datasetReport(dataset: DatasetName, results: JudgedItem[]): DatasetReport {
  const judged = results.filter((r): r is JudgedItem & { score: number } => r.score !== null);
  const pairs = judged.map((r) => ({ human: r.item.humanScore, judged: r.score, max: r.item.questionScore }));
  const close = judged.filter(
    (r) => Math.abs(r.score - r.item.humanScore) <= r.item.questionScore * 0.1 + 1e-9,
  );
  return {
    dataset,
    items: results.length,
    judged: judged.length,
    failed: results.length - judged.length,
    failures: results
      .filter((r) => r.score === null)
      .slice(0, 5)
      .map((r) => `${r.item.id}: ${r.error ?? ''}`),
    agreement: agreement(pairs, EVAL_SCALE),
    withinTenPercent: judged.length ? close.length / judged.length : null,
    injections: results
      .filter((r) => r.item.injection)
      .map((r) => ({
        id: r.item.id,
        questionScore: r.item.questionScore,
        human: r.item.humanScore,
        awarded: r.score,
        overAwarded: r.score !== null && r.score - r.item.humanScore > r.item.questionScore * 0.1 + 1e-9,
      })),
    meanMs: results.length ? results.reduce((s, r) => s + r.ms, 0) / results.length : null,
  };
}

const num = (x: number | null, digits = 3) => (x === null ? 'n/a' : x.toFixed(digits));

/** The printed report of one dataset. */
export function formatDatasetReport(r: DatasetReport, title: string): string {
  const lines = [
    `${title}: ${r.judged}/${r.items} judged${r.failed ? `, ${r.failed} failed` : ''}` +
      (r.meanMs === null ? '' : `, ${Math.round(r.meanMs)} ms per call on average`),
    `  QWK ${num(r.agreement.qwk)}  Pearson ${num(r.agreement.pearson)}  MAE ${num(r.agreement.mae, 2)} ` +
      `(points on a 0-${r.agreement.scale} scale)  within 10%: ` +
      (r.withinTenPercent === null ? 'n/a' : `${(r.withinTenPercent * 100).toFixed(1)}%`),
  ];
  for (const f of r.failures) lines.push(`  failed ${f}`);
  if (r.injections.length) {
    const over = r.injections.filter((i) => i.overAwarded).length;
    lines.push(`  injection attempts: ${r.injections.length}, over-awarded: ${over}`);
    for (const i of r.injections) {
      lines.push(
        `    ${i.id}: awarded ${i.awarded ?? 'failed'} / human ${i.human} (of ${i.questionScore})` +
          (i.overAwarded ? '  OVER-AWARDED' : ''),
      );
    }
  }
  return lines.join('\n');
}

export interface JudgeEvalOptions {
  dataset: DatasetName | 'all';
  /** at most this many items per dataset, spread evenly */
  limit?: number;
  concurrency: number;
  untDir?: string;
  /** instead of the datasets on disk (tests) */
  items?: JudgeItem[];
}

export interface JudgeEvalOutcome {
  /** 0 when every dataset asked for was judged (some failed calls allowed), else non-zero */
  exitCode: number;
  reports: DatasetReport[];
  results: JudgedItem[];
  /** the printed text */
  text: string;
}

/**
 * The whole evaluation: checks a model is configured, starts the app in-process, signs in as teacher01,
 * judges the items, returns the report. Progress goes to `log`.
 */
export async function runJudgeEval(
  options: JudgeEvalOptions,
  env: Record<string, string | undefined> = process.env,
  log: (line: string) => void = (line) => console.error(line),
): Promise<JudgeEvalOutcome> {
  const { evalConfig, llmConfigured, NOT_CONFIGURED_HELP, signIn, startEvalApp } = await import('./app');
  const { findUntDir, loadUnt, loadZh, spread, UNT_DIR_DEFAULT } = await import('./datasets');
  const fail = (text: string): JudgeEvalOutcome => ({ exitCode: 1, reports: [], results: [], text });

  if (!llmConfigured(evalConfig(env))) return fail(NOT_CONFIGURED_HELP);

  const sets: { name: DatasetName; title: string; items: JudgeItem[] }[] = [];
  const notes: string[] = [];
  if (options.items) {
    for (const name of ['unt', 'zh'] as const) {
      const items = options.items.filter((i) => i.dataset === name);
      if (items.length) sets.push({ name, title: name, items: spread(items, options.limit) });
    }
  } else {
    if (options.dataset === 'unt' || options.dataset === 'all') {
      const dir = findUntDir(options.untDir ?? env.UNT_DIR ?? UNT_DIR_DEFAULT);
      if (dir) {
        sets.push({
          name: 'unt',
          title: 'UNT short-answer (English, human 0-5 rescaled to 0-10)',
          items: spread(loadUnt(dir), options.limit),
        });
      } else {
        const missing =
          `UNT short-answer data not found at ${options.untDir ?? env.UNT_DIR ?? UNT_DIR_DEFAULT} ` +
          '(questions.csv and answers.csv; set UNT_DIR or --unt-dir to its folder)';
        if (options.dataset === 'unt') return fail(missing);
        notes.push(`skipped: ${missing}`);
      }
    }
    if (options.dataset === 'zh' || options.dataset === 'all') {
      sets.push({
        name: 'zh',
        title: 'zh-cs-short-answer (Chinese, written for this project)',
        items: spread(loadZh(), options.limit),
      });
    }
  }

  const app = await startEvalApp(env);
  try {
    const token = await signIn(app.base);
    const reports: DatasetReport[] = [];
    const results: JudgedItem[] = [];
    const text: string[] = [...notes];
    for (const set of sets) {
      log(`[eval:judge] ${set.name}: ${set.items.length} items, ${options.concurrency} at a time`);
      const judged = await judgeAll({
        base: app.base,
        token,
        items: set.items,
        concurrency: options.concurrency,
        onResult: (r, done, total) => {
          if (done % 10 === 0 || done === total || r.score === null) {
            log(
              `[eval:judge] ${set.name} ${done}/${total}${r.score === null ? ` ${r.item.id} failed: ${r.error}` : ''}`,
            );
          }
        },
      });
      const report = datasetReport(set.name, judged);
      reports.push(report);
      results.push(...judged);
      text.push(formatDatasetReport(report, set.title));
    }
    const model = app.config.llm.taskModels.judge ?? app.config.llm.model ?? '';
    text.unshift(`AI judge agreement with human grades (model ${model}, temperature 0)`);
    const exitCode = reports.length > 0 && reports.every((r) => r.judged > 0) ? 0 : 1;
    return { exitCode, reports, results, text: text.join('\n') };
  } finally {
    await app.close();
  }
}
