import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../src/lib/routes';
import { BUDGETS, lazyModules, readManifest, routeWeights, WEB_DIST, WEB_ROOT } from './bundle-size';

/*
 * The compressed JavaScript each route needs before it shows, measured on the real build (made here when
 * it is missing or older than its sources, as `npm start` does), against the budgets of issue 10.
 */
const ROOT = path.resolve(WEB_ROOT, '../..');

beforeAll(() => {
  // Vitest sets NODE_ENV=test, which would make Vite build React's development bundles.
  const { NODE_ENV: _, ...env } = process.env;
  const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'web'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`web build failed:\n${built.stdout}\n${built.stderr}`);
}, 600_000);

describe('bundle budgets', () => {
  it('measures what each route loads: the entry, its layout and its page with their static imports', () => {
    const manifest = readManifest();
    const modules = lazyModules();
    const [home] = routeWeights(
      WEB_DIST,
      ROUTES.filter((r) => r.name === 'home'),
    );
    const entry = Object.values(manifest).find((c) => c.isEntry);
    const page = Object.values(manifest).find((c) => c.src === `${modules.home}.tsx`);
    expect(home?.js).toContain(entry?.file);
    expect(home?.js).toContain(page?.file);
    // a page of the workbench brings the workbench shell, a page of the portal does not
    const shell = Object.values(manifest).find((c) => c.src === `${modules.workbenchLayout}.tsx`)?.file;
    const [school] = routeWeights(
      WEB_DIST,
      ROUTES.filter((r) => r.name === 'school'),
    );
    expect(school?.js).toContain(shell);
    expect(home?.js).not.toContain(shell);
  });

  it.each(BUDGETS)(
    '$path loads at most $brotliBytes bytes of brotli JavaScript before it shows',
    (budget) => {
      const route = ROUTES.find((r) => r.path === budget.path);
      if (!route) throw new Error(`${budget.path} is not in the route table`);
      const [weight] = routeWeights(WEB_DIST, [route]);
      const files = weight?.js.join(', ');
      expect(weight?.jsBytes.brotli, `${budget.path} loads ${files}`).toBeLessThanOrEqual(budget.brotliBytes);
    },
  );

  it("sets zod's jitless before zod loads (a CSP without 'unsafe-eval' would report its eval probe)", () => {
    const manifest = readManifest();
    const chunks = Object.values(manifest).map((c) => readFileSync(path.join(WEB_DIST, c.file), 'utf8'));
    const zod = chunks.filter((code) => code.includes('__zod_globalConfig??'));
    expect(zod).toHaveLength(1);
    const code = zod[0] ?? '';
    expect(code.indexOf('jitless:!0')).toBeGreaterThan(-1);
    expect(code.indexOf('jitless:!0')).toBeLessThan(code.indexOf('__zod_globalConfig??'));
  });

  it('writes a brotli and a gzip copy of index.html and of every script and stylesheet of 1 kB or more', () => {
    const manifest = readManifest();
    // scripts and stylesheets (fonts the stylesheets load, KaTeX's, are in the manifest too: woff2 is
    // compressed already)
    const files = Object.values(manifest)
      .flatMap((c) => [c.file, ...(c.css ?? [])])
      .filter((file) => /\.(js|css)$/.test(file));
    for (const file of ['index.html', ...new Set(files)]) {
      const full = path.join(WEB_DIST, file);
      if (statSync(full).size < 1024) continue; // too small to gain from it
      expect(existsSync(`${full}.br`), `${file}.br`).toBe(true);
      expect(existsSync(`${full}.gz`), `${file}.gz`).toBe(true);
      expect(brotliDecompressSync(readFileSync(`${full}.br`)).equals(readFileSync(full)), file).toBe(true);
    }
  });
});
