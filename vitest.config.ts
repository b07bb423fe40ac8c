import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own config beside its code.
// Workers: Vitest's default (cores - 1) is one on our 2-core machines, which leaves a core idle while the API
// tests wait on PostgreSQL, the sandbox and timers; half again the cores (3 on 2) keeps both busy.
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, Math.min(8, Math.round(availableParallelism() * 1.5))),
    projects: [
      'packages/shared',
      'packages/sandbox',
      'apps/server',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
      'scripts/eval',
      'scripts/architecture',
      'scripts',
    ],
  },
});
