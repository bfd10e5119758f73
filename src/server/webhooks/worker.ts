/**
 * The delivery worker: on every instance, a pool of at most `concurrency` sends at once. Whenever
 * a slot is free (each poll, and as soon as a send ends) it claims due deliveries in one
 * statement: FOR UPDATE SKIP LOCKED and a lease, so no two instances send one delivery at once,
 * and a fair share (decision 0030): an owner whose deliveries are in flight anywhere (leased) at
 * `inFlightPerOwner` gets no more, and owners take turns (each one's first due before anyone's
 * second). A hung receiver therefore holds at most that many sends of its own owner, each for at
 * most `timeoutMs`, and never delays another owner's. Each send is recorded: 2xx is delivered
 * (the webhook's failure count goes back to 0); anything else, timeouts included, is tried again
 * after the retry schedule's wait, fails after the last attempt, and counts one more failure in a
 * row: at `disableAfterFailures` (the first of them at least `disableAfterMs` ago) the webhook is
 * turned off until its owner turns it back on. A delivery whose instance died mid-send is tried
 * again once its lease ends (at least once, never twice at the same time). Each webhook keeps its
 * newest `logSize` finished deliveries and `queueLimit` in all. Stops with the server
 * (decision 0016): no new claims, sends under way finish within their timeout.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_WEBHOOK_LIMITS,
  DELIVERY_TIMEOUT_MS,
  fitPayload,
  maxAttempts,
  retryDelay,
  type WebhookLimits,
  type WebhookPayload,
} from '../../domain/webhooks';
import type { Db } from '../db/client';
import type { Logger } from '../platform/log';
import { startPeriodic, type PeriodicJob } from '../platform/periodic';
import { isPublicAddress, PrivateAddressError, publicOnlyLookup } from './address';
import { signPayload } from './signing';
import { rows } from '../db/rows';

/** A claimed delivery is not due again for at least this long (well over the send timeout). */
const MIN_LEASE_MS = 60_000;
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
  /** Timeouts, fairness, turning off, log sizes (DEFAULT_WEBHOOK_LIMITS for what is omitted). */
  limits?: Partial<WebhookLimits>;
  /** This site's address: each payload links to the game's results page under it. */
  publicUrl?: string;
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
  game_id: string;
};

export type SendOutcome = { statusCode: number | null; error: string | null };

/**
 * POSTs `body` to `url`: no redirects followed, `connectTimeoutMs` to connect, `timeoutMs` for
 * the whole exchange, at most a few bytes of the answer read; with `allowPrivate` false, only
 * public addresses are connected to.
 */
