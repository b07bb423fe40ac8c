// `npm run load:lists -- [--database-url ...] [--repeat 100] [--explain] [--only text] [--out file]`: every
// list endpoint of the server (issue 17: p95 under 50 ms at the scale of one university), against the
// database `npm run load:seed` filled, in-process (buildApp + app.inject on PostgreSQL, as
// bench/jobs-lists.ts does), as a suitable real user signed in through /idp/api/login.
//
// How the list of endpoints is made: scale/list-endpoints.ts reads every registered route from the app's
// OpenAPI document and keeps those whose query takes pageNumber or whose answer's data holds rows;
// scale/list-cases.ts gives each of them a request. A list endpoint without a case stops this script (and
// fails scale/list-endpoints.test.ts), so a new list is measured before it is merged.
//
// Prints median and p95 (ms) of `--repeat` requests after 5 warm-up ones per case; with --explain also
// EXPLAIN (ANALYZE, BUFFERS) of each request's statements, the slowest one's plan in the report, and any
// sequential scan of a table of more than 10,000 rows. The table goes to stdout and to
// test-results/lists-at-scale.md. Exit status 1 when a case's p95 is 50 ms or more (--no-fail: 0).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig, REPO_ROOT } from '../../apps/server/src/config/config';
import { openPostgres } from '../../apps/server/src/db/client';
import { databaseUrlOf, shownUrl } from './scale/cli';
import { scaleCounts } from './scale/generate';
import { discover, LIST_CASES, type ListCase, signIn } from './scale/list-cases';
import { listEndpointsOf } from './scale/list-endpoints';
import { captureQueries, explainAll, type Plan, type Timing, timeRequest } from './scale/measure';

/** The issue's bound for a list's p95. */
const TARGET_P95_MS = 50;

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    repeat: { type: 'string', default: '100' },
    explain: { type: 'boolean', default: false },
    only: { type: 'string' },
    out: { type: 'string', default: path.join(REPO_ROOT, 'test-results/lists-at-scale.md') },
    'no-fail': { type: 'boolean', default: false },
  },
});
const repeat = Number(values.repeat);
const url = databaseUrlOf(values['database-url']);
const log = (line: string) => console.error(`[load:lists] ${line}`);

type Result = { c: ListCase; timing: Timing; plans: Plan[] };

const database = await openPostgres(url, { max: 4 });
const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: 'false' }), { database });
try {
  await app.ready();
  const endpoints = listEndpointsOf(app);
  const covered = new Set(LIST_CASES.map((c) => c.endpoint));
  const missing = endpoints.filter((e) => !covered.has(e));
  const stale = [...covered].filter((e) => !endpoints.includes(e));
  if (missing.length || stale.length) {
    for (const e of missing) log(`list endpoint without a case in scripts/load/scale/list-cases.ts: ${e}`);
    for (const e of stale) log(`case for an endpoint that is no list (or gone): ${e}`);
    process.exit(1);
  }
  const counts = await scaleCounts(database.db);
  const settings = (
    (await database.db.execute(
      sql`select name, setting, unit from pg_settings where name in ('server_version', 'random_page_cost', 'shared_buffers', 'work_mem', 'effective_cache_size') order by name`,
    )) as unknown as { rows: { name: string; setting: string; unit: string | null }[] }
  ).rows
    .map((r) => `${r.name} ${r.setting}${r.unit ?? ''}`)
    .join(', ');
  if (!counts.students)
    throw new Error(`no generated university in ${shownUrl(url)}: run npm run load:seed first`);
  log(
    `${endpoints.length} list endpoints, ${LIST_CASES.length} cases, ${repeat} requests each, on ${shownUrl(url)}`,
  );
  const tokens = await signIn(app);
  const found = await discover(app, tokens);
  const loadBefore = os.loadavg();

  const results: Result[] = [];
  for (const c of LIST_CASES) {
    const name = `${c.endpoint}${c.variant ? ` (${c.variant})` : ''}`;
    if (values.only && !name.includes(values.only)) continue;
    const request = {
      method: c.method ?? 'GET',
      url: c.url(found),
      headers: {
        ...(tokens[c.as] ? { 'x-access-token': tokens[c.as] } : {}),
        ...(c.host ? { host: c.host } : {}),
      },
    } as const;
    const timing = await timeRequest(app, request, repeat);
    let plans: Plan[] = [];
    if (values.explain) {
      const queries = await captureQueries(() => app.inject(request));
      plans = (await explainAll(url, queries)).sort((a, b) => b.executionMs - a.executionMs);
    }
    results.push({ c, timing, plans });
    log(
      `${name}: median ${timing.medianMs.toFixed(1)} ms, p95 ${timing.p95Ms.toFixed(1)} ms` +
        (plans.length ? `, slowest statement ${plans[0]?.executionMs.toFixed(1)} ms` : ''),
    );
  }
  const loadAfter = os.loadavg();
  const report = reportOf({
    results,
    counts,
    settings,
    loadBefore,
    loadAfter,
    repeat,
    explain: values.explain,
  });
  console.log(report);
  mkdirSync(path.dirname(values.out), { recursive: true });
  writeFileSync(values.out, report);
  log(`written to ${path.relative(process.cwd(), values.out)}`);
  const slow = results.filter((r) => r.timing.p95Ms >= TARGET_P95_MS);
  if (slow.length && !values['no-fail']) {
    log(`${slow.length} case(s) at or over ${TARGET_P95_MS} ms p95`);
    process.exitCode = 1;
  }
} finally {
  await app.close();
  await database.close();
}

