// `npm run bench:smoke`: every benchmark of `npm run bench`, once, for a second and at toy sizes,
// so that a benchmark broken by a change fails CI (.ci/run) instead of rotting until someone
// measures. The figures mean nothing; that each bench runs to its end without an error does.
// The list is read from the `bench` script, so a new benchmark is smoked as soon as it is added.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

const TOY_SIZES = {
  BENCH_SECONDS: '1',
  BENCH_CONCURRENCY: '4',
  BENCH_GUESTS: '8',
  BENCH_SUBSCRIBERS: '4',
  BENCH_SUBMISSIONS: '100',
  BENCH_READS: '10',
  BENCH_WATCHERS: '16',
  BENCH_INSTANCE_WATCHERS: '4',
  BENCH_RANKS: '500',
  BENCH_DEEP_PAGES: '2',
  BENCH_BALLOTS: '1000',
  BENCH_ITEMS: '10',
  BENCH_REPEAT: '1',
  BENCH_ROUNDS: '1',
  BENCH_PREVIEW_CLIENTS: '2',
  BENCH_PREVIEW_GAMES: '5',
  BENCH_WEB_RUNS: '1',
  BENCH_HUNG_WEBHOOKS: '1',
  BENCH_HUNG_RANKINGS: '3',
  BENCH_SAMPLES: '3',
  BENCH_ROOM_PLAYERS: '20',
  BENCH_ROOM_JOIN_SECONDS: '1',
  BENCH_ROOM_SUBMIT_SECONDS: '1',
};

const steps = scripts.bench.split('&&').map((step) => step.trim().split(/\s+/));
const started = performance.now();
for (const [command, ...args] of steps) {
  // The web build is done already when the tests ran before; build only when it is missing.
  if (command === 'vite' && existsSync(path.join(root, 'dist/web/index.html'))) continue;
  console.log(`\n[bench:smoke] ${command} ${args.join(' ')}`);
  const stepStarted = performance.now();
  const run = spawnSync('npx', [command, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...TOY_SIZES },
  });
  if (run.status !== 0) {
    console.log(`[bench:smoke] failed: ${command} ${args.join(' ')} (exit ${run.status})`);
    process.exit(1);
  }
  console.log(
    `[bench:smoke] ${args.at(-1)}: ${Math.round((performance.now() - stepStarted) / 1000)} s`,
  );
}
console.log(
  `[bench:smoke] every benchmark ran (${Math.round((performance.now() - started) / 1000)} s)`,
);
