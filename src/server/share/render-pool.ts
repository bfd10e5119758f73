/**
 * Preview images are drawn by a few worker threads, never on the main thread: a render takes
 * 50–500 ms of CPU (satori's layout, resvg's rasterizing), and on the main thread every other
 * request waited behind it (issue 22: eight clients asking for 110 previews in turn took everyone
 * else's p95 from 12 ms to over a second). Renders wait in a bounded queue; when it is full the
 * answer is at once a refusal (503 with Retry-After), never a wait. A worker that dies or takes
 * too long is replaced; its render fails with 503 too. Decision 0019, "Rendering".
 */
import { Worker } from 'node:worker_threads';
import { AppError } from '../../domain/errors';
import type { PublicCard } from '../../domain/card';
import type { Logger } from '../platform/log';
import type { DrawnPictures } from './og-image';
import type { RenderAnswer, RenderJob, RenderWorkerData } from './og-worker';

/** Set by scripts/build-server.mjs: the bundled worker's file, beside the bundled server. */
declare const __CROWNED_OG_WORKER__: string | undefined;

/** A render that takes longer than this is stopped (its worker terminated) and answered 503. */
const RENDER_TIMEOUT_MS = 30_000;
/** A worker's own heap (fonts are outside it): a pathological layout stops there, not the host. */
const WORKER_HEAP_MB = 256;
/** What a refused or failed render tells the client to wait (seconds). */
export const RENDER_RETRY_AFTER_S = 5;

export type RenderPoolOptions = {
  /** Worker threads at most (started on first need). */
  size: number;
  /** Renders that may wait for a worker; past that, refusals. */
  maxQueue: number;
  /** Tests only: each render blocks its worker this long first. */
  delayMs?: number;
  log: Logger;
};

export type RenderStats = {
  /** Renders finished (images made). */
  rendered: number;
  /** Renders refused because the queue was full. */
  refused: number;
  /** Renders that failed (a worker died, timed out or threw). */
  failed: number;
  /** Renders under way and waiting. */
  running: number;
  waiting: number;
};

type Job = {
  id: number;
  card: PublicCard;
  pictures: DrawnPictures;
  resolve: (png: Buffer) => void;
  reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
};

export class RenderQueueFull extends AppError {
  constructor() {
    super('unavailable', 'Too many preview images are being drawn right now. Please try again.');
  }
}

function workerEntry(): { url: URL; data: Record<string, unknown> } {
  if (typeof __CROWNED_OG_WORKER__ === 'string') {
    return { url: new URL(__CROWNED_OG_WORKER__, import.meta.url), data: {} };
  }
  return {
    url: new URL('./og-worker-dev.mjs', import.meta.url),
    data: { entry: new URL('./og-worker.ts', import.meta.url).href },
  };
}

export class RenderPool {
  private readonly workers = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly running = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly counts = { rendered: 0, refused: 0, failed: 0 };

  constructor(private readonly options: RenderPoolOptions) {}

  stats(): RenderStats {
    return { ...this.counts, running: this.running.size, waiting: this.queue.length };
  }

  /**
   * Whether a render asked now would be refused (the queue is full): the caller skips reading
   * the card's pictures for a render that would not happen.
   */
  full(): boolean {
    if (this.closed) return true;
    const busy = this.running.size >= this.options.size && this.idle.length === 0;
    return busy && this.queue.length >= this.options.maxQueue;
  }

  /**
   * The card's PNG, from a worker, its pictures drawn from `pictures` (og-image.ts); RenderQueueFull
   * (503) at once when the queue is full.
   */
  render(card: PublicCard, pictures: DrawnPictures = {}): Promise<Buffer> {
    if (this.full()) {
      if (!this.closed) this.counts.refused += 1;
      return Promise.reject(new RenderQueueFull());
    }
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, card, pictures, resolve, reject });
      this.pump();
    });
  }

  /** Stops every worker; renders under way or waiting fail with 503. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new RenderQueueFull());
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const worker =
        this.idle.pop() ?? (this.workers.size < this.options.size ? this.spawn() : undefined);
      if (!worker) return;
      const job = this.queue.shift()!;
      this.running.set(worker, job);
      job.timer = setTimeout(() => {
        this.options.log.warn('preview render timed out; its worker is replaced', {
          gameId: job.card.id,
        });
        void worker.terminate();
      }, RENDER_TIMEOUT_MS);
      worker.postMessage({
        id: job.id,
        card: job.card,
        pictures: job.pictures,
      } satisfies RenderJob);
    }
  }

  private spawn(): Worker {
    const entry = workerEntry();
    const worker = new Worker(entry.url, {
      workerData: {
        ...entry.data,
        delayMs: this.options.delayMs ?? 0,
      } satisfies RenderWorkerData & Record<string, unknown>,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    // The server's own handles keep the process alive, not an idle renderer.
    worker.unref();
    this.workers.add(worker);
    worker.on('message', (answer: RenderAnswer) => {
      const job = this.running.get(worker);
      if (!job || job.id !== answer.id) return;
      clearTimeout(job.timer);
      this.running.delete(worker);
      if ('png' in answer) {
        this.counts.rendered += 1;
        job.resolve(Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength));
      } else {
        this.counts.failed += 1;
        this.options.log.warn('preview render failed', {
          gameId: job.card.id,
          error: answer.error,
        });
        job.reject(new RenderQueueFull());
      }
      if (!this.closed) this.idle.push(worker);
      this.pump();
    });
    worker.on('error', (error) => {
      this.options.log.warn('preview worker failed', error);
    });
    worker.on('exit', () => {
      this.workers.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      const job = this.running.get(worker);
      if (job) {
        clearTimeout(job.timer);
        this.running.delete(worker);
        this.counts.failed += 1;
        job.reject(new RenderQueueFull());
      }
      if (!this.closed) this.pump();
    });
    return worker;
  }
}
