// The JavaScript each route of the built web app needs before its page can show: the entry chunk, the
// route's lazily loaded page (and layout) chunks, and every chunk they import statically (the browser
// loads those at once: index.html modulepreloads the entry's, the router's preload helper the page's).
// Read from Vite's manifest (build.manifest) and the pre-compressed files next to each asset. Used by the
// budget test (bundle-budget.test.ts) and `npm run bench` (bench/bundle-size.ts). Node only.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { inWorkbench } from '../src/app/route-layouts';
import { ROUTES, type RouteDef } from '../src/lib/routes';

export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = path.join(WEB_ROOT, 'dist');
const ROUTER_SOURCE = path.join(WEB_ROOT, 'src/app/router.tsx');

/**
 * Most compressed JavaScript (brotli bytes) a page may need before it shows (issue 10 section 3): the
 * home page is what a visitor sees first; the workbench pages carry the signed-in shell; every other page
 * gets the workbench's budget, the consoles under /u/ a larger one.
 */
export const BUDGETS: readonly { path: string; brotliBytes: number }[] = [
  { path: '/home/index', brotliBytes: 200_000 },
  ...ROUTES.filter(inWorkbench).map((r) => ({ path: r.path, brotliBytes: 300_000 })),
  // issue 12: every other page too (the portal's open classes, the certificate verification page...);
  // the teachers' and organisers' consoles under /u/ (tables, forms, dialogs at once) get 400 kB
  ...ROUTES.filter((r) => !inWorkbench(r) && r.path !== '/home/index').map((r) => ({
    path: r.path,
    brotliBytes: r.path.startsWith('/u/') ? 400_000 : 300_000,
  })),
];

/** One row of Vite's .vite/manifest.json. */
export type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export type Sizes = { raw: number; gzip: number; brotli: number };
export type RouteWeight = {
  path: string;
  name: string;
  /** JavaScript files (relative to dist) loaded before the page shows. */
  js: string[];
  /** Stylesheets those chunks bring. */
  css: string[];
  jsBytes: Sizes;
  cssBytes: Sizes;
};

export const readManifest = (dist = WEB_DIST): Manifest => {
  const file = path.join(dist, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} missing: build the web app (npm run build)`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
};

/**
 * The source module (relative to apps/web, as the manifest names it) of each lazily loaded page, keyed by
 * the route name (or workbenchLayout, comingSoon, notFound), read from the router's `import()` calls, so
 * that a page added there is measured without a second list to keep.
 */
export const lazyModules = (source = readFileSync(ROUTER_SOURCE, 'utf8')): Record<string, string> => {
  const found: Record<string, string> = {};
  const pattern =
    /(\w+)(?::\s*LazyPage)?\s*[:=]\s*async\s*\(\)\s*=>\s*\(\{\s*Component:\s*\(await import\('([^']+)'\)\)/g;
  for (const m of source.matchAll(pattern)) {
    const [, key, spec] = m;
    if (key && spec) found[key] = path.posix.join('src/app', spec);
  }
  const imports = source.match(/import\('/g)?.length ?? 0;
  if (Object.keys(found).length !== imports)
    throw new Error(`router.tsx: ${imports} import() calls but ${Object.keys(found).length} understood`);
  return found;
};

/** The manifest key of a source module (the extension is not in the router's import). */
const chunkKey = (manifest: Manifest, module: string): string => {
  const key = Object.keys(manifest).find((k) => k.replace(/\.[cm]?[jt]sx?$/, '') === module);
  if (!key) throw new Error(`no chunk for ${module} in the manifest`);
  return key;
};

/** `keys` and everything they import statically, in load order, without repeats. */
export const staticClosure = (manifest: Manifest, keys: string[]): string[] => {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const k of manifest[key]?.imports ?? []) visit(k);
  };
  for (const key of keys) visit(key);
  return [...seen];
};

/** The chunks a route needs: the entry's, its layout's (workbench) and its page's. */
export const routeChunks = (manifest: Manifest, route: RouteDef, modules = lazyModules()): string[] => {
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  const lazy = [
    ...(inWorkbench(route) ? ['workbenchLayout'] : []),
    modules[route.name] ? route.name : 'notFound',
  ];
  return staticClosure(manifest, [
    entry,
    ...lazy.map((name) => {
      const module = modules[name];
      if (!module) throw new Error(`router.tsx loads no module for ${name}`);
      return chunkKey(manifest, module);
    }),
  ]);
};

const cache = new Map<string, Sizes>();
/** Bytes of a built file as served: raw, and the .gz/.br beside it (compressed here when absent). */
export const fileSizes = (dist: string, file: string): Sizes => {
  const full = path.join(dist, file);
  const cached = cache.get(full);
  if (cached) return cached;
  const body = readFileSync(full);
  const sized = (suffix: string, compress: (b: Buffer) => Buffer) =>
    existsSync(full + suffix) ? readFileSync(full + suffix).length : compress(body).length;
  const sizes = {
    raw: body.length,
    gzip: sized('.gz', (b) => gzipSync(b, { level: 9 })),
    brotli: sized('.br', (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
  };
  cache.set(full, sizes);
  return sizes;
};

const sum = (dist: string, files: string[]): Sizes =>
  files.reduce(
    (total, f) => {
      const s = fileSizes(dist, f);
      return { raw: total.raw + s.raw, gzip: total.gzip + s.gzip, brotli: total.brotli + s.brotli };
    },
    { raw: 0, gzip: 0, brotli: 0 },
  );

/** What every route of the route table loads before it shows. */
export const routeWeights = (dist = WEB_DIST, routes: readonly RouteDef[] = ROUTES): RouteWeight[] => {
  const manifest = readManifest(dist);
  const modules = lazyModules();
  return routes.map((route) => {
    const chunks = routeChunks(manifest, route, modules).map((k) => manifest[k] as ManifestChunk);
    const js = chunks.map((c) => c.file);
    const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
    return { path: route.path, name: route.name, js, css, jsBytes: sum(dist, js), cssBytes: sum(dist, css) };
  });
};
