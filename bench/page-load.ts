// The home page on a slow link, as a visitor's first visit: Chromium (Debian's, through Playwright) with
// the network throttled over CDP (Network.emulateNetworkConditions: 40 ms latency, 4 Mbit/s down), an
// empty cache each run, and a PerformanceObserver for largest-contentful-paint. Reports the JavaScript the
// page transferred (bytes on the wire, files, content-encoding) and the LCP, median of the runs.
//
// Each build measured gets its own server (the bundle, PGlite on a fresh DATA_DIR, demo data) serving it
// through WEB_DIST: the current apps/web/dist, and BENCH_PAGE_LOAD_BASELINE_DIST when set (a dist built
// from an earlier state, to compare in one run: e.g. `git stash; npm run build; cp -r apps/web/dist
// /tmp/before; git stash pop`). A dist built without pre-compressed copies is served uncompressed, as the
// server did before it wrote them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, ROOT, serverEnv, spawnQuiet, waitFor200 } from './lib';

export interface PageLoadOptions {
  runs: number;
  /** milliseconds of added latency per request */
  latencyMs: number;
  /** download bandwidth, bits per second */
  downloadBitsPerSecond: number;
  path: string;
  baselineDist?: string;
}

export interface PageLoadFigures {
  label: string;
  dist: string;
  /** median of the runs */
  lcpMs: number;
  lcpRunsMs: number[];
  jsFiles: number;
  /** bytes on the wire (headers included), median run */
  jsTransferredBytes: number;
  /** body bytes after decoding */
  jsDecodedBytes: number;
  contentEncodings: string[];
}

export interface PageLoadResult {
  options: PageLoadOptions;
  targets: PageLoadFigures[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

interface RunFigures {
  lcpMs: number;
  jsFiles: number;
  jsTransferredBytes: number;
  jsDecodedBytes: number;
  encodings: Set<string>;
}

async function measureOnce(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
  o: PageLoadOptions,
): Promise<RunFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    // (a string: the bench is type-checked without the DOM's types)
    await page.addInitScript({
      content: `window.__lcp = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__lcp = entry.startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });`,
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: o.latencyMs,
      downloadThroughput: o.downloadBitsPerSecond / 8,
      uploadThroughput: o.downloadBitsPerSecond / 8,
    });
    const scripts = new Map<string, { encoding: string }>();
    const figures: RunFigures = {
      lcpMs: 0,
      jsFiles: 0,
      jsTransferredBytes: 0,
      jsDecodedBytes: 0,
      encodings: new Set(),
    };
    cdp.on('Network.responseReceived', (event) => {
      if (event.type !== 'Script') return;
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
      );
      scripts.set(event.requestId, { encoding: headers['content-encoding'] ?? 'none' });
    });
    cdp.on('Network.dataReceived', (event) => {
      if (scripts.has(event.requestId)) figures.jsDecodedBytes += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const script = scripts.get(event.requestId);
      if (!script) return;
      figures.jsFiles += 1;
      figures.jsTransferredBytes += event.encodedDataLength;
      figures.encodings.add(script.encoding);
    });
    await page.goto(url, { waitUntil: 'load' });
    // the page's content (its sections below the header) is there, and nothing more is loading
    await page.locator('main').first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    figures.lcpMs = Number(await page.evaluate('window.__lcp'));
    return figures;
  } finally {
    await context.close();
  }
}

interface Target {
  label: string;
  dist: string;
  url: string;
  stop: () => Promise<void>;
  output: () => string;
}

/** A server (the bundle, PGlite on a fresh DATA_DIR with demo data) serving `dist`, answering. */
async function startTarget(label: string, dist: string, o: PageLoadOptions): Promise<Target> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-pageload-'));
  const server = spawnQuiet(
    process.execPath,
    ['apps/server/dist/server.js'],
    serverEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      CODE_RUNNER_WORKERS: '0',
    }),
  );
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor200(`http://127.0.0.1:${port}/get_appconfig`, performance.now(), { child: server.child });
  } catch (error) {
    await stop();
    throw new Error(`server for ${dist}: ${(error as Error).message}\n${server.output()}`);
  }
  return { label, dist, url: `http://localhost:${port}${o.path}`, stop, output: server.output };
}

