import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  mainConfig,
  nginxArgs,
  nginxFiles,
  renderSite,
  SITE_TEMPLATE,
  upstreamLines,
  writeNginxConfig,
} from './nginx';
import { ROOT } from './state';

/*
 * The nginx site and systemd units of deploy/: the site renders (as npm run cluster and the documented
 * envsubst line render it) into a configuration nginx accepts, and systemd accepts the units.
 */

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const SYSTEMD_ANALYZE = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((p) => existsSync(p));
const ENVSUBST = ['/usr/bin/envsubst', '/bin/envsubst'].find((p) => existsSync(p));

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'uplus-deploy-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const SCHOOL = {
  UPLUS_LISTEN: '80',
  UPLUS_SERVER_NAME: 'uplus.example.edu school.example.edu',
  UPLUS_WEB_DIST: '/srv/uplus/apps/web/dist',
  UPLUS_API_SERVERS:
    'server 10.0.0.11:3001 max_fails=1 fail_timeout=2s; server 10.0.0.12:3001 max_fails=1 fail_timeout=2s;',
};

describe('deploy/nginx/uplus.conf', () => {
  const template = readFileSync(SITE_TEMPLATE, 'utf8');

  it('renders every placeholder, leaves nginx variables alone and refuses an unknown placeholder', () => {
    const site = renderSite(template, SCHOOL);
    expect(site).not.toMatch(/\$\{UPLUS_/);
    expect(site).toContain('server_name uplus.example.edu school.example.edu;');
    expect(site).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(site).toContain('proxy_next_upstream error timeout http_502 http_503 http_504;');
    expect(site).toMatch(/location \/assets\/ \{[^}]*gzip_static on;/);
    expect(site).toMatch(/location \/api\/course\/ai\/ \{[^}]*proxy_read_timeout 600s;/);
    expect(site).toContain('client_max_body_size 52m;');
    expect(() => renderSite(`${template}\n# \${UPLUS_TYPO}`, SCHOOL)).toThrow(/unknown placeholder/);
  });

  it.skipIf(!ENVSUBST)('the envsubst line of its header renders the same file', () => {
    const run = spawnSync(
      ENVSUBST ?? 'envsubst',
      [
        Object.keys(SCHOOL)
          .map((name) => `\${${name}}`)
          .join(' '),
      ],
      { input: template, encoding: 'utf8', env: { ...process.env, ...SCHOOL } },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(renderSite(template, SCHOOL));
  });

  it('marks instances that are not ready down, and none when none is ready', () => {
    expect(
      upstreamLines([
        { port: 8081, up: true },
        { port: 8082, up: false },
      ]),
    ).toBe('server 127.0.0.1:8081 max_fails=1 fail_timeout=2s;\nserver 127.0.0.1:8082 down;\n');
    expect(upstreamLines([{ port: 8081, up: false }])).toBe(
      'server 127.0.0.1:8081 max_fails=1 fail_timeout=2s;\n',
    );
  });

  // setup-system.sh installs nginx: only a machine set up otherwise lacks it
  it.skipIf(!NGINX)(
    `nginx -t accepts the cluster's rendering and a school's${NGINX ? '' : ' (skipped: nginx is not installed; bash scripts/setup-system.sh installs it)'}`,
    () => {
      const prefix = scratch();
      const files = writeNginxConfig({
        prefix,
        listen: '127.0.0.1:18080',
        webDist: path.join(ROOT, 'apps/web/dist'),
        servers: [
          { port: 18081, up: true },
          { port: 18082, up: false },
        ],
        asRoot: process.getuid?.() === 0,
      });
      const cluster = spawnSync(NGINX ?? 'nginx', nginxArgs(files, ['-t', '-q']), { encoding: 'utf8' });
      expect(cluster.status, cluster.stderr).toBe(0);

      // a school's rendering (its API servers inline), in the same http block
      const school = nginxFiles(scratch());
      for (const dir of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi'])
        mkdirSync(path.join(school.prefix, dir), { recursive: true });
      writeFileSync(school.site, renderSite(readFileSync(SITE_TEMPLATE, 'utf8'), SCHOOL));
      writeFileSync(school.conf, mainConfig(school, process.getuid?.() === 0));
      const run = spawnSync(NGINX ?? 'nginx', nginxArgs(school, ['-t', '-q']), { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
    },
  );
});

describe('deploy/systemd', () => {
  it('the units restart always, stop with SIGTERM after the drain, read /etc/uplus.env', () => {
    for (const unit of ['uplus-api@.service', 'uplus-worker@.service']) {
      const text = readFileSync(path.join(ROOT, 'deploy/systemd', unit), 'utf8');
      expect(text).toContain('EnvironmentFile=/etc/uplus.env');
      expect(text).toContain('Restart=always');
      expect(text).toContain('KillSignal=SIGTERM');
      // the worker drains for 20 s
      expect(Number(/TimeoutStopSec=(\d+)s/.exec(text)?.[1])).toBeGreaterThan(20);
    }
    const api = readFileSync(path.join(ROOT, 'deploy/systemd/uplus-api@.service'), 'utf8');
    expect(api).toContain('PORT=%i CODE_RUNNER_WORKERS=0 /usr/bin/node apps/server/dist/server.js');
    const env = readFileSync(path.join(ROOT, 'deploy/systemd/uplus.env.example'), 'utf8');
    for (const name of ['DATABASE_URL', 'APP_SECRET', 'TRUST_PROXY', 'PUBLIC_ORIGINS', 'S3_BUCKET'])
      expect(env).toMatch(new RegExp(`^${name}=`, 'm'));
    expect(env).not.toMatch(/^PORT=/m);
  });

  it.skipIf(!SYSTEMD_ANALYZE || !existsSync('/usr/bin/node'))('systemd-analyze verify accepts them', () => {
    const dir = scratch();
    copyFileSync(
      path.join(ROOT, 'deploy/systemd/uplus-api@.service'),
      path.join(dir, 'uplus-api@3001.service'),
    );
    copyFileSync(
      path.join(ROOT, 'deploy/systemd/uplus-worker@.service'),
      path.join(dir, 'uplus-worker@1.service'),
    );
    const run = spawnSync(
      SYSTEMD_ANALYZE ?? 'systemd-analyze',
      ['verify', '--man=no', 'uplus-api@3001.service', 'uplus-worker@1.service'],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr.trim()).toBe('');
  });
});
