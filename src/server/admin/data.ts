/**
 * The admin app's reads: the overview's counts, and the users, games and audit lists (keyset
 * pages, newest first, `limit + 1` rows read to tell whether another page follows).
 */
import { and, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { adminAudit } from '../db/schema/admin';
import { accounts } from '../auth/public';
import { ranks } from '../community/public';
import { closedSql, games, rankings } from '../games/public';
import { profiles } from '../players/public';
import { progress } from '../progression/public';
import { encodeAdminCursor, type AdminCursor } from './cursor';
import {
  OVERVIEW_DAYS,
  type AdminGameView,
  type AdminOverview,
  type AdminUserView,
  type AuditEntryView,
  type GrantReviewView,
  type Page,
} from '../../domain/admin';
import { fromMicros, micros } from '../db/micros';
import { rows } from '../db/rows';

export type {
  AdminGameView,
  AdminOverview,
  AdminRole,
  AdminUserView,
  AuditEntryView,
  DailyCounts,
  GrantReviewView,
  Page,
} from '../../domain/admin';

/** Numbers as the drivers give them (count(*) is cast to int, but be lenient). */
const num = (value: unknown): number => Number(value ?? 0);

/**
 * Totals and active users (one statement), and the last 30 days (UTC) of signups, games created,
 * final rankings and community ranks, zeros filled (one statement).
 */
export async function readOverview(db: Db): Promise<AdminOverview> {
  const [totals] = rows<Record<string, unknown>>(
    await db.execute(sql`
      select
        count(*) filter (where not ${accounts.isAnonymous})::int as users,
        count(*) filter (where ${accounts.isAnonymous})::int as guests,
        count(*) filter (where not ${accounts.isAnonymous}
          and ${profiles.lastActiveAt} >= now() - interval '1 day')::int as day1,
        count(*) filter (where not ${accounts.isAnonymous}
          and ${profiles.lastActiveAt} >= now() - interval '7 days')::int as day7,
        count(*) filter (where not ${accounts.isAnonymous}
          and ${profiles.lastActiveAt} >= now() - interval '30 days')::int as day30,
        (select count(*)::int from ${games}) as games,
        (select count(*)::int from ${rankings} where not ${rankings.partial}) as rankings,
        (select count(*)::int from ${ranks}) as community_ranks
      from ${accounts} left join ${profiles} on ${profiles.userId} = ${accounts.id}`),
  );
  const today = sql`(now() at time zone 'utc')::date`;
  // The first day's start, as a time: the series' rows are counted from it.
  const since = sql`((${today} - ${OVERVIEW_DAYS - 1}::int)::timestamp at time zone 'utc')`;
  const perDay = (column: SQL) => sql`(${column} at time zone 'utc')::date`;
  const daily = rows<Record<string, unknown>>(
    await db.execute(sql`
      with days as (
        select (${today} - n)::date as day
        from generate_series(0, ${OVERVIEW_DAYS - 1}::int) as n
      ),
      signups as (
        select ${perDay(sql`${accounts.createdAt}`)} as day, count(*)::int as n
        from ${accounts}
        where not ${accounts.isAnonymous} and ${accounts.createdAt} >= ${since} group by 1
      ),
      created as (
        select ${perDay(sql`${games.createdAt}`)} as day, count(*)::int as n
        from ${games} where ${games.createdAt} >= ${since} group by 1
      ),
      submitted as (
        select ${perDay(sql`${rankings.at}`)} as day, count(*)::int as n
        from ${rankings} where not ${rankings.partial} and ${rankings.at} >= ${since} group by 1
      ),
      published as (
        select ${perDay(sql`${ranks.createdAt}`)} as day, count(*)::int as n
        from ${ranks} where ${ranks.createdAt} >= ${since} group by 1
      )
      select to_char(d.day, 'YYYY-MM-DD') as day,
        coalesce(signups.n, 0) as signups,
        coalesce(created.n, 0) as games_created,
        coalesce(submitted.n, 0) as rankings_submitted,
        coalesce(published.n, 0) as publishes
      from days d
      left join signups on signups.day = d.day
      left join created on created.day = d.day
      left join submitted on submitted.day = d.day
      left join published on published.day = d.day
      order by d.day`),
  );
  return {
    totals: {
      users: num(totals?.users),
      guests: num(totals?.guests),
      games: num(totals?.games),
      rankings: num(totals?.rankings),
      communityRanks: num(totals?.community_ranks),
    },
    active: { day1: num(totals?.day1), day7: num(totals?.day7), day30: num(totals?.day30) },
    daily: daily.map((row) => ({
      day: String(row.day),
      signups: num(row.signups),
      gamesCreated: num(row.games_created),
      rankingsSubmitted: num(row.rankings_submitted),
      publishes: num(row.publishes),
    })),
  };
}

/** Descending as the keyset indexes are built (drizzle makes them DESC NULLS LAST). */
const newestFirst = (column: AnyPgColumn) => sql`${column} desc nulls last`;

/** Rows after `cursor` in (time desc, id desc) order. */
const after = (at: AnyPgColumn, id: AnyPgColumn, cursor: AdminCursor | null) =>
  cursor ? sql`(${at}, ${id}) < (${fromMicros(cursor.atUs)}, ${cursor.id})` : undefined;

/** An ILIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function page<K extends string, Row extends { id: string; atUs: string }, T>(
  key: K,
  list: 'users' | 'games' | 'audit',
  found: Row[],
  limit: number,
  view: (row: Row) => T,
): Page<K, T> {
  const shown = found.slice(0, limit);
  const last = shown.at(-1);
  return {
    [key]: shown.map(view),
    nextCursor:
      found.length > limit && last
        ? encodeAdminCursor(list, { atUs: Number(last.atUs), id: last.id })
        : null,
  } as Page<K, T>;
}

/** Accounts (guests aside), newest first; `q` matches e-mail, name or handle (substring). */
export async function listUsers(
  db: Db,
  input: { q: string | null; cursor: AdminCursor | null; limit: number },
): Promise<Page<'users', AdminUserView>> {
  const pattern = input.q === null ? null : containsPattern(input.q);
  const found = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      handle: profiles.handle,
      email: accounts.email,
      role: accounts.role,
      level: progress.level,
      gamesCreated: sql<number>`(select count(*)::int from ${games} where ${games.ownerId} = ${accounts.id})`,
      lastActiveAt: profiles.lastActiveAt,
      createdAt: accounts.createdAt,
      atUs: micros(accounts.createdAt),
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.userId, accounts.id))
    .innerJoin(progress, eq(progress.userId, accounts.id))
    .where(
      and(
        eq(accounts.isAnonymous, false),
        pattern === null
          ? undefined
          : or(
              ilike(accounts.email, pattern),
              ilike(accounts.name, pattern),
              ilike(profiles.handle, pattern),
            ),
        after(accounts.createdAt, accounts.id, input.cursor),
      ),
    )
    .orderBy(newestFirst(accounts.createdAt), newestFirst(accounts.id))
    .limit(input.limit + 1);
  return page('users', 'users', found, input.limit, (row) => ({
    id: row.id,
    name: row.name,
    handle: row.handle,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'user',
    level: row.level,
    gamesCreated: num(row.gamesCreated),
    lastActiveAt: iso(row.lastActiveAt),
    createdAt: iso(row.createdAt)!,
  }));
}

