/**
 * The owner's writes: creating games, closing, editing, archiving and deleting, each in one
 * transaction (submissions are in submit.ts). Everything that changes what a game counts
 * (submissions, closing, item edits) takes the game row's lock first, so those changes apply one
 * at a time per game.
 */
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  BALLOT_MESSAGES,
  canChangePlayedBallot,
  checkBallotFits,
  checkBallotSpec,
  keepGroups,
  savedGroups,
  type BallotSpec,
  type BallotSpecInput,
  type Groups,
} from '../../domain/ballot';
import { addDuelAnswers, removeDuelAnswers, type DuelAnswer } from '../../domain/duels';
import { AppError } from '../../domain/errors';
import { MESSAGES, slugify, type Item } from '../../domain/game';
import { keepHiddenMarks, type NewItem } from '../../domain/item-pictures';
import {
  applyItemEdit,
  LIFECYCLE_MESSAGES,
  type ItemEdit,
  type Rules,
} from '../../domain/lifecycle';
import { TRANSACTION_MAX_ATTEMPTS } from '../../domain/limits';
import { emptyTally, replaceBallots, tallyOfBallots, type Tally } from '../../domain/results';
import { CONFLICT_MESSAGE, type Db, type Tx } from '../db/client';
import {
  duelAnswer,
  duelOffer,
  game,
  gameTally,
  importedBallot,
  submission,
} from '../db/schema/games';
import { newId } from '../platform/ids';
import { deleteAccountRow, lockAccountForDeletion } from '../auth/public';
import { awardXpOrGiveUp } from '../progression/public';
import { closeLocked } from './closing';
import { checkOwnPictures, checkPicturesKept } from './pictures';
import { announce } from './live';
import { bumpVersion } from './tally';
import { rows } from '../db/rows';
import type { GameRow } from './data';
import { gameHooks } from './hooks';

export async function createGame(
  db: Db,
  input: {
    ownerId: string;
    ownerName: string;
    prompt: string;
    /** Labels checked by the game's rules, pictures by `checkItemImage` (ownership: here). */
    items: readonly NewItem[];
    rules: Rules;
    publishRequested: boolean;
    /** What it asks its players for (checked: domain/ballot.ts `checkBallotSpec`); a ranking. */
    ballot?: BallotSpec;
    /**
     * The game this one is a remix of. It is locked (key share) before the insert: when it was
     * deleted meanwhile, the remix is refused with 404 and nothing is written.
     */
    remixedFrom?: string;
    /**
     * Runs in the transaction before anything is written (the creation quota: refused or rolled
     * back with the game, never consumed by a creation that did not happen).
     */
    before?: (tx: Tx) => Promise<void>;
  },
): Promise<GameRow> {
  const ids = new Set<string>();
  while (ids.size < input.items.length) ids.add(newId(6));
  const items: Item[] = [...ids].map((id, index) => ({ ...input.items[index]!, id }));
  const base = slugify(input.prompt);
  return db.transaction(async (tx) => {
    // A remix copies the original's pictures, already shown to everyone on it; every other new
    // game may only carry pictures its owner uploaded.
    if (input.remixedFrom === undefined) await checkOwnPictures(tx, input.ownerId, [], items);
    if (input.remixedFrom !== undefined) {
      const [original] = await tx
        .select({ id: game.id })
        .from(game)
        .where(eq(game.id, input.remixedFrom))
        .for('key share');
      if (!original) throw new AppError('not-found', MESSAGES.gameNotFound);
    }
    await input.before?.(tx);
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
          // SPEC §3 lists a game's title: the prompt it was created with.
          title: input.prompt,
          items,
          ballot: input.ballot ?? { kind: 'ranking' },
          sizeLimit: input.rules.sizeLimit,
          timeLimit: input.rules.timeLimit,
          deadlineAt: input.rules.deadlineAt === null ? null : new Date(input.rules.deadlineAt),
          publishRequested: input.publishRequested,
          remixedFrom: input.remixedFrom ?? null,
        })
        .onConflictDoNothing({ target: game.slug })
        .returning();
      if (row) {
        await tx.insert(gameTally).values({ gameId: row.id, tally: emptyTally() });
        // A failed award is given up: the game is created all the same (SPEC §8).
        await awardXpOrGiveUp(tx, { userId: input.ownerId, reason: 'create', ref: row.id });
        return row;
      }
    }
    throw new AppError('aborted', 'Could not pick a link for this game; please try again');
  });
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
 * resubmission subtracts exactly what was counted for them. A tier ballot keeps its tiers, an
 * emptied one empty. A top N game keeps at least N items (`checkBallotFits`: 400 otherwise).
 * Bumps the live version.
 */
