import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The machine running the suite is shared (2 cores): give findBy/waitFor room before failing.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
