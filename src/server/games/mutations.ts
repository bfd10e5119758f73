/**
 * Writes: creating games, accepting submissions, closing, editing, archiving and deleting, each
 * in one transaction. Everything that changes what a game counts (submissions, closing, item
 * edits) takes the game row's lock first, so those changes apply one at a time per game.
 */
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { checkRanking, MESSAGES, slugify, type Item } from '../../domain/game';
import {
  applyItemEdit,
  keepItems,
  LIFECYCLE_MESSAGES,
  tallyOf,
  type ItemEdit,
  type Rules,
} from '../../domain/lifecycle';
import { emptyTally, replaceRanking, type Tally } from '../../domain/results';
import type { Db, Tx } from '../db/client';
import { communityRank, game, gameTally, play, playedGame, submission } from '../db/schema';
import { newId } from '../ids';
import { awardXp } from '../players/progression';
import {
  EVENTS_CHANNEL,
  publish,
  notifyRankEvent,
  type GameChangeEvent,
  type SubmissionEvent,
} from '../realtime/hub';
import type { GameRow, SubmissionRow } from './data';

export async function createGame(
  db: Db,
  input: {
    ownerId: string;
    ownerName: string;
    prompt: string;
    labels: string[];
    rules: Rules;
    publishRequested: boolean;
  },
): Promise<GameRow> {
  const ids = new Set<string>();
  while (ids.size < input.labels.length) ids.add(newId(6));
  const items: Item[] = [...ids].map((id, index) => ({ id, label: input.labels[index]! }));
  const base = slugify(input.prompt);
  return db.transaction(async (tx) => {
    // The readable slug first; when it is taken, the same words with a short random suffix.
    for (const slug of [
      base,
      `${base}-${newId(4).toLowerCase()}`,
      `${base}-${newId(8).toLowerCase()}`,
    ]) {
      const [row] = await tx
        .insert(game)
        .values({
          id: newId(10),
          slug,
          ownerId: input.ownerId,
          ownerName: input.ownerName || 'Anonymous',
          prompt: input.prompt,
          items,
          sizeLimit: input.rules.sizeLimit,
          timeLimit: input.rules.timeLimit,
          deadlineAt: input.rules.deadlineAt === null ? null : new Date(input.rules.deadlineAt),
          publishRequested: input.publishRequested,
        })
        .onConflictDoNothing({ target: game.slug })
        .returning();
      if (row) {
        await tx.insert(gameTally).values({ gameId: row.id, tally: emptyTally() });
        await awardXp(tx, { userId: input.ownerId, reason: 'create', ref: row.id });
        return row;
      }
    }
    throw new AppError('aborted', 'Could not pick a link for this game; please try again');
  });
}

/** The refusal a closed game gives every submission, resubmission and saved progress. */
export function closedError(): AppError {
  return new AppError('permission-denied', LIFECYCLE_MESSAGES.closed, { closed: true });
}

function rows<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * Closes open games whose deadline is at or before `now` (one game, or all of them), bumps their
 * live version and tells every instance, in one statement. Safe to run anywhere at any time: a
 * game closes once, whoever gets there first (the others find it closed once they get its lock).
 */
export async function closeDueGames(
  db: Pick<Db, 'execute'>,
  options: { now: Date; gameId?: string },
): Promise<string[]> {
  const oneGame = options.gameId === undefined ? sql`` : sql`and id = ${options.gameId}`;
  const closed = rows<{ game_id: string }>(
    await db.execute(sql`
      with due as (
        update ${game} set closed = true, updated_at = now()
        where closed = false and deadline_at is not null
          and deadline_at <= ${options.now.toISOString()}::timestamptz ${oneGame}
        returning id
      ),
      bumped as (
        update ${gameTally} t set version = t.version + 1
        from due where t.game_id = due.id
        returning t.game_id, t.version
      )
      select game_id, pg_notify(${EVENTS_CHANNEL}, json_build_object(
        'type', 'game', 'gameId', game_id, 'change', 'closed', 'version', version)::text)
      from bumped`),
  );
  return closed.map((row) => row.game_id);
}

