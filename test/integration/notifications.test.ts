/**
 * Notifications (issue 30, decision 0061) with mail really going out over SMTP (a local SMTP
 * server) and push really posted to a local push endpoint: a creator's digest of plays (50 plays
 * are one digest), "Your rank closed", one "results unlocked" per player who asked and nobody
 * else, one-click unsubscribe without a session, settings, bad input, and two instances sending
 * each notification once.
 */
import {
  createECDH,
  createPublicKey,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '../../src/domain/game';
import { NOTIFICATION_MESSAGES } from '../../src/domain/notifications';
import { notification } from '../../src/server/db/schema/notifications';
import { startServer, type RunningServer } from '../../src/server/server';
import { tag, TestClient } from '../support/client';
import { createPostgresDatabase, testConfig, testDatabases } from '../support/server';
import { headerOf, MailCatcher, type Delivered } from '../support/smtp';
import { errorOf, Harness, ids, statementsWhere, useServer } from './harness';

const BATCH_MS = 1500;
const POLL_MS = 100;
/**
 * Anything due this soon is something this file's configuration sends (its windows are seconds);
 * a digest waiting out the default spacing (an hour) is not.
 */
const SOON_MS = 30_000;
const POSTGRES =
  process.env.TEST_DATABASE_URL !== undefined && process.env.TEST_DATABASE_URL !== '';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const notifyEnv = (smtp: MailCatcher) => ({
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  NOTIFY_BATCH_MS: String(BATCH_MS),
  NOTIFY_POLL_MS: String(POLL_MS),
  NOTIFY_RETRY_SCHEDULE_MS: '100,100',
});

/**
 * Waits until the outbox has nothing left to send soon: no notification being sent (leased) and
 * none due within SOON_MS. Every mail the workers were going to send is then in the catcher (a
 * notification is marked sent after the SMTP server took it), so "exactly one" counts them all,
 * where a fixed sleep after the first mail only hoped to.
 */
async function outboxSettled(server: RunningServer): Promise<void> {
  const deadline = Date.now() + SOON_MS * 2;
  for (;;) {
    const [busy] = await server.database.db
      .select({ kind: notification.kind, dueAt: notification.dueAt })
      .from(notification)
      .where(
        and(
          isNull(notification.sentAt),
          isNull(notification.gaveUpAt),
          or(
            isNotNull(notification.leasedUntil),
            lt(notification.dueAt, sql`now() + make_interval(secs => ${SOON_MS / 1000})`),
          ),
        ),
      )
      .limit(1);
    if (!busy) return;
    expect(Date.now(), `the outbox still sending (${busy.kind})`).toBeLessThan(deadline);
    await sleep(POLL_MS);
  }
}

/** A signed-up user who followed the verification link mailed to them (over SMTP). */
async function verifiedUser(url: string, smtp: MailCatcher, name: string) {
  const client = new TestClient(url);
  const signedUp = await client.signUp({ name });
  const { email } = (signedUp.body as { user: { email: string } }).user;
  const mail = await smtp.waitFor(email, /confirm your email/i);
  const link = mail.text.match(/https?:\/\/[^\s<>"']*\/api\/auth\/verify-email[^\s<>"']*/)?.[0];
  expect(link, 'a verification link').toBeDefined();
  await client.follow(link!, { stopAt: (location) => !location.pathname.startsWith('/api/') });
  return { client, email };
}

const subjectOf = (mail: Delivered) => headerOf(mail.raw, 'subject');
const mailsTo = (smtp: MailCatcher, to: string, subject: RegExp) =>
  smtp.messages.filter((mail) => mail.to.includes(to) && subject.test(subjectOf(mail)));

/** Plays by `count` guests (each a first play), a few at a time, on the given servers in turn. */
async function playMany(
  h: Harness,
  urls: string[],
  gameId: string,
  items: string[],
  count: number,
) {
  for (let done = 0; done < count; done += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - done) }, async (_, i) => {
        const guest = new TestClient(urls[(done + i) % urls.length]!);
        await guest.guest();
        const answer = await h.submit(guest, gameId, items);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      }),
    );
  }
}

