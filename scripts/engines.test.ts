import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The two functions of `semver` used here (the package ships no types of its own). */
const semver = createRequire(import.meta.url)('semver') as {
  minVersion: (range: string) => { version: string } | null;
  satisfies: (version: string, range: string, options?: { includePrerelease?: boolean }) => boolean;
};

type Manifest = { name?: string; version?: string; engines?: { node?: unknown } };

/** Every package installed under node_modules, nested ones included (workspace links left out). */
const installedManifests = (dir: string, found: { file: string; manifest: Manifest }[] = []) => {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (entry.startsWith('.')) continue;
    const full = path.join(dir, entry);
    if (!lstatSync(full).isDirectory()) continue; // symlinks: our own workspaces, checked at their source
    if (entry.startsWith('@')) {
      installedManifests(full, found);
      continue;
    }
    try {
      const file = path.join(full, 'package.json');
      found.push({ file, manifest: JSON.parse(readFileSync(file, 'utf8')) as Manifest });
    } catch {
      // a folder without a manifest is no package
    }
    installedManifests(path.join(full, 'node_modules'), found);
  }
  return found;
};

// `npm ci` warned EBADENGINE: content-disposition 3 and cookie 2 wanted Node >= 22 while we promise 20.19.
describe('installed packages', () => {
  it("every package's engines.node accepts the oldest Node the root package.json promises", () => {
    const promised = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest).engines
      ?.node as string;
    const oldest = semver.minVersion(promised)?.version;
    expect(oldest, `engines.node of package.json: ${promised}`).toMatch(/^\d+\.\d+\.\d+$/);

    const manifests = installedManifests(path.join(ROOT, 'node_modules'));
    expect(manifests.length).toBeGreaterThan(100);
    const refusing = manifests
      .filter(({ manifest }) => typeof manifest.engines?.node === 'string')
      .filter(({ manifest }) => !semver.satisfies(oldest as string, manifest.engines?.node as string))
      .map(
        ({ file, manifest }) =>
          `${path.relative(ROOT, path.dirname(file))}@${manifest.version}: node ${manifest.engines?.node}`,
      );
    expect(refusing, `packages that refuse Node ${oldest}`).toEqual([]);
  });
});
