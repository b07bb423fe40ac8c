import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The one server process (API, app config, identity provider) the dev server forwards to. */
const backend = 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `name.br` (brotli, best) and `name.gz` (gzip -9) beside every compressible file of the build,
 * where it saves at least a tenth; the server sends them as they are by Accept-Encoding (@fastify/static
 * preCompressed, and apps/server/src/http/spa.ts for index.html). Vite's manifest (.vite/) is left alone.
 */
const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'uplus:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files: string[] = [];
      const walk = async (dir: string) => {
        for (const entry of await readdir(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) {
            if (entry.name !== '.vite') await walk(full);
          } else if (COMPRESSIBLE.test(entry.name)) files.push(full);
        }
      };
      await walk(outDir);
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipAsync(body, { level: 9 }),
          ]);
          const worth = (compressed: Buffer) => compressed.length <= body.length * 0.9;
          await Promise.all([
            worth(br) ? writeFile(`${file}.br`, br) : undefined,
            worth(gz) ? writeFile(`${file}.gz`, gz) : undefined,
          ]);
        }),
      );
    },
  };
};

/** Modules whose being imported does nothing but define exports, so that unused ones are left out. */
const sideEffectFree = (id: string): boolean | undefined => {
  if (/\.css($|\?)/.test(id)) return true;
  // rc-component and @ant-design packages declare nothing; without this, antd's form context would bring
  // all of rc-form and its validator into the first load.
  if (/node_modules[\\/](@rc-component|@ant-design)[\\/]/.test(id)) return false;
  // The shared package's barrel would otherwise bring every zod schema of every area into the entry.
  if (/packages[\\/]shared[\\/]src[\\/]/.test(id)) return false;
  return undefined; // the package's own "sideEffects"
};

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/get_appconfig': { target: backend, changeOrigin: false },
      '/idp': { target: backend, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    // Read by the bundle-size budget test and bench (build/bundle-size.ts): which chunks each route loads.
    manifest: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects: sideEffectFree },
      output: {
        codeSplitting: {
          groups: [
            {
              // Every library the first page loads, in one file: compressed as one it is about 15 kB
              // smaller than as twenty shared chunks, and it changes only when the libraries do. The
              // rest of the app is split by route (router.tsx) and libraries only later pages use go
              // with those pages. rc-form and its validator are statically reachable from antd's form
              // context but only run on form pages: kept out (their FormContext, which the context
              // needs, stays in); without the dependency walk so that nothing drags them back.
              name: 'vendor',
              test: /node_modules[\\/](?!@rc-component[\\/](async-validator[\\/]|form[\\/](?!es[\\/]FormContext)))|src[\\/]zod-jitless\.ts$/,
              tags: ['$initial'],
              includeDependenciesRecursively: false,
              priority: 40,
            },
          ],
        },
      },
    },
  },
});
