/**
 * Rate limits on sign-in (10 a minute per client IP, better-auth) and on the sign-in method
 * lookup (20 a minute per client IP, ours), counted in the database so that several server
 * instances share the counts.
 */
import { randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/domain/errors';
import { rateLimit } from '../../src/server/db/schema/auth';
import { startServer, type RunningServer } from '../../src/server/server';
import { tag, TestClient } from '../support/client';
import { createPostgresDatabase, testConfig, testDatabases } from '../support/server';
import { useServer } from './harness';

const PASSWORD = 'correct horse battery';
const SIGN_IN_MAX = 10;
const LOOKUP_MAX = 20;

async function registered(baseUrl: string): Promise<string> {
  const email = `target-${tag()}@example.test`;
  await new TestClient(baseUrl).signUp({ name: 'Target', email, password: PASSWORD });
  return email;
}

const lookup = (client: TestClient, email: string) =>
  client.request<{ methods: string[] } | ErrorBody>(
    'GET',
    `/api/account/methods?email=${encodeURIComponent(email)}`,
  );

describe.concurrent.each(testDatabases)('rate limits on %s', (kind) => {
  const h = useServer(kind);

  it('answers 429 to a burst of wrong passwords, then even to the right one, from that IP only', async () => {
    const email = await registered(h.url);
    const attacker = new TestClient(h.url);
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_MAX + 2; i++) {
      statuses.push((await attacker.signIn({ email, password: `wrong guess ${i}` })).status);
    }
    expect(statuses).toEqual([...Array.from({ length: SIGN_IN_MAX }, () => 401), 429, 429]);
    const blocked = await attacker.signIn({ email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('x-retry-after'))).toBeGreaterThan(0);
    expect(attacker.hasSession).toBe(false);

    // The counter is a database row keyed by the client's IP.
    const rows = await h.server.database.db
      .select()
      .from(rateLimit)
      .where(like(rateLimit.key, `%${attacker.ip}%`));
    expect(rows.map((row) => row.count)).toContain(SIGN_IN_MAX);

    // The owner, at another address, signs in fine.
    const owner = new TestClient(h.url);
    expect((await owner.signIn({ email, password: PASSWORD })).status).toBe(200);
    expect(owner.hasSession).toBe(true);
  });

  it('limits the sign-in method lookup to 20 a minute per IP (malformed queries do not count)', async () => {
    const email = await registered(h.url);
    const client = new TestClient(h.url);
    for (let i = 0; i < 5; i++) {
      expect((await lookup(client, `not-an-email-${i}`)).status).toBe(400);
    }
    for (let i = 0; i < LOOKUP_MAX; i++) {
      const response = await lookup(client, i % 2 === 0 ? email : `nobody-${i}@example.test`);
      expect(response.status, `lookup ${i + 1}`).toBe(200);
    }
    const limited = await lookup(client, email);
    expect(limited.status).toBe(429);
    expect((limited.body as ErrorBody).error.code).toBe('resource-exhausted');
    // When to come back: what is left of the minute, never more.
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const someoneElse = await lookup(new TestClient(h.url), email);
    expect(someoneElse.status).toBe(200);
    expect(someoneElse.body).toEqual({ methods: ['password'] });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'rate limits shared by two instances on one postgres database',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
    let a: RunningServer | undefined;
    let b: RunningServer | undefined;

    beforeAll(async () => {
      database = await createPostgresDatabase();
      const secret = randomBytes(32).toString('base64url');
      const start = async () =>
        startServer(await testConfig({ DATABASE_URL: database!.url, AUTH_SECRET: secret }));
      a = await start();
      b = await start();
    });

    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      await database?.drop();
    });

    it('counts sign-in attempts across instances', async () => {
      const email = await registered(a!.url);
      const onA = new TestClient(a!.url);
      const onB = onA.at(b!.url);
      // Alternating between the instances: each sees only half, the shared count sees all.
      for (let i = 0; i < SIGN_IN_MAX; i++) {
        const client = i % 2 === 0 ? onA : onB;
        expect((await client.signIn({ email, password: `wrong ${i}` })).status).toBe(401);
      }
      expect((await onA.signIn({ email, password: PASSWORD })).status).toBe(429);
      expect((await onB.signIn({ email, password: PASSWORD })).status).toBe(429);
      expect((await new TestClient(b!.url).signIn({ email, password: PASSWORD })).status).toBe(200);
    });

    it('counts method lookups across instances', async () => {
      const onA = new TestClient(a!.url);
      const onB = onA.at(b!.url);
      for (let i = 0; i < LOOKUP_MAX; i++) {
        const client = i % 2 === 0 ? onA : onB;
        expect((await lookup(client, `someone-${i}@example.test`)).status).toBe(200);
      }
      for (const client of [onA, onB]) {
        const limited = await lookup(client, 'someone@example.test');
        expect(limited.status).toBe(429);
        expect((limited.body as ErrorBody).error.code).toBe('resource-exhausted');
      }
    });
  },
);