export async function editItems(
  db: Db,
  input: { gameId: string; userId: string; edits: ItemEdit[] },
): Promise<{ row: GameRow; count: number; version: number }> {
  return db.transaction(async (tx) => {
    const current = await lockOwned(tx, input);
    const items = keepHiddenMarks(
      current.items,
      applyItemEdit(current.items, input.edits, () => newId(6)),
    );
    checkBallotFits(current.ballot, items.length);
    await checkOwnPictures(tx, input.userId, current.items, items);
    await checkPicturesKept(tx, input.gameId, current.items, items);
    const keep = new Set(items.map((item) => item.id));
    const removed = current.items.filter((item) => !keep.has(item.id)).map((item) => item.id);
    const [row] = await tx
      .update(game)
      .set({ items, updatedAt: sql`now()`, lastActivityAt: sql`now()` })
      .where(eq(game.id, input.gameId))
      .returning();
    if (!row) throw new AppError('not-found', MESSAGES.gameNotFound);
    let tally: Tally | undefined;
    if (removed.length > 0) {
      const keepJson = JSON.stringify([...keep]);
      const kept = (list: SQL) => sql`coalesce((
          select jsonb_agg(e.value order by e.ord)
          from jsonb_array_elements(${list}) with ordinality as e(value, ord)
          where ${keepJson}::jsonb ? (e.value #>> '{}')
        ), '[]'::jsonb)`;
      // A tier ballot's tiers (s.groups) drop them too, each tier in its place; imported
      // ballots (decision 0048) as players' ones.
      for (const table of [submission, importedBallot]) {
        await tx.execute(sql`
          update ${table} s set ranking = ${kept(sql`s.ranking`)},
            groups = case when s.groups is null then null else (
              select jsonb_agg(${kept(sql`g.value`)} order by g.ord)
              from jsonb_array_elements(s.groups) with ordinality as g(value, ord)
            ) end
          where s.game_id = ${input.gameId}
            and exists (
              select 1 from jsonb_array_elements_text(s.ranking) as r(id)
              where not (${keepJson}::jsonb ? r.id)
            )`);
      }
      const finals = [
        ...(await tx
          .select({ ranking: submission.ranking, groups: submission.groups })
          .from(submission)
          .where(and(eq(submission.gameId, input.gameId), eq(submission.partial, false)))),
        ...(await tx
          .select({ ranking: importedBallot.ranking, groups: importedBallot.groups })
          .from(importedBallot)
          .where(eq(importedBallot.gameId, input.gameId))),
      ];
      tally = tallyOfBallots(finals.map((final) => keepGroups(savedGroups(final), keep)));
      if (current.ballot.kind === 'duel') {
        // A duel game's answers involving a removed item leave with it, and so do offers of it
        // (decision 0067): the duels are counted again from the answers that stay.
        const removedJson = JSON.stringify(removed);
        await tx.execute(sql`
          delete from ${duelOffer} o where o.game_id = ${input.gameId}
            and (${removedJson}::jsonb ? o.a or ${removedJson}::jsonb ? o.b)`);
        const [left] = rows<{ answers: DuelAnswer[] }>(
          await tx.execute(sql`
            with gone as (
              delete from ${duelAnswer} d where d.game_id = ${input.gameId}
                and (${removedJson}::jsonb ? d.a or ${removedJson}::jsonb ? d.b)
              returning d.user_id, d.a, d.b
            )
            select coalesce(jsonb_agg(jsonb_build_object('a', d.a, 'b', d.b, 'winner', d.winner)),
                            '[]'::jsonb) as answers
            from ${duelAnswer} d where d.game_id = ${input.gameId}
              and not exists (select 1 from gone g
                              where g.user_id = d.user_id and g.a = d.a and g.b = d.b)`),
        );
        tally = { ...tally, duels: addDuelAnswers(undefined, left?.answers ?? []) };
      }
    }
    const { version, submissions: count } = await bumpVersion(tx, {
      gameId: input.gameId,
      tally,
      event: (bumped) => ({
        type: 'game',
        gameId: input.gameId,
        change: 'items',
        version: bumped.version,
      }),
    });
    // Played-game records and the community rank show the current items (app.ts wires them).
    await gameHooks().onItemsEdited(tx, { gameId: input.gameId, items });
    return { row, count, version };
  });
}

