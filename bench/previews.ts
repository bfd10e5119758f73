/**
 * `npm run bench` (previews): does a flood of link preview images slow everyone else down? The
 * attack of issue 22 (row 3): BENCH_PREVIEW_CLIENTS (8) anonymous clients, each from its own
 * address, cycle through BENCH_PREVIEW_GAMES (110) games' `/og/g/:id.png` as fast as they can
 * (from a worker thread), while a probe reads a game (`GET /api/games/:id`) one request at a time.
 *
 * Rounds interleave the baseline and the flood (idle, flood, idle, flood, ...: BENCH_ROUNDS, 3
 * pairs), each flood on games never drawn before, so every flood round includes the first
 * drawing of its images, the costly part. Each phase lasts BENCH_SECONDS (10). Prints the probe's
 * p50/p95 per phase, the median ratio of flood p95 to idle p95 with its spread (the target is
 * at most 2x), the images drawn (the server's own counter: each card once) and how the flood was
 * answered (200, 304, 429 over the per-address limit, 503 when the render queue is full).
 * Writes bench/results/previews-*.json. Nothing is asserted. The server runs as `npm start` runs
 * it (the bundle, its render workers, the embedded database), in development mode with the
 * default preview limits.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/support/server';
import { memoryServerEnv, spawnServer, type ChildServer } from './lib/child-server';
import { cookieHeader, HttpClient } from './lib/http';
import { checkpoint, Interrupted, positive, SetupError, logLoadAtStart } from './lib/setup';
import { mapLimit, Recorder, round, stopSignal, type Figures } from './lib/stats';

const SECONDS = positive('BENCH_SECONDS', 10, false);
const ROUNDS = positive('BENCH_ROUNDS', 3);
const CLIENTS = positive('BENCH_PREVIEW_CLIENTS', 8);
const GAMES = positive('BENCH_PREVIEW_GAMES', 110);

const log = (message: string) => console.log(`[previews] ${message}`);

type Phase = { kind: 'idle' | 'flood'; round: number; probe: Figures; statuses?: Statuses };
type Statuses = Record<string, number>;

async function renderedSoFar(http: HttpClient): Promise<number> {
  const res = await http.request('GET', '/metrics');
  if (res.status !== 200) throw new Error(`/metrics: HTTP ${res.status}`);
  const line = res.body.split('\n').find((row) => row.startsWith('crowned_og_renders_total'));
  return Number(line?.split(' ').at(-1) ?? 0);
}

/** The probe: one game read at a time, for `seconds`, from an address of its own. */
async function probe(http: HttpClient, gameId: string, seconds: number): Promise<Figures> {
  const recorder = new Recorder();
  const start = performance.now();
  const deadline = start + seconds * 1000;
  while (!stopSignal.stopped && performance.now() < deadline) {
    const began = performance.now();
    try {
      const res = await http.request('GET', `/api/games/${gameId}`, {
        headers: { 'x-forwarded-for': '198.18.1.1' },
      });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      recorder.ok(performance.now() - began);
    } catch (error) {
      recorder.error(error);
    }
  }
  return recorder.figures((performance.now() - start) / 1000);
}

/**
 * The flood, in a worker thread of its own so that its event loop never delays the probe's: each
 * client from its own address (new addresses every round, as a new attacker would come), cycling
 * through `ids`, until told to stop. Answers how the requests were answered, by status.
 */
const FLOOD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, ids, clients, round } = workerData;
let stopped = false;
parentPort.once('message', () => (stopped = true));
const statuses = {};
const get = (agent, path, address) =>
  new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { 'x-forwarded-for': address } }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
    });
    req.on('error', () => resolve('error'));
  });
