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
  },
});
