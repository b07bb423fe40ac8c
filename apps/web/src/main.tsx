// First: zod's settings, before zod itself (see the module).
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { errorMessage } from './api/http';
import { App } from './app/app';
import { loadSite } from './app/bootstrap';
import { ConfigErrorPage } from './app/config-error-page';
import { preloadRoute } from './app/router';
import { siteStore } from './lib/site-store';

// The page's own code loads alongside the site configuration.
preloadRoute(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
const root = createRoot(container);

/** Loads the site configuration, then mounts the app; a failure shows the error page with a retry. */
const start = async (): Promise<void> => {
  try {
    siteStore.set(await loadSite());
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    root.render(<ConfigErrorPage message={errorMessage(error)} onRetry={start} />);
  }
};

void start();
