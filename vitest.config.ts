import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own config beside its code.
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'packages/sandbox',
      'apps/server',
      'apps/web',
      'scripts/eval',
      'scripts/architecture',
      'scripts',
    ],
  },
});
