import { webTestConfig } from './vitest.base';

// Test files share their worker's module cache, except those that mock modules (vitest.isolated.config.ts).
export default webTestConfig('shared');
