/**
 * Seeds a game's final submissions straight into PostgreSQL: synthetic players, one random full
 * ranking each, and the matching `game_tally`. The domain's addRanking copies the whole tally per
 * ranking (about 16 ms at 200 items, so half an hour for 100k), so the counts are summed here in
 * typed arrays instead; `counterMatchesDomain` checks that this gives exactly the tally that
 * emptyTally/addRanking give, on a sample, before anything is seeded.
 */
import pg from 'pg';
import { groupsOfRanking } from '../../src/domain/ballot';
import { addRanking, emptyTally, tallyOfBallots, type Tally } from '../../src/domain/results';
import { stopSignal } from './stats';

/** The tally of full rankings, counted in n x n arrays of item indexes. */
export class TallyCounter {
  private readonly n: number;
  /** dist[item * n + position]: rankings placing the item at that position. */
  private readonly dist: Int32Array;
  /** wins[a * n + b]: rankings placing a above b. */
  private readonly wins: Int32Array;
  private submissions = 0;

  constructor(private readonly itemIds: readonly string[]) {
    this.n = itemIds.length;
    this.dist = new Int32Array(this.n * this.n);
    this.wins = new Int32Array(this.n * this.n);
  }

  /** Counts one full ranking given as item indexes, best first. */
  add(order: Uint16Array): void {
    const { n, dist, wins } = this;
    this.submissions += 1;
    for (let i = 0; i < n; i++) {
      const a = order[i] as number;
      dist[a * n + i] = (dist[a * n + i] as number) + 1;
      const row = a * n;
      for (let j = i + 1; j < n; j++) {
        const k = row + (order[j] as number);
        wins[k] = (wins[k] as number) + 1;
      }
    }
  }

  /** The same counts in the domain's canonical Tally shape (no zero entries). */
  toTally(): Tally {
    const { n, dist, wins, itemIds } = this;
    const tally: Tally = { submissions: this.submissions, items: {}, wins: {} };
    for (let a = 0; a < n; a++) {
      const id = itemIds[a] as string;
      const counts = Array.from(dist.subarray(a * n, a * n + n));
      while (counts.length > 0 && counts[counts.length - 1] === 0) counts.pop();
      if (counts.length > 0) {
        const sum = counts.reduce((total, count, p) => total + count * (p + 1), 0);
        tally.items[id] = { sum, first: counts[0] ?? 0, dist: counts };
      }
      const row: Record<string, number> = {};
      for (let b = 0; b < n; b++) {
        const count = wins[a * n + b] as number;
        if (count > 0) row[itemIds[b] as string] = count;
      }
      if (Object.keys(row).length > 0) tally.wins[id] = row;
    }
    return tally;
  }
}

/** A uniformly random order of 0..n-1 (Fisher-Yates). */
export function randomOrder(n: number): Uint16Array {
  const order = new Uint16Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    const swap = order[i] as number;
    order[i] = order[j] as number;
    order[j] = swap;
  }
  return order;
}

/**
 * Lets signals and I/O in between long computations: under `tsx`, a process that does not
 * answer Ctrl-C within 30 ms is killed without its cleanup.
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** True when the counter and emptyTally/addRanking agree exactly on `samples` random rankings. */
export async function counterMatchesDomain(
  itemIds: readonly string[],
  samples: number,
): Promise<boolean> {
  const counter = new TallyCounter(itemIds);
  let tally = emptyTally();
  for (let k = 0; k < samples; k++) {
    await breathe();
    const order = randomOrder(itemIds.length);
    counter.add(order);
    tally = addRanking(
      tally,
      Array.from(order, (i) => itemIds[i] as string),
    );
  }
  return canonical(counter.toTally()) === canonical(tally);
}

/**
 * Recomputes a game's tally from its stored final rankings and compares it with the kept one (a
 * bench's check that concurrent resubmissions lost or doubled nothing).
 */
