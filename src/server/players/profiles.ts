/**
 * Players' profiles as other features read them (decision 0037): players alone write
 * `player_profile` (mutations.ts); others join `profiles` into their own statement (no query of
 * its own).
 */
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { playerProfile } from '../db/schema/players';

/** Handle and last activity, by `userId`: PostgreSQL plans it as the table. */
export const profiles = new QueryBuilder()
  .select({
    userId: playerProfile.userId,
    handle: playerProfile.handle,
    handleLower: playerProfile.handleLower,
    lastActiveAt: playerProfile.lastActiveAt,
  })
  .from(playerProfile)
  .as('profiles');
