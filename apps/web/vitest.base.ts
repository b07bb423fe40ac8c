import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));
const TEST_FILE = /\.test\.tsx?$/;

/**
 * The test files that replace a module with vi.mock (found by reading them, so a new one cannot be
 * forgotten): they run in a module cache of their own (`web-isolated`); every other file shares its
 * worker's (`web`), which saves importing React and antd once per file (about 40 % of the project's time).
 */
const filesMockingModules = (): string[] => {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(here, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (
        TEST_FILE.test(entry.name) &&
        /\bvi\.(do)?mock\(/.test(readFileSync(path.join(here, relative), 'utf8'))
      )
        found.push(relative);
    }
  };
  walk('src');
  walk('build');
  return found.sort();
};

/** The web project's configuration: the shared-cache part, or (`isolated`) the files that mock modules. */
export const webTestConfig = (part: 'shared' | 'isolated') => {
  const mocking = filesMockingModules();
  return defineConfig({
    plugins: [react()],
    test: {
      name: part === 'shared' ? 'web' : 'web-isolated',
      environment: 'happy-dom',
      include: part === 'shared' ? ['src/**/*.test.ts', 'src/**/*.test.tsx', 'build/**/*.test.ts'] : mocking,
      exclude: part === 'shared' ? [...configDefaults.exclude, ...mocking] : configDefaults.exclude,
      isolate: part === 'isolated',
      setupFiles: ['src/test/setup.ts'],
      testTimeout: 20_000,
    },
  });
};
