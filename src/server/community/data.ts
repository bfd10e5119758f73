/**
 * Reads of the Community: the public lists (one statement a page, answered from the keyset
 * indexes), one rank, the moderators' report queue, and a viewer's role as the database has it.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  rankItemPictures,
  type CommunityRankView,
  type RankReportView,
  type ReportedPicture,
  type ReportReason,
} from '../../domain/community';
import type { Item } from '../../domain/game';
import { itemView } from '../../domain/item-pictures';
import { games } from '../games/public';
import { isListed, type CommunityCursor, type ListOrder } from '../../domain/community-rules';
import type { Db } from '../db/client';
import { communityRank, rankLike, rankReport } from '../db/schema/community';
import { accounts, isAdminSql } from '../auth/public';
import { profiles } from '../players/public';
import { listedSql } from './listed';
import { rows } from '../db/rows';

/** How many items a list card carries (the rank's page has them all; `itemsCount` tells how many). */
export const LIST_PREVIEW_ITEMS = 3;

export type ListParams = {
  order: ListOrder;
  /** Search words (websearch syntax); only with order 'search'. */
  q: string | null;
  /** A cleaned tag. */
  tag: string | null;
  /** A creator's handle, lower-cased. */
  creator: string | null;
  cursor: CommunityCursor | null;
  limit: number;
  viewerId: string | null;
  /** The session says admin: the statement checks the role itself and adds moderation facts. */
  adminView: boolean;
  /** Hidden ranks listed too (the caller has checked that the viewer is an admin). */
  includeHidden: boolean;
};

type RankRow = {
  id: string;
  game_id: string | null;
  title: string;
  emoji: string | null;
  items: string[];
  /** The game's items at the rank's items' places (their pictures); null for a rank without one. */
  game_items: Item[] | null;
  items_count: number;
  creator_name: string;
  creator_handle: string | null;
  tags: string[];
  plays: number;
  likes: number;
  created_us: string;
  is_mine: boolean | null;
  liked_by_me: boolean;
  search_rank?: number | string;
  is_admin?: boolean | null;
  open_reports?: number | null;
  hidden: boolean;
  is_public: boolean;
  archived: boolean;
};

export type RankRecord = {
  view: CommunityRankView;
  /** The sort keys of this rank, for the next page's cursor. */
  keys: { createdUs: number; plays: number; likes: number; searchRank: number };
  hidden: boolean;
  listed: boolean;
};

/** Microseconds since the epoch as an exact ISO timestamp PostgreSQL reads back to the same value. */
export function isoFromMicros(createdUs: number): string {
  const ms = Math.floor(createdUs / 1000);
  const micros = createdUs - ms * 1000;
  return `${new Date(ms).toISOString().slice(0, -1)}${String(micros).padStart(3, '0')}Z`;
}

function toRecord(row: RankRow): RankRecord {
  const createdUs = Number(row.created_us);
  const view: CommunityRankView = {
    id: row.id,
    gameId: row.game_id,
    title: row.title,
    emoji: row.emoji,
    items: row.items,
    itemsCount: Number(row.items_count),
    creatorName: row.creator_name,
    creatorHandle: row.creator_handle,
    tags: row.tags,
    plays: row.plays,
    likes: row.likes,
    likedByMe: row.liked_by_me === true,
    createdAt: Math.floor(createdUs / 1000),
    isMine: row.is_mine === true,
  };
  const pictures = rankItemPictures(row.items, row.game_items);
  if (pictures) view.itemPictures = pictures;
  if (row.is_admin === true) {
    view.moderation = { openReports: Number(row.open_reports ?? 0), hidden: row.hidden };
  }
  return {
    view,
    keys: {
      createdUs,
      plays: row.plays,
      likes: row.likes,
      searchRank: Number(row.search_rank ?? 0),
    },
    hidden: row.hidden,
    listed: isListed({ isPublic: row.is_public, archived: row.archived, hidden: row.hidden }),
  };
}