function reportOf(o: {
  results: Result[];
  counts: Record<string, number>;
  settings: string;
  loadBefore: number[];
  loadAfter: number[];
  repeat: number;
  explain: boolean;
}) {
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
  const lines = [
    '# List endpoints at the scale of one university',
    '',
    `${new Date().toISOString()}; ${os.cpus().length} cores; load average ${load(o.loadBefore)} before, ${load(o.loadAfter)} after.`,
    `In-process (buildApp + app.inject) on PostgreSQL (${o.settings}); ${o.repeat} requests per case after 5 warm-up ones; target p95 < ${TARGET_P95_MS} ms.`,
    '',
    `Data: ${Object.entries(o.counts)
      .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
      .join(', ')}.`,
    'Columns: data = whose rows the list reads (scale: the generated university; demo: the demo set only; public: catalogues);',
    'rows/total = the page measured and the total it reports.',
    '',
    `| endpoint | as | data | rows/total | median ms | p95 ms |${o.explain ? ' slowest statement ms | seq scans of big tables |' : ''}`,
    `|---|---|---|---|---:|---:|${o.explain ? '---:|---|' : ''}`,
  ];
  for (const { c, timing, plans } of o.results) {
    const name = `\`${c.endpoint}\`${c.variant ? ` (${c.variant})` : ''}`;
    const flag = timing.p95Ms >= TARGET_P95_MS ? ' **over**' : '';
    const cells = [
      name,
      c.as,
      c.data,
      `${timing.rows}/${timing.total ?? '-'}`,
      timing.medianMs.toFixed(1),
      `${timing.p95Ms.toFixed(1)}${flag}`,
    ];
    if (o.explain) {
      cells.push((plans[0]?.executionMs ?? 0).toFixed(2));
      cells.push([...new Set(plans.flatMap((p) => p.bigSeqScans))].join(', ') || 'none');
    }
    lines.push(`| ${cells.join(' | ')} |`);
  }
  if (o.explain) {
    lines.push('', '## Plans: the slowest statement of each case, and any that reads a big table whole', '');
    for (const { c, plans } of o.results) {
      const shown = plans.filter((p, i) => i === 0 || p.bigSeqScans.length > 0);
      if (shown.length === 0) continue;
      lines.push(`### ${c.endpoint}${c.variant ? ` (${c.variant})` : ''}`, '');
      for (const plan of shown)
        lines.push('```sql', plan.sql.replace(/\s+/g, ' ').trim(), '```', '', '```', plan.text, '```', '');
    }
  }
  return `${lines.join('\n')}\n`;
}