export async function runPageLoad(o: PageLoadOptions, log: (line: string) => void): Promise<PageLoadResult> {
  log('page load: bringing the builds up to date (scripts/build-if-stale.mjs)');
  const { NODE_ENV: _, ...env } = process.env;
  const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('scripts/build-if-stale.mjs failed');
  const wanted: [string, string][] = [
    ...(o.baselineDist ? [['baseline', path.resolve(o.baselineDist)] as [string, string]] : []),
    ['current', path.join(ROOT, 'apps/web/dist')],
  ];
  const targets: Target[] = [];
  const browser = await chromium.launch({
    executablePath: path.join(ROOT, 'e2e/chromium.sh'),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
  try {
    for (const [label, dist] of wanted) targets.push(await startTarget(label, dist, o));
    // one unmeasured load each: a server's first answers (database, file system) are slower
    for (const t of targets)
      await measureOnce(browser, t.url, { ...o, latencyMs: 0, downloadBitsPerSecond: 1e9 });
    // the builds take turns, so that other work on the machine weighs on each alike
    const runs = new Map<Target, RunFigures[]>(targets.map((t) => [t, []]));
    for (let i = 0; i < o.runs; i += 1) {
      for (const t of targets) {
        const figures = await measureOnce(browser, t.url, o);
        runs.get(t)?.push(figures);
        log(`page load ${t.label}: run ${i + 1}/${o.runs}, LCP ${Math.round(figures.lcpMs)} ms`);
      }
    }
    return {
      options: o,
      targets: targets.map((t) => {
        const all = runs.get(t) ?? [];
        const lcpRunsMs = all.map((r) => Math.round(r.lcpMs));
        const mid = all.find((r) => Math.round(r.lcpMs) === median(lcpRunsMs)) ?? all[0];
        return {
          label: t.label,
          dist: path.relative(ROOT, t.dist) || t.dist,
          lcpMs: median(lcpRunsMs),
          lcpRunsMs,
          jsFiles: mid?.jsFiles ?? 0,
          jsTransferredBytes: mid?.jsTransferredBytes ?? 0,
          jsDecodedBytes: mid?.jsDecodedBytes ?? 0,
          contentEncodings: [...(mid?.encodings ?? [])].sort(),
        };
      }),
    };
  } finally {
    await browser.close();
    for (const t of targets) await t.stop();
  }
}

export function pageLoadReport(result: PageLoadResult): string[] {
  const o = result.options;
  const widths = [10, 9, 15, 14, 12, 10, 30];
  const row = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const lines = [
    `Page load of ${o.path} as a first-time visitor in Chromium, ${o.downloadBitsPerSecond / 1e6} Mbit/s down, ` +
      `${o.latencyMs} ms latency (CDP), empty cache; median of ${o.runs} runs:`,
    row(['build', 'JS files', 'JS on the wire', 'JS decoded', 'encoding', 'LCP ms', 'LCP of each run (ms)']),
  ];
  for (const t of result.targets) {
    lines.push(
      row([
        t.label,
        String(t.jsFiles),
        `${(t.jsTransferredBytes / 1000).toFixed(1)} kB`,
        `${(t.jsDecodedBytes / 1000).toFixed(1)} kB`,
        t.contentEncodings.join(','),
        String(t.lcpMs),
        t.lcpRunsMs.join(' / '),
      ]),
    );
  }
  for (const t of result.targets) lines.push(`  ${t.label}: ${t.dist}`);
  return lines;
}

// `npx tsx bench/page-load.ts`: this figure alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.join(ROOT, 'bench/page-load.ts')) {
  const env = process.env;
  runPageLoad(
    {
      runs: Number(env.BENCH_PAGE_LOAD_RUNS ?? 5),
      latencyMs: 40,
      downloadBitsPerSecond: 4_000_000,
      path: '/home/index',
      baselineDist: env.BENCH_PAGE_LOAD_BASELINE_DIST,
    },
    (line) => console.error(`[bench] ${line}`),
  )
    .then((result) => console.log(pageLoadReport(result).join('\n')))
    .catch((error: unknown) => {
      console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