/** The game's digests sent, oldest first: when, and the plays each told of. */
async function sentDigests(server: RunningServer, gameId: string) {
  const sent = await server.database.db
    .select({ sentAt: notification.sentAt, payload: notification.payload })
    .from(notification)
    .where(
      and(
        eq(notification.gameId, gameId),
        eq(notification.kind, 'plays'),
        isNotNull(notification.sentAt),
      ),
    )
    .orderBy(asc(notification.sentAt));
  return sent.map((row) => ({
    sentAt: row.sentAt!.getTime(),
    plays: (row.payload as { plays?: number }).plays ?? 0,
  }));
}

/** Whether the game's next digest is queued (not claimed yet). */
async function digestPending(server: RunningServer, gameId: string): Promise<boolean> {
  const pending = await server.database.db
    .select({ id: notification.id })
    .from(notification)
    .where(
      and(
        eq(notification.gameId, gameId),
        eq(notification.kind, 'plays'),
        isNull(notification.sentAt),
        isNull(notification.gaveUpAt),
      ),
    );
  return pending.length > 0;
}

/** Plays told of by the game's digests sent so far, and the one still queued (if any). */
async function toldPlays(server: RunningServer, gameId: string) {
  const sent = await sentDigests(server, gameId);
  return {
    told: sent.reduce((sum, digest) => sum + digest.plays, 0),
    pending: await digestPending(server, gameId),
  };
}

const playedCount = (mail: Delivered) =>
  Number(/^(\d+) (?:person|people) played/.exec(subjectOf(mail))?.[1] ?? NaN);

