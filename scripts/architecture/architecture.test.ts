import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Holds the layout of docs/architecture.md: every import of the source files, read as text, must point
 * down the layers, never back up. A new folder or area needs no change here unless it adds a layer.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages/shared/src', 'packages/sandbox'];
const SKIP = new Set(['node_modules', 'dist', 'data']);

/** Every .ts/.tsx/.mjs file under the source roots, relative to the repository root. */
const sourceFiles = (): string[] => {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIP.has(entry.name)) visit(rel);
      } else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
    }
  };
  for (const root of SOURCE_ROOTS) visit(root);
  return out;
};

const IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** The module specifiers a file imports (static, side-effect, re-export and dynamic imports). */
const specifiersOf = (text: string): string[] => [...text.matchAll(IMPORT_RE)].map((m) => m[1] ?? '');

/** A specifier as a path from the repository root (relative ones resolved), or the package name as written. */
const target = (file: string, spec: string) =>
  spec.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)) : spec;

const isTest = (file: string) => /(\.(test|spec)|test-support)\.tsx?$/.test(file) || /\/test\//.test(file);

/** Is `p` (from the repository root) a folder? `'.'` and `'./ai'` may name a folder's index file. */
const isFolder = (p: string) => existsSync(path.join(ROOT, p)) && statSync(path.join(ROOT, p)).isDirectory();

const SERVER = 'apps/server/src/';
const WEB = 'apps/web/src/';
const SERVER_INFRA = new Set(['config', 'db', 'llm', 'storage', 'jobs']);

/** The server's layer of a path: core < infra < modules < seed, http < the entry files; test helpers apart. */
const serverLayer = (p: string) => {
  const [top = '', next] = p.slice(SERVER.length).split('/');
  if (next === undefined && !isFolder(SERVER + top)) return 'entry';
  if (SERVER_INFRA.has(top)) return 'infra';
  return top;
};

const SERVER_ALLOWED: Record<string, string[]> = {
  core: ['core'],
  infra: ['core', 'infra'],
  modules: ['core', 'infra', 'modules'],
  seed: ['core', 'infra', 'modules', 'seed'],
  http: ['core', 'infra', 'modules', 'http'],
  entry: ['core', 'infra', 'modules', 'seed', 'http', 'entry'],
};

/** The web app's layer: lib, components and api at the bottom, then features, then app and main.tsx. */
const webLayer = (p: string) => {
  const [top = '', next] = p.slice(WEB.length).split('/');
  if (next === undefined && !isFolder(WEB + top)) return 'entry';
  if (top === 'lib' || top === 'components' || top === 'api') return 'base';
  return top;
};

const WEB_ALLOWED: Record<string, string[]> = {
  base: ['base'],
  features: ['base', 'features'],
  app: ['base', 'features', 'app'],
  entry: ['base', 'features', 'app', 'entry'],
};

const APP_PACKAGES = ['@uplus/server', '@uplus/web'];

/** Why `file` may not import `spec`, or null when the import runs down the layers. */
const violation = (file: string, spec: string): string | null => {
  const to = target(file, spec);
  const intoApps = to.startsWith('apps/') || APP_PACKAGES.some((p) => to === p || to.startsWith(`${p}/`));
  if (file.startsWith('packages/')) return intoApps ? 'packages never import the apps' : null;

  if (file.startsWith(SERVER)) {
    if (to.startsWith(WEB)) return 'the server never imports the web app';
    if (!to.startsWith(SERVER)) return null;
    const from = serverLayer(file);
    const into = serverLayer(to);
    if (into === 'test') return isTest(file) ? null : 'only tests import the test helpers';
    if (from === 'test') return null;
    // Tests build the whole app; a module's routes file is its HTTP adapter (schemas + a thin handler).
    if (isTest(file) && (into === 'entry' || into === 'http')) return null;
    if (from === 'modules' && /\.routes\.ts$/.test(file) && into === 'http') return null;
    if (!(SERVER_ALLOWED[from] ?? []).includes(into)) return `server ${from}/ may not import ${into}/`;
    if (from === 'modules' && into === 'modules') {
      const area = (p: string) => p.slice(SERVER.length).split('/')[1];
      if (area(file) !== area(to) && /\.repo$|\.repo\.ts$/.test(to))
        return "a module never imports another area's repo";
    }
    return null;
  }

  if (file.startsWith(WEB)) {
    if (to.startsWith(SERVER)) return 'the web app never imports the server';
    if (!to.startsWith(WEB)) return null;
    const from = webLayer(file);
    const into = webLayer(to);
    if (into === 'test') return isTest(file) ? null : 'only tests import the test helpers';
    if (from === 'test') return null;
    if (!(WEB_ALLOWED[from] ?? []).includes(into))
      return `web ${from === 'base' ? 'lib/components/api' : from}/ may not import ${into === 'base' ? 'lib/components/api' : into}/`;
    return null;
  }
  return null;
};

describe('the layout of docs/architecture.md', () => {
  it('reads the imports it checks', () => {
    expect(specifiersOf("import { a } from '../x';\nimport './y.css';\nexport * from './z';")).toEqual([
      '../x',
      './y.css',
      './z',
    ]);
    expect(specifiersOf("const P = lazy(() => import('./page'));")).toEqual(['./page']);
  });

  it('refuses imports that run back up', () => {
    expect(violation('apps/server/src/modules/users/users.service.ts', '../../http/envelope')).toMatch(
      /http/,
    );
    expect(violation('apps/server/src/core/errors.ts', '../db/client')).toMatch(/core/);
    expect(violation('apps/server/src/db/notify.ts', '../modules/users/users.service')).toMatch(/modules/);
    expect(violation('apps/server/src/modules/site/site.service.ts', '../users/users.repo')).toMatch(/repo/);
    expect(violation('apps/server/src/modules/site/site.service.ts', '../../seed')).toMatch(/seed/);
    expect(violation('apps/web/src/features/site/home-page.tsx', '../../app/router')).toMatch(/app/);
    expect(violation('apps/web/src/lib/toast.tsx', '../features/sessions/session')).toMatch(/features/);
    expect(violation('apps/web/src/components/brand.tsx', '../app/providers')).toMatch(/app/);
    expect(violation('packages/shared/src/core/envelope.ts', '../../../../apps/web/src/lib/routes')).toMatch(
      /apps/,
    );
    expect(violation('packages/sandbox/src/sandbox.ts', '@uplus/server')).toMatch(/apps/);
  });

  it('lets imports run down and across areas', () => {
    expect(violation('apps/server/src/modules/site/site.service.ts', '../../core/errors')).toBeNull();
    expect(violation('apps/server/src/modules/site/site.routes.ts', '../../http/envelope')).toBeNull();
    expect(violation('apps/server/src/modules/site/site.service.ts', '../users/users.service')).toBeNull();
    expect(violation('apps/server/src/seed/demo.ts', '../modules/users/users.service')).toBeNull();
    expect(violation('apps/web/src/app/router.tsx', '../features/site/home-page')).toBeNull();
    expect(violation('apps/web/src/features/users/user-area.tsx', '../sessions/session')).toBeNull();
    expect(violation('apps/web/src/features/users/api.ts', '../../lib/site-store')).toBeNull();
  });

  it('holds for every source file', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(200);
    const found: string[] = [];
    for (const file of files) {
      for (const spec of specifiersOf(readFileSync(path.join(ROOT, file), 'utf8'))) {
        const why = violation(file, spec);
        if (why) found.push(`${file} imports '${spec}': ${why}`);
      }
    }
    expect(found).toEqual([]);
  });
});
