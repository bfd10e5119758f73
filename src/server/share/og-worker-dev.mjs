// Starts og-worker.ts from the sources (dev server, tests): a worker thread does not inherit the
// TypeScript loader of the thread that started it (tsx, vitest), so it registers tsx itself. The
// bundled server starts its bundled worker file instead (scripts/build-server.mjs).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