describe.each(testDatabases)('notifications on %s', (kind) => {
  const smtp = new MailCatcher();
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());
  const h = useServer(kind, { env: () => notifyEnv(smtp) });

  it('folds 50 plays into exactly one digest for the creator, with a one-click unsubscribe', async () => {
    const owner = await verifiedUser(h.url, smtp, 'Creator');
    const prompt = `Best pasta shape ${tag()}`;
    const game = await h.createGame(owner.client, ['Penne', 'Fusilli', 'Farfalle'], prompt);
    // The creator's own play is no news to them.
    expect((await h.submit(owner.client, game.id, ids(game))).status).toBe(200);
    await playMany(h, [h.url], game.id, ids(game, ['Fusilli', 'Penne', 'Farfalle']), 50);

    const digest = await smtp.waitFor(owner.email, /played/, 30_000);
    await outboxSettled(h.server);
    const digests = mailsTo(smtp, owner.email, /played/);
    expect(digests).toHaveLength(1);
    expect(subjectOf(digest)).toContain(prompt);
    // Every play is in this digest or waits for the next one (an hour after this one).
    const { told, pending } = await toldPlays(h.server, game.id);
    expect(told).toBe(playedCount(digest));
    expect(told === 50 || pending, `${told} told, the rest waiting`).toBe(true);
    expect(digest.text).toContain('Fusilli');
    expect(digest.text).toContain(`/g/${game.id}/results`);
    // Text and HTML parts, and RFC 8058's headers.
    expect(digest.raw).toMatch(/multipart\/alternative/i);
    expect(digest.raw).toMatch(/content-type: text\/html/i);
    expect(headerOf(digest.raw, 'list-unsubscribe')).toMatch(
      /^<http:\/\/[^>]+\/unsubscribe\/[^>]+>$/,
    );
    expect(headerOf(digest.raw, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  }, 180_000);

  it('mails each player who asked once when results unlock, nobody else; the creator gets the final ranking', async () => {
    const owner = await verifiedUser(h.url, smtp, 'Owner');
    const game = await h.createGame(owner.client, ['Red', 'Green', 'Blue'], `Colours ${tag()}`, {
      sizeLimit: 5,
    });
    const asker = await verifiedUser(h.url, smtp, 'Asker');
    const quitter = await verifiedUser(h.url, smtp, 'Quitter');
    const closer = await verifiedUser(h.url, smtp, 'Closer');
    const stranger = await verifiedUser(h.url, smtp, 'Stranger');
    const unverified = new TestClient(h.url);
    const unverifiedEmail = (
      (await unverified.signUp({ name: 'Unverified' })).body as { user: { email: string } }
    ).user.email;
    const guest = await h.guest();
    const path = `/api/games/${game.id}/notify`;

    // Not a player yet: 403; a guest without push: 403 with what to do.
    expect(await asker.client.request('PUT', path, { unlock: true })).toMatchObject({
      status: 403,
      body: errorOf('permission-denied', NOTIFICATION_MESSAGES.notPlayer),
    });
    for (const player of [asker.client, quitter.client, unverified, guest]) {
      expect((await h.submit(player, game.id, ids(game, ['Blue', 'Red', 'Green']))).status).toBe(
        200,
      );
    }
    expect(await guest.request('PUT', path, { unlock: true })).toMatchObject({
      status: 403,
      body: errorOf('permission-denied', NOTIFICATION_MESSAGES.guestNeedsPush),
    });
    for (const player of [asker.client, quitter.client, unverified]) {
      expect(await player.request('PUT', path, { unlock: true })).toMatchObject({
        status: 200,
        body: { unlock: true },
      });
    }
    expect((await asker.client.request('GET', path)).body).toEqual({ unlock: true });
    // Changed their mind (the results page does this once it shows the results).
    expect((await quitter.client.request('PUT', path, { unlock: false })).body).toEqual({
      unlock: false,
    });
    // Bad input, never a 500.
    expect((await asker.client.request('PUT', path, { unlock: 'yes' })).status).toBe(400);
    expect((await asker.client.request('PUT', path, {})).status).toBe(400);
    expect(
      (await asker.client.request('PUT', '/api/games/nope/notify', { unlock: true })).status,
    ).toBe(404);
    expect((await new TestClient(h.url).request('PUT', path, { unlock: true })).status).toBe(401);
    expect((await stranger.client.request('PUT', path, { unlock: true })).status).toBe(403);

    // The fifth final ranking closes the game: its results unlock.
    expect(
      (await h.submit(closer.client, game.id, ids(game, ['Blue', 'Green', 'Red']))).status,
    ).toBe(200);

    const unlocked = await smtp.waitFor(asker.email, /results unlocked/i, 30_000);
    const closed = await smtp.waitFor(owner.email, /your rank closed/i, 30_000);
    await outboxSettled(h.server);
    expect(mailsTo(smtp, asker.email, /results unlocked/i)).toHaveLength(1);
    for (const other of [quitter.email, closer.email, stranger.email, unverifiedEmail]) {
      expect(mailsTo(smtp, other, /results unlocked/i), other).toEqual([]);
    }
    expect(mailsTo(smtp, owner.email, /your rank closed/i)).toHaveLength(1);
    // The asker's agreement with the crowd (Blue, Red, Green against the crowd's order).
    expect(unlocked.text).toMatch(/You agreed with the crowd \d+%/);
    expect(unlocked.text).toContain(`/g/${game.id}/results`);
    // The final crowd ranking: Blue first (every player put it first).
    expect(closed.text).toMatch(/1\. Blue/);
    expect(headerOf(closed.raw, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  }, 180_000);

  it('honours a one-click unsubscribe without a session, and shows a confirm page on GET', async () => {
    const owner = await verifiedUser(h.url, smtp, 'Leaver');
    const first = await h.createGame(owner.client, ['A1', 'B1', 'C1'], `First ${tag()}`);
    expect((await owner.client.request('POST', `/api/games/${first.id}/close`, {})).status).toBe(
      200,
    );
    const closed = await smtp.waitFor(owner.email, /your rank closed/i, 30_000);
    const link = /^<([^>]+)>$/.exec(headerOf(closed.raw, 'list-unsubscribe'))?.[1];
    expect(link).toBeDefined();

    // A mail scanner's GET changes nothing: it asks.
    const page = await fetch(link!);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<form method="post"/);
    expect((await owner.client.request('GET', '/api/me/notifications')).body).toMatchObject({
      settings: { closed: 'email' },
    });
    // The mail client's one-click POST: no cookie, no Origin, a form body.
    const done = await fetch(link!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect((await owner.client.request('GET', '/api/me/notifications')).body).toMatchObject({
      settings: { closed: 'off', plays: 'email', unlocked: 'email' },
    });
    // A forged or damaged token: 400, nothing changes.
    const forged = `${link!.slice(0, -3)}xyz`;
    expect((await fetch(forged, { method: 'POST' })).status).toBe(400);
    expect((await fetch(`${h.url}/unsubscribe/nonsense`)).status).toBe(400);

    // Honoured: the next game that closes sends nothing.
    const second = await h.createGame(owner.client, ['A2', 'B2', 'C2'], `Second ${tag()}`);
    expect((await owner.client.request('POST', `/api/games/${second.id}/close`, {})).status).toBe(
      200,
    );
    await outboxSettled(h.server);
    expect(mailsTo(smtp, owner.email, new RegExp(`closed: Second`))).toEqual([]);
    // Queued and handled: dropped because that kind is off now.
    expect(
      await h.server.database.db
        .select({ outcome: notification.outcome })
        .from(notification)
        .where(and(eq(notification.gameId, second.id), eq(notification.kind, 'closed'))),
    ).toEqual([{ outcome: 'off' }]);
  }, 120_000);

  it('keeps settings, refuses e-mail for guests and bad input with 400', async () => {
    const user = await h.user('Settler');
    const path = '/api/me/notifications';
    expect((await user.request('GET', path)).body).toMatchObject({
      settings: { plays: 'email', closed: 'email', unlocked: 'email', dailyDigest: false },
      emailAllowed: true,
      pushSubscriptions: 0,
    });
    const changed = await user.request('PUT', path, { plays: 'push', dailyDigest: true });
    expect(changed.status).toBe(200);
    expect((await user.request('GET', path)).body).toMatchObject({
      settings: { plays: 'push', closed: 'email', unlocked: 'email', dailyDigest: true },
    });
    for (const bad of [{ plays: 'sms' }, { dailyDigest: 'yes' }, { other: 'email' }, []]) {
      expect((await user.request('PUT', path, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const guest = await h.guest();
    expect((await guest.request('GET', path)).body).toMatchObject({
      settings: { plays: 'push', closed: 'push', unlocked: 'push' },
      emailAllowed: false,
      email: { address: null, verified: false },
    });
    expect(await guest.request('PUT', path, { unlocked: 'email' })).toMatchObject({
      status: 403,
      body: errorOf('permission-denied', NOTIFICATION_MESSAGES.guestsPushOnly),
    });
    expect((await guest.request('PUT', path, { unlocked: 'off' })).status).toBe(200);
    expect((await h.anonymous().request('GET', path)).status).toBe(401);

    const subscriptions = '/api/me/push-subscriptions';
    const keys = {
      p256dh: b64(createECDH('prime256v1').generateKeys()),
      auth: b64(randomBytes(16)),
    };
    for (const bad of [
      {},
      { endpoint: 'ftp://push.example.com/x', keys },
      { endpoint: 'not a url', keys },
      { endpoint: 'https://push.example.com/x' },
      { endpoint: 'https://push.example.com/x', keys: { p256dh: 'short', auth: keys.auth } },
      { endpoint: 'https://push.example.com/x', keys: { p256dh: keys.p256dh, auth: 'x' } },
    ]) {
      expect((await user.request('POST', subscriptions, bad)).status, JSON.stringify(bad)).toBe(
        400,
      );
    }
    const added = await user.request<{ subscription: { id: string } }>('POST', subscriptions, {
      endpoint: `https://push.example.com/${tag()}`,
      keys,
    });
    expect(added.status).toBe(201);
    expect((await user.request('GET', path)).body).toMatchObject({ pushSubscriptions: 1 });
    expect((await user.request('DELETE', `${subscriptions}/none`)).status).toBe(404);
    const id = added.body.subscription.id;
    expect((await user.request('DELETE', `${subscriptions}/${id}`)).body).toEqual({
      deleted: true,
      id,
    });
    expect((await user.request('GET', path)).body).toMatchObject({ pushSubscriptions: 0 });

    // "Turn off on this device": by the endpoint the browser unsubscribed, for its own account.
    const endpoint = `https://push.example.com/${tag()}`;
    expect((await user.request('POST', subscriptions, { endpoint, keys })).status).toBe(201);
    const other = await h.user('Other');
    expect(await other.request('DELETE', subscriptions, { endpoint })).toMatchObject({
      status: 200,
      body: { deleted: false },
    });
    expect((await user.request('GET', path)).body).toMatchObject({ pushSubscriptions: 1 });
    for (const bad of [{}, { endpoint: 7 }, []]) {
      expect((await user.request('DELETE', subscriptions, bad)).status, JSON.stringify(bad)).toBe(
        400,
      );
    }
    expect((await h.anonymous().request('DELETE', subscriptions, { endpoint })).status).toBe(401);
    expect(await user.request('DELETE', subscriptions, { endpoint })).toMatchObject({
      status: 200,
      body: { deleted: true },
    });
    expect((await user.request('GET', path)).body).toMatchObject({ pushSubscriptions: 0 });
    expect((await user.request('DELETE', subscriptions, { endpoint })).body).toEqual({
      deleted: false,
    });
  });

  it('pushes to a guest who asked: the endpoint decrypts it with the subscription keys and checks the VAPID signature', async () => {
    const received: { headers: http.IncomingHttpHeaders; body: Buffer; url: string }[] = [];
    const endpoint = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks), url: req.url ?? '' });
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    try {
      const endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/push/${tag()}`;
      const browser = createECDH('prime256v1');
      const browserPublic = browser.generateKeys();
      const authSecret = randomBytes(16);

      const owner = await h.user('Pusher');
      const game = await h.createGame(owner, ['X', 'Y', 'Z'], `Push ${tag()}`, { sizeLimit: 2 });
      const guest = await h.guest();
      expect((await h.submit(guest, game.id, ids(game, ['Z', 'Y', 'X']))).status).toBe(200);
      const subscribed = await guest.request('POST', '/api/me/push-subscriptions', {
        endpoint: endpointUrl,
        keys: { p256dh: b64(browserPublic), auth: b64(authSecret) },
        expirationTime: null,
      });
      expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);
      expect(
        (await guest.request('PUT', `/api/games/${game.id}/notify`, { unlock: true })).status,
      ).toBe(200);
      const closer = await h.guest();
      expect((await h.submit(closer, game.id, ids(game))).status).toBe(200);

      for (let waited = 0; received.length === 0 && waited < 30_000; waited += 50) await sleep(50);
      await outboxSettled(h.server);
      expect(received).toHaveLength(1);
      const [push] = received;

      // The VAPID JWT (RFC 8292), signed with the key the server publishes.
      const { publicKey } = (
        await h.anonymous().request<{ publicKey: string }>('GET', '/api/push/key')
      ).body;
      const authorization = String(push!.headers.authorization);
      const vapid = /^vapid t=([^,\s]+),\s*k=([^,\s]+)$/.exec(authorization);
      expect(vapid, authorization).not.toBeNull();
      const [, jwt, k] = vapid!;
      expect(k).toBe(publicKey);
      const [head, claims, signature] = jwt!.split('.');
      const raw = Buffer.from(publicKey, 'base64url');
      const key = createPublicKey({
        key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) },
        format: 'jwk',
      });
      expect(
        verify(
          'sha256',
          Buffer.from(`${head}.${claims}`),
          { key, dsaEncoding: 'ieee-p1363' },
          Buffer.from(signature!, 'base64url'),
        ),
      ).toBe(true);
      const claimed = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<
        string,
        unknown
      >;
      expect(claimed.aud).toBe(new URL(endpointUrl).origin);
      expect(claimed.exp).toBeGreaterThan(Date.now() / 1000);
      expect(String(claimed.sub)).toMatch(/^(mailto:|https:)/);

      // The payload (RFC 8291, aes128gcm), decrypted with the browser's keys.
      expect(push!.headers['content-encoding']).toBe('aes128gcm');
      const message = JSON.parse(decrypt(push!.body, browser, browserPublic, authSecret)) as {
        title: string;
        url: string;
      };
      expect(message.title).toMatch(/results unlocked/i);
      expect(message.url).toContain(`/g/${game.id}/results`);
    } finally {
      await new Promise<void>((resolve) => endpoint.close(() => resolve()));
    }
  }, 120_000);
});

describe.skipIf(!POSTGRES)(
  `notifications from two instances${POSTGRES ? '' : ' (skipped: PostgreSQL only, set TEST_DATABASE_URL)'}`,
  () => {
    const smtp = new MailCatcher();
    let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
    let instances: RunningServer[] = [];
    const h = new Harness();

    beforeAll(async () => {
      await smtp.start();
      database = await createPostgresDatabase();
      const secret = randomBytes(32).toString('base64url');
      for (let i = 0; i < 2; i++) {
        instances.push(
          await startServer(
            await testConfig({
              ...notifyEnv(smtp),
              DATABASE_URL: database.url,
              AUTH_SECRET: secret,
            }),
          ),
        );
      }
      h.server = { ...instances[0]!, kind: 'postgres' };
    }, 60_000);

    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.close()));
      instances = [];
      await database?.drop();
      await smtp.stop();
    });

    it('sends one digest and one unlock mail in all', async () => {
      const urls = instances.map((instance) => instance.url);
      const owner = await verifiedUser(urls[0]!, smtp, 'Twin');
      const asker = await verifiedUser(urls[1]!, smtp, 'Asker');
      const game = await h.createGame(owner.client, ['One', 'Two', 'Three'], `Twins ${tag()}`, {
        sizeLimit: 22,
      });
      const order = ids(game, ['Two', 'One', 'Three']);
      expect((await h.submit(asker.client, game.id, order)).status).toBe(200);
      expect(
        (await asker.client.request('PUT', `/api/games/${game.id}/notify`, { unlock: true }))
          .status,
      ).toBe(200);
      await playMany(h, urls, game.id, order, 20);
      const digest = await smtp.waitFor(owner.email, /played/, 30_000);
      // The 22nd final ranking closes the game.
      const last = new TestClient(urls[1]!);
      await last.guest();
      expect((await h.submit(last, game.id, order)).status).toBe(200);
      await smtp.waitFor(asker.email, /results unlocked/i, 30_000);
      await smtp.waitFor(owner.email, /your rank closed/i, 30_000);
      await outboxSettled(instances[0]!);
      expect(mailsTo(smtp, owner.email, /played/)).toHaveLength(1);
      const { told, pending } = await toldPlays(instances[0]!, game.id);
      expect(told).toBe(playedCount(digest));
      expect(told === 22 || pending, `${told} told, the rest waiting`).toBe(true);
      expect(mailsTo(smtp, asker.email, /results unlocked/i)).toHaveLength(1);
      expect(mailsTo(smtp, owner.email, /your rank closed/i)).toHaveLength(1);
    }, 180_000);
  },
);

describe.each(testDatabases)("a creator's digest off the submission's statements on %s", (kind) => {
  // The default batch (an hour): nothing is sent while statements are counted.
  const h = useServer(kind);
  /** Statements that write or read the outbox about `gameId` (the worker's own name no game). */
  const digestStatements = (gameId: string, run: () => Promise<void>) =>
    statementsWhere(h, (text) => /\bnotification\b/.test(text) && text.includes(gameId), run);

  it('queues it after the batch: one statement for the first play by someone else, none while it is pending', async () => {
    const owner = await h.user('Counter');
    const game = await h.createGame(owner, ['A', 'B', 'C'], `Counted ${tag()}`);
    const order = ids(game, ['C', 'B', 'A']);
    const guests = await Promise.all(Array.from({ length: 11 }, () => h.guest()));
    // Each run ends with a re-ranking by someone who played: its batch waits in the game's queue
    // for whatever followed the batch before it, so nothing of `run` is still to come.
    const settled = async (client: TestClient, run: () => Promise<void>) => {
      await run();
      expect((await h.submit(client, game.id, order)).status).toBe(200);
    };

    // The creator's own play is no news to them: nothing about a digest.
    expect(
      await digestStatements(game.id, () =>
        settled(owner, async () => {
          expect((await h.submit(owner, game.id, order)).status).toBe(200);
        }),
      ),
    ).toBe(0);
    // The first play by someone else: one statement, after the batch (not inside it).
    expect(
      await digestStatements(game.id, () =>
        settled(guests[0]!, async () => {
          expect((await h.submit(guests[0]!, game.id, order)).status).toBe(200);
        }),
      ),
    ).toBe(1);
    expect(await digestPending(h.server, game.id)).toBe(true);
    // Ten more first plays while the digest is pending: none (and so no more statements per
    // submission than before decision 0068, when the digest rode in the first plays' statement).
    const pendingStatements = await digestStatements(game.id, async () => {
      for (const guest of guests.slice(1)) {
        await settled(guest, async () => {
          expect((await h.submit(guest, game.id, order)).status).toBe(200);
        });
      }
    });
    expect(pendingStatements).toBe(0);
    // Still the one digest waiting: it counts the game's players when it is sent.
    expect(await digestPending(h.server, game.id)).toBe(true);
  });
});

describe.each(testDatabases)('digests spaced, daily, and linked to PUBLIC_URL on %s', (kind) => {
  const SPACING_MS = 4000;
  const DAILY_MS = 4000;
  const smtp = new MailCatcher();
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());
  // PUBLIC_URL names the server by another host name than the one it is asked by (h.url).
  const publicUrl = 'http://127.0.0.1:{PORT}';
  const h = useServer(kind, {
    env: () => ({
      ...notifyEnv(smtp),
      NOTIFY_BATCH_MS: '200',
      NOTIFY_SPACING_MS: String(SPACING_MS),
      NOTIFY_DAILY_MS: String(DAILY_MS),
      PUBLIC_URL: publicUrl,
    }),
  });
  const site = () => h.url.replace('localhost', '127.0.0.1');

  it("sends a game's next digest no sooner than NOTIFY_SPACING_MS after the last, each play told once, links on PUBLIC_URL", async () => {
    expect(h.url).toMatch(/^http:\/\/localhost:/);
    const owner = await verifiedUser(site(), smtp, 'Spacer');
    const game = await h.createGame(owner.client, ['Up', 'Down', 'Left'], `Spaced ${tag()}`);
    const order = ids(game, ['Left', 'Up', 'Down']);
    const play = async () => {
      const guest = new TestClient(site());
      await guest.guest();
      expect((await h.submit(guest, game.id, order)).status).toBe(200);
    };

    await play();
    const first = await smtp.waitFor(owner.email, /played/, 30_000);
    expect(subjectOf(first)).toMatch(/^1 person played/);
    for (let waited = 0; (await sentDigests(h.server, game.id)).length === 0; waited += 50) {
      expect(waited, 'the first digest recorded as sent').toBeLessThan(30_000);
      await sleep(50);
    }
    const firstSentAt = (await sentDigests(h.server, game.id))[0]!.sentAt;
    // Three more right after it: they wait for the spacing, then go in one digest.
    for (let i = 0; i < 3; i++) await play();
    const [queued] = await h.server.database.db
      .select({ dueAt: notification.dueAt, attempts: notification.attempts })
      .from(notification)
      .where(
        and(
          eq(notification.gameId, game.id),
          eq(notification.kind, 'plays'),
          isNull(notification.sentAt),
        ),
      );
    expect(queued?.attempts, 'queued, not claimed before its time').toBe(0);
    expect(queued!.dueAt.getTime() - firstSentAt).toBeGreaterThanOrEqual(SPACING_MS - 1);
    for (let waited = 0; mailsTo(smtp, owner.email, /played/).length < 2 && waited < 60_000;) {
      await sleep(100);
      waited += 100;
    }
    await outboxSettled(h.server);
    const digests = mailsTo(smtp, owner.email, /played/);
    expect(digests.map(subjectOf)).toEqual([
      subjectOf(first),
      expect.stringMatching(/^3 people played/),
    ]);
    const sent = await sentDigests(h.server, game.id);
    expect(sent.map((digest) => digest.plays)).toEqual([1, 3]);
    // Spaced: the second went no sooner than the spacing after the first.
    expect(sent[1]!.sentAt - sent[0]!.sentAt).toBeGreaterThanOrEqual(SPACING_MS - 1);

    // Links name PUBLIC_URL, not the address the server was reached by.
    for (const digest of digests) {
      expect(digest.text).toContain(`${site()}/g/${game.id}/results`);
      expect(digest.raw).not.toContain('localhost');
      expect(headerOf(digest.raw, 'list-unsubscribe')).toMatch(
        new RegExp(`^<${site().replace(/[.]/g, '\\.')}/unsubscribe/[^>]+>$`),
      );
    }
  }, 120_000);

  it("merges a creator's plays of all their ranks into one daily digest, then the next day's", async () => {
    const owner = await verifiedUser(site(), smtp, 'Daily');
    expect(
      (await owner.client.request('PUT', '/api/me/notifications', { dailyDigest: true })).status,
    ).toBe(200);
    const trees = `Trees ${tag()}`;
    const drinks = `Drinks ${tag()}`;
    const first = await h.createGame(owner.client, ['Oak', 'Pine', 'Elm'], trees);
    const second = await h.createGame(owner.client, ['Tea', 'Coffee', 'Cocoa'], drinks);
    const guests = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const guest = new TestClient(site());
        await guest.guest();
        return guest;
      }),
    );
    const play = async (guest: TestClient, game: GameView, labels: string[]) =>
      expect((await h.submit(guest, game.id, ids(game, labels))).status).toBe(200);

    await play(guests[0]!, first, ['Pine', 'Oak', 'Elm']);
    await play(guests[1]!, first, ['Pine', 'Elm', 'Oak']);
    await play(guests[2]!, second, ['Cocoa', 'Tea', 'Coffee']);
    const daily = await smtp.waitFor(owner.email, /played/, 30_000);
    await outboxSettled(h.server);
    expect(mailsTo(smtp, owner.email, /played/)).toHaveLength(1);
    expect(subjectOf(daily)).toBe('3 people played 2 of your ranks');
    const told = daily.text.replace(/\r\n/g, '\n');
    // (The test's quoted-printable decoding reads the apostrophe's bytes one by one.)
    expect(told).toMatch(
      new RegExp(`2 people played ${trees}\\.\\nThe crowd.+ favourite so far: Pine\\.`),
    );
    expect(told).toMatch(
      new RegExp(`1 person played ${drinks}\\.\\nThe crowd.+ favourite so far: Cocoa\\.`),
    );
    expect(told.indexOf(trees)).toBeLessThan(told.indexOf(drinks));
    for (const game of [first, second]) {
      expect(daily.text).toContain(`${site()}/g/${game.id}/results`);
    }
    expect(headerOf(daily.raw, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // No digest of either game on its own.
    for (const game of [first, second]) expect(await sentDigests(h.server, game.id)).toEqual([]);

    // The next plays wait for the next daily digest, which tells only of them.
    await play(guests[3]!, second, ['Tea', 'Cocoa', 'Coffee']);
    await play(guests[4]!, second, ['Tea', 'Coffee', 'Cocoa']);
    for (let waited = 0; mailsTo(smtp, owner.email, /played/).length < 2; waited += 100) {
      expect(waited, 'the next daily digest').toBeLessThan(60_000);
      await sleep(100);
    }
    await outboxSettled(h.server);
    const [, next] = mailsTo(smtp, owner.email, /played/);
    expect(mailsTo(smtp, owner.email, /played/)).toHaveLength(2);
    expect(subjectOf(next!)).toBe(`2 people played ${drinks}`);
    expect(next!.text).not.toContain(trees);
  }, 120_000);
});

function b64(bytes: Buffer): string {
  return bytes.toString('base64url');
}

/** RFC 8291 / RFC 8188 (aes128gcm): what a browser does with a push message. */
function decrypt(
  body: Buffer,
  browser: ReturnType<typeof createECDH>,
  browserPublic: Buffer,
  authSecret: Buffer,
): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = browser.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserPublic, serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 2, then padding zeros.
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString('utf8');
}