/** Every game, newest first; `q` matches prompt or owner name (substring), or an exact id or slug. */
export async function listGames(
  db: Db,
  input: { q: string | null; cursor: AdminCursor | null; limit: number },
): Promise<Page<'games', AdminGameView>> {
  const { q } = input;
  const pattern = q === null ? null : containsPattern(q);
  const found = await db
    .select({
      id: games.id,
      slug: games.slug,
      prompt: games.prompt,
      ownerId: games.ownerId,
      ownerName: games.ownerName,
      itemsCount: sql<number>`jsonb_array_length(${games.items})`,
      playCount: games.playCount,
      createdAt: games.createdAt,
      isPublic: games.isPublic,
      closed: sql<boolean>`${closedSql(sql`games`)}`,
      atUs: micros(games.createdAt),
    })
    .from(games)
    .where(
      and(
        q === null || pattern === null
          ? undefined
          : or(
              ilike(games.prompt, pattern),
              ilike(games.ownerName, pattern),
              eq(games.id, q),
              eq(games.slug, q.toLowerCase()),
            ),
        after(games.createdAt, games.id, input.cursor),
      ),
    )
    .orderBy(newestFirst(games.createdAt), newestFirst(games.id))
    .limit(input.limit + 1);
  return page('games', 'games', found, input.limit, (row) => ({
    id: row.id,
    slug: row.slug,
    prompt: row.prompt,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    itemsCount: num(row.itemsCount),
    playCount: row.playCount,
    createdAt: iso(row.createdAt)!,
    isPublic: row.isPublic,
    closed: row.closed === true,
  }));
}

