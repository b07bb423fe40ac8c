import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './state';

/** The site a school installs; the cluster renders the same file. */
export const SITE_TEMPLATE = path.join(ROOT, 'deploy/nginx/uplus.conf');

/** The values the site template names as ${UPLUS_*} (see its header). */
export type SiteValues = {
  UPLUS_LISTEN: string;
  UPLUS_SERVER_NAME: string;
  UPLUS_WEB_DIST: string;
  UPLUS_API_SERVERS: string;
};

/**
 * Fills the template's ${UPLUS_*} placeholders, as `envsubst '${UPLUS_LISTEN} ...'` does, and refuses a
 * template naming one it does not know (nginx's own $variables are left alone).
 */
export const renderSite = (template: string, values: SiteValues): string => {
  const rendered = template.replace(/\$\{(UPLUS_[A-Z_]+)\}/g, (whole, name: string) => {
    const value = (values as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`${SITE_TEMPLATE}: unknown placeholder ${whole}`);
    return value;
  });
  return rendered;
};

/** An API instance in the upstream: `down` while it is dead or not ready. */
export type UpstreamServer = { port: number; up: boolean };

/**
 * The upstream's server lines. Passive checks too (max_fails=1 fail_timeout=2s): a request that finds an
 * instance dead between two health checks takes it out at once. With none ready, none is marked down: nginx
 * then tries them all rather than answering 502 outright.
 */
export const upstreamLines = (servers: UpstreamServer[]): string => {
  const anyUp = servers.some((s) => s.up);
  return `${servers
    .map((s) =>
      !anyUp || s.up
        ? `server 127.0.0.1:${s.port} max_fails=1 fail_timeout=2s;`
        : `server 127.0.0.1:${s.port} down;`,
    )
    .join('\n')}\n`;
};

/** Files of the cluster's own nginx, all under its prefix directory. */
export type NginxFiles = { prefix: string; conf: string; site: string; upstream: string; pid: string };

export const nginxFiles = (prefix: string): NginxFiles => ({
  prefix,
  conf: path.join(prefix, 'nginx.conf'),
  site: path.join(prefix, 'uplus.conf'),
  upstream: path.join(prefix, 'upstream.conf'),
  pid: path.join(prefix, 'nginx.pid'),
});

/**
 * The main configuration around the site: everything nginx writes (pid, logs, temp files) under `prefix`,
 * so /etc/nginx and its default site are never touched. Run as root, the workers run as root too: the
 * repository (the static files) may sit where only its owner can read, such as /root.
 */
export const mainConfig = (files: NginxFiles, asRoot: boolean): string => {
  const p = (name: string) => path.join(files.prefix, name);
  return `# Written by npm run cluster (scripts/cluster/nginx.ts); the site is deploy/nginx/uplus.conf, rendered.
${asRoot ? 'user root root;\n' : ''}worker_processes auto;
pid ${files.pid};
error_log ${p('error.log')} warn;
events { worker_connections 4096; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    # which instance answered each request, and how fast (the cluster's tests and the load run read it)
    log_format uplus '$remote_addr [$time_iso8601] "$request" $status $body_bytes_sent $request_time '
                     'upstream=$upstream_addr $upstream_status $upstream_response_time';
    access_log ${p('access.log')} uplus buffer=64k flush=1s;
    client_body_temp_path ${p('tmp/body')};
    proxy_temp_path ${p('tmp/proxy')};
    fastcgi_temp_path ${p('tmp/fastcgi')};
    uwsgi_temp_path ${p('tmp/uwsgi')};
    scgi_temp_path ${p('tmp/scgi')};
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65s;
    server_tokens off;
    include ${files.site};
}
`;
};

/** Writes a file whole (nginx reloading meanwhile never reads half of it). */
const writeWhole = (file: string, text: string) => {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
};

/** Writes the cluster's nginx configuration: main file, the rendered site, the upstream list. */
export const writeNginxConfig = (opts: {
  prefix: string;
  listen: string;
  webDist: string;
  servers: UpstreamServer[];
  asRoot: boolean;
}): NginxFiles => {
  const files = nginxFiles(opts.prefix);
  for (const dir of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi'])
    mkdirSync(path.join(files.prefix, dir), { recursive: true });
  const site = renderSite(readFileSync(SITE_TEMPLATE, 'utf8'), {
    UPLUS_LISTEN: opts.listen,
    UPLUS_SERVER_NAME: '_',
    UPLUS_WEB_DIST: opts.webDist,
    UPLUS_API_SERVERS: `include ${files.upstream};`,
  });
  writeWhole(files.upstream, upstreamLines(opts.servers));
  writeWhole(files.site, site);
  writeWhole(files.conf, mainConfig(files, opts.asRoot));
  return files;
};

/** Rewrites the upstream list only (the health checks' change); nginx reads it on its next reload. */
export const writeUpstream = (files: NginxFiles, servers: UpstreamServer[]) =>
  writeWhole(files.upstream, upstreamLines(servers));

/** The arguments that run this configuration in the foreground (the supervisor is its parent). */
export const nginxArgs = (files: NginxFiles, extra: string[] = []) => [
  '-p',
  `${files.prefix}/`,
  '-c',
  files.conf,
  '-e',
  path.join(files.prefix, 'error.log'),
  ...extra,
];
