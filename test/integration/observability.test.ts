/**
 * Observability (issue 15): /metrics (content by route pattern, who may read it), /api/health and
 * /api/ready (and readiness failing for real: missing migrations, a closed database), request ids
 * (header, error bodies) and the one JSON log line per request, read through a logger sink.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/domain/errors';
import { createLogger } from '../../src/server/platform/log';
import { tag } from '../support/client';
import { startTestServer, testDatabases, type TestServer } from '../support/server';
import { Harness, ids } from './harness';

type LogLine = Record<string, unknown> & { msg: string; level: string; time: string };

/** A real server whose log lines (info and up) are kept in `lines`. */
function useLoggedServer(kind: (typeof testDatabases)[number], env: Record<string, string> = {}) {
  const h = new Harness();
  const lines: LogLine[] = [];
  beforeAll(async () => {
    h.server = await startTestServer(kind, {
      env,
      log: createLogger('info', { sink: (line) => lines.push(JSON.parse(line) as LogLine) }),
    });
  });
  afterAll(async () => {
    await h.server?.close();
  });
  return { h, lines };
}

/** GET as a client on this machine: no forwarding header, so the socket address decides. */
function local(server: TestServer, path: string, headers: Record<string, string> = {}) {
  return fetch(new URL(path, server.url), { headers });
}

/** A sample's value in Prometheus text: the line `name{labels} value` whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => have[key] === value)) {
      return Number(match[3]);
    }
  }
  return null;
}

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

describe.concurrent.each(testDatabases)('observability on %s', (kind) => {
  // Two games an hour per account, so a third is refused (and counted) by the quota.
  const { h, lines } = useLoggedServer(kind, { LIMIT_GAMES_PER_HOUR: '2' });

  it('answers liveness without asking the database, and readiness with its checks', async () => {
    const health = await h.anonymous().request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ ok: true, database: kind });
    const ready = await h.anonymous().request('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      ready: true,
      checks: { database: true, migrations: true, listener: true },
    });
  });

  it('counts and times requests by route pattern, never by path, and reports the rest', async () => {
    const owner = await h.user('Metrics Owner');
    const game = await h.createGame(owner);
    const watcher = h.anonymous();
    const events = await watcher.events(`/api/games/${game.id}/events`);
    expect(events.status).toBe(200);
    // An event stream is written straight to the socket: its header is set there.
    expect(events.response.headers.get('x-request-id')).toMatch(SAFE_ID);
    expect((await events.nextEvent()).event).toBe('snapshot');
    expect((await h.getGame(watcher, game.id)).status).toBe(200);
    expect((await h.submit(await h.guest(), game.id, ids(game))).status).toBe(200);
    expect((await events.nextEvent()).event).toBe('submission');
    const missing = `nope-${tag()}`;
    expect((await h.getGame(watcher, missing)).status).toBe(404);

    const response = await local(h.server, '/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    const route = '/api/games/:id';
    expect(
      sample(text, 'crowned_http_requests_total', { method: 'GET', route, status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'crowned_http_requests_total', { method: 'GET', route, status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'crowned_http_request_duration_seconds_count', {
        method: 'GET',
        route,
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'crowned_http_request_duration_seconds_bucket', {
        method: 'GET',
        route,
        status: '200',
        le: '+Inf',
      }),
    ).toBeGreaterThanOrEqual(1);
    // No request's own path is a label: not the game's id, not the missing one.
    expect(text).not.toContain(game.id);
    expect(text).not.toContain(missing);
    expect(sample(text, 'crowned_live_streams_open')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'crowned_hub_deliveries_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'crowned_hub_events_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'crowned_submission_batch_size_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'crowned_submission_batch_size_bucket', { le: '64' })).toBe(
      sample(text, 'crowned_submission_batch_size_count'),
    );
    expect(sample(text, 'crowned_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'crowned_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    // The process's default metrics are on this server's registry too.
    expect(sample(text, 'process_cpu_user_seconds_total')).not.toBeNull();
    events.close();
  });

  it('counts a quota refusal by its kind', async () => {
    const owner = await h.user('Quota Owner');
    await h.createGame(owner);
    await h.createGame(owner);
    const refused = await owner.request('POST', '/api/games', {
      prompt: `One too many ${tag()}`,
      items: ['Alpha', 'Bravo', 'Charlie'],
    });
    expect(refused.status).toBe(429);
    const text = await (await local(h.server, '/metrics')).text();
    expect(
      sample(text, 'crowned_rate_limit_refusals_total', { kind: 'quota:create' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('refuses /metrics to a request that came through a proxy, whatever its socket', async () => {
    // The test client speaks through x-forwarded-for, as a reverse proxy on this host would.
    const forwarded = await h.anonymous().request('GET', '/metrics');
    expect(forwarded.status).toBe(404);
    expect(forwarded.body).toEqual({ error: { code: 'not-found', message: 'Not found' } });
    const spoofed = await local(h.server, '/metrics', { 'x-forwarded-for': '127.0.0.1' });
    expect(spoofed.status).toBe(404);
  });

  it('gives every request an id: its header, its error body and its one log line', async () => {
    const owner = await h.user('Logged Owner');
    const game = await h.createGame(owner);
    const ok = await owner.request('GET', `/api/games/${game.id}`, undefined, {
      headers: { 'x-request-id': 'report-abc.123_X' },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toBe('report-abc.123_X');

    // An unsafe incoming id (spaces, quotes, too long) is replaced by a fresh safe one.
    for (const bad of ['two words', 'quote"d', 'x'.repeat(65), '']) {
      const response = await local(h.server, '/api/health', { 'x-request-id': bad });
      const id = response.headers.get('x-request-id') ?? '';
      expect(id).toMatch(SAFE_ID);
      expect(id).not.toBe(bad);
    }

    const missing = await local(h.server, `/api/games/nope-${tag()}`);
    expect(missing.status).toBe(404);
    const requestId = missing.headers.get('x-request-id') ?? '';
    expect(requestId).toMatch(SAFE_ID);
    const body = (await missing.json()) as ErrorBody;
    expect(body.error).toMatchObject({ code: 'not-found', requestId });

    // A 404 for an unknown API route, and a refused origin (thrown before any route), too.
    const unknown = await local(h.server, '/api/no-such-route');
    expect(((await unknown.json()) as ErrorBody).error.requestId).toBe(
      unknown.headers.get('x-request-id'),
    );
    const foreign = await fetch(new URL('/api/games', h.url), {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as ErrorBody).error.requestId).toBe(
      foreign.headers.get('x-request-id'),
    );

    const mine = lines.filter((line) => line.requestId === requestId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 'info',
      msg: 'request',
      requestId,
      method: 'GET',
      route: '/api/games/:id',
      path: new URL(missing.url).pathname,
      status: 404,
    });
    expect(typeof mine[0]!.durationMs).toBe('number');
    expect(Number.isNaN(Date.parse(mine[0]!.time))).toBe(false);
    const signedIn = lines.find((line) => line.requestId === 'report-abc.123_X');
    expect(signedIn).toMatchObject({ status: 200, route: '/api/games/:id' });
    expect(signedIn!.userId).toEqual(expect.any(String));
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  const { h } = useLoggedServer('pglite', { METRICS_TOKEN: 'a-long-metrics-token-for-tests' });

  it('requires the bearer token from everyone, loopback included', async () => {
    const none = await local(h.server, '/metrics');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(((await none.json()) as ErrorBody).error.code).toBe('unauthenticated');
    const wrong = await local(h.server, '/metrics', {
      authorization: 'Bearer a-long-metrics-token-for-tesTS',
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(new URL('/metrics', h.url), {
      headers: {
        authorization: 'Bearer a-long-metrics-token-for-tests',
        // With the token, a proxy in between is fine: the token is what is checked.
        'x-forwarded-for': '203.0.113.9',
      },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('crowned_http_requests_total');
  });
});

/** What production needs: an AUTH_SECRET, and no dev outbox (config refuses it there). */
const PRODUCTION = { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), DEV_OUTBOX: '' };

