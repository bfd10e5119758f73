/**
 * Faults (issue 11): the real server in a child process, killed with SIGKILL under writes and
 * restarted on the same PGlite data directory (no acknowledged write lost, tallies equal a
 * recount); PostgreSQL connections terminated under load (503 at worst, never 500, and service
 * resumes without a restart); SIGTERM with open event streams (every stream gets the `retry:`
 * hint, requests under way finish, the process exits; a restarted server takes the streams back).
 * Assertions are on outcomes, not durations: the machine may be slow and shared.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, workerBundleOf } from '../../scripts/build-server.mjs';
import { openDatabase } from '../../src/server/db/client';
import { createLogger } from '../../src/server/platform/log';
import { PROJECT_ROOT } from '../../src/server/platform/project-root';
import { tag, TestClient } from '../support/client';
import { expectTalliesMatchRecount } from '../support/recount';
import { freePort, startTestServer, type TestServer } from '../support/server';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { Harness, ids, shuffled, type EventData } from './harness';

const AUTH_SECRET = randomBytes(32).toString('base64url');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server bundle `npm start` runs, built once for this file (removed afterwards). */
const bundle = path.join(PROJECT_ROOT, `dist/server/test-faults-${tag()}.mjs`);
beforeAll(() => buildServer(bundle), 120_000);
afterAll(async () => {
  for (const file of [bundle, workerBundleOf(bundle)]) {
    await rm(file, { force: true });
    await rm(`${file}.map`, { force: true });
  }
});

type Child = ServerProcess;

/** Starts the bundled server on `port` with `env`; resolves once /api/ready answers 200. */
const startChild = (port: number, env: Record<string, string>): Promise<Child> =>
  startServerProcess(bundle, port, { AUTH_SECRET, SSE_HEARTBEAT_MS: '1000', ...env });

