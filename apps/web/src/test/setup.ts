import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { deferredLoadsSettled } from '../components/lazy-antd';

// Unit tests never reach a network. A request no test stubbed (a query refetching or a debounced search
// firing after its test ended and `fetch` was restored) fails at once instead of trying localhost:3000.
const noNetwork = (() =>
  Promise.reject(new TypeError('Failed to fetch (no network in unit tests)'))) as typeof fetch;
globalThis.fetch = noNetwork;
window.fetch = noNetwork;

// The machine running the suite is shared (2 cores): give findBy/waitFor room before failing.
configure({ asyncUtilTimeout: 5000 });

// Every test starts from the real globals: spies (browser calls) and stubs (fetch) end with their test.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// A header renders the deferred antd Dropdown/Tooltip, whose import may still be loading when a file's last
// test ends; the environment must not be torn down under it (vitest reports that as an unhandled rejection).
afterAll(async () => {
  await deferredLoadsSettled();
});
