/**
 * A player's progress as other features read it (decision 0037): progression alone writes
 * `player_progress` (ledger.ts, guest-merge.ts); others join `progress` into their own statement
 * (no query of its own).
 */
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { playerProgress, xpAward } from '../db/schema/progression';

export type { UserStats } from '../db/schema/progression';

/** Level, XP, crowns, achievements and stats, by `userId`: PostgreSQL plans it as the table. */
export const progress = new QueryBuilder()
  .select({
    userId: playerProgress.userId,
    level: playerProgress.level,
    xp: playerProgress.xp,
    xpToNext: playerProgress.xpToNext,
    crowns: playerProgress.crowns,
    totalXp: playerProgress.totalXp,
    achievements: playerProgress.achievements,
    stats: playerProgress.stats,
  })
  .from(playerProgress)
  .as('progress');

/** The XP ledger's awards: who earned how much, why (the game in `ref`), and when. */
export const xpAwards = new QueryBuilder()
  .select({
    id: xpAward.id,
    userId: xpAward.userId,
    reason: xpAward.reason,
    ref: xpAward.ref,
    amount: xpAward.amount,
    at: xpAward.at,
  })
  .from(xpAward)
  .as('xp_awards');
