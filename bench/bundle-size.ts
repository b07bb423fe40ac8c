// Bytes per route: the compressed JavaScript (and CSS) each route of the web app loads before it shows,
// read from the build's manifest and its pre-compressed files (apps/web/build/bundle-size.ts, which the
// budget test apps/web/build/bundle-budget.test.ts holds to the budgets printed here).
import { spawnSync } from 'node:child_process';
import { BUDGETS, type RouteWeight, routeWeights } from '../apps/web/build/bundle-size';
import { ROOT } from './lib';

export interface BundleSizeResult {
  routes: (RouteWeight & { budgetBrotliBytes: number | null })[];
}

/** Builds the web app when stale (as a production build) and weighs every route. */
export async function runBundleSize(log: (line: string) => void): Promise<BundleSizeResult> {
  log('bundle sizes: bringing the web build up to date');
  const { NODE_ENV: _, ...env } = process.env;
  const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'web'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('scripts/build-if-stale.mjs web failed');
  const budgets = new Map(BUDGETS.map((b) => [b.path, b.brotliBytes]));
  return {
    routes: routeWeights().map((r) => ({ ...r, budgetBrotliBytes: budgets.get(r.path) ?? null })),
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** One line per route (routes loading exactly the same files share a line). */
export function bundleSizeReport(result: BundleSizeResult): string[] {
  const groups = new Map<string, BundleSizeResult['routes']>();
  for (const route of result.routes) {
    const key = route.js.join(' ');
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  const widths = [44, 6, 11, 11, 11, 10, 18];
  const row = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const lines = [
    'JavaScript each route loads before it shows (entry, layout and page chunks with their static imports;',
    'sizes of the files as served: raw, and the .gz / .br the build writes beside them):',
    row(['route', 'files', 'JS raw', 'JS gzip', 'JS brotli', 'CSS br', 'budget (brotli)']),
  ];
  for (const routes of groups.values()) {
    const [first] = routes;
    if (!first) continue;
    const label = routes.length > 1 ? `${first.path} (+${routes.length - 1} alike)` : first.path;
    const budget = first.budgetBrotliBytes;
    lines.push(
      row([
        label.length > widths[0]! ? `${label.slice(0, widths[0]! - 1)}…` : label,
        String(first.js.length),
        kb(first.jsBytes.raw),
        kb(first.jsBytes.gzip),
        kb(first.jsBytes.brotli),
        kb(first.cssBytes.brotli),
        budget === null ? '' : `${kb(budget)} ${first.jsBytes.brotli <= budget ? 'met' : 'NOT met'}`,
      ]),
    );
  }
  return lines;
}
