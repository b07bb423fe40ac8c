import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './context';

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
export const registerSpa = async (app: App, webDist: string) => {
  if (!existsSync(webDist)) return;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: true,
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

/** index.html of the web app, or a Chinese note that it has not been built. */
export const sendSpaIndex = async (reply: FastifyReply, webDist: string) => {
  const index = path.join(webDist, 'index.html');
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  if (!existsSync(index)) return reply.code(503).send(NOT_BUILT_PAGE);
  return reply.code(200).send(await readFile(index, 'utf8'));
};
