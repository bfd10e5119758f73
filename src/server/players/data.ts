/** Reads of players: profiles, recent XP activity, public profiles, and My Ranks' lists. */
import { and, eq, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isClosed, pastDeadline } from '../../domain/lifecycle';
import { resultsLocked } from '../../domain/game';
import { OWN_GAMES_PAGE_SIZE } from '../../domain/limits';
import type {
  MyGameView,
  PageResponse,
  PlayedGameView,
  ProfileView,
  PublicProfileView,
  XpActivityView,
  XpReason,
} from '../../domain/profile';
import type { Db } from '../db/client';
import { playedGame, playerProfile } from '../db/schema/players';
import { accounts } from '../auth/public';
import { games, tallies } from '../games/public';
import { progress, xpAwards } from '../progression/public';
import { encodePageCursor, type PageCursor } from './page-cursor';
import { fromMicros, micros } from '../db/micros';

/**
 * Descending as the keyset indexes are built (drizzle makes them DESC NULLS LAST; a plain DESC
 * means NULLS FIRST, which the planner cannot read from those indexes and sorts instead).
 */
const newestFirst = (column: AnyPgColumn) => sql`${column} desc nulls last`;

/** How many recent XP awards the player page lists. */
export const ACTIVITY_SIZE = 10;

/**
 * What the player page shows of its player, from the three tables that hold it (decision 0037):
 * the account (auth), the profile (ours) and the progress (progression), in one statement.
 */
export const profileColumns = {
  id: accounts.id,
  name: accounts.name,
  email: accounts.email,
  emailVerified: accounts.emailVerified,
  isAnonymous: accounts.isAnonymous,
  role: accounts.role,
  image: accounts.image,
  handle: playerProfile.handle,
  handleClaimedAt: playerProfile.handleClaimedAt,
  level: progress.level,
  xp: progress.xp,
  xpToNext: progress.xpToNext,
  crowns: progress.crowns,
  totalXp: progress.totalXp,
  stats: progress.stats,
  achievements: progress.achievements,
};

/** One statement: the player's profile view, by id. */
function profileQuery(db: Db, userId: string) {
  return db
    .select(profileColumns)
    .from(accounts)
    .innerJoin(playerProfile, eq(playerProfile.userId, accounts.id))
    .innerJoin(progress, eq(progress.userId, accounts.id))
    .where(eq(accounts.id, userId));
}

export type ProfileRow = Awaited<ReturnType<typeof profileQuery>>[number];

export function toProfileView(row: ProfileRow): ProfileView {
  return {
    id: row.id,
    name: row.name,
    email: row.isAnonymous ? null : row.email,
    emailVerified: row.emailVerified,
    isAnonymous: row.isAnonymous,
    role: row.role === 'admin' ? 'admin' : 'user',
    handle: row.handle,
    handleClaimedAt: row.handleClaimedAt ? row.handleClaimedAt.getTime() : null,
    image: row.image,
    level: row.level,
    xp: row.xp,
    xpToNext: row.xpToNext,
    crowns: row.crowns,
    totalXp: row.totalXp,
    stats: statsOf(row),
    achievements: row.achievements,
  };
}

function statsOf(row: Pick<ProfileRow, 'stats'>): ProfileView['stats'] {
  return {
    gamesCreated: row.stats.gamesCreated,
    rankingsSubmitted: row.stats.rankingsSubmitted,
    communityPublishes: row.stats.communityPublishes,
  };
}

export async function readProfile(db: Db, userId: string): Promise<ProfileView | null> {
  const [row] = await profileQuery(db, userId);
  return row ? toProfileView(row) : null;
}

/**
 * Who holds a handle, if anyone: the same one in any case, or a look-alike (same skeleton). A
 * look-alike held from before the skeleton rule has none stored, so `handle_lower` is asked too.
 */
