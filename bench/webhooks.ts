/**
 * `npm run bench` (webhooks): does one owner's hung receiver delay another owner's deliveries?
 * The scenario of issue 22 (row 4): owner A has BENCH_HUNG_WEBHOOKS (5) webhooks on a host that
 * accepts connections and never answers, and BENCH_HUNG_RANKINGS (40) players rank A's game at
 * once; owner B has one webhook on a receiver that answers at once, and BENCH_SAMPLES (20)
 * players rank B's game one after another. Measured: from B's submission's answer to its
 * delivery reaching B's receiver, first with A quiet (the baseline), then with A's flood. The
 * target is B's p95 <= 2 s. The server runs as `npm start` runs it (the bundle, the embedded
 * database, default webhook settings; private receivers allowed). Writes
 * bench/results/webhooks-*.json; nothing is asserted.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/support/server';
import { memoryServerEnv, spawnServer, type ChildServer } from './lib/child-server';
import { cookieHeader, HttpClient } from './lib/http';
import { positive, SetupError, logLoadAtStart } from './lib/setup';
import { Recorder, type Figures } from './lib/stats';

const HUNG_WEBHOOKS = positive('BENCH_HUNG_WEBHOOKS', 5);
const HUNG_RANKINGS = positive('BENCH_HUNG_RANKINGS', 40);
const SAMPLES = positive('BENCH_SAMPLES', 20);
/** A delivery not seen within this long counts as an error (the figure would be a lie). */
const GIVE_UP_MS = 120_000;

const log = (message: string) => console.log(`[webhooks] ${message}`);

/** A receiver that answers 200 at once and tells who waits for which game's delivery. */
function answeringReceiver() {
  const waiting = new Map<string, () => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.end('ok');
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          data?: { player?: string };
        };
        const name = body.data?.player;
        if (name) waiting.get(name)?.();
      } catch {
        // Not ours.
      }
    });
  });
  return {
    server,
    /** Resolves when a delivery naming `name` arrives. */
    expect(name: string): Promise<void> {
      return new Promise((resolve) => waiting.set(name, resolve));
    },
  };
}

