// `npm run bench`: runs the benchmarks, prints a summary table and writes the figures as JSON to
// bench/results/ (not committed). Not part of `npm test`.
//
// Options (environment):
//   BENCH_CONNECTIONS (32)  BENCH_DURATION_S (10)  BENCH_WARMUP_S (3)  BENCH_ROUNDS (3)  BENCH_PGLITE (true)
//   BENCH_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres): where the benchmark database is created
//   BENCH_LOG_LEVEL (info): LOG_LEVEL of the measured server
//   BENCH_SANDBOX (true): the code sandbox figures (bench/sandbox.ts; needs bubblewrap and gcc)
//   BENCH_SSE (true): latency added per streamed AI token (bench/sse.ts); BENCH_SSE_TOKENS (1000),
//   BENCH_SSE_INTERVAL_MS (5)
//   BENCH_ASSISTANT (true): the AI assistants' time to first token added by our server (POST .../chat against
//   the upstream directly, one at a time and BENCH_ASSISTANT_CONCURRENCY (10) at once), and the lag of a
//   client that rejoins a streaming answer on the same and on another instance (bench/assistant.ts; two
//   servers on PostgreSQL at BENCH_ADMIN_URL); BENCH_ASSISTANT_QUESTIONS (200), BENCH_ASSISTANT_REJOIN_ANSWERS
//   (5), BENCH_ASSISTANT_REJOIN_TOKENS (200), BENCH_ASSISTANT_REJOIN_INTERVAL_MS (10)
//   BENCH_GRADING (true): grading a homework of 30 students x 10 questions on PGlite, wall time and the
//   sandbox's share, against the same programs straight through the sandbox (bench/grading.ts)
//   BENCH_LISTS (true): issue 12's list endpoints with 10,000 rows against 10 (bench/lists.ts)
//   BENCH_RESUME_LISTS (true): a member's resume lists with 10,000 other members' rows (bench/resume-lists.ts)
//   BENCH_JOBS_LISTS (true): issue 14's inbox, feedback center and job list with 10,000 deliveries to one
//   company and 10,000 online positions against a baseline of 20, median and p95 (bench/jobs-lists.ts)
//   BENCH_PORTAL_CONTENT (true): issue 15's public content lists, search, detail and the console list with
//   10,000 published rows on one site against a baseline of 20, median and p95 (bench/portal-content.ts)
//   BENCH_KNOWLEDGE (true): issue 16's knowledge-base retrieval with 10,000 passages in a course against the
//   demo course's ~100, median and p95, and indexing throughput (bench/knowledge.ts)
//   BENCH_RESUME_PDF (true): exporting an online resume as a PDF against reading it (bench/resume-pdf.ts)
//   BENCH_BUNDLE (true): compressed JavaScript per route of the web build (bench/bundle-size.ts)
//   BENCH_PAGE_LOAD (true): the home page's JavaScript and LCP in Chromium on a 4 Mbit/s + 40 ms link
//   (bench/page-load.ts); BENCH_PAGE_LOAD_RUNS (5), BENCH_PAGE_LOAD_BASELINE_DIST (unset): a web build of
//   an earlier state measured in the same run
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ApiBenchResult, type LoadResult, runApiBench } from './api';
import {
  type AssistantBenchResult,
  assistantOptionsFromEnv,
  assistantReport,
  runAssistantBench,
} from './assistant';
import { type BundleSizeResult, bundleSizeReport, runBundleSize } from './bundle-size';
import { type ColdStartResult, coldStartReport, runColdStart } from './coldstart';
import { type GradingBenchResult, gradingReport, runGradingBench } from './grading';
import { type JobsListCase, jobsListReport, runJobsListBench } from './jobs-lists';
import { type KnowledgeBenchResult, knowledgeReport, runKnowledgeBench } from './knowledge';
import { ROOT } from './lib';
import { type ListCase, listReport, runListBench } from './lists';
import { type PageLoadResult, pageLoadReport, runPageLoad } from './page-load';
import { type PortalContentCase, portalContentReport, runPortalContentBench } from './portal-content';
import { runResumeListBench } from './resume-lists';
import { type ResumePdfCase, resumePdfReport, runResumePdfBench } from './resume-pdf';
import { runSandboxBench, type SandboxBenchResult, sandboxReport } from './sandbox';
import { runSseBench, type SseBenchResult, sseReport } from './sse';