export async function findHandleOwner(
  db: Db,
  handle: { handleLower: string; skeleton: string },
): Promise<string | null> {
  const [row] = await db
    .select({ id: playerProfile.userId })
    .from(playerProfile)
    .where(
      or(
        eq(playerProfile.handleSkeleton, handle.skeleton),
        eq(playerProfile.handleLower, handle.handleLower),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** What anyone may see of the player with this handle (case-insensitive); never the e-mail. */
export async function readPublicProfile(
  db: Db,
  handleLower: string,
): Promise<PublicProfileView | null> {
  const [row] = await db
    .select({
      handle: playerProfile.handle,
      name: accounts.name,
      image: accounts.image,
      level: progress.level,
      crowns: progress.crowns,
      achievements: progress.achievements,
      stats: progress.stats,
      createdAt: accounts.createdAt,
    })
    .from(playerProfile)
    .innerJoin(accounts, eq(accounts.id, playerProfile.userId))
    .innerJoin(progress, eq(progress.userId, playerProfile.userId))
    .where(and(eq(playerProfile.handleLower, handleLower), eq(accounts.isAnonymous, false)));
  if (!row || row.handle === null) return null;
  return {
    handle: row.handle,
    name: row.name,
    image: row.image,
    level: row.level,
    crowns: row.crowns,
    achievements: row.achievements,
    stats: statsOf(row),
    joinedAt: row.createdAt.getTime(),
  };
}

/** The player's last awards, newest first, with the game's title while it exists. One statement. */
export async function readActivity(db: Db, userId: string): Promise<XpActivityView[]> {
  const rows = await activityQuery(db, userId);
  return rows.map((row) => ({
    reason: row.reason as XpReason,
    amount: row.amount,
    at: row.at.getTime(),
    gameId: row.gameId,
    gameTitle: row.gameTitle,
  }));
}

export function activityQuery(db: Db, userId: string) {
  return (
    db
      .select({
        reason: xpAwards.reason,
        amount: xpAwards.amount,
        at: xpAwards.at,
        gameId: xpAwards.ref,
        gameTitle: sql<string | null>`coalesce(${games.title}, ${games.prompt})`,
      })
      .from(xpAwards)
      .leftJoin(games, eq(games.id, xpAwards.ref))
      .where(eq(xpAwards.userId, userId))
      // Awards of one transaction share a time: a publish follows its create (create with publish).
      .orderBy(
        newestFirst(xpAwards.at),
        sql`case ${xpAwards.reason} when 'publish' then 0 when 'play' then 1 else 2 end`,
        newestFirst(xpAwards.id),
      )
      .limit(ACTIVITY_SIZE)
  );
}

/**
 * The owner's games, newest first (created_at desc, id desc: the game_owner_created_idx order),
 * archived ones or the others, one page after `cursor`. One statement.
 */
export async function listMyGames(
  db: Db,
  input: { userId: string; archived: boolean; cursor: PageCursor | null; now?: number },
): Promise<PageResponse<MyGameView>> {
  const rows = await myGamesQuery(db, input);
  const now = input.now ?? Date.now();
  const page = rows.slice(0, OWN_GAMES_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    games: page.map((row) => {
      const rules = {
        closed: row.closed,
        sizeLimit: row.sizeLimit,
        deadlineAt: row.deadlineAt?.getTime() ?? null,
      };
      const closed = isClosed(rules, row.players, now);
      return {
        id: row.id,
        slug: row.slug,
        title: row.title,
        emoji: row.emoji,
        itemsCount: row.itemsCount,
        players: row.players,
        state: closed ? 'closed' : resultsLocked({ ...rules, closed }) ? 'locked' : 'open',
        isPublic: row.isPublic,
        communityRankId: row.communityRankId,
        archived: row.archived,
        createdAt: row.createdAt.getTime(),
      };
    }),
    nextCursor:
      rows.length > OWN_GAMES_PAGE_SIZE && last
        ? encodePageCursor({
            list: input.archived ? 'archived' : 'created',
            atUs: Number(last.createdUs),
            id: last.id,
          })
        : null,
  };
}

/** The statement of one page of my games, plus one row to tell whether another page follows. */
export function myGamesQuery(
  db: Db,
  input: { userId: string; archived: boolean; cursor: PageCursor | null },
) {
  const { cursor } = input;
  return db
    .select({
      id: games.id,
      slug: games.slug,
      title: sql<string>`coalesce(${games.title}, ${games.prompt})`,
      emoji: games.emoji,
      itemsCount: sql<number>`jsonb_array_length(${games.items})::int`,
      players: sql<number>`coalesce(${tallies.submissions}, 0)::int`,
      closed: games.closed,
      sizeLimit: games.sizeLimit,
      deadlineAt: games.deadlineAt,
      isPublic: games.isPublic,
      communityRankId: games.communityRankId,
      archived: games.archived,
      createdAt: games.createdAt,
      createdUs: micros(games.createdAt),
    })
    .from(games)
    .leftJoin(tallies, eq(tallies.gameId, games.id))
    .where(
      and(
        eq(games.ownerId, input.userId),
        eq(games.archived, input.archived),
        cursor
          ? sql`(${games.createdAt}, ${games.id}) < (${fromMicros(cursor.atUs)}, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(newestFirst(games.createdAt), newestFirst(games.id))
    .limit(OWN_GAMES_PAGE_SIZE + 1);
}

/**
 * Games the player played, by last played (last_played_at desc, game_id desc: the
 * played_game_user_last_idx order), without archived games and games they own. One statement.
 */
export async function listPlayedGames(
  db: Db,
  input: { userId: string; cursor: PageCursor | null; now?: number },
): Promise<PageResponse<PlayedGameView>> {
  const rows = await playedGamesQuery(db, input);
  const now = input.now ?? Date.now();
  const page = rows.slice(0, OWN_GAMES_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    games: page.map((row) => ({
      gameId: row.gameId,
      slug: row.slug,
      title: row.title,
      emoji: row.emoji,
      itemsCount: row.itemsCount,
      status: row.status === 'completed' ? 'completed' : 'started',
      lastPlayedAt: row.lastPlayedAt.getTime(),
      closed: row.closed || pastDeadline(row.deadlineAt, now),
    })),
    nextCursor:
      rows.length > OWN_GAMES_PAGE_SIZE && last
        ? encodePageCursor({ list: 'played', atUs: Number(last.playedUs), id: last.gameId })
        : null,
  };
}

/** The statement of one page of played games, plus one row to tell whether another follows. */
export function playedGamesQuery(db: Db, input: { userId: string; cursor: PageCursor | null }) {
  const { cursor } = input;
  return db
    .select({
      gameId: playedGame.gameId,
      slug: games.slug,
      title: sql<string>`coalesce(${games.title}, ${games.prompt})`,
      emoji: games.emoji,
      itemsCount: sql<number>`jsonb_array_length(${games.items})::int`,
      status: playedGame.status,
      lastPlayedAt: playedGame.lastPlayedAt,
      playedUs: micros(playedGame.lastPlayedAt),
      closed: games.closed,
      deadlineAt: games.deadlineAt,
    })
    .from(playedGame)
    .innerJoin(games, eq(games.id, playedGame.gameId))
    .where(
      and(
        eq(playedGame.userId, input.userId),
        eq(games.archived, false),
        sql`${games.ownerId} is distinct from ${input.userId}`,
        cursor
          ? sql`(${playedGame.lastPlayedAt}, ${playedGame.gameId}) < (${fromMicros(cursor.atUs)}, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(newestFirst(playedGame.lastPlayedAt), newestFirst(playedGame.gameId))
    .limit(OWN_GAMES_PAGE_SIZE + 1);
}