/** Closes a game whose lock this transaction holds, bumping its version; tells every instance. */
async function closeLocked(tx: Tx, gameId: string): Promise<number> {
  await tx
    .update(game)
    .set({ closed: true, updatedAt: sql`now()` })
    .where(eq(game.id, gameId));
  const version = await bumpVersion(tx, gameId);
  await publish(tx, { type: 'game', gameId, change: 'closed', version });
  return version;
}

async function bumpVersion(tx: Tx, gameId: string): Promise<number> {
  const [row] = await tx
    .update(gameTally)
    .set({ version: sql`${gameTally.version} + 1` })
    .where(eq(gameTally.gameId, gameId))
    .returning({ version: gameTally.version });
  if (!row) throw new AppError('internal', 'Results are missing for this game');
  return row.version;
}

export type SubmitResult = {
  submission: SubmissionRow;
  count: number;
  version: number;
  /** This submission reached the players limit and closed the game. */
  closed: boolean;
};

type LockedState = {
  tally: Tally;
  submissions: number;
  version: number;
  prev_ranking: string[] | null;
  prev_partial: boolean | null;
  prev_name: string | null;
  prev_at: Date | string | null;
};

type SavedRow = { name: string; ranking: string[]; partial: boolean; at: Date | string };

/**
 * Saves a player's ranking and their played-game record. The game row is locked for the
 * transaction, so submissions to one game apply one at a time: a closed game refuses them, the
 * old final ranking is subtracted from the tally and the new one added, and the submission that
 * reaches the players limit closes the game in the same transaction (so the limit is exact).
 * Three statements while the lock is held: lock (touching the game's activity time), read the
 * tally and the player's previous submission, then write everything and NOTIFY in one statement.
 */
