/**
 * The delivery worker: a periodic job on every instance that claims due deliveries (FOR UPDATE
 * SKIP LOCKED, and a lease: a claimed row is not due again until the lease ends, so no two
 * instances send one delivery at once), POSTs each, signed, and records the outcome: 2xx is
 * delivered; anything else is tried again after the retry schedule's wait, and after the last
 * attempt it has failed. A delivery whose instance died mid-send is tried again once its lease
 * ends (at least once, never twice at the same time). Stops with the server (decision 0016).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import {
  DELIVERY_LOG_SIZE,
  DELIVERY_QUEUE_LIMIT,
  DELIVERY_TIMEOUT_MS,
  maxAttempts,
  retryDelay,
} from '../../domain/webhooks';
import type { Db } from '../db/client';
import { webhook, webhookDelivery } from '../db/schema';
import type { Logger } from '../log';
import { startPeriodic, type PeriodicJob } from '../periodic';
import { isPublicAddress, PrivateAddressError, publicOnlyLookup } from './address';
import { signPayload } from './signing';

/** Deliveries one run claims (sent at once). */
const CLAIM_BATCH = 20;
/** A claimed delivery is not due again for this long (well over the send timeout). */
const LEASE_MS = 60_000;
/** At most this much of `last_error` is kept. */
const MAX_ERROR_LENGTH = 200;
/** Response bytes read before the connection is dropped (the body is not used). */
const MAX_RESPONSE_BYTES = 1024;

export type WorkerOptions = {
  db: Db;
  log: Logger;
  /** How often due deliveries are looked for. */
  intervalMs: number;
  /** Waits before each retry (DEFAULT_RETRY_SCHEDULE_MS unless configured). */
  schedule: readonly number[];
  /** Private and local addresses may be sent to (tests, closed networks). */
  allowPrivate: boolean;
  timeoutMs?: number;
  random?: () => number;
};

type Claimed = {
  id: string;
  webhook_id: string;
  event: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
};

export type SendOutcome = { statusCode: number | null; error: string | null };

/**
 * POSTs `body` to `url`: no redirects followed, `timeoutMs` for the whole exchange, at most a few
 * bytes of the answer read; with `allowPrivate` false, only public addresses are connected to.
 */
export function send(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendOutcome> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ statusCode: null, error: 'invalid URL' });
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) {
      return resolve({ statusCode: null, error: new PrivateAddressError(host).message });
    }
    const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(outcome);
    };
    const req = request(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup as never }),
    });
    const timer = setTimeout(
      () => finish({ statusCode: null, error: `no answer within ${options.timeoutMs} ms` }),
      options.timeoutMs,
    );
    req.on('response', (res: IncomingMessage) => {
      const statusCode = res.statusCode ?? null;
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= MAX_RESPONSE_BYTES) finish({ statusCode, error: null });
      });
      res.on('end', () => finish({ statusCode, error: null }));
      res.on('error', () => finish({ statusCode, error: null }));
    });
    req.on('error', (error) => finish({ statusCode: null, error: error.message }));
    req.end(body);
  });
}

function rows<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** Claims due deliveries: each one's attempt is counted and it is leased to this run. */
async function claim(db: Db): Promise<Claimed[]> {
  return rows<Claimed>(
    await db.execute(sql`
      with due as (
        select id from ${webhookDelivery}
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${CLAIM_BATCH}
        for update skip locked
      ),
      claimed as (
        update ${webhookDelivery} d
        set attempts = d.attempts + 1,
            next_attempt_at = now() + make_interval(secs => ${LEASE_MS / 1000})
        from due where d.id = due.id
        returning d.id, d.webhook_id, d.event, d.payload, d.attempts
      )
      select c.*, w.url, w.secret from claimed c join ${webhook} w on w.id = c.webhook_id`),
  );
}

/** One claimed delivery sent, and its outcome recorded. */
async function deliver(db: Db, delivery: Claimed, options: WorkerOptions): Promise<void> {
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const outcome = await send(
    delivery.url,
    body,
    {
      'content-type': 'application/json',
      'user-agent': 'Crowned-Webhooks/1',
      'x-crowned-event': delivery.event,
      'x-crowned-delivery': delivery.id,
      'x-crowned-timestamp': String(timestamp),
      'x-crowned-signature': signPayload(delivery.secret, timestamp, body),
    },
    { timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS, allowPrivate: options.allowPrivate },
  );
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const error = ok
    ? null
    : (outcome.error ?? `HTTP ${outcome.statusCode}`).slice(0, MAX_ERROR_LENGTH);
  if (ok) {
    await db.execute(sql`
      update ${webhookDelivery}
      set status = 'delivered', delivered_at = now(), last_status_code = ${outcome.statusCode},
          last_error = null
      where id = ${delivery.id}`);
    return;
  }
  const wait =
    delivery.attempts < maxAttempts(options.schedule)
      ? retryDelay(delivery.attempts, options.schedule, options.random)
      : null;
  await db.execute(sql`
    update ${webhookDelivery}
    set status = ${wait === null ? 'failed' : 'pending'},
        next_attempt_at = now() + make_interval(secs => ${(wait ?? 0) / 1000}),
        last_status_code = ${outcome.statusCode}, last_error = ${error}
    where id = ${delivery.id}`);
}

/** Keeps each webhook's log to its newest deliveries (any status beyond the queue limit). */
async function prune(db: Db, webhookIds: readonly string[]): Promise<void> {
  if (webhookIds.length === 0) return;
  await db.execute(sql`
    delete from ${webhookDelivery} d
    using (
      select id, status, row_number() over (
        partition by webhook_id order by created_at desc, id desc) as n
      from ${webhookDelivery}
      where webhook_id in (select jsonb_array_elements_text(${JSON.stringify(webhookIds)}::jsonb))
    ) ranked
    where d.id = ranked.id
      and ((ranked.status <> 'pending' and ranked.n > ${DELIVERY_LOG_SIZE})
        or ranked.n > ${DELIVERY_QUEUE_LIMIT})`);
}

/** One run: claim, send and record until nothing is due (bounded per run). */
export async function runDeliveries(
  options: WorkerOptions,
  stopping: () => boolean = () => false,
): Promise<number> {
  let sent = 0;
  for (let round = 0; round < 10 && !stopping(); round++) {
    const claimed = await claim(options.db);
    if (claimed.length === 0) break;
    await Promise.all(
      claimed.map((delivery) =>
        deliver(options.db, delivery, options).catch((error: unknown) =>
          options.log.warn(`webhooks: could not record delivery ${delivery.id}`, error),
        ),
      ),
    );
    sent += claimed.length;
    await prune(options.db, [...new Set(claimed.map((delivery) => delivery.webhook_id))]);
  }
  return sent;
}

/** The worker; `stop()` lets the sends under way finish (each within the timeout), no more. */
export function startWebhookWorker(options: WorkerOptions): PeriodicJob {
  let stopping = false;
  const job = startPeriodic({
    name: 'webhook deliveries',
    intervalMs: options.intervalMs,
    log: options.log,
    run: async () => {
      await runDeliveries(options, () => stopping);
    },
  });
  return {
    stop() {
      stopping = true;
      return job.stop();
    },
  };
}
