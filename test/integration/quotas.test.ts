/**
 * Per-account quotas (issue 11): creates, publishes, reports and item edits per hour, answered
 * 429 with a message that says what was done and how long to wait; counted in the database, so
 * several instances share them. And open event streams per account and per client address: a
 * new one over the account's limit closes that account's oldest, which is told why and asked to
 * come back within a minute; a new one over the address's limit is refused (429, Retry-After).
 */
import { randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/domain/errors';
import type { GameView } from '../../src/domain/game';
import { STREAM_CLOSED_RETRY_MS, STREAM_REFUSED_MESSAGE } from '../../src/domain/limits';
import { rateLimit } from '../../src/server/db/schema/auth';
import { startServer, type RunningServer } from '../../src/server/server';
import { TestClient } from '../support/client';
import { createPostgresDatabase, testConfig, testDatabases } from '../support/server';
import { useServer, type Harness } from './harness';

const LIMITS = {
  LIMIT_GAMES_PER_HOUR: '3',
  LIMIT_PUBLISHES_PER_HOUR: '2',
  LIMIT_REPORTS_PER_HOUR: '2',
  LIMIT_EDITS_PER_HOUR: '3',
  LIMIT_STREAMS_PER_ACCOUNT: '3',
  LIMIT_STREAMS_PER_ADDRESS: '4',
};

const createBody = (extra: Record<string, unknown> = {}) => ({
  prompt: `Quota ${randomBytes(3).toString('hex')}`,
  items: ['Alpha', 'Bravo', 'Charlie'],
  ...extra,
});

function expectQuota(
  response: { status: number; body: unknown; headers: Headers },
  message: RegExp,
): void {
  expect(response.status, JSON.stringify(response.body)).toBe(429);
  const { error } = response.body as ErrorBody;
  expect(error.code).toBe('resource-exhausted');
  expect(error.message).toMatch(message);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(55 * 60);
  expect(retryAfter).toBeLessThanOrEqual(60 * 60);
}

/** An event stream read raw: its status once headers arrive, and its whole text once it ends. */
async function rawStream(client: TestClient, path: string) {
  const controller = new AbortController();
  const response = await fetch(new URL(path, client.baseUrl), {
    headers: { 'x-forwarded-for': client.ip, accept: 'text/event-stream', ...cookieOf(client) },
    signal: controller.signal,
  });
  const text = response.text().catch(() => '(aborted)');
  return { status: response.status, text, close: () => controller.abort() };
}

/** The client's session cookie, borrowed through a request it makes. */
function cookieOf(client: TestClient): Record<string, string> {
  const jar = (client as unknown as { jar: Map<string, string> }).jar;
  if (jar.size === 0) return {};
  return { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') };
}

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

async function published(h: Harness, owner: TestClient): Promise<GameView> {
  const response = await owner.request<{ game: GameView }>(
    'POST',
    '/api/games',
    createBody({ publish: true }),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expect(response.body.game.communityRankId).toBeTruthy();
  return response.body.game;
}

describe.each(testDatabases)('quotas on %s', (kind) => {
  const h = useServer(kind, { env: LIMITS });

  it('answers the 4th game in an hour 429 with what was done and how long to wait', async () => {
    const owner = await h.user('Maker');
    // Bad input is answered before the quota is counted.
    const invalid = await owner.request('POST', '/api/games', { prompt: 'x', items: ['a'] });
    expect(invalid.status).toBe(400);
    for (let i = 0; i < 3; i++) await h.createGame(owner);
    const over = await owner.request('POST', '/api/games', createBody());
    expectQuota(
      over,
      /^You have created 3 games in the last hour\. Try again in (59|60) minutes\.$/,
    );
    // The builder creates a game too.
    const built = await owner.request('POST', '/api/community', {
      title: 'Built',
      items: ['A', 'B', 'C'],
    });
    expect(built.status).toBe(429);
    // Someone else is not affected.
    await h.createGame(await h.user('Other'));

    // Once the window has passed, creating works again.
    const me = await h.me(owner);
    await h.server.database.db
      .update(rateLimit)
      .set({ lastRequest: Date.now() - 61 * 60 * 1000 })
      .where(like(rateLimit.key, `%:create:${me.id}`));
    await h.createGame(owner);
  });

  it('counts publishes, including a create that publishes; over the quota that create only warns', async () => {
    const owner = await h.user('Publisher');
    await published(h, owner);
    const game = await h.createGame(owner);
    const ok = await owner.request('POST', `/api/games/${game.id}/publish`, {});
    expect(ok.status).toBe(200);
    const other = await h.createGame(owner);
    const over = await owner.request('POST', `/api/games/${other.id}/publish`, {});
    expectQuota(over, /^You have published 2 games in the last hour\. Try again in \d+ minutes\.$/);
    // Created all the same (its own quota has room again), unpublished, with the reason (SPEC §8:
    // a failed publish only warns).
    const me = await h.me(owner);
    await h.server.database.db
      .update(rateLimit)
      .set({ lastRequest: 0 })
      .where(like(rateLimit.key, `%:create:${me.id}`));
    const created = await owner.request<{ game: GameView; publishError?: string }>(
      'POST',
      '/api/games',
      createBody({ publish: true }),
    );
    expect(created.status).toBe(201);
    expect(created.body.game.isPublic).toBe(false);
    expect(created.body.publishError).toMatch(/^You have published 2 games in the last hour\./);
  });

  it('counts reports per reporter', async () => {
    const owners = [await h.user('Reported'), await h.user('Reported too')];
    const ranks: string[] = [];
    for (let i = 0; i < 3; i++) {
      ranks.push((await published(h, owners[i % 2] as TestClient)).communityRankId ?? '');
    }
    const reporter = await h.user('Reporter');
    for (const rankId of ranks.slice(0, 2)) {
      const response = await reporter.request('POST', `/api/community/${rankId}/report`, {
        reason: 'spam',
      });
      expect(response.status, JSON.stringify(response.body)).toBe(202);
    }
    const over = await reporter.request('POST', `/api/community/${ranks[2]}/report`, {
      reason: 'spam',
    });
    expectQuota(over, /^You have reported 2 ranks in the last hour\. Try again in \d+ minutes\.$/);
    const someoneElse = await h.user('Reporter two');
    const fine = await someoneElse.request('POST', `/api/community/${ranks[2]}/report`, {
      reason: 'offensive',
    });
    expect(fine.status).toBe(202);
  });

  it('counts item edits', async () => {
    const owner = await h.user('Editor');
    const game = await h.createGame(owner);
    for (let i = 0; i < 3; i++) {
      const response = await owner.request('PATCH', `/api/games/${game.id}/items`, {
        items: ['Alpha', 'Bravo', 'Charlie', `Delta ${i}`],
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    }
    const over = await owner.request('PATCH', `/api/games/${game.id}/items`, {
      items: ['Alpha', 'Bravo'],
    });
    expectQuota(
      over,
      /^You have edited items 3 times in the last hour\. Try again in \d+ minutes\.$/,
    );
  });

  it('closes the oldest of an account’s streams when one more opens, telling it why', async () => {
    const owner = await h.user('Watcher');
    const game = await h.createGame(owner);
    const paths = [
      `/api/games/${game.id}/events`,
      '/api/me/events',
      `/api/games/${game.id}/events`,
    ];
    // One account at one address: the account's limit (3) comes first.
    const oldest = await rawStream(owner, paths[0] as string);
    expect(oldest.status).toBe(200);
    const others = [];
    for (const path of paths.slice(1)) {
      const stream = await owner.events(path);
      expect(stream.status).toBe(200);
      others.push(stream);
    }
    await settle();
    const fourth = await owner.events(`/api/games/${game.id}/events`);
    expect(fourth.status).toBe(200);
    const text = await oldest.text;
    expect(text).toContain('event: closed');
    expect(text).toContain(`retry: ${STREAM_CLOSED_RETRY_MS}`);
    expect(text).toMatch(/^: closed: /m);
    expect(text).toContain('"reason":"too-many-streams"');
    // The others still hear events.
    await h.submit(
      await h.guest(),
      game.id,
      game.items.map((item) => item.id),
    );
    for (const stream of [others[1], fourth]) {
      let event = await stream!.nextEvent();
      while (event.event !== 'submission') event = await stream!.nextEvent();
      expect(JSON.parse(event.data)).toMatchObject({ submissionCount: 1 });
    }
    for (const stream of [...others, fourth]) stream.close();
  });

  it('refuses a new stream over the address limit, closing nobody else’s; a closed one frees its slot', async () => {
    const owner = await h.user('Host');
    const game = await h.createGame(owner);
    const path = `/api/games/${game.id}/events`;
    const ip = '10.250.0.9';
    // Four open at one address (its limit), with and without a session.
    const neighbour = new TestClient(h.url, ip);
    await neighbour.signUp({ name: 'Neighbour' });
    const open = [await neighbour.events(path)];
    for (let i = 0; i < 3; i++) open.push(await new TestClient(h.url, ip).events(path));
    for (const stream of open) {
      expect(stream.status).toBe(200);
      expect((await stream.nextEvent()).event).toBe('snapshot');
    }
    // A fifth, signed in or not, is refused; it does not close anyone's stream.
    const attacker = new TestClient(h.url, ip);
    await attacker.signUp({ name: 'Crowd' });
    for (const client of [new TestClient(h.url, ip), attacker]) {
      const refused = await client.request('GET', path, undefined, {
        headers: { accept: 'text/event-stream' },
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        error: { code: 'resource-exhausted', message: STREAM_REFUSED_MESSAGE },
      });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Every stream that was open still hears the game.
    await h.submit(
      await h.guest(),
      game.id,
      game.items.map((item) => item.id),
    );
    for (const stream of open) {
      let event = await stream.nextEvent();
      while (event.event !== 'submission') event = await stream.nextEvent();
      expect(JSON.parse(event.data)).toMatchObject({ submissionCount: 1 });
    }
    // Another address is not affected.
    const elsewhere = await new TestClient(h.url, '10.250.0.10').events(path);
    expect(elsewhere.status).toBe(200);
    elsewhere.close();
    // Once one closes, a new one at the address is admitted (when the server has seen it go).
    open.shift()!.close();
    let admitted: Awaited<ReturnType<TestClient['events']>> | undefined;
    await expect
      .poll(async () => {
        const stream = await new TestClient(h.url, ip).events(path);
        if (stream.status === 200) admitted = stream;
        else stream.close();
        return stream.status;
      })
      .toBe(200);
    for (const stream of [...open, admitted!]) stream.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('quotas shared by two instances', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const secret = randomBytes(32).toString('base64url');
    const start = async () =>
      startServer(
        await testConfig({ ...LIMITS, DATABASE_URL: database!.url, AUTH_SECRET: secret }),
      );
    a = await start();
    b = await start();
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  it('counts one account’s creates across instances', async () => {
    const onA = new TestClient(a!.url);
    await onA.signUp({ name: 'Both' });
    const onB = onA.at(b!.url);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const client = i % 2 === 0 ? onA : onB;
      statuses.push((await client.request('POST', '/api/games', createBody())).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });
});