async function killChild(child: Child | undefined): Promise<void> {
  if (!child || child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill('SIGKILL');
  await child.exited;
}

/** Signs in `n` guests, a few at a time (each has its own address, as in the browser). */
async function guests(url: string, n: number): Promise<TestClient[]> {
  const clients: TestClient[] = [];
  while (clients.length < n) {
    const batch = Array.from({ length: Math.min(10, n - clients.length) }, () => {
      const client = new TestClient(url);
      return client.guest().then(() => client);
    });
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

describe('kill -9 during writes, then a restart on the same PGlite data directory', () => {
  let dataDir = '';
  let child: Child | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'crowned-faults-'));
  });
  afterAll(async () => {
    await killChild(child);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged ranking, and every tally equals a recount', async () => {
    const port = await freePort();
    child = await startChild(port, { DATA_DIR: dataDir });
    const h = new Harness();
    h.server = { url: child.url } as TestServer;
    const owner = new TestClient(child.url);
    await owner.signUp({ name: 'Owner' });
    const games = [
      await h.createGame(owner, ['A', 'B', 'C', 'D', 'E']),
      await h.createGame(owner, ['One', 'Two', 'Three', 'Four']),
    ];
    const players = await guests(child.url, 16);

    /** Per player, every ranking sent in order: 200, another status, or no answer (undefined). */
    const attempts = players.map(() => [] as { ranking: string[]; status?: number }[]);
    let acknowledged = 0;
    let killed = false;
    const loops = players.map(async (player, i) => {
      const game = games[i % games.length]!;
      while (!killed) {
        const attempt: { ranking: string[]; status?: number } = {
          ranking: shuffled(ids(game)),
        };
        attempts[i]!.push(attempt);
        try {
          attempt.status = (await h.submit(player, game.id, attempt.ranking)).status;
          if (attempt.status === 200) acknowledged += 1;
        } catch {
          return; // No answer: the server is gone. Written or not, nobody was told it was.
        }
      }
    });
    while (acknowledged < 60) await sleep(5);
    const victim = child;
    victim.process.kill('SIGKILL');
    killed = true;
    await victim.exited;
    await Promise.all(loops);
    const statuses = attempts.flat().flatMap((a) => (a.status === undefined ? [] : [a.status]));
    expect(new Set(statuses), 'every answer before the kill').toEqual(new Set([200]));

    child = await startChild(port, { DATA_DIR: dataDir });
    const stored = await Promise.all(
      players.map(async (player, i) => {
        const response = await h.getGame(player, games[i % games.length]!.id);
        expect(response.status).toBe(200);
        return response.body.mySubmission?.ranking ?? null;
      }),
    );
    players.forEach((_, i) => {
      const sent = attempts[i]!;
      let lastAck = -1;
      sent.forEach((a, k) => {
        if (a.status === 200) lastAck = k;
      });
      // The last acknowledged ranking (none: no ranking), or one sent after it that may have been
      // written without an answer.
      const allowed = [lastAck >= 0 ? sent[lastAck]!.ranking : null];
      for (const a of sent.slice(lastAck + 1)) if (a.status === undefined) allowed.push(a.ranking);
      expect(allowed, `player ${i}: what may be stored`).toContainEqual(stored[i]);
    });
    for (const [g, game] of games.entries()) {
      const finals = stored.filter((ranking, i) => ranking !== null && i % games.length === g);
      const results = await h.results(owner, game.id);
      expect(results.status).toBe(200);
      expect(results.body.results.submissions).toBe(finals.length);
    }

    // Stopped gracefully, the data directory is free to open here for the recount.
    child.process.kill('SIGTERM');
    expect(await child.exited).toEqual({ code: 0, signal: null });
    const database = await openDatabase({ kind: 'pglite', dataDir, log: createLogger('error') });
    try {
      const summary = await expectTalliesMatchRecount(database.db);
      expect(summary.submissions).toBeGreaterThanOrEqual(
        stored.filter((ranking) => ranking !== null).length,
      );
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'PostgreSQL connections terminated under load',
  () => {
    let server: TestServer | undefined;
    beforeAll(async () => {
      server = await startTestServer('postgres');
    });
    afterAll(async () => {
      await server?.close();
    });

    it('answers 503 at worst, never 500, and serves normally afterwards without a restart', async () => {
      const s = server!;
      if (s.database.raw.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const url = s.database.raw.url;
      const h = new Harness();
      h.server = s;
      const owner = await h.user('Owner');
      const game = await h.createGame(owner, ['A', 'B', 'C', 'D']);
      const players = await guests(s.url, 16);
      // Each has a ranking in already, so reading results is theirs to do throughout.
      for (const player of players) {
        expect((await h.submit(player, game.id, shuffled(ids(game)))).status).toBe(200);
      }

      const statuses: number[] = [];
      const failures: string[] = [];
      let stop = false;
      const load = players.map(async (player) => {
        while (!stop) {
          for (const send of [
            () => h.submit(player, game.id, shuffled(ids(game))),
            () => h.results(player, game.id),
            () => h.getGame(player, game.id),
            // better-auth's own endpoints too (a new guest: a write in its tables).
            () => new TestClient(s.url).request('POST', '/api/auth/sign-in/anonymous', {}),
          ]) {
            try {
              const response = await send();
              statuses.push(response.status);
              if (response.status !== 200 && response.status !== 503) {
                failures.push(`${response.status} ${JSON.stringify(response.body)}`);
              }
            } catch (error) {
              failures.push(`no answer: ${String(error)}`);
            }
          }
        }
      });
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      let terminated = 0;
      try {
        for (let round = 0; round < 4; round++) {
          await sleep(400);
          const killed = await admin.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
             where datname = $1 and pid <> pg_backend_pid()`,
            [new URL(url).pathname.slice(1)],
          );
          terminated += killed.rowCount ?? 0;
        }
        await sleep(400);
      } finally {
        stop = true;
        await Promise.all(load);
        await admin.end();
      }
      expect(terminated, 'connections terminated').toBeGreaterThan(0);
      expect(failures, 'answers other than 200 and 503').toEqual([]);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);

      // Normal service: every request answers 200 again (the pool replaced its clients).
      for (const player of players) {
        expect((await h.submit(player, game.id, shuffled(ids(game)))).status).toBe(200);
      }
      expect((await h.results(owner, game.id)).status).toBe(200);

      // Live events flow again: the hub's LISTEN connection came back by itself.
      const stream = await owner.events(`/api/games/${game.id}/events`);
      try {
        expect((await stream.nextEvent(10_000)).event).toBe('snapshot');
        let heard = false;
        for (let attempt = 0; attempt < 20 && !heard; attempt++) {
          await h.submit(players[0]!, game.id, shuffled(ids(game)));
          const messages = await stream.collect(1000);
          heard = messages.some((m) => m.kind === 'event' && m.event === 'submission');
        }
        expect(heard, 'a submission event after the terminations').toBe(true);
      } finally {
        stream.close();
      }
      await expectTalliesMatchRecount(url);
    });
  },
);

/** A raw event stream: everything it received, the last id, and how it ended. */
type RawStream = {
  text: string;
  lastId: string | undefined;
  versions: number[];
  ended: Promise<'end' | 'error'>;
  close(): void;
};

/** Opens GET `path` as an event stream on its own connection; rejects unless it answers 200. */
function openStream(url: string, path: string, lastId?: string): Promise<RawStream> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = http.get(
      {
        host: hostname === 'localhost' ? '127.0.0.1' : hostname,
        port,
        path,
        agent: false,
        headers: {
          accept: 'text/event-stream',
          'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
          ...(lastId !== undefined ? { 'last-event-id': lastId } : {}),
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`stream answered ${res.statusCode}`));
          return;
        }
        let buffer = '';
        const stream: RawStream = {
          text: '',
          lastId,
          versions: [],
          ended: new Promise((done) => {
            res.on('end', () => done('end'));
            res.on('error', () => done('error'));
            res.on('aborted', () => done('error'));
          }),
          close: () => req.destroy(),
        };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          stream.text += chunk;
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (.*)$/m.exec(block)?.[1];
            if (id !== undefined) stream.lastId = id;
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data?.startsWith('{')) {
              const version = (JSON.parse(data) as Partial<EventData>).version;
              if (typeof version === 'number') stream.versions.push(version);
            }
          }
        });
        resolve(stream);
      },
    );
    req.on('error', reject);
  });
}

/** Like EventSource: waits `retry:` (or 1 s) after an end, then reconnects until it succeeds. */
async function reconnect(url: string, path: string, ended: RawStream): Promise<RawStream> {
  const retryMs = Number(/retry: (\d+)/.exec(ended.text)?.[1] ?? 1000);
  const deadline = Date.now() + 90_000;
  for (;;) {
    await sleep(retryMs);
    try {
      return await openStream(url, path, ended.lastId);
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/** A PUT sent with `Expect: 100-continue`: `started` once the server has begun handling it. */
function heldSubmit(
  url: string,
  session: { cookie: string; ip: string },
  gameId: string,
  ranking: string[],
) {
  const body = JSON.stringify({ ranking });
  const { port } = new URL(url);
  let send: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (send = resolve));
  const req = http.request({
    method: 'PUT',
    host: '127.0.0.1',
    port,
    path: `/api/games/${gameId}/submission`,
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
      cookie: session.cookie,
      origin: url,
      'x-forwarded-for': session.ip,
    },
  });
  req.on('continue', () => send());
  const response = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  return { started, finish: () => req.end(body), response };
}

/** A guest session as raw headers: its cookie and its address. */
async function rawGuest(url: string): Promise<{ cookie: string; ip: string }> {
  const ip = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const response = await fetch(`${url}/api/auth/sign-in/anonymous`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': ip },
    body: '{}',
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, ip };
}

describe('SIGTERM with open event streams, then a restart', () => {
  let dataDir = '';
  let child: Child | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'crowned-drain-'));
  });
  afterAll(async () => {
    await killChild(child);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('hints every stream to retry, finishes requests under way, exits; streams converge after', async () => {
    const port = await freePort();
    child = await startChild(port, { DATA_DIR: dataDir });
    const url = child.url;
    const h = new Harness();
    h.server = { url } as TestServer;
    const owner = new TestClient(url);
    await owner.signUp({ name: 'Owner' });
    const game = await h.createGame(owner, ['A', 'B', 'C', 'D']);
    const eventsPath = `/api/games/${game.id}/events`;
    const streams = await Promise.all(
      Array.from({ length: 50 }, () => openStream(url, eventsPath)),
    );
    // Every stream is live: it has had its snapshot.
    for (let i = 0; i < 200 && streams.some((s) => s.versions.length === 0); i++) await sleep(50);
    expect(
      streams.filter((s) => s.versions.length === 0).length,
      'streams without a snapshot',
    ).toBe(0);

    // Requests the server has begun handling (it said 100 Continue) when the signal comes.
    const sessions = await Promise.all(Array.from({ length: 5 }, () => rawGuest(url)));
    const held = sessions.map((session) => heldSubmit(url, session, game.id, shuffled(ids(game))));
    await Promise.all(held.map((request) => request.started));
    const stopping = child;
    stopping.process.kill('SIGTERM');
    const signalledAt = Date.now();
    await sleep(200);
    for (const request of held) request.finish();
    expect(await Promise.all(held.map((request) => request.response))).toEqual([
      200, 200, 200, 200, 200,
    ]);
    const exit = await stopping.exited;
    expect(exit, stopping.output()).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt, 'from SIGTERM to exit, ms').toBeLessThan(10_000);
    expect(await Promise.all(streams.map((s) => s.ended))).toEqual(streams.map(() => 'end'));
    for (const s of streams) expect(s.text).toMatch(/\nretry: \d+\n\n$/);

    // The clients reconnect (as EventSource does) to the restarted server and catch up.
    const reconnecting = Promise.all(streams.map((s) => reconnect(url, eventsPath, s)));
    child = await startChild(port, { DATA_DIR: dataDir });
    const again = await reconnecting;
    try {
      const player = new TestClient(url);
      await player.guest();
      expect((await h.submit(player, game.id, shuffled(ids(game)))).status).toBe(200);
      const reference = await openStream(url, eventsPath);
      for (let i = 0; i < 200 && reference.versions.length === 0; i++) await sleep(50);
      reference.close();
      const latest = reference.versions[0]!;
      expect(latest).toBeGreaterThan(Math.max(...streams.flatMap((s) => s.versions)));
      const lagging = () => again.filter((s) => Math.max(-1, ...s.versions) !== latest).length;
      for (let i = 0; i < 400 && lagging() > 0; i++) await sleep(50);
      expect(lagging(), 'streams not on the latest version').toBe(0);
    } finally {
      for (const s of again) s.close();
    }
  });
});
