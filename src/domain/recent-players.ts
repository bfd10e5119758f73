/**
 * The owner's Recent players (issue 25; SPEC §7 "submissions ordered by at desc, optional limit"):
 * who played a game, newest first, a page at a time. A player is their shown name, when they last
 * saved and whether that was a final ranking; never an e-mail or a user id.
 */
import { RECENT_PLAYERS_MAX_PAGE } from './limits';

export type RecentPlayerView = {
  name: string;
  /** When they last saved, ms since the epoch. */
  at: number;
  /** A saved, unfinished ranking (progress) rather than a final one. */
  partial: boolean;
};

export type RecentPlayersPage = { players: RecentPlayerView[]; nextCursor: string | null };

export const RECENT_PLAYERS_MESSAGES = {
  badLimit: `Limit must be a whole number from 1 to ${RECENT_PLAYERS_MAX_PAGE}`,
} as const;
