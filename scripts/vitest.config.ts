import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The repository's own scripts and what holds the install together (scripts/eval has its own project).
export default defineConfig({
  test: {
    name: 'scripts',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['*.test.ts', 'cluster/*.test.ts', 'load/**/*.test.ts'],
    hookTimeout: 120_000,
    testTimeout: 60_000,
  },
});