/** The audit log, newest first. */
export async function listAudit(
  db: Db,
  input: { cursor: AdminCursor | null; limit: number },
): Promise<Page<'entries', AuditEntryView>> {
  const found = await db
    .select({
      id: adminAudit.id,
      actorId: adminAudit.actorId,
      actorName: adminAudit.actorName,
      action: adminAudit.action,
      targetKind: adminAudit.targetKind,
      targetId: adminAudit.targetId,
      targetLabel: adminAudit.targetLabel,
      at: adminAudit.at,
      flaggedAt: adminAudit.flaggedAt,
      reviewedAt: adminAudit.reviewedAt,
      atUs: micros(adminAudit.at),
    })
    .from(adminAudit)
    .where(after(adminAudit.at, adminAudit.id, input.cursor))
    .orderBy(newestFirst(adminAudit.at), newestFirst(adminAudit.id))
    .limit(input.limit + 1);
  return page('entries', 'audit', found, input.limit, (row) => ({
    id: row.id,
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    targetKind: row.targetKind,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    at: iso(row.at)!,
    flaggedAt: iso(row.flaggedAt),
    reviewedAt: iso(row.reviewedAt),
  }));
}

/** Grants to review listed at most (the oldest flags wait behind the newest). */
export const GRANT_REVIEWS_MAX = 100;

/**
 * Grants to review (decision 0028): flagged when their granting admin lost the role, not yet
 * reviewed, and whose target is still an admin (a target no longer admin needs no review).
 * Newest first.
 */
export async function listGrantReviews(db: Db): Promise<{ grants: GrantReviewView[] }> {
  const found = await db
    .select({
      id: adminAudit.id,
      actorId: adminAudit.actorId,
      actorName: adminAudit.actorName,
      targetId: adminAudit.targetId,
      targetLabel: adminAudit.targetLabel,
      at: adminAudit.at,
      flaggedAt: adminAudit.flaggedAt,
    })
    .from(adminAudit)
    .innerJoin(accounts, and(eq(accounts.id, adminAudit.targetId), eq(accounts.role, 'admin')))
    .where(
      and(
        eq(adminAudit.action, 'grant-admin'),
        isNotNull(adminAudit.flaggedAt),
        isNull(adminAudit.reviewedAt),
      ),
    )
    .orderBy(newestFirst(adminAudit.at), newestFirst(adminAudit.id))
    .limit(GRANT_REVIEWS_MAX);
  return {
    grants: found.map((row) => ({
      id: row.id,
      actorId: row.actorId,
      actorName: row.actorName,
      targetId: row.targetId,
      targetLabel: row.targetLabel,
      at: iso(row.at)!,
      flaggedAt: iso(row.flaggedAt)!,
    })),
  };
}
