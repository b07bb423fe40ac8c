import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { injectSnapshot, type PageSnapshot } from '../core/page-snapshot';
import type { App } from './context';

/** Describes a page load (its title, description and text; page-snapshot.ts), or null for index.html as it is. */
export type PageSnapshotter = (request: FastifyRequest) => Promise<PageSnapshot | null>;

/**
 * Where the app's page snapshotter is found once the services exist: app.ts fills `snapshot` after the
 * error handler and the SPA routes are registered (they are registered before the context is built).
 */
export type PageSnapshots = { snapshot: PageSnapshotter | null };

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>网页应用尚未构建</title></head>
<body style="font-family: 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif; max-width: 640px; margin: 64px auto; padding: 0 20px; line-height: 1.7">
<h1>网页应用尚未构建</h1>
<p>服务器正在运行，接口（/api）和登录页面（/idp/login）可以使用，但还没有找到构建好的网页应用（apps/web/dist）。</p>
<p>请在项目根目录运行 <code>npm run build</code> 后刷新本页，或直接使用 <code>npm start</code>（它会先构建再启动）。</p>
</body></html>`;

/** Paths that belong to the API: never answered with the web app. */
export const isApiPath = (url: string) => {
  const p = url.split('?')[0] ?? '';
  return p === '/api' || p.startsWith('/api/') || p.startsWith('/idp/api/') || p === '/get_appconfig';
};

/** Whether the request is a page load (GET/HEAD that accepts HTML). */
export const wantsHtml = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  (request.headers.accept ?? '').includes('text/html');

/** Serves the built web app's files; unknown page paths get index.html (the router shows its not-found page). */
export const registerSpa = async (app: App, webDist: string, pages?: PageSnapshots) => {
  // `/` is the page whatever the request accepts: a load balancer's health check asks for it without
  // `Accept: text/html`. Registered even before a build exists (then it answers the not-built note, 503).
  app.get('/', { schema: { hide: true } }, (request, reply) => sendSpaIndex(request, reply, webDist, pages));
  if (!existsSync(webDist)) return;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: true,
    // The build writes a .br and a .gz beside each file that compresses (apps/web/vite.config.ts): sent as
    // they are by Accept-Encoding, with `Vary: Accept-Encoding` and the original file's content type.
    preCompressed: true,
    // Directory paths ('/', '/workbench/') are pages: the not-found handler answers them with index.html.
    allowedPath: (pathName) => !pathName.endsWith('/'),
    decorateReply: false,
    setHeaders: (reply, filePath) => {
      // Vite fingerprints everything under assets/; other files may change between builds.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
};

/** The encodings a request accepts, of those the build writes (brotli first: smaller). */
export const acceptedEncoding = (header: string | string[] | undefined): 'br' | 'gzip' | null => {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
};

const readIfExists = (file: string) => readFile(file).catch(() => null);

/**
 * index.html of the web app (never cached: it names the current build's files), compressed when the
 * build wrote a compressed copy the request accepts; or a Chinese note that it has not been built.
 */
export const sendSpaIndex = async (
  request: FastifyRequest,
  reply: FastifyReply,
  webDist: string,
  pages?: PageSnapshots,
) => {
  const index = path.join(webDist, 'index.html');
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  if (!existsSync(index)) return reply.code(503).send(NOT_BUILT_PAGE);
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  const snapshot = await snapshotOf(request, pages);
  if (snapshot) {
    const html = injectSnapshot((await readFile(index)).toString('utf8'), snapshot, {
      origin: `${request.protocol}://${request.host}`,
      path: request.url,
    });
    if (!encoding) return reply.code(200).send(html);
    const body = encoding === 'br' ? brotliCompressSync(html) : gzipSync(html);
    return reply.code(200).header('content-encoding', encoding).send(body);
  }
  const compressed = encoding && (await readIfExists(`${index}.${encoding === 'br' ? 'br' : 'gz'}`));
  if (encoding && compressed) return reply.code(200).header('content-encoding', encoding).send(compressed);
  return reply.code(200).send(await readFile(index));
};

/** The page's snapshot; a failure to describe it is logged and the page is answered without one. */
const snapshotOf = async (request: FastifyRequest, pages: PageSnapshots | undefined) => {
  if (!pages?.snapshot || request.method !== 'GET') return null;
  try {
    return await pages.snapshot(request);
  } catch (error) {
    request.log.warn({ err: error }, 'page snapshot failed');
    return null;
  }
};
