/**
 * The server's Prometheus metrics, on a registry of its own (several servers in one process, as
 * in the tests, never share or clash): requests by method, route pattern and status, and how
 * long they took; open live streams; hub deliveries; submission batch sizes; the database pool;
 * rate-limit refusals by kind; and the process's default metrics. Every label value comes from a
 * closed set (route patterns the router has, known methods, status codes, fixed refusal kinds):
 * a client can never make a new series (decision 0026).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import type { EventHub } from '../realtime/hub';
import { openStreamCount } from '../realtime/sse';
import type { RenderStats } from '../share/render-pool';

/** Methods reported by name; anything else is `OTHER`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds: from a cached read (~1 ms) to a slow export or a database under strain. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Submissions per batch: one at a time up to MAX_BATCH (games/submit.ts). */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64];

/**
 * Why a request or a stream was refused for a limit: `rate:<rule>` (consumeRateLimit's rules),
 * `quota:<action>`, `auth` (better-auth's own limits), `streams` (an event stream closed for the
 * per-account or per-address limit).
 */
export type RefusalKind = `rate:${string}` | `quota:${string}` | 'auth' | 'streams';

export type MetricsSources = {
  database: Database;
  hub: EventHub;
  /** The preview-image render pool (share/render-pool.ts), when there is one. */
  renders?: { stats(): RenderStats };
};

export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;
  private readonly batches: Histogram;
  private readonly refusals: Counter<'kind'>;

  constructor(sources: MetricsSources, options: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'crowned_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    });
    this.durations = new Histogram({
      name: 'crowned_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (for an event stream: to open it), by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.batches = new Histogram({
      name: 'crowned_submission_batch_size',
      help: 'Submissions written together in one batch (one transaction)',
      buckets: BATCH_BUCKETS,
      registers,
    });
    this.refusals = new Counter({
      name: 'crowned_rate_limit_refusals_total',
      help: 'Requests refused (429) or event streams closed for a limit, by kind',
      labelNames: ['kind'] as const,
      registers,
    });
    const { hub, database, renders } = sources;
    if (renders) previewMetrics(renders, registers);
    new Gauge({
      name: 'crowned_live_streams_open',
      help: 'Open live event streams (SSE) on this instance',
      registers,
      collect() {
        this.set(openStreamCount(hub));
      },
    });
    let delivered = 0;
    new Counter({
      name: 'crowned_hub_deliveries_total',
      help: 'Live events handed to subscribers on this instance (one per event and subscriber)',
      registers,
      collect() {
        const now = hub.deliveries;
        if (now > delivered) this.inc(now - delivered);
        delivered = now;
      },
    });
    let received = 0;
    new Counter({
      name: 'crowned_hub_events_total',
      help: 'Live events this instance heard from the database (NOTIFY)',
      registers,
      collect() {
        const now = hub.events;
        if (now > received) this.inc(now - received);
        received = now;
      },
    });
    new Gauge({
      name: 'crowned_db_pool_in_use',
      help: 'Database connections checked out of the pool (PGlite: always 0, one in-process connection)',
      registers,
      collect() {
        this.set(poolStats(database).inUse);
      },
    });
    new Gauge({
      name: 'crowned_db_pool_waiting',
      help: 'Queries waiting for a pooled database connection (PGlite: always 0)',
      registers,
      collect() {
        this.set(poolStats(database).waiting);
      },
    });
  }

  /** One answered request; `route` is the router's pattern (e.g. /api/games/:id), never the path. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = {
      method: METHODS.has(method) ? method : 'OTHER',
      route,
      status: String(status),
    };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  observeBatch(size: number): void {
    this.batches.observe(size);
  }

  refused(kind: RefusalKind): void {
    this.refusals.inc({ kind });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** Link preview renders: made, refused (queue full), failed; under way and waiting. */
function previewMetrics(renders: { stats(): RenderStats }, registers: Registry[]): void {
  const totals: [keyof RenderStats, string, string][] = [
    ['rendered', 'crowned_og_renders_total', 'Link preview images drawn (each card once)'],
    ['refused', 'crowned_og_render_refusals_total', 'Preview renders refused: queue full (503)'],
    ['failed', 'crowned_og_render_failures_total', 'Preview renders that failed or timed out'],
  ];
  for (const [field, name, help] of totals) {
    let seen = 0;
    new Counter({
      name,
      help,
      registers,
      collect() {
        const now = renders.stats()[field];
        if (now > seen) this.inc(now - seen);
        seen = now;
      },
    });
  }
  new Gauge({
    name: 'crowned_og_renders_in_progress',
    help: 'Preview renders under way (state=running) and waiting for a worker (state=waiting)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const { running, waiting } = renders.stats();
      this.set({ state: 'running' }, running);
      this.set({ state: 'waiting' }, waiting);
    },
  });
}

/**
 * A `pg` pool's connections in use (total minus idle) and the queries waiting for one. PGlite is
 * one in-process connection that runs queries one at a time and exposes no queue: 0 and 0.
 */
export function poolStats(database: Database): { inUse: number; waiting: number } {
  const raw = database.raw;
  if (raw.kind !== 'postgres') return { inUse: 0, waiting: 0 };
  const { totalCount, idleCount, waitingCount } = raw.pool;
  return { inUse: Math.max(0, totalCount - idleCount), waiting: waitingCount };
}
