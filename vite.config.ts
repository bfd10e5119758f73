/** Vite for the web app: sources in src/web, built into dist/web, /api proxied to the server. */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: {
    outDir: `${projectRoot}dist/web`,
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': {
        target: 'http://localhost:3000',
        // Event streams stay open for hours: no proxy timeouts.
        timeout: 0,
        proxyTimeout: 0,
        // src/web/api/*.ts are served at /api/*.ts in dev: those are our modules, not the API.
        bypass: (req) =>
          /\.(?:tsx?|jsx?|css|map)$/.test(req.url?.split('?')[0] ?? '') ? req.url : undefined,
        configure(proxy) {
          proxy.on('proxyRes', (proxyRes) => {
            if (!String(proxyRes.headers['content-type'] ?? '').includes('text/event-stream'))
              return;
            // Pass Server-Sent Events through as they come: no buffering, no transforms.
            proxyRes.headers['cache-control'] = 'no-cache, no-transform';
            proxyRes.headers['x-accel-buffering'] = 'no';
          });
        },
      },
    },
  },
  preview: { port: 4173 },
});
