/**
 * Writes of the Community, each in one transaction (most in one statement): publishing and
 * unpublishing a game, the builder, likes, reports and moderation. Counters change by the number
 * of rows a statement actually changed, so they stay exact under any concurrency; every change a
 * rank's page shows is sent as a RankEvent from the same statement (delivered on commit).
 */
import { sql } from 'drizzle-orm';
import type { BallotSpec } from '../../domain/ballot';
import { COMMUNITY_MESSAGES, type ReportReason } from '../../domain/community';
import { AppError } from '../../domain/errors';
import type { NewItem } from '../../domain/item-pictures';
import { MIN_ITEMS } from '../../domain/limits';
import { auditRowsSql } from '../admin/public';
import type { Db, Tx } from '../db/client';
import { communityRank, moderationAction, rankLike, rankReport } from '../db/schema/community';
import {
  createGame,
  lockOwned,
  markPublished,
  markUnpublished,
  type GameRow,
} from '../games/public';
import { newId } from '../platform/ids';
import { awardXpOrGiveUp } from '../progression/public';
import { listedSql } from './listed';
import { notifyRankEvent } from './live';
import { rows } from '../db/rows';

/**
 * Publishes a game whose lock this transaction holds (or that it just created): creates its
 * community rank, or re-lists the one it had (plays, likes and creation time kept), copies the
 * title, emoji, items and creator, sets the tags when given, marks the game public with the
 * rank's id, and awards the owner +20 XP the first time this game is published.
 */
async function publishLocked(
  tx: Tx,
  row: GameRow,
  options: { tags: string[] | undefined; emoji?: string | null },
): Promise<GameRow> {
  if (row.items.length < MIN_ITEMS) {
    throw new AppError('invalid-argument', COMMUNITY_MESSAGES.needItemsToPublish);
  }
  const emoji = options.emoji !== undefined ? options.emoji : row.emoji;
  const tags = options.tags === undefined ? null : JSON.stringify(options.tags);
  const [rank] = rows<{ id: string }>(
    await tx.execute(sql`
      with existing as (
        select id from ${communityRank}
        where id = ${row.communityRankId ?? ''} or game_id = ${row.id}
        order by (id = ${row.communityRankId ?? ''}) desc, created_at
        limit 1
      ),
      listed as (
        insert into ${communityRank} as r
          (id, title, emoji, items, creator_id, creator_name, tags, is_public, archived, game_id)
        values (
          coalesce((select id from existing), ${newId(10)}), ${row.title ?? row.prompt}, ${emoji},
          ${JSON.stringify(row.items.map((item) => item.label))}::jsonb, ${row.ownerId},
          ${row.ownerName}, coalesce(${tags}::jsonb, '[]'::jsonb), true, ${row.archived}, ${row.id})
        on conflict (id) do update set
          title = excluded.title, emoji = excluded.emoji, items = excluded.items,
          creator_id = excluded.creator_id, creator_name = excluded.creator_name,
          tags = coalesce(${tags}::jsonb, r.tags), is_public = true, archived = excluded.archived,
          game_id = excluded.game_id
        returning r.id, r.plays, r.likes, ${listedSql('r')} as listed
      )
      select id, ${notifyRankEvent(sql`listed`)} from listed`),
  );
  if (!rank) throw new AppError('internal', 'The rank was not published');
  const published = await markPublished(tx, { gameId: row.id, rankId: rank.id, emoji });
  if (row.ownerId !== null) {
    // A failed award is given up: the game is published all the same (SPEC §8).
    await awardXpOrGiveUp(tx, { userId: row.ownerId, reason: 'publish', ref: row.id });
  }
  return published;
}

/** The owner publishes their game (idempotent: publishing again re-lists and refreshes it). */
export async function publishGame(
  db: Db,
  input: { gameId: string; userId: string; tags?: string[] },
): Promise<GameRow> {
  return db.transaction(async (tx) =>
    publishLocked(tx, await lockOwned(tx, input), { tags: input.tags }),
  );
}

/**
 * The owner takes their game off the Community (idempotent): the game is no longer public and
 * forgets its rank id; the rank stays (with its plays and likes, for a later re-publish) but is
 * no longer public, so it leaves every list, and its page hears so.
 */
export async function unpublishGame(
  db: Db,
  input: { gameId: string; userId: string },
): Promise<GameRow> {
  return db.transaction(async (tx) => {
    const row = await lockOwned(tx, input);
    await tx.execute(sql`
      with unlisted as (
        update ${communityRank} r set is_public = false
        where (r.id = ${row.communityRankId ?? ''} or r.game_id = ${row.id}) and r.is_public
        returning r.id, r.plays, r.likes, false as listed
      )
      select ${notifyRankEvent(sql`unlisted`)} from unlisted`);
    return markUnpublished(tx, row.id);
  });
}

/**
 * The builder: a new game from a title and items, published at once, in one transaction (both
 * happen or neither does). Earns the create and the publish XP.
 */
export async function buildRank(
  db: Db,
  input: {
    ownerId: string;
    ownerName: string;
    title: string;
    items: readonly NewItem[];
    emoji: string | null;
    tags: string[];
    ballot: BallotSpec;
  },
): Promise<GameRow> {
  return db.transaction(async (tx) => {
    const created = await createGame(tx, {
      ownerId: input.ownerId,
      ownerName: input.ownerName,
      prompt: input.title,
      items: input.items,
      ballot: input.ballot,
      rules: { sizeLimit: null, timeLimit: null, deadlineAt: null },
      publishRequested: true,
    });
    return publishLocked(tx, created, { tags: input.tags, emoji: input.emoji });
  });
}

