/** Writes: creating games and accepting submissions, each in one transaction. */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { checkRanking, MESSAGES, slugify, type Item } from '../../domain/game';
import { emptyTally, replaceRanking, type Tally } from '../../domain/results';
import type { Db } from '../db/client';
import { game, gameTally, submission } from '../db/schema';
import { newId } from '../ids';
import { EVENTS_CHANNEL, type GameEvent } from '../realtime/hub';
import type { GameRow, SubmissionRow } from './data';

export async function createGame(
  db: Db,
  input: { ownerId: string; ownerName: string; prompt: string; labels: string[] },
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
        })
        .onConflictDoNothing({ target: game.slug })
        .returning();
      if (row) {
        await tx.insert(gameTally).values({ gameId: row.id, tally: emptyTally() });
        return row;
      }
    }
    throw new AppError('aborted', 'Could not pick a link for this game; please try again');
  });
}

export type SubmitResult = { submission: SubmissionRow; count: number; version: number };

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

function rows<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * Saves a player's ranking. The game row is locked for the transaction, so submissions to one
 * game apply one at a time: the old final ranking is subtracted from the tally, the new one added.
 * Three statements while the lock is held: lock (touching the game's activity time), read the
 * tally and the player's previous submission, then write both and NOTIFY in one statement.
 */
export async function submitRanking(
  db: Db,
  input: { gameId: string; userId: string; name: string; ranking: string[]; partial: boolean },
): Promise<SubmitResult> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .update(game)
      .set({ lastActivityAt: sql`now()` })
      .where(eq(game.id, input.gameId))
      .returning({ items: game.items });
    if (!locked) throw new AppError('not-found', MESSAGES.gameNotFound);
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
      };
    }

    const upsert = sql`
      insert into ${submission} (game_id, user_id, name, ranking, partial, at)
      values (${input.gameId}, ${input.userId}, ${input.name}, ${JSON.stringify(input.ranking)}::jsonb,
              ${input.partial}, now())
      on conflict (game_id, user_id) do update
        set name = excluded.name, ranking = excluded.ranking, partial = excluded.partial, at = excluded.at
      returning name, ranking, partial, at`;
    if (input.partial) {
      const [saved] = rows<SavedRow>(await tx.execute(upsert));
      if (!saved) throw new AppError('internal', 'The submission was not saved');
      return {
        submission: { ...key, ...saved, at: new Date(saved.at) },
        count: state.submissions,
        version: state.version,
      };
    }

    const counted = previous && !previous.partial ? previous.ranking : null;
    const tally = replaceRanking(state.tally, counted, input.ranking);
    const version = state.version + 1;
    const event: GameEvent = {
      type: 'submission',
      gameId: input.gameId,
      version,
      count: tally.submissions,
      userId: input.userId,
    };
    const [saved] = rows<SavedRow>(
      await tx.execute(sql`
        with saved as (${upsert}),
        tallied as (
          update ${gameTally}
          set tally = ${JSON.stringify(tally)}::jsonb, submissions = ${tally.submissions}, version = ${version}
          where game_id = ${input.gameId}
          returning version
        )
        select saved.*, pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})
        from saved cross join tallied`),
    );
    if (!saved) throw new AppError('internal', 'The submission was not saved');
    return {
      submission: { ...key, ...saved, at: new Date(saved.at) },
      count: tally.submissions,
      version,
    };
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
  const rows = await db
    .update(game)
    .set({ ownerId: input.ownerId, ownerName: input.ownerName || 'Anonymous' })
    .where(and(inArray(game.id, input.ids), isNull(game.ownerId), ne(game.category, 'demo')))
    .returning({ id: game.id });
  return rows.map((row) => row.id);
}
