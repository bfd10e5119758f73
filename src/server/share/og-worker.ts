/**
 * A preview-image worker thread (render-pool.ts starts it): renders one card at a time, off the
 * server's main thread. Bundled to its own file by scripts/build-server.mjs; from the sources it
 * is started through og-worker-dev.mjs (tsx).
 */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { PublicCard } from '../../domain/card';
import { renderOgImage, type DrawnPictures } from './og-image';

/** One card to draw, with its pictures' bytes (read by the server from its store). */
export type RenderJob = { id: number; card: PublicCard; pictures: DrawnPictures };
export type RenderAnswer = { id: number; png: Uint8Array } | { id: number; error: string };
export type RenderWorkerData = {
  /** Tests only (config OG_RENDER_DELAY_MS): each render first blocks this thread this long. */
  delayMs?: number;
};

const port = parentPort;
if (!port) throw new Error('og-worker.ts runs as a worker thread (render-pool.ts)');
const { delayMs = 0 } = (workerData ?? {}) as RenderWorkerData;

/**
 * Drawing is background work: this thread yields the CPU to the one answering requests. On Linux
 * a priority set for "process 0" applies to the calling thread alone, so only this worker is
 * lowered; elsewhere (or where lowering is refused) it keeps the normal priority.
 */
try {
  os.setPriority(0, os.constants.priority.PRIORITY_LOW);
} catch {
  // Not allowed here: draw at the normal priority.
}

port.on('message', async ({ id, card, pictures }: RenderJob) => {
  try {
    // Blocking on purpose: a test sees that a render holding its thread holds no other request.
    if (delayMs > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, delayMs);
    const png = new Uint8Array(await renderOgImage(card, pictures));
    port.postMessage({ id, png } satisfies RenderAnswer, [png.buffer]);
  } catch (error) {
    port.postMessage({ id, error: String(error) } satisfies RenderAnswer);
  }
});