/**
 * The owner's new ballot, checked against the game's items under its lock (`checkBallotSpec`).
 * Once anyone has saved a ballot of the game (final or progress, or the owner imported one), only tier labels and colours may change (`canChangePlayedBallot`):
 * otherwise 409, nothing changed. Watchers read the game again (an `items` change: its shape).
 */
export async function setBallot(
  db: Db,
  input: { gameId: string; userId: string; ballot: BallotSpecInput },
): Promise<{ row: GameRow; count: number }> {
  return db.transaction(async (tx) => {
    const current = await lockOwned(tx, input);
    const ballot = checkBallotSpec(input.ballot, current.items.length);
    // Under the game's lock: a submission commits before this (and is seen) or after it.
    const [played] = [
      ...(await tx
        .select({ one: sql`1` })
        .from(submission)
        .where(eq(submission.gameId, input.gameId))
        .limit(1)),
      ...(await tx
        .select({ one: sql`1` })
        .from(importedBallot)
        .where(eq(importedBallot.gameId, input.gameId))
        .limit(1)),
    ];
    if (played && !canChangePlayedBallot(current.ballot, ballot)) {
      throw new AppError('aborted', BALLOT_MESSAGES.ballotFixed);
    }
    const [row] = await tx
      .update(game)
      .set({ ballot, updatedAt: sql`now()` })
      .where(eq(game.id, input.gameId))
      .returning();
    if (!row) throw new AppError('not-found', MESSAGES.gameNotFound);
    const { submissions: count } = await bumpVersion(tx, {
      gameId: input.gameId,
      event: (bumped) => ({
        type: 'game',
        gameId: input.gameId,
        change: 'items',
        version: bumped.version,
      }),
    });
    return { row, count };
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
    // Its community rank leaves (or rejoins) every list with it (app.ts wires the hook).
    await gameHooks().onArchived(tx, { gameId: input.gameId, archived: input.archived });
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
    await deleteLockedGame(tx, await lockOwned(tx, input));
  });
}

/**
 * The deletion itself, of a game whose row lock this transaction holds (the owner's delete, and
 * an admin's: admin/mutations.ts).
 */
export async function deleteLockedGame(
  tx: Tx,
  current: Pick<GameRow, 'id' | 'communityRankId'>,
): Promise<void> {
  // Its community ranks (the linked one, and any pointing at it) go first (app.ts wires it).
  await gameHooks().onDeleted(tx, {
    gameId: current.id,
    communityRankId: current.communityRankId,
  });
  await tx.delete(game).where(eq(game.id, current.id));
  await announce(tx, { type: 'game', gameId: current.id, change: 'deleted', version: null });
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
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(game)
      .set({ ownerId: input.ownerId, ownerName: input.ownerName || 'Anonymous' })
      .where(and(inArray(game.id, input.ids), isNull(game.ownerId), ne(game.category, 'demo')))
      .returning({ id: game.id });
    const ids = claimed.map((row) => row.id);
    await announceOwners(tx, ids);
    return ids;
  });
}

/** Tells every instance these games have a new owner (what each viewer may do changes). */
export async function announceOwners(tx: Pick<Db, 'execute'>, gameIds: readonly string[]) {
  for (const gameId of gameIds) {
    await announce(tx, { type: 'game', gameId, change: 'owner', version: null });
  }
}