export function send(
  url: string,
  body: string | Buffer,
  headers: Record<string, string>,
  options: { timeoutMs: number; connectTimeoutMs?: number; allowPrivate: boolean },
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
    let connectTimer: NodeJS.Timeout | undefined;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(connectTimer);
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
    const connectMs = options.connectTimeoutMs;
    if (connectMs !== undefined && connectMs < options.timeoutMs) {
      connectTimer = setTimeout(
        () => finish({ statusCode: null, error: `no connection within ${connectMs} ms` }),
        connectMs,
      );
      req.once('socket', (socket: Socket) => {
        // Connected (a kept-alive socket already is): only the total timeout is left.
        const connected = () => clearTimeout(connectTimer);
        if (!socket.connecting) connected();
        else socket.once('connect', connected);
      });
    }
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

type Resolved = WorkerOptions & { limits: WebhookLimits; leaseMs: number };

function resolve(options: WorkerOptions): Resolved {
  const limits = { ...DEFAULT_WEBHOOK_LIMITS, ...options.limits };
  return { ...options, limits, leaseMs: Math.max(MIN_LEASE_MS, 2 * limits.timeoutMs + 5000) };
}

/**
 * Claims at most `slots` due deliveries, a fair share: an owner's deliveries leased anywhere
 * count toward their `inFlightPerOwner`, owners with fewer in flight go first, and within a turn
 * the longest due. Each claimed one's attempt is counted and it is leased to this instance.
 * Webhooks that are turned off are skipped. Two instances claiming at once pick from the same
 * owner's first few and skip (or re-check and drop) what the other took, so together they stay
 * within the cap.
 */
async function claim(db: Db, slots: number, options: Resolved): Promise<Claimed[]> {
  const perOwner = options.limits.inFlightPerOwner;
  const leaseSeconds = options.leaseMs / 1000;
  return rows<Claimed>(
    await db.execute(sql`
      with recursive hooks(webhook_id) as (
        -- Each webhook with pending deliveries, one index probe apiece (a loose index scan).
        (select webhook_id from webhook_delivery where status = 'pending'
          order by webhook_id limit 1)
        union all
        select (select d.webhook_id from webhook_delivery d
                where d.status = 'pending' and d.webhook_id > h.webhook_id
                order by d.webhook_id limit 1)
        from hooks h where h.webhook_id is not null
      ),
      busy as (
        select g.owner_id, count(*)::int as n
        from webhook_delivery d
        join webhook w on w.id = d.webhook_id
        join game g on g.id = w.game_id
        where d.leased_until > now()
        group by g.owner_id
      ),
      due as (
        select d.id, d.next_attempt_at, g.owner_id
        from hooks h
        join webhook w on w.id = h.webhook_id and w.disabled_at is null
        join game g on g.id = w.game_id
        cross join lateral (
          select d.id, d.next_attempt_at from webhook_delivery d
          where d.webhook_id = h.webhook_id and d.status = 'pending'
            and d.next_attempt_at <= now()
          order by d.next_attempt_at, d.id
          limit ${perOwner}
        ) d
      ),
      ranked as (
        select due.id, due.next_attempt_at,
          coalesce(b.n, 0) + row_number() over (
            partition by due.owner_id order by due.next_attempt_at, due.id) as turn
        from due left join busy b on b.owner_id = due.owner_id
      ),
      picked as (
        select d.id from webhook_delivery d
        where d.id in (
            select id from ranked where turn <= ${perOwner}
            order by turn, next_attempt_at, id limit ${slots})
          and d.status = 'pending' and d.next_attempt_at <= now()
        for update skip locked
      ),
      claimed as (
        update webhook_delivery d
        set attempts = d.attempts + 1,
            next_attempt_at = now() + make_interval(secs => ${leaseSeconds}),
            leased_until = now() + make_interval(secs => ${leaseSeconds})
        from picked where d.id = picked.id
        returning d.id, d.webhook_id, d.event, d.payload, d.attempts
      )
      select c.*, w.url, w.secret, w.game_id
      from claimed c join webhook w on w.id = c.webhook_id`),
  );
}

/** The body as sent: the results link added, and no more than MAX_PAYLOAD_BYTES. */
function bodyOf(delivery: Claimed, publicUrl: string | undefined): string {
  const payload = delivery.payload as WebhookPayload;
  if (!payload || typeof payload !== 'object' || !payload.data) return JSON.stringify(payload);
  const resultsUrl =
    payload.data.resultsUrl ??
    (publicUrl ? `${publicUrl}/g/${encodeURIComponent(delivery.game_id)}/results` : undefined);
  const linked = resultsUrl
    ? ({ ...payload, data: { ...payload.data, resultsUrl } } as WebhookPayload)
    : payload;
  return JSON.stringify(fitPayload(linked));
}

/** One claimed delivery sent, its outcome recorded and its webhook's log kept to size. */
async function deliver(db: Db, delivery: Claimed, options: Resolved): Promise<void> {
  const body = bodyOf(delivery, options.publicUrl);
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
    {
      timeoutMs: options.limits.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      connectTimeoutMs: options.limits.connectTimeoutMs,
      allowPrivate: options.allowPrivate,
    },
  );
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const { limits } = options;
  const turnedOff = await db.transaction(async (tx) => {
    // One recording per webhook at a time, so two finishing at once cannot both keep one over
    // the log size (NO KEY: queuing new deliveries, which only checks the key, goes on).
    await tx.execute(
      sql`select 1 from webhook where id = ${delivery.webhook_id} for no key update`,
    );
    let off = false;
    if (ok) {
      await tx.execute(sql`
        with done as (
          update webhook_delivery
          set status = 'delivered', delivered_at = now(), last_status_code = ${outcome.statusCode},
              last_error = null, leased_until = null
          where id = ${delivery.id}
          returning webhook_id
        )
        update webhook w set consecutive_failures = 0, failing_since = null
        from done
        where w.id = done.webhook_id
          and (w.consecutive_failures <> 0 or w.failing_since is not null)`);
    } else {
      const error = (outcome.error ?? `HTTP ${outcome.statusCode}`).slice(0, MAX_ERROR_LENGTH);
      const wait =
        delivery.attempts < maxAttempts(options.schedule)
          ? retryDelay(delivery.attempts, options.schedule, options.random)
          : null;
      const [changed] = rows<{ off: boolean }>(
        await tx.execute(sql`
          with done as (
            update webhook_delivery
            set status = ${wait === null ? 'failed' : 'pending'},
                next_attempt_at = now() + make_interval(secs => ${(wait ?? 0) / 1000}),
                last_status_code = ${outcome.statusCode}, last_error = ${error},
                leased_until = null
            where id = ${delivery.id}
            returning webhook_id
          )
          update webhook w
          set consecutive_failures = w.consecutive_failures + 1,
              failing_since = coalesce(w.failing_since, now()),
              disabled_at = case
                when w.disabled_at is null
                  and w.consecutive_failures + 1 >= ${limits.disableAfterFailures}
                  and coalesce(w.failing_since, now())
                    <= now() - make_interval(secs => ${limits.disableAfterMs / 1000})
                then now() else w.disabled_at end
          from done
          where w.id = done.webhook_id
          returning (w.disabled_at is not null) as off`),
      );
      off = changed?.off === true;
    }
    // The log: the newest finished ones, and no more than the queue limit in all.
    await tx.execute(sql`
      delete from webhook_delivery
      where id in (
        select id from webhook_delivery
        where webhook_id = ${delivery.webhook_id} and status <> 'pending'
        order by created_at desc, id desc
        offset ${limits.logSize})
        or id in (
        select id from webhook_delivery
        where webhook_id = ${delivery.webhook_id}
        order by created_at desc, id desc
        offset ${limits.queueLimit})`);
    return off;
  });
  if (turnedOff) {
    options.log.info(`webhooks: webhook ${delivery.webhook_id} is off after failures in a row`);
  }
}