/** The columns of a rank view, for the viewer (likes and ownership) and, for admins, moderation. */
function viewColumns(options: {
  viewerId: string | null;
  adminView: boolean;
  allItems: boolean;
}): SQL {
  const preview = (items: SQL) =>
    options.allItems
      ? items
      : sql`jsonb_path_query_array(${items}, ${`$[0 to ${LIST_PREVIEW_ITEMS - 1}]`}::jsonpath)`;
  const mine = options.viewerId === null ? sql`false` : sql`r.creator_id = ${options.viewerId}`;
  const liked = options.viewerId === null ? sql`false` : sql`l.user_id is not null`;
  const moderation = options.adminView
    ? sql`, me.admin as is_admin,
        case when me.admin then (
          select count(*) from ${rankReport} rr where rr.rank_id = r.id and rr.resolved_at is null
        )::int end as open_reports`
    : sql``;
  return sql`r.id, r.game_id, r.title, r.emoji, ${preview(sql`r.items`)} as items,
    ${preview(sql`${games.items}`)} as game_items, jsonb_array_length(r.items) as items_count, r.creator_name, ${profiles.handle} as creator_handle,
    r.tags, r.plays, r.likes,
    ((extract(epoch from r.created_at) * 1000000)::bigint)::text as created_us,
    ${mine} as is_mine, ${liked} as liked_by_me, r.hidden, r.is_public, r.archived${moderation}`;
}

/**
 * The joins a rank view needs: its creator, its game (the items' pictures live in the game's
 * items, hidden marks included: decision 0052), the viewer's like, and (admins) the role check.
 */
function viewJoins(options: { viewerId: string | null; adminView: boolean }): SQL {
  const like =
    options.viewerId === null
      ? sql``
      : sql` left join ${rankLike} l on l.rank_id = r.id and l.user_id = ${options.viewerId}`;
  // The role as the database has it now, never as a session remembers it.
  const admin = options.adminView
    ? sql` cross join (select ${isAdminSql(options.viewerId ?? '')} as admin) me`
    : sql``;
  return sql`left join ${profiles} on ${profiles.userId} = r.creator_id
    left join ${games} on ${games.id} = r.game_id${like}${admin}`;
}

function cursorCondition(cursor: CommunityCursor | null): SQL {
  if (!cursor) return sql``;
  const at = sql`${isoFromMicros(cursor.createdUs)}::timestamptz`;
  if (cursor.sort === 'new') return sql` and (r.created_at, r.id) < (${at}, ${cursor.id}::text)`;
  if (cursor.sort === 'popular') {
    return sql` and (r.plays, r.likes, r.created_at, r.id)
      < (${cursor.plays}::int, ${cursor.likes}::int, ${at}, ${cursor.id}::text)`;
  }
  return sql` and (ts_rank(r.search, query), r.created_at, r.id)
    < (${cursor.rank}::real, ${at}, ${cursor.id}::text)`;
}

/**
 * One page of a community list, in one statement: ranks that are published, not archived and not
 * hidden (admins may ask for hidden ones too), newest first, most played first, or most relevant
 * first for a search; with the viewer's likes and the creators' handles. The page's ranks are
 * picked from community_rank alone (so New and Popular are a scan of their partial index, in
 * order, stopped by the LIMIT), and only those `limit + 1` rows are joined to their creator and
 * the viewer's like; the extra row tells whether there is a next page.
 */
export async function listRanks(
  db: Db,
  params: ListParams,
): Promise<{ ranks: RankRecord[]; more: boolean }> {
  const search = params.order === 'search' && params.q !== null;
  const listed = params.includeHidden ? sql`r.is_public and not r.archived` : listedSql('r');
  // NULLS LAST as the indexes have it (drizzle's desc()); a bare DESC means NULLS FIRST, which
  // the planner cannot read from these indexes (every column is NOT NULL, but it does not know).
  const order = (rank: SQL) =>
    params.order === 'new'
      ? sql`r.created_at desc nulls last, r.id desc nulls last`
      : params.order === 'popular'
        ? sql`r.plays desc nulls last, r.likes desc nulls last, r.created_at desc nulls last, r.id desc nulls last`
        : sql`${rank} desc, r.created_at desc, r.id desc`;
  const result = await db.execute(sql`
    select ${viewColumns({ ...params, allItems: false })}
      ${search ? sql`, r.search_rank` : sql``}
    from (
      select r.id, r.game_id, r.title, r.emoji, r.items, r.creator_id, r.creator_name, r.tags,
             r.plays, r.likes, r.created_at, r.hidden, r.is_public, r.archived
             ${search ? sql`, ts_rank(r.search, query) as search_rank` : sql``}
      from ${communityRank} r
      ${search ? sql`cross join websearch_to_tsquery('english', ${params.q}) query` : sql``}
      where ${listed}
        ${search ? sql` and r.search @@ query` : sql``}
        ${params.tag !== null ? sql` and r.tags @> ${JSON.stringify([params.tag])}::jsonb` : sql``}
        ${
          params.creator !== null
            ? sql` and r.creator_id = (select ${profiles.userId} from ${profiles}
                where ${profiles.handleLower} = ${params.creator})`
            : sql``
        }
        ${cursorCondition(params.cursor)}
      order by ${order(sql`ts_rank(r.search, query)`)}
      limit ${params.limit + 1}
    ) r
    ${viewJoins(params)}
    order by ${order(sql`r.search_rank`)}`);
  const found = rows<RankRow>(result).map(toRecord);
  return { ranks: found.slice(0, params.limit), more: found.length > params.limit };
}