describe('/metrics in production without METRICS_TOKEN', () => {
  const { h } = useLoggedServer('pglite', PRODUCTION);

  it('is off: this machine too, with or without a forwarding header or a bearer', async () => {
    const asks: Record<string, string>[] = [
      {},
      { authorization: 'Bearer anything' },
      { 'x-forwarded-for': '127.0.0.1' },
    ];
    for (const headers of asks) {
      const response = await local(h.server, '/metrics', headers);
      expect(response.status, JSON.stringify(headers)).toBe(404);
      expect(await response.json()).toMatchObject({
        error: { code: 'not-found', message: 'Not found' },
      });
    }
    // The dev outbox is not there either.
    expect((await local(h.server, '/api/dev/outbox')).status).toBe(404);
    expect((await h.anonymous().request('GET', '/api/config')).body).toMatchObject({
      devOutbox: false,
    });
  });
});

describe('/metrics in production with METRICS_TOKEN', () => {
  const { h } = useLoggedServer('pglite', { ...PRODUCTION, METRICS_TOKEN: 'a-production-token-0' });

  it('answers the bearer token only', async () => {
    expect((await local(h.server, '/metrics')).status).toBe(401);
    const right = await local(h.server, '/metrics', {
      authorization: 'Bearer a-production-token-0',
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('crowned_http_requests_total');
  });
});

describe.each(testDatabases)('readiness failing on %s', (kind) => {
  const { h, lines } = useLoggedServer(kind);

  it('is not ready while a migration is missing, and ready again once it is back', async () => {
    const db = h.server.database.db;
    const newest = (await db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as { rows: { id: number; hash: string; created_at: string }[] };
    const row = newest.rows[0]!;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    const notReady = await local(h.server, '/api/ready');
    expect(notReady.status).toBe(503);
    const body = (await notReady.json()) as ErrorBody & { ready: boolean; checks: unknown };
    expect(body).toMatchObject({
      ready: false,
      checks: { database: true, migrations: false, listener: true },
      error: { code: 'unavailable', requestId: notReady.headers.get('x-request-id') },
    });
    // Liveness does not care.
    expect((await local(h.server, '/api/health')).status).toBe(200);
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
    );
    expect((await local(h.server, '/api/ready')).status).toBe(200);
  });

  it.runIf(kind === 'pglite')(
    'is not ready once its database is closed, while liveness still answers',
    async () => {
      await h.server.database.close();
      const notReady = await local(h.server, '/api/ready');
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toMatchObject({
        ready: false,
        checks: { database: false },
        error: { code: 'unavailable' },
      });
      const health = await local(h.server, '/api/health');
      expect(health.status).toBe(200);
      // A request that needs the database fails 503; the failure's log line has the request id.
      const failed = await local(h.server, `/api/games/nope-${tag()}`);
      expect(failed.status).toBe(503);
      const requestId = failed.headers.get('x-request-id');
      expect(((await failed.json()) as ErrorBody).error.requestId).toBe(requestId);
      const mine = lines.filter((line) => line.requestId === requestId);
      expect(mine).toMatchObject([
        { level: 'warn', msg: expect.stringMatching(/^database unavailable on GET /) },
        { level: 'warn', msg: 'request', status: 503, route: '/api/games/:id' },
      ]);
      expect(mine[0]!.error).toEqual(expect.any(String));
    },
  );
});