export async function submitRanking(
  db: Db,
  input: { gameId: string; userId: string; name: string; ranking: string[]; partial: boolean },
): Promise<SubmitResult> {
  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx
      .update(game)
      .set({ lastActivityAt: sql`now()` })
      .where(eq(game.id, input.gameId))
      .returning({
        items: game.items,
        closed: game.closed,
        sizeLimit: game.sizeLimit,
        deadlineAt: game.deadlineAt,
        title: game.title,
        prompt: game.prompt,
        emoji: game.emoji,
        isPublic: game.isPublic,
      });
    if (!locked) throw new AppError('not-found', MESSAGES.gameNotFound);
    if (locked.closed) throw closedError();
    if (locked.deadlineAt !== null && locked.deadlineAt.getTime() <= Date.now()) {
      // Past its deadline: it closes now (committed), and this submission is refused.
      await closeLocked(tx, input.gameId);
      return 'closed' as const;
    }
    checkRanking(
      input.ranking,
      locked.items.map((item) => item.id),
      input.partial,
    );
    // A new statement after the lock, so it sees every submission committed before it.
    const [state] = rows<LockedState>(
      await tx.execute(sql`
        select t.tally, t.submissions, t.version,
               s.ranking as prev_ranking, s.partial as prev_partial, s.name as prev_name, s.at as prev_at
        from ${gameTally} t
        left join ${submission} s on s.game_id = t.game_id and s.user_id = ${input.userId}
        where t.game_id = ${input.gameId}`),
    );
    if (!state) throw new AppError('internal', 'Results are missing for this game');
    if (locked.sizeLimit !== null && state.submissions >= locked.sizeLimit) {
      // Cannot happen while the limit closes the game as it is reached; never count past it.
      await closeLocked(tx, input.gameId);
      return 'closed' as const;
    }
    const previous =
      state.prev_ranking && state.prev_name !== null && state.prev_at !== null
        ? {
            ranking: state.prev_ranking,
            partial: state.prev_partial === true,
            name: state.prev_name,
            at: state.prev_at,
          }
        : null;
    const key = { gameId: input.gameId, userId: input.userId };
    // Saved progress never replaces a final ranking: the final one is what counts.
    if (input.partial && previous && !previous.partial) {
      return {
        submission: { ...key, ...previous, at: new Date(previous.at) },
        count: state.submissions,
        version: state.version,
        closed: false,
      };
    }

    const upsert = sql`
      insert into ${submission} (game_id, user_id, name, ranking, partial, at)
      values (${input.gameId}, ${input.userId}, ${input.name}, ${JSON.stringify(input.ranking)}::jsonb,
              ${input.partial}, now())
      on conflict (game_id, user_id) do update
        set name = excluded.name, ranking = excluded.ranking, partial = excluded.partial, at = excluded.at
      returning name, ranking, partial, at`;
    // The player's played-game record: started by saved progress, completed by a final ranking
    // (each final ranking is one more play).
    const final = !input.partial;
    const played = sql`
      insert into ${playedGame} as p (user_id, game_id, last_played_at, last_completed_at, play_count,
                                      status, partial, title, emoji, items_count, is_public)
      values (${input.userId}, ${input.gameId}, now(), ${final ? sql`now()` : sql`null`},
              ${final ? 1 : 0}, ${final ? 'completed' : 'started'}, ${input.partial},
              ${locked.title ?? locked.prompt}, ${locked.emoji}, ${locked.items.length}, ${locked.isPublic})
      on conflict (user_id, game_id) do update set
        last_played_at = now(),
        last_completed_at = ${final ? sql`now()` : sql`p.last_completed_at`},
        play_count = p.play_count + ${final ? 1 : 0},
        status = ${final ? sql`'completed'` : sql`p.status`},
        partial = ${final ? sql`false` : sql`p.status <> 'completed'`},
        title = excluded.title, emoji = excluded.emoji,
        items_count = excluded.items_count, is_public = excluded.is_public
      returning 1 as played`;
    if (input.partial) {
      const [saved] = rows<SavedRow>(
        await tx.execute(sql`
          with saved as (${upsert}), played as (${played})
          select saved.* from saved cross join played`),
      );
      if (!saved) throw new AppError('internal', 'The submission was not saved');
      return {
        submission: { ...key, ...saved, at: new Date(saved.at) },
        count: state.submissions,
        version: state.version,
        closed: false,
      };
    }

    const counted = previous && !previous.partial ? previous.ranking : null;
    const tally = replaceRanking(state.tally, counted, input.ranking);
    const version = state.version + 1;
    const closes = locked.sizeLimit !== null && tally.submissions >= locked.sizeLimit;
    const event: SubmissionEvent = {
      type: 'submission',
      gameId: input.gameId,
      version,
      count: tally.submissions,
      userId: input.userId,
      ...(closes ? { closed: true } : {}),
    };
    const closing: SQL = closes
      ? sql`, closing as (
          update ${game} set closed = true, updated_at = now() where id = ${input.gameId} returning 1
        )`
      : sql``;
    const [saved] = rows<SavedRow>(
      await tx.execute(sql`
        with saved as (${upsert}),
        tallied as (
          update ${gameTally}
          set tally = ${JSON.stringify(tally)}::jsonb, submissions = ${tally.submissions}, version = ${version}
          where game_id = ${input.gameId}
          returning version
        ),
        played as (${played})${closing}
        select saved.*, pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})
        from saved cross join tallied cross join played${closes ? sql` cross join closing` : sql``}`),
    );
    if (!saved) throw new AppError('internal', 'The submission was not saved');
    // The player's first final ranking of this game is a play: it counts once, and earns XP.
    if (counted === null) await recordFirstPlay(tx, key);
    return {
      submission: { ...key, ...saved, at: new Date(saved.at) },
      count: tally.submissions,
      version,
      closed: closes,
    };
  });
  if (outcome === 'closed') throw closedError();
  return outcome;
}

/**
 * Records a player's first final ranking of a game: a `play` row (one per player and game, so
 * resubmits and races add nothing), the game's and its community rank's play counts (the rank's
 * page hears of it live), and the +10 XP. Runs in a savepoint of the submission's transaction:
 * a failed play record is given up and the submission still counts (SPEC §8). Answers whether a
 * play was recorded.
 */
