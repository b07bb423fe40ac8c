import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The machine running the suite is shared (2 cores): give findBy/waitFor room before failing.
configure({ asyncUtilTimeout: 5000 });

// Every test starts from the real globals: spies (browser calls) and stubs (fetch) end with their test.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