/** One rank with all its items, as `viewerId` sees it, whatever its state (the caller decides). */
export async function readRank(
  db: Db,
  params: { rankId: string; viewerId: string | null; adminView: boolean },
): Promise<RankRecord | null> {
  const result = await db.execute(sql`
    select ${viewColumns({ ...params, allItems: true })}
    from ${communityRank} r
    ${viewJoins(params)}
    where r.id = ${params.rankId}`);
  const [row] = rows<RankRow>(result);
  return row ? toRecord(row) : null;
}

/** The game a rank plays (null: none) and whether a moderator hid it; null: no such rank. */
export async function rankGame(
  db: Db,
  rankId: string,
): Promise<{ gameId: string | null; hidden: boolean } | null> {
  const [row] = await db
    .select({ gameId: communityRank.gameId, hidden: communityRank.hidden })
    .from(communityRank)
    .where(eq(communityRank.id, rankId));
  return row ?? null;
}

/** A rank's live counters and whether it is still listed; null once it is deleted. */
export async function readRankCounts(
  db: Db,
  rankId: string,
): Promise<{ plays: number; likes: number; listed: boolean; hidden: boolean } | null> {
  const result = await db.execute(sql`
    select plays, likes, ${listedSql()} as listed, hidden
    from ${communityRank} where id = ${rankId}`);
  const [row] = rows<{ plays: number; likes: number; listed: boolean; hidden: boolean }>(result);
  return row ?? null;
}

export const REPORTS_PAGE_SIZE = 200;

type ReportRow = {
  id: string;
  rank_id: string;
  rank_title: string;
  reason: ReportReason;
  note: string | null;
  reporter_name: string;
  created_at: Date | string;
  hidden: boolean;
  items: Item[] | null;
};

/** The pictures on a reported rank's items, once each, as the report queue shows them. */
function reportedPictures(items: readonly Item[]): ReportedPicture[] {
  const seen = new Map<string, ReportedPicture>();
  for (const item of items) {
    if (!item.image || seen.has(item.image.id)) continue;
    const thumbUrl = itemView(item).image?.thumbUrl ?? '';
    seen.set(item.image.id, {
      id: item.image.id,
      alt: item.image.alt,
      thumbUrl,
      hidden: item.image.hidden === true,
    });
  }
  return [...seen.values()];
}

/** The moderators' queue: open reports, newest first. */
export async function listOpenReports(db: Db): Promise<RankReportView[]> {
  const result = await db.execute(sql`
    select rr.id, rr.rank_id, r.title as rank_title, rr.reason, rr.note,
           coalesce(${accounts.name}, 'Anonymous') as reporter_name, rr.created_at, r.hidden,
           ${games.items} as items
    from ${rankReport} rr
    join ${communityRank} r on r.id = rr.rank_id
    left join ${games} on ${games.id} = r.game_id
    left join ${accounts} on ${accounts.id} = rr.user_id
    where rr.resolved_at is null
    order by rr.created_at desc, rr.id desc
    limit ${REPORTS_PAGE_SIZE}`);
  return rows<ReportRow>(result).map((row) => ({
    id: row.id,
    rankId: row.rank_id,
    rankTitle: row.rank_title,
    reason: row.reason,
    note: row.note,
    reporterName: row.reporter_name,
    createdAt: new Date(row.created_at).getTime(),
    hidden: row.hidden,
    pictures: reportedPictures(row.items ?? []),
  }));
}