async function recordFirstPlay(tx: Tx, key: { gameId: string; userId: string }): Promise<boolean> {
  try {
    return await tx.transaction(async (savepoint) => {
      const [recorded] = rows<{ played: number }>(
        await savepoint.execute(sql`
          with new_play as (
            insert into ${play} (id, user_id, game_id, started_at, completed_at)
            values (${newId(16)}, ${key.userId}, ${key.gameId}, now(), now())
            on conflict (user_id, game_id) do nothing
            returning game_id
          ),
          counted as (
            update ${game} set play_count = play_count + 1
            where id = ${key.gameId} and exists (select 1 from new_play)
            returning id
          ),
          ranked as (
            update ${communityRank} r set plays = r.plays + 1
            from counted where r.game_id = counted.id
            returning r.id, r.plays, r.likes, (r.is_public and not r.archived and not r.hidden) as listed
          )
          select (select count(*) from new_play)::int as played,
                 (select count(*) from (select ${notifyRankEvent(sql`ranked`)} from ranked) notified) as notified`),
      );
      if (!recorded || recorded.played === 0) return false;
      await awardXp(savepoint, { userId: key.userId, reason: 'play', ref: key.gameId });
      return true;
    });
  } catch {
    return false;
  }
}

/**
 * Locks a game its owner is changing. Ownership is in the WHERE; when nothing matches, a second
 * look tells a missing game (404) from someone else's (403 'Not owner').
 */
export async function lockOwned(tx: Tx, key: { gameId: string; userId: string }): Promise<GameRow> {
  const [row] = await tx
    .select()
    .from(game)
    .where(and(eq(game.id, key.gameId), eq(game.ownerId, key.userId)))
    .for('update');
  if (row) return row;
  const [exists] = await tx.select({ id: game.id }).from(game).where(eq(game.id, key.gameId));
  if (!exists) throw new AppError('not-found', MESSAGES.gameNotFound);
  throw new AppError('permission-denied', LIFECYCLE_MESSAGES.notOwner);
}

/**
 * The owner's new item list (renames keep ids and so their votes; new items get new ids). When
 * items are removed, every saved ranking drops them and the tally is counted again from the final
 * rankings, so results and positions only ever speak of current items and a player's next
 * resubmission subtracts exactly what was counted for them. Bumps the live version.
 */
export async function editItems(
  db: Db,
  input: { gameId: string; userId: string; edits: ItemEdit[] },
): Promise<{ row: GameRow; count: number; version: number }> {
  return db.transaction(async (tx) => {
    const current = await lockOwned(tx, input);
    const items = applyItemEdit(current.items, input.edits, () => newId(6));
    const keep = new Set(items.map((item) => item.id));
    const removed = current.items.filter((item) => !keep.has(item.id)).map((item) => item.id);
    const [row] = await tx
      .update(game)
      .set({ items, updatedAt: sql`now()`, lastActivityAt: sql`now()` })
      .where(eq(game.id, input.gameId))
      .returning();
    if (!row) throw new AppError('not-found', MESSAGES.gameNotFound);
    let count: number;
    let version: number;
    if (removed.length > 0) {
      const keepJson = JSON.stringify([...keep]);
      await tx.execute(sql`
        update ${submission} s set ranking = coalesce((
          select jsonb_agg(e.value order by e.ord)
          from jsonb_array_elements(s.ranking) with ordinality as e(value, ord)
          where ${keepJson}::jsonb ? (e.value #>> '{}')
        ), '[]'::jsonb)
        where s.game_id = ${input.gameId}
          and exists (
            select 1 from jsonb_array_elements_text(s.ranking) as r(id)
            where not (${keepJson}::jsonb ? r.id)
          )`);
      const finals = await tx
        .select({ ranking: submission.ranking })
        .from(submission)
        .where(and(eq(submission.gameId, input.gameId), eq(submission.partial, false)));
      const tally = tallyOf(finals.map((final) => keepItems(final.ranking, keep)));
      const [tallied] = await tx
        .update(gameTally)
        .set({
          tally,
          submissions: tally.submissions,
          version: sql`${gameTally.version} + 1`,
        })
        .where(eq(gameTally.gameId, input.gameId))
        .returning({ version: gameTally.version, submissions: gameTally.submissions });
      if (!tallied) throw new AppError('internal', 'Results are missing for this game');
      ({ version, submissions: count } = tallied);
    } else {
      const [bumped] = await tx
        .update(gameTally)
        .set({ version: sql`${gameTally.version} + 1` })
        .where(eq(gameTally.gameId, input.gameId))
        .returning({ version: gameTally.version, submissions: gameTally.submissions });
      if (!bumped) throw new AppError('internal', 'Results are missing for this game');
      ({ version, submissions: count } = bumped);
    }
    await tx
      .update(playedGame)
      .set({ itemsCount: items.length })
      .where(eq(playedGame.gameId, input.gameId));
    // Its community rank's cards and search show the current items; an open rank page reloads.
    await tx.execute(sql`
      with edited as (
        update ${communityRank} r set items = ${JSON.stringify(items.map((item) => item.label))}::jsonb
        where r.game_id = ${input.gameId}
        returning r.id, r.plays, r.likes, (r.is_public and not r.archived and not r.hidden) as listed
      )
      select ${notifyRankEvent(sql`edited`)} from edited`);
    const event: GameChangeEvent = { type: 'game', gameId: input.gameId, change: 'items', version };
    await publish(tx, event);
    return { row, count, version };
  });
}