/**
 * Uncounts one final ranking of a game whose lock this transaction holds: a guest's and their
 * account's rankings of one game merged into the one that stays (`keptBy`, whose page may now
 * show other results), or a deleted player's. Bumps the live version and tells watchers.
 */
export async function uncountRanking(
  tx: Tx,
  input: {
    gameId: string;
    /** The ranking uncounted (null: none, only duel answers). */
    groups: Groups | null;
    keptBy: string | null;
    /** A duel game's answers uncounted with it (decision 0067). */
    duels?: readonly DuelAnswer[];
  },
): Promise<void> {
  const [row] = await tx.select().from(gameTally).where(eq(gameTally.gameId, input.gameId));
  if (!row) return;
  let tally = replaceBallots(row.tally, [{ previous: input.groups, next: null }]);
  if (input.duels && input.duels.length > 0) {
    tally = { ...tally, duels: removeDuelAnswers(row.tally.duels, input.duels) };
  }
  await bumpVersion(tx, {
    gameId: input.gameId,
    tally,
    event: (bumped) => ({
      type: 'submission',
      gameId: input.gameId,
      version: bumped.version,
      count: bumped.submissions,
      userIds: input.keptBy === null ? [] : [input.keptBy],
    }),
  });
}

/**
 * Deletes a player's account row after taking their saved rankings out of every game they played
 * (the rows would go with the account by cascade, but the tallies would still count them), in ONE
 * transaction, so that count, tally and rows always agree (decision 0033). better-auth's own
 * delete, which runs right after this (its `user.delete.before` hook), then finds nothing left.
 *
 * Locks, in this order: the games the player has rankings in with their tallies (in id order:
 * the order every writer of a game takes, game then tally), then the player's row. Holding the
 * player's row stops a submission from inserting a new ranking (its foreign key check waits for
 * it); one that got in first, to a game not locked here, is seen once the row is ours, and the
 * attempt starts again with that game locked too. A submission that waits on the player's row
 * finds them gone and answers 401 (games/submit.ts).
 */
export async function deletePlayer(db: Db, userId: string): Promise<void> {
  for (let attempt = 1; attempt <= TRANSACTION_MAX_ATTEMPTS; attempt++) {
    const done = await db.transaction(async (tx) => {
      const gamesOf = async () =>
        (
          await tx
            .selectDistinct({ gameId: submission.gameId })
            .from(submission)
            .where(eq(submission.userId, userId))
        ).map((row) => row.gameId);
      const played = [...new Set(await gamesOf())].sort();
      if (played.length > 0) {
        await tx.execute(sql`
          select 1 from ${game} g join ${gameTally} t on t.game_id = g.id
          where g.id in (select jsonb_array_elements_text(${JSON.stringify(played)}::jsonb))
          order by g.id
          for update of g, t`);
      }
      if (!(await lockAccountForDeletion(tx, userId))) return true;
      const locked = new Set(played);
      // A ranking saved to another game before the player's row was ours: lock that one too.
      if ((await gamesOf()).some((gameId) => !locked.has(gameId))) return false;
      for (const gameId of played) {
        const [removed] = await tx
          .delete(submission)
          .where(and(eq(submission.gameId, gameId), eq(submission.userId, userId)))
          .returning({
            ranking: submission.ranking,
            groups: submission.groups,
            partial: submission.partial,
          });
        // A duel game's answers leave the counts with the ranking they imply (decision 0067).
        const duels = await tx
          .delete(duelAnswer)
          .where(and(eq(duelAnswer.gameId, gameId), eq(duelAnswer.userId, userId)))
          .returning({ a: duelAnswer.a, b: duelAnswer.b, winner: duelAnswer.winner });
        const counted = removed && !removed.partial;
        if (counted || duels.length > 0) {
          await uncountRanking(tx, {
            gameId,
            groups: counted ? savedGroups(removed) : null,
            keptBy: null,
            duels,
          });
        }
      }
      // Everything else of the account goes by cascade, as with better-auth's own delete.
      await deleteAccountRow(tx, userId);
      return true;
    });
    if (done) return;
  }
  throw new AppError('aborted', CONFLICT_MESSAGE);
}
