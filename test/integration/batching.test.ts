/**
 * Group commit: submissions to one game that wait together are written in one transaction, each
 * answered with its own outcome. Batches are formed here the way the server forms them (requests
 * handed over in the same tick join one batch), against the real database.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors';
import { MESSAGES } from '../../src/domain/game';
import { LIFECYCLE_MESSAGES } from '../../src/domain/lifecycle';
import { addRanking, emptyTally, type Tally } from '../../src/domain/results';
import { game, gameTally, submission } from '../../src/server/db/schema/games';
import { user } from '../../src/server/db/schema/auth';
import { GameStates, type GameState } from '../../src/server/games/state';
import type { EventHub, HubMessage } from '../../src/server/realtime/hub';
import { Submissions, type SubmitInput } from '../../src/server/games/submit';
import { KeyedQueue } from '../../src/server/platform/keyed-queue';
import { tag } from '../support/client';
import { testDatabases } from '../support/server';
import { ids, shuffled, statementsNaming, useServer } from './harness';

describe.concurrent.each(testDatabases)('batched submissions on %s', (kind) => {
  const h = useServer(kind);
  const db = () => h.server.database.db;

  function submissions(): Submissions {
    return new Submissions(db(), new GameStates(db()), new KeyedQueue());
  }

  /** Players made straight in the database (no sessions needed here). */
  async function players(count: number): Promise<string[]> {
    const run = tag();
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `p-${run}-${i}`,
      name: `Player ${i}`,
      email: `p-${run}-${i}@example.test`,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db()
        .insert(user)
        .values(rows.slice(i, i + 500));
    return rows.map((row) => row.id);
  }

  async function newGame(items: string[], extra: Record<string, unknown> = {}) {
    const owner = await h.user('Owner');
    return h.createGame(owner, items, `Batch ${tag()}`, extra);
  }

  async function stored(gameId: string) {
    const [tally] = await db().select().from(gameTally).where(eq(gameTally.gameId, gameId));
    const rows = await db().select().from(submission).where(eq(submission.gameId, gameId));
    return { tally: tally!, rows };
  }

  /** Hands every request over in one tick (one batch) and settles them all. */
  function together(writer: Submissions, inputs: SubmitInput[]) {
    return Promise.allSettled(inputs.map((input) => writer.submit(input)));
  }

  function recount(rankings: readonly (readonly string[])[]): Tally {
    return rankings.reduce<Tally>((tally, ranking) => addRanking(tally, ranking), emptyTally());
  }

  it('applies a resubmission by the same player in one batch in order', async () => {
    const g = await newGame(['A', 'B', 'C']);
    const [p1, p2] = await players(2);
    const [r1, r2, r3] = [
      ids(g, ['A', 'B', 'C']),
      ids(g, ['B', 'C', 'A']),
      ids(g, ['C', 'A', 'B']),
    ];
    const settled = await together(submissions(), [
      { gameId: g.id, userId: p1!, name: 'One', ranking: r1, partial: false },
      { gameId: g.id, userId: p2!, name: 'Two', ranking: r2, partial: false },
      { gameId: g.id, userId: p1!, name: 'One again', ranking: r3, partial: false },
    ]);
    const answers = settled.map((s) => (s.status === 'fulfilled' ? s.value : s.reason));
    expect(answers.map((a) => a.count)).toEqual([1, 2, 2]);
    expect(answers[2].submission).toMatchObject({ name: 'One again', ranking: r3 });
    const { tally, rows } = await stored(g.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.userId === p1)).toMatchObject({ name: 'One again', ranking: r3 });
    expect(tally.tally).toEqual(recount([r3, r2]));
    expect(tally).toMatchObject({ submissions: 2, version: 3 });
  });

  it('closes at the players limit mid-batch: the rest are refused, the count is exact', async () => {
    const g = await newGame(['A', 'B', 'C'], { sizeLimit: 3 });
    const people = await players(5);
    const rankings = people.map(() => shuffled(ids(g)));
    const settled = await together(
      submissions(),
      people.map((userId, i) => ({
        gameId: g.id,
        userId,
        name: `P${i}`,
        ranking: rankings[i]!,
        partial: false,
      })),
    );
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
    ]);
    const answers = settled.slice(0, 3).map((s) => (s as PromiseFulfilledResult<never>).value);
    expect(answers.map((a: { count: number }) => a.count)).toEqual([1, 2, 3]);
    expect(answers.map((a: { closed: boolean }) => a.closed)).toEqual([false, false, true]);
    for (const refused of settled.slice(3)) {
      const error = (refused as PromiseRejectedResult).reason as AppError;
      expect(error).toBeInstanceOf(AppError);
      expect(error.message).toBe(LIFECYCLE_MESSAGES.closed);
    }
    const { tally, rows } = await stored(g.id);
    expect(rows).toHaveLength(3);
    expect(tally.tally).toEqual(recount(rankings.slice(0, 3)));
    const [row] = await db().select({ closed: game.closed }).from(game).where(eq(game.id, g.id));
    expect(row?.closed).toBe(true);
  });

  it('fails only the request with a bad ranking', async () => {
    const g = await newGame(['A', 'B', 'C']);
    const [p1, p2, p3] = await players(3);
    const good = ids(g);
    const settled = await together(submissions(), [
      { gameId: g.id, userId: p1!, name: 'One', ranking: good, partial: false },
      {
        gameId: g.id,
        userId: p2!,
        name: 'Two',
        ranking: [...good.slice(0, 2), 'nope'],
        partial: false,
      },
      { gameId: g.id, userId: p3!, name: 'Three', ranking: good, partial: false },
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(((settled[1] as PromiseRejectedResult).reason as AppError).message).toBe(
      MESSAGES.rankingUnknownItem,
    );
    const { tally, rows } = await stored(g.id);
    expect(rows.map((row) => row.userId).sort()).toEqual([p1, p3].sort());
    expect(tally.tally).toEqual(recount([good, good]));
  });

  it('fails every request of a batch the database fails, and applies nothing of it', async () => {
    const g = await newGame(['A', 'B', 'C']);
    const [p0, p1, p2, p3] = await players(4);
    const writer = submissions();
    const first = ids(g);
    await writer.submit({
      gameId: g.id,
      userId: p0!,
      name: 'Before',
      ranking: first,
      partial: false,
    });
    const before = await stored(g.id);
    // A real failure inside the batch's write: the database refuses one of its rows.
    const poison = `poison-${tag()}`;
    const fn = `fail_${poison.replace(/\W/g, '_')}`;
    await db().execute(
      sql.raw(`create function ${fn}() returns trigger language plpgsql as $$
        begin if new.name = '${poison}' then raise exception 'disk on fire'; end if; return new; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger ${fn} before insert or update on submission
        for each row execute function ${fn}()`),
    );
    try {
      const settled = await together(writer, [
        { gameId: g.id, userId: p1!, name: 'Fine', ranking: shuffled(first), partial: false },
        { gameId: g.id, userId: p2!, name: poison, ranking: shuffled(first), partial: false },
        { gameId: g.id, userId: p3!, name: 'Fine too', ranking: shuffled(first), partial: true },
      ]);
      expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    } finally {
      await db().execute(sql.raw(`drop trigger ${fn} on submission`));
      await db().execute(sql.raw(`drop function ${fn}()`));
    }
    const after = await stored(g.id);
    expect(after.tally).toEqual(before.tally);
    expect(after.rows).toEqual(before.rows);
    // The next batch goes through.
    const next = await writer.submit({
      gameId: g.id,
      userId: p1!,
      name: 'Later',
      ranking: first,
      partial: false,
    });
    expect(next.count).toBe(2);
  });

  it('keeps the tally equal to a recount after 10,000 random concurrent submissions', async () => {
    const g = await newGame(['A', 'B', 'C', 'D', 'E', 'F']);
    const people = await players(400);
    const writer = submissions();
    const all = ids(g);
    const inputs: SubmitInput[] = Array.from({ length: 10_000 }, (_, i) => {
      const partial = Math.random() < 0.2;
      const ranking = shuffled(all);
      return {
        gameId: g.id,
        userId: people[Math.floor(Math.random() * people.length)]!,
        name: `try ${i}`,
        ranking: partial ? ranking.slice(0, 1 + Math.floor(Math.random() * 5)) : ranking,
        partial,
      };
    });
    // Arriving over time, 200 in flight at once: batches of many sizes.
    let next = 0;
    const failures: unknown[] = [];
    await Promise.all(
      Array.from({ length: 200 }, async () => {
        while (next < inputs.length) {
          const input = inputs[next++]!;
          await writer.submit(input).catch((error: unknown) => failures.push(error));
        }
      }),
    );
    expect(failures).toEqual([]);
    const { tally, rows } = await stored(g.id);
    const finals = rows.filter((row) => !row.partial);
    expect(tally.submissions).toBe(finals.length);
    expect(tally.tally).toEqual(recount(finals.map((row) => row.ranking)));
    const [plays] = await db().select({ n: game.playCount }).from(game).where(eq(game.id, g.id));
    expect(plays?.n).toBe(finals.length);
  });

  it('plans again under the lock when what an instance keeps went stale', async () => {
    // Two instances that hear nothing of each other: each plans on what it kept, and the guard
    // in the write sends a stale plan back to be made on what the database holds.
    const g = await newGame(['A', 'B', 'C']);
    const [p1, p2] = await players(2);
    const [r1, r2, r3] = [
      ids(g, ['A', 'B', 'C']),
      ids(g, ['B', 'C', 'A']),
      ids(g, ['C', 'A', 'B']),
    ];
    const [a, b] = [submissions(), submissions()];
    const input = (userId: string, ranking: string[], partial = false): SubmitInput => ({
      gameId: g.id,
      userId,
      name: 'P',
      ranking,
      partial,
    });
    expect((await a.submit(input(p1!, r1))).count).toBe(1);
    // b reads the game afresh but does not know p1: it takes them for new, and must not count
    // them twice.
    expect((await b.submit(input(p1!, r2))).count).toBe(1);
    // a still keeps p1's first ranking and the version before b's write.
    expect((await a.submit(input(p1!, r3))).count).toBe(1);
    expect((await b.submit(input(p2!, r1))).count).toBe(2);
    // Saved progress does not replace p1's final ranking, whatever b kept.
    const kept = await b.submit(input(p1!, r2.slice(0, 1), true));
    expect(kept.submission).toMatchObject({ ranking: r3, partial: false });
    const { tally, rows } = await stored(g.id);
    expect(tally.submissions).toBe(2);
    expect(tally.tally).toEqual(recount([r3, r1]));
    expect(rows.map((row) => row.ranking).sort()).toEqual([r3, r1].sort());
  });

  it('plans again under the lock when the ballot changed on another instance', async () => {
    const g = await newGame(['A', 'B', 'C', 'D']);
    const [p1] = await players(1);
    const states = new GameStates(db());
    const writer = new Submissions(db(), states, new KeyedQueue());
    // This instance keeps the game as a full-ranking game...
    expect((await states.get(g.id))?.row.ballot).toEqual({ kind: 'ranking' });
    // ...and hears nothing of another instance making it a top 2.
    await db()
      .update(game)
      .set({ ballot: { kind: 'top', n: 2 } })
      .where(eq(game.id, g.id));
    const input = (ranking: string[]): SubmitInput => ({
      gameId: g.id,
      userId: p1!,
      name: 'P',
      ranking,
      partial: false,
    });
    const full = await writer.submit(input(ids(g))).catch((error: unknown) => error);
    expect(full).toBeInstanceOf(AppError);
    expect((full as AppError).message).toBe('Pick exactly 2 items');
    expect((await stored(g.id)).rows).toEqual([]);
    const two = await writer.submit(input(ids(g).slice(0, 2)));
    expect(two.count).toBe(1);
    const { tally, rows } = await stored(g.id);
    expect(tally.submissions).toBe(1);
    expect(rows.map((row) => row.ranking)).toEqual([ids(g).slice(0, 2)]);
  });

  it("applies another instance's batch to what it keeps from the batch's event: nothing read again, its next batch written without the lock", async ({
    expect,
  }) => {
    const g = await newGame(['A', 'B', 'C', 'D']);
    const [p1, p2, p3] = await players(3);
    const [r1, r2, r3] = [
      ids(g, ['A', 'B', 'C', 'D']),
      ids(g, ['D', 'B', 'A', 'C']),
      ids(g, ['B', 'D', 'C', 'A']),
    ];
    const input = (userId: string, ranking: string[]): SubmitInput => ({
      gameId: g.id,
      userId,
      name: 'P',
      ranking,
      partial: false,
    });
    // This instance hears the database's events; the other writes and hears nothing.
    const states = new GameStates(db());
    const detach = states.attach(h.server.hub);
    try {
      const here = new Submissions(db(), states, new KeyedQueue());
      const there = submissions();
      // Reading the game's tally: loading it, or a batch planned under the lock (the statement
      // as the counter sees it: serialized, its quotes escaped).
      const column = JSON.stringify('"game_tally"."tally"').slice(1, -1);
      const tallyReads = (run: () => Promise<void>) =>
        statementsNaming(h, (s) => s.includes(g.id) && s.includes(column), run);
      expect((await there.submit(input(p1!, r1))).count).toBe(1);
      expect(await tallyReads(async () => void (await states.get(g.id)))).toBe(1);
      const reads = await tallyReads(async () => {
        expect((await there.submit(input(p2!, r2))).count).toBe(2);
        const { tally } = await stored(g.id);
        await expect.poll(async () => (await states.get(g.id))?.version).toBe(tally.version);
        expect((await here.submit(input(p3!, r3))).count).toBe(3);
      });
      expect(reads).toBe(0);
      const { tally } = await stored(g.id);
      expect(tally.tally).toEqual(recount([r1, r2, r3]));
      const kept = (await states.get(g.id))!;
      expect([kept.version, kept.submissions, kept.tally]).toEqual([tally.version, 3, tally.tally]);
    } finally {
      detach();
    }
  });

  it("waits for its own write when the write's event is heard first, and reads nothing again", async () => {
    const g = await newGame(['A', 'B', 'C']);
    const [p1] = await players(1);
    let hear: (message: HubMessage) => void = () => undefined;
    const states = new GameStates(db());
    const hub = {
      tap: (listener: typeof hear) => {
        hear = listener;
        return () => undefined;
      },
    };
    states.attach(hub as unknown as EventHub);
    const kept = (await states.get(g.id))!;
    const event = (version: number) =>
      ({ type: 'submission', gameId: g.id, version, count: 1, userIds: [p1!] }) as HubMessage;
    const ticks = () => new Promise((resolve) => setImmediate(resolve));

    // Applied: the early event holds readers until committed(), which hands them its state.
    const next: GameState = { ...kept, version: kept.version + 1 };
    let read: Promise<GameState | null> | undefined;
    await states.writing(g.id, next.version, async () => {
      hear(event(next.version));
      read = states.get(g.id);
    });
    let settled = false;
    void read!.then(() => (settled = true));
    await ticks();
    expect(settled).toBe(false);
    states.committed(next, new Map(), next.version);
    expect(await read).toBe(next);

    // Failed: readers get the game as the database has it.
    let failed: Promise<GameState | null> | undefined;
    const write = states.writing(g.id, next.version + 1, async () => {
      hear(event(next.version + 1));
      failed = states.get(g.id);
      throw new Error('the write failed');
    });
    await expect(write).rejects.toThrow('the write failed');
    const fresh = await failed;
    expect(fresh).not.toBe(next);
    expect(fresh?.version).toBe(kept.version);
  });
});