/** The owner closes their game now (no-op when it is closed already). */
export async function closeGame(
  db: Db,
  input: { gameId: string; userId: string },
): Promise<{ row: GameRow; count: number }> {
  return db.transaction(async (tx) => {
    const current = await lockOwned(tx, input);
    if (!current.closed) await closeLocked(tx, input.gameId);
    const [count] = await tx
      .select({ submissions: gameTally.submissions })
      .from(gameTally)
      .where(eq(gameTally.gameId, input.gameId));
    return { row: { ...current, closed: true }, count: count?.submissions ?? 0 };
  });
}

/** Archived games are hidden from lists (their community rank too); nothing else changes. */
export async function archiveGame(
  db: Db,
  input: { gameId: string; userId: string; archived: boolean },
): Promise<GameRow> {
  return db.transaction(async (tx) => {
    await lockOwned(tx, input);
    const [row] = await tx
      .update(game)
      .set({ archived: input.archived, updatedAt: sql`now()` })
      .where(eq(game.id, input.gameId))
      .returning();
    if (!row) throw new AppError('not-found', MESSAGES.gameNotFound);
    // Its community rank leaves (or rejoins) every list with it; an open rank page hears of it.
    await tx.execute(sql`
      with mirrored as (
        update ${communityRank} r set archived = ${input.archived}
        where r.game_id = ${input.gameId}
        returning r.id, r.plays, r.likes, (r.is_public and not r.archived and not r.hidden) as listed
      )
      select ${notifyRankEvent(sql`mirrored`)} from mirrored`);
    return row;
  });
}

/**
 * Deletes a game with everything that hangs off it: submissions, tally, plays and played-game
 * records go by foreign-key cascade; its community ranks are deleted (by the game's link and by
 * game id). Open game and rank pages learn it is gone.
 */
export async function deleteGame(db: Db, input: { gameId: string; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockOwned(tx, input);
    // Its community ranks (the linked one, and any pointing at it) go, and their pages hear so.
    await tx.execute(sql`
      with removed as (
        delete from ${communityRank} r
        where r.id = ${current.communityRankId ?? ''} or r.game_id = ${input.gameId}
        returning r.id, r.plays, r.likes, false as listed
      )
      select ${notifyRankEvent(sql`removed`)} from removed`);
    await tx.delete(game).where(eq(game.id, input.gameId));
    const event: GameChangeEvent = {
      type: 'game',
      gameId: input.gameId,
      change: 'deleted',
      version: null,
    };
    await publish(tx, event);
  });
}

/**
 * Legacy claim: games that have no owner become the claimer's. The seeded demo game has no owner
 * but is nobody's to claim; a game whose owner left went with their account.
 */
export async function claimGames(
  db: Db,
  input: { ownerId: string; ownerName: string; ids: string[] },
): Promise<string[]> {
  if (input.ids.length === 0) return [];
  const claimed = await db
    .update(game)
    .set({ ownerId: input.ownerId, ownerName: input.ownerName || 'Anonymous' })
    .where(and(inArray(game.id, input.ids), isNull(game.ownerId), ne(game.category, 'demo')))
    .returning({ id: game.id });
  return claimed.map((row) => row.id);
}