/** A receiver that accepts connections and never answers (the hung host). */
function hungReceiver() {
  const sockets = new Set<Socket>();
  const server = http.createServer(() => {
    // Never answered.
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return { server, open: () => sockets.size, close: () => sockets.forEach((s) => s.destroy()) };
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function main(): Promise<void> {
  const load = logLoadAtStart(log);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const ok = answeringReceiver();
  const hung = hungReceiver();
  const okUrl = `http://127.0.0.1:${await listen(ok.server)}/hook`;
  const hungUrl = `http://127.0.0.1:${await listen(hung.server)}/hook`;
  const client = new HttpClient('127.0.0.1', port, 'http', 64);
  let server: ChildServer | undefined;
  try {
    server = await spawnServer(
      memoryServerEnv(port, {
        WEBHOOK_ALLOW_PRIVATE: 'true',
        DEV_OUTBOX: '1',
        LIMIT_GAMES_PER_HOUR: '1000',
      }),
      { timeoutMs: 120_000 },
    );
    let address = 0;
    const nextAddress = () => {
      address += 1;
      return `198.19.${Math.floor(address / 250)}.${(address % 250) + 1}`;
    };
    const post = async (path: string, json: unknown, cookie?: string, method = 'POST') =>
      client.request(method, path, {
        json,
        headers: { origin, 'x-forwarded-for': nextAddress(), ...(cookie ? { cookie } : {}) },
      });

    /** An owner with a proven inbox (adding webhooks needs one), and their game. */
    const owner = async (name: string) => {
      const email = `${name.toLowerCase()}-${Date.now()}@bench.invalid`;
      const signUp = await post('/api/auth/sign-up/email', {
        name,
        email,
        password: `bench-${Date.now()}-password`,
      });
      if (signUp.status !== 200) throw new SetupError(`${name} sign-up: HTTP ${signUp.status}`);
      const outbox = await client.request('GET', '/api/dev/outbox');
      const link = (
        JSON.parse(outbox.body) as { messages: { to: string; links: string[] }[] }
      ).messages
        .filter((message) => message.to === email)
        .flatMap((message) => message.links)
        .find((url) => url.includes('/api/auth/verify-email'));
      if (!link) throw new SetupError(`${name}: no verification mail`);
      const verified = await client.request('GET', new URL(link).pathname + new URL(link).search, {
        headers: { 'x-forwarded-for': nextAddress() },
      });
      const cookie = cookieHeader(verified.setCookies);
      if (!cookie) throw new SetupError(`${name}: verification gave no session`);
      const created = await post(
        '/api/games',
        { prompt: `${name}'s bench game`, items: ['One', 'Two', 'Three', 'Four'] },
        cookie,
      );
      if (created.status !== 201) throw new SetupError(`${name} game: HTTP ${created.status}`);
      const { game } = JSON.parse(created.body) as {
        game: { id: string; items: { id: string }[] };
      };
      return { cookie, game };
    };
    const a = await owner('Hung');
    const b = await owner('Other');
    for (let i = 0; i < HUNG_WEBHOOKS; i++) {
      const added = await post(`/api/games/${a.game.id}/webhooks`, { url: hungUrl }, a.cookie);
      if (added.status !== 201)
        throw new SetupError(`hung webhook: HTTP ${added.status} ${added.body}`);
    }
    const addedB = await post(`/api/games/${b.game.id}/webhooks`, { url: okUrl }, b.cookie);
    if (addedB.status !== 201)
      throw new SetupError(`webhook: HTTP ${addedB.status} ${addedB.body}`);

    /** A new guest ranks `game` as `name`: the answer's time, or throws. */
    const rank = async (game: { id: string; items: { id: string }[] }, name: string) => {
      const guest = await post('/api/auth/sign-in/anonymous', {});
      const cookie = cookieHeader(guest.setCookies);
      const ranking = game.items.map((item) => item.id).sort(() => Math.random() - 0.5);
      const answered = await post(
        `/api/games/${game.id}/submission`,
        { ranking, name },
        cookie,
        'PUT',
      );
      if (answered.status !== 200) throw new Error(`ranking: HTTP ${answered.status}`);
      return performance.now();
    };

    /** B's players, one after another: from each answer to its delivery. */
    const sampleB = async (label: string): Promise<Figures> => {
      const recorder = new Recorder();
      const began = performance.now();
      for (let i = 0; i < SAMPLES; i++) {
        const name = `${label}-${i}`;
        const arrived = ok.expect(name);
        try {
          const answeredAt = await rank(b.game, name);
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            arrived,
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error('no delivery in 120 s')), GIVE_UP_MS);
            }),
          ]);
          clearTimeout(timer);
          recorder.ok(performance.now() - answeredAt);
        } catch (error) {
          recorder.error(error);
        }
      }
      return recorder.figures((performance.now() - began) / 1000);
    };

    log('baseline: owner B alone');
    const quiet = await sampleB('quiet');
    log(`flood: ${HUNG_RANKINGS} rankings of A's game to ${HUNG_WEBHOOKS} hung webhooks`);
    await Promise.all(Array.from({ length: HUNG_RANKINGS }, (_, i) => rank(a.game, `a-${i}`)));
    const flooded = await sampleB('flooded');
    const hungOpen = hung.open();

    const row = (what: string, f: Figures) =>
      `${what.padEnd(28)} ${String(f.p50Ms).padStart(9)} ${String(f.p95Ms).padStart(9)} ${String(f.maxMs).padStart(9)} ${String(f.errors).padStart(7)}`;
    console.log(`\nAnother owner's deliveries beside ${HUNG_WEBHOOKS} hung webhooks`);
    console.log(
      `${'owner B, answer to delivery'.padEnd(28)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'max ms'.padStart(9)} ${'errors'.padStart(7)}`,
    );
    console.log(row('A quiet (baseline)', quiet));
    console.log(row('A flooding its hung host', flooded));
    console.log(
      `connections held open at the hung host at the end: ${hungOpen} (target p95 <= 2000 ms)`,
    );

    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    await mkdir(dir, { recursive: true });
    const file = `${dir}webhooks-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    await writeFile(file, `${JSON.stringify({ load, quiet, flooded, hungOpen }, null, 2)}\n`);
    console.log(`written to ${file}`);
  } finally {
    client.close();
    hung.close();
    await server?.stop();
    ok.server.close();
    hung.server.close();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof SetupError ? error.message : error);
  process.exit(1);
}