/**
 * One instance's sends: at most `concurrency` at once; `fill()` claims for the free slots and
 * starts them (each send that ends fills again when `refill` is on).
 */
class Sender {
  readonly active = new Set<Promise<void>>();
  sent = 0;
  stopping = false;
  private filling: Promise<number> | undefined;
  private again = false;

  constructor(
    private readonly options: Resolved,
    private readonly refill: boolean,
  ) {}

  /** Claims and starts what the free slots allow; resolves with how many it started. */
  fill(): Promise<number> {
    if (this.filling) {
      this.again = true;
      return this.filling;
    }
    const run = async () => {
      let started = 0;
      do {
        this.again = false;
        while (!this.stopping) {
          const free = this.options.limits.concurrency - this.active.size;
          if (free <= 0) break;
          const claimed = await claim(this.options.db, free, this.options);
          for (const delivery of claimed) this.start(delivery);
          started += claimed.length;
          if (claimed.length < free) break;
        }
      } while (this.again && !this.stopping);
      return started;
    };
    this.filling = run().finally(() => (this.filling = undefined));
    return this.filling;
  }

  private start(delivery: Claimed): void {
    const sending = deliver(this.options.db, delivery, this.options)
      .catch((error: unknown) =>
        this.options.log.warn(`webhooks: could not record delivery ${delivery.id}`, error),
      )
      .finally(() => {
        this.active.delete(sending);
        this.sent++;
        if (this.refill && !this.stopping) {
          this.fill().catch((error: unknown) =>
            this.options.log.warn('webhooks: could not claim deliveries', error),
          );
        }
      });
    this.active.add(sending);
  }

  /** Resolves once no send is under way. */
  async idle(): Promise<void> {
    while (this.active.size > 0) await Promise.all([...this.active]);
  }
}

/**
 * One run to completion (tests, and an instance's share): claim, send and record until nothing
 * is due, at most ten rounds; resolves with how many were sent.
 */
export async function runDeliveries(
  options: WorkerOptions,
  stopping: () => boolean = () => false,
): Promise<number> {
  const sender = new Sender(resolve(options), false);
  for (let round = 0; round < 10 && !stopping(); round++) {
    const started = await sender.fill();
    await sender.idle();
    if (started === 0) break;
  }
  return sender.sent;
}

/** The worker; `stop()` lets the sends under way finish (each within the timeout), no more. */
export function startWebhookWorker(options: WorkerOptions): PeriodicJob {
  const sender = new Sender(resolve(options), true);
  const job = startPeriodic({
    name: 'webhook deliveries',
    intervalMs: options.intervalMs,
    log: options.log,
    run: async () => {
      await sender.fill();
    },
  });
  return {
    async stop() {
      sender.stopping = true;
      await job.stop();
      await sender.idle();
    },
  };
}
