import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'setup-system.sh');
const PACKAGES = [
  'chromium',
  'fonts-noto-cjk',
  'bubblewrap',
  'tini',
  'util-linux',
  'gcc',
  'g++',
  'python3',
  'nginx',
];

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs setup-system.sh with stand-ins for the commands it asks (id, sudo, dpkg-query, psql, apt-get) in
 * front of PATH: the user it runs as, what is installed and whether PostgreSQL answers are the test's to say.
 * apt-get and sudo write what they were asked to a log instead of doing it.
 */
const runSetup = (host: { uid: number; sudo: boolean; installed: string[]; postgres: boolean }, env = {}) => {
  const bin = mkdtempSync(path.join(tmpdir(), 'uplus-setup-'));
  dirs.push(bin);
  const calls = path.join(bin, 'calls.log');
  const stub = (name: string, body: string) => {
    writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(path.join(bin, name), 0o755);
  };
  stub('id', `[ "$1" = -u ] && echo ${host.uid} && exit 0\nexec /usr/bin/id "$@"`);
  stub(
    'sudo',
    host.sudo
      ? `echo "sudo $*" >> ${calls}\n[ "$1" = -n ] && shift\nexec "$@"`
      : 'echo "sudo: a password is required" >&2; exit 1',
  );
  stub('dpkg-query', host.installed.map((p) => `echo '${p} installed'`).join('\n') || 'exit 1');
  stub('psql', host.postgres ? 'exit 0' : 'exit 2');
  stub('apt-get', `echo "apt-get $*" >> ${calls}`);
  const run = spawnSync('bash', [SCRIPT], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, ...env },
  });
  return { ...run, calls: existsSync(calls) ? readFileSync(calls, 'utf8') : '' };
};

describe('scripts/setup-system.sh', () => {
  it('neither root nor passwordless sudo: says in one line what is missing, installs nothing, succeeds', () => {
    const run = runSetup({ uid: 1000, sudo: false, installed: ['gcc'], postgres: false });
    expect(run.status).toBe(0);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[setup-system\] skipped \(not root, no passwordless sudo\): missing Debian packages chromium /,
    );
    expect(lines[0]).toContain('bubblewrap');
    expect(lines[0]).not.toContain(' gcc ');
    expect(lines[0]).toContain('PostgreSQL on 127.0.0.1:5432 with a database test');
    expect(run.calls).toBe('');
  });

  it('as a user with everything in place: says so and succeeds', () => {
    const run = runSetup({ uid: 1000, sudo: false, installed: PACKAGES, postgres: true });
    expect(run.status).toBe(0);
    expect(run.stderr.trim()).toBe('[setup-system] all system packages present');
  });

  it('with passwordless sudo: installs exactly the missing packages through it', () => {
    const run = runSetup(
      {
        uid: 1000,
        sudo: true,
        installed: PACKAGES.filter((p) => p !== 'bubblewrap' && p !== 'chromium'),
        postgres: true,
      },
      { UPLUS_SETUP_POSTGRES: 'false' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.calls).toContain('sudo -n apt-get update -qq');
    expect(run.calls).toMatch(
      /apt-get install -y -qq --no-install-recommends chromium bubblewrap( postgresql)?\n/,
    );
  });
});
