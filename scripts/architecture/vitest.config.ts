import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The layering of docs/architecture.md, read from every source file's imports.
export default defineConfig({
  test: {
    name: 'architecture',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['**/*.test.ts'],
  },
});
