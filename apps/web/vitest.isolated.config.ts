import { webTestConfig } from './vitest.base';

// The web test files that replace modules with vi.mock, each in a module cache of its own.
export default webTestConfig('isolated');
