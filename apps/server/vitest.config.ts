import { defineConfig } from 'vitest/config';

// API tests open a real database per file (PGlite, and PostgreSQL when TEST_DATABASE_URL is set); files
// run in parallel, tests inside a file share its database.
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Files share their worker's module cache: the app is imported once per worker instead of once per file
    // (about a third of the project's time). Each file still opens its own database and app; a file that
    // replaces a global restores it (vi.unstubAllGlobals, vi.restoreAllMocks). No vi.mock of a module here.
    isolate: false,
  },
});