Promise.all(
  Array.from({ length: clients }, async (_, client) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const address = '198.18.' + (10 + round) + '.' + (client + 1);
    for (let i = client * Math.ceil(ids.length / clients); !stopped; i++) {
      const status = await get(agent, '/og/g/' + ids[i % ids.length] + '.png', address);
      statuses[status] = (statuses[status] || 0) + 1;
    }
    agent.destroy();
  }),
).then(() => parentPort.postMessage(statuses));
`;

function startFlood(port: number, ids: readonly string[], round: number) {
  const worker = new Worker(FLOOD_WORKER, {
    eval: true,
    workerData: { port, ids, clients: CLIENTS, round },
  });
  const answered = new Promise<Statuses>((resolve, reject) => {
    worker.once('message', (statuses: Statuses) => resolve(statuses));
    worker.once('error', reject);
  });
  return {
    stop: async (): Promise<Statuses> => {
      worker.postMessage('stop');
      const statuses = await answered;
      await worker.terminate();
      return statuses;
    },
  };
}

async function createGames(http: HttpClient, origin: string, count: number): Promise<string[]> {
  const signUp = await http.request('POST', '/api/auth/sign-up/email', {
    json: {
      name: 'Bench Owner',
      email: `previews-${Date.now()}@bench.invalid`,
      password: `bench-${Date.now()}-password`,
    },
    headers: { origin, 'x-forwarded-for': '198.18.2.1' },
  });
  if (signUp.status !== 200) throw new SetupError(`owner sign-up: HTTP ${signUp.status}`);
  const cookie = cookieHeader(signUp.setCookies);
  return mapLimit(
    Array.from({ length: count }, (_, i) => i),
    4,
    async (i) => {
      const res = await http.request('POST', '/api/games', {
        json: {
          prompt: `Preview bench ${i}: which of these wins? Ünïcødé, Ελληνικά, 日本語`,
          items: ['Margherita', 'Quattro formaggi', 'Diavola', `Item ${i}`],
        },
        headers: { origin, cookie, 'x-forwarded-for': '198.18.2.1' },
      });
      if (res.status !== 201) throw new SetupError(`create game ${i}: HTTP ${res.status}`);
      return (JSON.parse(res.body) as { game: { id: string } }).game.id;
    },
  );
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  process.once('SIGINT', () => (stopSignal.stopped = true));
  const load = logLoadAtStart(log);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server: ChildServer | undefined;
  const http = new HttpClient('127.0.0.1', port, 'http', 8);
  try {
    server = await spawnServer(
      memoryServerEnv(port, {
        LIMIT_GAMES_PER_HOUR: '100000',
      }),
      { timeoutMs: 120_000, shouldStop: () => stopSignal.stopped },
    );
    log(`server ready in ${Math.round(server.readyMs)} ms; creating ${GAMES * ROUNDS} games`);
    const games = await createGames(http, origin, GAMES * ROUNDS);
    const probeGame = games[0] as string;
    // Warm both paths once (a first image starts the workers), outside the figures.
    await http.request('GET', `/og/g/${probeGame}.png`, {
      headers: { 'x-forwarded-for': '198.18.3.1' },
    });
    await probe(http, probeGame, 1);

    const phases: Phase[] = [];
    let drawn = 0;
    for (let round = 0; round < ROUNDS; round++) {
      checkpoint();
      const idle = await probe(http, probeGame, SECONDS);
      phases.push({ kind: 'idle', round, probe: idle });
      const ids = games.slice(round * GAMES, (round + 1) * GAMES);
      const flooding = startFlood(port, ids, round);
      const during = await probe(http, probeGame, SECONDS);
      const statuses = await flooding.stop();
      phases.push({ kind: 'flood', round, probe: during, statuses });
      const rendered = await renderedSoFar(http);
      log(
        `round ${round + 1}: idle p95 ${idle.p95Ms} ms, flood p95 ${during.p95Ms} ms; ` +
          `flood answers ${JSON.stringify(statuses)}; images drawn ${rendered - drawn}`,
      );
      drawn = rendered;
    }

    const ratios = phases
      .filter((phase) => phase.kind === 'flood')
      .map((phase) => {
        const idle = phases.find((p) => p.kind === 'idle' && p.round === phase.round);
        return (phase.probe.p95Ms ?? 0) / Math.max(0.01, idle?.probe.p95Ms ?? 0);
      });
    const memory = server.memory();
    console.log(
      `\nPreview flood: ${CLIENTS} clients x ${GAMES} games, ${ROUNDS} rounds of ${SECONDS} s`,
    );
    console.log('phase      round  probe p50 ms  probe p95 ms  probe req/s');
    for (const phase of phases) {
      console.log(
        `${phase.kind.padEnd(9)}  ${String(phase.round + 1).padStart(5)}  ${String(phase.probe.p50Ms).padStart(12)}  ${String(phase.probe.p95Ms).padStart(12)}  ${String(phase.probe.opsPerSecond).padStart(11)}`,
      );
    }
    console.log(
      `flood p95 / idle p95: median ${round(median(ratios), 2)}x (spread ${round(Math.min(...ratios), 2)}-${round(Math.max(...ratios), 2)}; target <= 2x)`,
    );
    console.log(
      `images drawn: ${drawn} for ${GAMES * ROUNDS} games (+1 warm-up); server memory ${memory ? `${memory.rssMb} MB (peak ${memory.peakMb} MB)` : 'n/a'}`,
    );

    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    await mkdir(dir, { recursive: true });
    const file = `${dir}previews-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    await writeFile(
      file,
      `${JSON.stringify({ load, clients: CLIENTS, games: GAMES, rounds: ROUNDS, seconds: SECONDS, phases, ratios, drawn }, null, 2)}\n`,
    );
    console.log(`written to ${file}`);
  } finally {
    http.close();
    await server?.stop();
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof Interrupted) process.exit(130);
  console.error(error instanceof SetupError ? error.message : error);
  process.exit(1);
}
