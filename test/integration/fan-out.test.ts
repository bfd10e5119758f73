/**
 * Two server instances on one PostgreSQL database, as behind a load balancer: both start (the
 * second migration and seed are no-ops), sessions work on either, and live events cross over.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { game } from '../../src/server/db/schema/games';
import { DEMO_GAME } from '../../src/server/db/seed';
import { startServer, type RunningServer } from '../../src/server/server';
import { TestClient, type SseStream } from '../support/client';
import { createPostgresDatabase, testConfig } from '../support/server';
import { Harness, ids, type EventData, type GameBody } from './harness';

async function startInstance(databaseUrl: string, authSecret: string): Promise<RunningServer> {
  return startServer(await testConfig({ DATABASE_URL: databaseUrl, AUTH_SECRET: authSecret }));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one postgres database', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  // Harness helpers against instance A.
  const h = new Harness();

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const secret = randomBytes(32).toString('base64url');
    // Started together: the migrator's advisory lock and the idempotent seed must cope.
    [a, b] = await Promise.all([
      startInstance(database.url, secret),
      startInstance(database.url, secret),
    ]);
    h.server = { ...a, kind: 'postgres' };
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  async function stream(client: TestClient, gameId: string): Promise<SseStream> {
    const opened = await client.events(`/api/games/${gameId}/events`);
    onTestFinished(() => opened.close());
    return opened;
  }

  async function nextData(opened: SseStream, event: string): Promise<EventData> {
    const message = await opened.nextEvent(5000);
    expect(message.event).toBe(event);
    return JSON.parse(message.data) as EventData;
  }

  it('seeds the demo game once', async () => {
    const [row] = await a!.database.db
      .select({ n: count() })
      .from(game)
      .where(eq(game.id, DEMO_GAME.id));
    expect(row?.n).toBe(1);
    for (const server of [a!, b!]) {
      const response = await new TestClient(server.url).request<GameBody>(
        'GET',
        '/api/games/pizza-demo',
      );
      expect(response.status).toBe(200);
    }
  });

  it('ends a session on both instances at once: sign-out on A, refused on B', async () => {
    const onA = await h.user('Leaving');
    const kept = [onA.copyAt(a!.url), onA.copyAt(b!.url)];
    // Both instances now hold the session in their caches.
    for (const client of kept) {
      expect((await client.request('GET', '/api/me')).body).toMatchObject({
        profile: { name: 'Leaving' },
      });
    }
    expect((await onA.request('POST', '/api/auth/sign-out', {})).status).toBe(200);
    // The revoked cookie, on the very next request to either instance.
    for (const client of kept) {
      expect((await client.request('GET', '/api/me')).body).toEqual({ profile: null });
    }
  });

  it('applies a role change made in the database on the next request to either instance', async () => {
    const admin = await h.user('Promoted');
    const id = (await admin.request<{ profile: { id: string } }>('GET', '/api/me')).body.profile.id;
    const onB = admin.at(b!.url);
    expect((await onB.request('GET', '/api/me')).body).toMatchObject({ profile: { role: 'user' } });
    await a!.database.db.execute(
      sql`update "user" set role = 'admin', admin_granted_by = 'test-seed' where id = ${id}`,
    );
    // A direct write has no barrier: the database's announcement reaches both within moments.
    await expect
      .poll(async () => (await onB.request('GET', '/api/me')).body, { timeout: 2000, interval: 20 })
      .toMatchObject({ profile: { role: 'admin' } });
    await expect
      .poll(async () => (await admin.request('GET', '/api/me')).body, {
        timeout: 2000,
        interval: 20,
      })
      .toMatchObject({ profile: { role: 'admin' } });
  });

  it('delivers a submission made on A to subscribers on B, and back', async () => {
    const ownerOnA = await h.user('Fan Owner');
    const created = await h.createGame(ownerOnA);
    const ownerOnB = ownerOnA.at(b!.url);
    // The session made on A works on B.
    expect((await h.getGame(ownerOnB, created.id)).body.game.isOwner).toBe(true);

    const ownerStream = await stream(ownerOnB, created.id);
    const viewerStream = await stream(new TestClient(b!.url), created.id);
    expect(await nextData(ownerStream, 'snapshot')).toMatchObject({
      version: 0,
      submissionCount: 0,
    });
    expect(await nextData(viewerStream, 'snapshot')).toMatchObject({ version: 0, results: null });

    const ranking = ids(created);
    const guestOnA = await h.guest();
    expect((await h.submit(guestOnA, created.id, ranking)).status).toBe(200);
    const toOwner = await nextData(ownerStream, 'submission');
    expect(toOwner).toMatchObject({ version: 1, submissionCount: 1 });
    expect(toOwner.results?.items.map((item) => item.id)).toEqual(ranking);
    expect(await nextData(viewerStream, 'submission')).toEqual({
      version: 1,
      submissionCount: 1,
      closed: false,
      resultsLocked: false,
      results: null,
    });

    // The other way round: a subscriber on A, a submission on B.
    const streamOnA = await stream(ownerOnA, created.id);
    expect(await nextData(streamOnA, 'snapshot')).toMatchObject({ version: 1 });
    const guestOnB = new TestClient(b!.url);
    await guestOnB.guest();
    expect((await h.submit(guestOnB, created.id, [...ranking].reverse())).status).toBe(200);
    expect(await nextData(streamOnA, 'submission')).toMatchObject({
      version: 2,
      submissionCount: 2,
    });
    expect(await nextData(ownerStream, 'submission')).toMatchObject({
      version: 2,
      submissionCount: 2,
    });
  });

  it('resyncs subscribers with a snapshot when the LISTEN connection is lost', async () => {
    const owner = await h.user('Resync Owner');
    const created = await h.createGame(owner);
    const onB = await stream(owner.at(b!.url), created.id);
    expect(await nextData(onB, 'snapshot')).toMatchObject({ version: 0 });

    // As if PostgreSQL dropped the connections: both instances' listeners go away.
    const killed = (await a!.database.db.execute(
      sql`select pg_terminate_backend(pid) as killed from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    )) as unknown as { rows: unknown[] };
    expect(killed.rows.length).toBeGreaterThanOrEqual(2);
    // A submission now may happen while B is not listening: the resync must cover it.
    expect((await h.submit(await h.guest(), created.id, ids(created))).status).toBe(200);

    const seen: { event: string; version: number }[] = [];
    // Either the resync snapshot already includes it, or it comes as an event after the snapshot.
    while (!seen.some((e) => e.version === 1) || !seen.some((e) => e.event === 'snapshot')) {
      const message = await onB.nextEvent(5000);
      seen.push({ event: message.event, version: (JSON.parse(message.data) as EventData).version });
    }
    expect(seen.at(-1)?.version).toBe(1);
    // And live events flow again afterwards.
    expect((await h.submit(await h.guest(), created.id, ids(created).reverse())).status).toBe(200);
    expect(await nextData(onB, 'submission')).toMatchObject({ version: 2, submissionCount: 2 });
  });

  it('survives PostgreSQL dropping every connection: idle pool clients error, nothing dies', async () => {
    const admin = new pg.Client({ connectionString: database!.url });
    await admin.connect();
    try {
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(killed.rowCount).toBeGreaterThanOrEqual(2);
    } finally {
      await admin.end();
    }
    // Each instance is still up and answers from fresh connections.
    for (const instance of [a!, b!]) {
      await expect
        .poll(async () => (await fetch(`${instance.url}/api/ready`)).status, { timeout: 10_000 })
        .toBe(200);
    }
  });
});