export async function checkTally(
  pool: Pick<pg.Pool, 'query'>,
  gameId: string,
): Promise<{ consistent: boolean; detail: string }> {
  const { rows } = await pool.query<{ ranking: string[]; partial: boolean }>(
    'select ranking, partial from submission where game_id = $1',
    [gameId],
  );
  let expected: Tally = emptyTally();
  for (const row of rows) if (!row.partial) expected = addRanking(expected, row.ranking);
  const kept = await pool.query<{ tally: Tally; submissions: number }>(
    'select tally, submissions from game_tally where game_id = $1',
    [gameId],
  );
  const stored = kept.rows[0];
  if (!stored) return { consistent: false, detail: 'no tally row' };
  const same =
    canonical(stored.tally) === canonical(expected) && stored.submissions === expected.submissions;
  return {
    consistent: same,
    detail: same
      ? `${expected.submissions} rankings, tally matches a recount`
      : `kept ${stored.submissions} rankings, recount ${expected.submissions}; tallies differ`,
  };
}

/** JSON with object keys sorted, so two tallies compare whatever their key order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const BATCH = 2_000;

const INSERT_SUBMISSIONS = `
  insert into submission (game_id, user_id, name, ranking)
  select $1, 'bench-player-' || ($2::int + r.n), 'Player ' || ($2::int + r.n), r.ranking
  from jsonb_array_elements($3::jsonb) with ordinality as r(ranking, n)`;

export type SeedFigures = { submissions: number; seconds: number; tallyVersion: number };

/** Where seeded ballots come from: one ballot at a time, and the tally of all drawn so far. */
type BallotSource = { draw(): string[]; tally(): Tally };

/** Uniformly random full rankings, counted in typed arrays (TallyCounter). */
function fullRankings(itemIds: readonly string[]): BallotSource {
  const counter = new TallyCounter(itemIds);
  return {
    draw() {
      const order = randomOrder(itemIds.length);
      counter.add(order);
      return Array.from(order, (i) => itemIds[i] as string);
    },
    tally: () => counter.toTally(),
  };
}

/**
 * Top-N picks with some consensus (each pick drawn near the front of the items' order), counted
 * by the domain's own weak-order tally: unranked items tie below the picks.
 */
function topPicks(itemIds: readonly string[], n: number): BallotSource {
  const cast: string[][][] = [];
  return {
    draw() {
      const picked = new Set<string>();
      while (picked.size < Math.min(n, itemIds.length)) {
        picked.add(itemIds[Math.floor(itemIds.length * Math.random() ** 2)] as string);
      }
      const ranking = [...picked];
      cast.push(groupsOfRanking(ranking));
      return ranking;
    },
    tally: () => tallyOfBallots(cast),
  };
}

/**
 * `count` guest users `bench-player-{from}..`, each with one final ballot of the game: a random
 * full ranking of `itemIds`, or with `top` a top-N pick of them (a top-N game's ballots). Then
 * the game's tally, count and a bumped version, then ANALYZE. Batches of 2,000 rows; the next
 * batch is drawn and counted while the database stores the previous one. Player ids start after
 * `from`, so two games of one database can be seeded.
 */
export async function seedFinalSubmissions(
  url: string,
  options: {
    gameId: string;
    itemIds: readonly string[];
    count: number;
    top?: number;
    from?: number;
  },
): Promise<SeedFigures> {
  const { gameId, itemIds, count, from = 0 } = options;
  const source = options.top ? topPicks(itemIds, options.top) : fullRankings(itemIds);
  const began = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into "user" (id, name, email, is_anonymous)
       select 'bench-player-' || i, 'Player ' || i, 'bench-player-' || i || '@guests.bench.invalid', true
       from generate_series($2::int + 1, $2::int + $1::int) as i`,
      [count, from],
    );
    let storing: Promise<unknown> | undefined;
    for (let start = 0; start < count; start += BATCH) {
      const rankings: string[][] = [];
      for (let k = 0; k < Math.min(BATCH, count - start); k++) {
        if (k % 50 === 0) await breathe();
        rankings.push(source.draw());
      }
      await storing;
      if (stopSignal.stopped) throw new Error('interrupted while seeding');
      storing = client.query(INSERT_SUBMISSIONS, [gameId, from + start, JSON.stringify(rankings)]);
    }
    await storing;
    const { rows } = await client.query<{ version: number }>(
      `update game_tally set tally = $2::jsonb, submissions = $3, version = version + 1
       where game_id = $1 returning version`,
      [gameId, JSON.stringify(source.tally()), count],
    );
    const version = rows[0]?.version;
    if (version === undefined) throw new Error(`no game_tally row for game ${gameId}`);
    await client.query('analyze "user", submission, game_tally');
    return {
      submissions: count,
      seconds: (performance.now() - began) / 1000,
      tallyVersion: version,
    };
  } finally {
    await client.end();
  }
}