export type LikeOutcome =
  { kind: 'ok'; likes: number; likedByMe: boolean } | { kind: 'missing' } | { kind: 'hidden' };

/**
 * Likes or unlikes a listed rank, in one statement: the like row is inserted (or deleted) and
 * the rank's count moves by the number of rows that really changed, so a repeated or concurrent
 * toggle never counts twice and `likes` always equals the number of like rows. A change is sent
 * to the rank's page live.
 */
export async function setLike(
  db: Db,
  input: { rankId: string; userId: string; liked: boolean },
): Promise<LikeOutcome> {
  const [row] = rows<{ listed: boolean; hidden: boolean; likes: number | null }>(
    await db.execute(sql`
      with target as (
        select id, plays, likes, hidden, ${listedSql()} as listed
        from ${communityRank} where id = ${input.rankId}
      ),
      added as (
        insert into ${rankLike} (rank_id, user_id)
        select id, ${input.userId} from target where listed and ${input.liked}
        on conflict do nothing
        returning 1
      ),
      removed as (
        delete from ${rankLike}
        where rank_id = ${input.rankId} and user_id = ${input.userId} and not ${input.liked}
          and exists (select 1 from target where listed)
        returning 1
      ),
      changed as (
        select (select count(*) from added)::int as added, (select count(*) from removed)::int as removed
      ),
      counted as (
        update ${communityRank} r set likes = r.likes + changed.added - changed.removed
        from changed
        where r.id = (select id from target where listed) and changed.added + changed.removed > 0
        returning r.id, r.plays, r.likes, true as listed
      ),
      notified as (select ${notifyRankEvent(sql`counted`)} from counted)
      select t.listed, t.hidden, coalesce((select likes from counted), t.likes) as likes,
             (select count(*) from notified) as notified
      from target t`),
  );
  if (!row) return { kind: 'missing' };
  if (row.hidden) return { kind: 'hidden' };
  if (!row.listed) return { kind: 'missing' };
  return { kind: 'ok', likes: Number(row.likes), likedByMe: input.liked };
}

export type ReportOutcome = 'filed' | 'already' | 'missing' | 'hidden';

/** Files a report of a listed rank; one open report per user and rank (a unique index says so). */
export async function reportRank(
  db: Db,
  input: { rankId: string; userId: string; reason: ReportReason; note: string | null },
): Promise<ReportOutcome> {
  const [row] = rows<{ listed: boolean; hidden: boolean; filed: number }>(
    await db.execute(sql`
      with target as (
        select id, hidden, ${listedSql()} as listed
        from ${communityRank} where id = ${input.rankId}
      ),
      filed as (
        insert into ${rankReport} (id, rank_id, user_id, reason, note)
        select ${newId(16)}, id, ${input.userId}, ${input.reason}, ${input.note}
        from target where listed
        on conflict (rank_id, user_id) where resolved_at is null do nothing
        returning id
      )
      select t.listed, t.hidden, (select count(*) from filed)::int as filed from target t`),
  );
  if (!row) return 'missing';
  if (row.hidden) return 'hidden';
  if (!row.listed) return 'missing';
  return row.filed > 0 ? 'filed' : 'already';
}

/**
 * A moderator hides a rank (it leaves every list, its page says it was removed) or restores it:
 * the action is recorded (who, when, what, why) in the rank's moderation history and in the admin
 * audit log (decision 0028), the rank's open reports are resolved by it, and the rank's page
 * hears of it. One statement; answers false when there is no such rank.
 */
export async function moderateRank(
  db: Db,
  input: {
    rankId: string;
    moderatorId: string;
    moderatorName: string;
    hidden: boolean;
    note: string | null;
  },
): Promise<boolean> {
  const [row] = rows<{ id: string }>(
    await db.execute(sql`
      with target as (
        update ${communityRank} r set hidden = ${input.hidden}
        where r.id = ${input.rankId}
        returning r.id, r.title, r.plays, r.likes, ${listedSql('r')} as listed
      ),
      audited as (${auditRowsSql({
        actor: { id: input.moderatorId, name: input.moderatorName },
        action: input.hidden ? 'hide-rank' : 'restore-rank',
        targetKind: 'rank',
        from: sql`target`,
        targetId: sql`id`,
        targetLabel: sql`title`,
      })}),
      action as (
        insert into ${moderationAction} (id, rank_id, moderator_id, action, note)
        select ${newId(16)}, id, ${input.moderatorId}, ${input.hidden ? 'hide' : 'restore'},
               ${input.note}
        from target
        returning id
      ),
      resolved as (
        update ${rankReport} set resolved_at = now(), resolved_by = ${input.moderatorId}
        where rank_id = (select id from target) and resolved_at is null
        returning id
      )
      select t.id, ${notifyRankEvent(sql`t`)}, (select count(*) from action) as actions,
             (select count(*) from resolved) as resolved,
             (select count(*) from audited) as audited
      from target t`),
  );
  return row !== undefined;
}
