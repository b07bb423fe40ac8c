// Builds the server's entry points (src/server.ts, src/worker.ts) into one JavaScript file each in dist/
// (`npm run build -w @uplus/server`), so that a start runs plain `node` instead of transpiling TypeScript.
//
// Our code is bundled, the workspace packages (@uplus/shared, @uplus/sandbox) included; every package from
// node_modules stays an import that Node resolves at run time from the same node_modules as before.
// Files found relative to a source file (the drizzle migrations, the web app's dist folder, the sandbox's C
// source) stay where they are: `import.meta.url` in our code is rewritten to the URL of its source file,
// computed from the bundle's own URL, so every path resolves exactly as when the sources run under tsx.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));
export const OUT_DIR = path.join(SERVER_DIR, 'dist');
export const ENTRY_POINTS = { server: 'src/server.ts', worker: 'src/worker.ts' };

const LOADERS = { '.ts': 'ts', '.tsx': 'tsx', '.mts': 'ts', '.js': 'js', '.mjs': 'js' };

/** Bundles our own code only, and keeps `import.meta.url` pointing at each source file. */
const ownCodeOnly = (outDir) => ({
  name: 'uplus-own-code-only',
  setup(b) {
    // Bare specifiers are packages: external, except our workspace packages (symlinked into node_modules).
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'entry-point' || args.path.startsWith('@uplus/') ? undefined : { external: true },
    );
    b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = path.relative(outDir, args.path).split(path.sep).join('/');
      const sourceUrl = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return {
        contents: text.replaceAll('import.meta.url', sourceUrl),
        loader: LOADERS[path.extname(args.path)] ?? 'ts',
        resolveDir: path.dirname(args.path),
      };
    });
  },
});

/**
 * Builds dist/server.js and dist/worker.js (with source maps: `node --enable-source-maps` uses them).
 * Each file is written beside its target and renamed over it, so a process starting meanwhile never reads
 * half a file.
 */
export async function buildServer({ outDir = OUT_DIR } = {}) {
  const result = await build({
    absWorkingDir: SERVER_DIR,
    entryPoints: Object.fromEntries(
      Object.entries(ENTRY_POINTS).map(([name, file]) => [name, path.join(SERVER_DIR, file)]),
    ),
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // Function and class names stay as written (esbuild would rename clashing ones across modules).
    keepNames: true,
    write: false,
    logLevel: 'warning',
    plugins: [ownCodeOnly(outDir)],
  });
  mkdirSync(outDir, { recursive: true });
  for (const file of result.outputFiles) {
    const tmp = `${file.path}.tmp-${process.pid}`;
    writeFileSync(tmp, file.contents);
    renameSync(tmp, file.path);
  }
  return result.outputFiles.map((file) => file.path);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const files = await buildServer();
  const names = files.filter((f) => f.endsWith('.js')).map((f) => path.relative(process.cwd(), f));
  console.log(`built ${names.join(', ')} in ${Math.round(performance.now() - started)} ms`);
}
