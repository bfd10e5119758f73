/** Vite for the web app: sources in src/web, built into dist/web, /api proxied to the server. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build, at
 * the highest levels, once: the server sends them to browsers that accept them
 * (`serveStatic({ precompressed: true })`) without compressing anything per request.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'crowned-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const source = await readFile(file);
          if (source.length < 1024) return;
          const [brotli, gzipped] = await Promise.all([
            br(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gz(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), precompress()],
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