const TARGET_RATIO = 0.35;
const env = process.env;
const log = (line: string) => console.error(`[bench] ${line}`);

const options = {
  connections: Number(env.BENCH_CONNECTIONS ?? 32),
  durationS: Number(env.BENCH_DURATION_S ?? 10),
  warmupS: Number(env.BENCH_WARMUP_S ?? 3),
  rounds: Math.max(1, Number(env.BENCH_ROUNDS ?? 3)),
  pglite: (env.BENCH_PGLITE ?? 'true') !== 'false',
  adminUrl: env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  logLevel: env.BENCH_LOG_LEVEL ?? 'info',
};

const fmt = (n: number, digits = 0) => n.toFixed(digits);
const row = (cells: string[], widths: number[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');

function loadTable(results: LoadResult[], bareRps: number): string {
  const widths = [20, 10, 9, 9, 9, 9, 8, 26];
  const lines = [
    row(['target', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'ratio', 'req/s of each round'], widths),
  ];
  for (const r of results) {
    lines.push(
      row(
        [
          r.target,
          fmt(r.rps),
          fmt(r.latencyMs.p50, 1),
          fmt(r.latencyMs.p90, 1),
          fmt(r.latencyMs.p99, 1),
          fmt(r.latencyMs.max, 1),
          fmt(r.rps / bareRps, 2),
          (r.roundsRps ?? [Math.round(r.rps)]).join(' / '),
        ],
        widths,
      ),
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = new Date();
  // Other work on the machine skews every figure: the load average is kept with the results.
  const loadBefore = os.loadavg();
  const api: ApiBenchResult = await runApiBench(options, log);
  const cold: ColdStartResult = await runColdStart(log);
  const sandbox: SandboxBenchResult | null =
    (env.BENCH_SANDBOX ?? 'true') !== 'false' ? await runSandboxBench(log) : null;
  const sse: SseBenchResult | null =
    (env.BENCH_SSE ?? 'true') !== 'false'
      ? await runSseBench(
          {
            tokens: Number(env.BENCH_SSE_TOKENS ?? 1000),
            intervalMs: Number(env.BENCH_SSE_INTERVAL_MS ?? 5),
            logLevel: options.logLevel,
          },
          log,
        )
      : null;
  const assistant: AssistantBenchResult | null =
    (env.BENCH_ASSISTANT ?? 'true') !== 'false'
      ? await runAssistantBench(
          { ...assistantOptionsFromEnv(env), adminUrl: options.adminUrl, logLevel: options.logLevel },
          log,
        )
      : null;
  const grading: GradingBenchResult | null =
    (env.BENCH_GRADING ?? 'true') !== 'false' ? await runGradingBench(log) : null;
  const lists: ListCase[] | null =
    (env.BENCH_LISTS ?? 'true') !== 'false'
      ? await runListBench({ log: (line) => log(`lists: ${line}`) })
      : null;
  const resumeLists = (env.BENCH_RESUME_LISTS ?? 'true') !== 'false' ? await runResumeListBench() : null;
  const jobsLists: JobsListCase[] | null =
    (env.BENCH_JOBS_LISTS ?? 'true') !== 'false'
      ? await runJobsListBench({ log: (line) => log(`jobs-lists: ${line}`) })
      : null;
  const portalContent: PortalContentCase[] | null =
    (env.BENCH_PORTAL_CONTENT ?? 'true') !== 'false'
      ? await runPortalContentBench({ log: (line) => log(`portal-content: ${line}`) })
      : null;
  const knowledge: KnowledgeBenchResult[] | null =
    (env.BENCH_KNOWLEDGE ?? 'true') !== 'false'
      ? await runKnowledgeBench({ log: (line) => log(`knowledge: ${line}`) })
      : null;
  const resumePdf: ResumePdfCase[] | null =
    (env.BENCH_RESUME_PDF ?? 'true') !== 'false'
      ? await runResumePdfBench({ log: (line) => log(`resume-pdf: ${line}`) })
      : null;
  const bundle: BundleSizeResult | null =
    (env.BENCH_BUNDLE ?? 'true') !== 'false' ? await runBundleSize(log) : null;
  const pageLoad: PageLoadResult | null =
    (env.BENCH_PAGE_LOAD ?? 'true') !== 'false'
      ? await runPageLoad(
          {
            runs: Number(env.BENCH_PAGE_LOAD_RUNS ?? 5),
            latencyMs: 40,
            downloadBitsPerSecond: 4_000_000,
            path: '/home/index',
            baselineDist: env.BENCH_PAGE_LOAD_BASELINE_DIST,
          },
          log,
        )
      : null;

  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '',
    memoryMb: Math.round(os.totalmem() / 2 ** 20),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverage1mBefore: Number(loadBefore[0]?.toFixed(2)),
    loadAverage1mAfter: Number(os.loadavg()[0]?.toFixed(2)),
  };
  const report = {
    startedAt: started.toISOString(),
    machine,
    api,
    coldStart: cold,
    targetRatio: TARGET_RATIO,
    sandbox,
    sse,
    assistant,
    grading,
    lists,
    resumeLists,
    jobsLists,
    portalContent,
    knowledge,
    resumePdf,
    bundle,
    pageLoad,
  };

  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `bench-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);

  const loads = [
    api.bare,
    api.bareDb,
    api.postgres,
    api.postgresUncached,
    ...(api.pglite ? [api.pglite] : []),
  ];
  console.log('');
  console.log(
    `API load: GET ${api.postgres.path} as student01 vs a bare Fastify route, ` +
      `${options.connections} connections, ${options.rounds} interleaved rounds of ${options.durationS} s ` +
      `after ${options.warmupS} s warmup, median round shown ` +
      `(server LOG_LEVEL=${options.logLevel}, CODE_RUNNER_WORKERS=0; ${machine.cpus} CPUs, Node ${machine.node}; ` +
      `load average ${machine.loadAverage1mBefore} before, ${machine.loadAverage1mAfter} after)`,
  );
  console.log(loadTable(loads, api.bare.rps));
  console.log('');
  console.log(
    `ratio on PostgreSQL: ${fmt(api.ratio, 2)} (rounds: ${api.roundRatios.map((r) => fmt(r, 2)).join(', ')}; ` +
      `target >= ${TARGET_RATIO}: ${api.ratio >= TARGET_RATIO ? 'met' : 'NOT met'}), ` +
      `p99 ${fmt(api.postgres.latencyMs.p99, 1)} ms; with SESSION_CACHE=off ${fmt(api.ratioUncached, 2)}, ` +
      `p99 ${fmt(api.postgresUncached.latencyMs.p99, 1)} ms`,
  );
  console.log('');
  console.log(coldStartReport(cold).join('\n'));
  if (sandbox) {
    console.log('');
    console.log(sandboxReport(sandbox).join('\n'));
  }
  if (sse) {
    console.log('');
    console.log(sseReport(sse).join('\n'));
  }
  if (assistant) {
    console.log('');
    console.log(assistantReport(assistant).join('\n'));
  }
  if (grading) {
    console.log('');
    console.log(gradingReport(grading).join('\n'));
  }
  if (lists) {
    console.log('');
    console.log(listReport(lists));
  }
  if (resumeLists) {
    console.log('');
    console.log('resume lists with 10,000 other rows (ratio = baseline / with them; 1.0: no slower)');
    for (const r of resumeLists)
      console.log(
        `  ${r.name}: ${r.baselineMs.toFixed(2)} ms -> ${r.ms.toFixed(2)} ms, ratio ${r.ratio.toFixed(2)}`,
      );
  }
  if (jobsLists) {
    console.log('');
    console.log(jobsListReport(jobsLists));
  }
  if (portalContent) {
    console.log('');
    console.log(portalContentReport(portalContent));
  }
  if (knowledge) {
    console.log('');
    console.log(knowledgeReport(knowledge));
  }
  if (resumePdf) {
    console.log('');
    console.log(resumePdfReport(resumePdf));
  }
  if (bundle) {
    console.log('');
    console.log(bundleSizeReport(bundle).join('\n'));
  }
  if (pageLoad) {
    console.log('');
    console.log(pageLoadReport(pageLoad).join('\n'));
  }
  console.log('');
  console.log(`results: ${path.relative(ROOT, file)}`);
}

main().catch((error: unknown) => {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
