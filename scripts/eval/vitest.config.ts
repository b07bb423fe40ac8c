import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The evaluation harness: metric unit tests and a run of the judge harness against the scripted LLM server.
export default defineConfig({
  test: {
    name: 'eval',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
