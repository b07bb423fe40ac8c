import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The one server process (API, app config, identity provider) the dev server forwards to. */
const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/get_appconfig': { target: backend, changeOrigin: false },
      '/idp': { target: backend, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    // antd parts the first page needs stay in the entry chunk; parts only later pages use split off with them.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 40,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 30 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 30 },
          ],
        },
      },
    },
  },
});
