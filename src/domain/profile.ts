/** A player's profile as the API shows it, their lists, and the public profile. */
import type { Unlocks } from './achievements';
import type { Progress, XpReason } from './progression';

export type DeviceType = 'mobile' | 'tablet' | 'desktop';

export type ProfileView = Progress & {
  id: string;
  name: string;
  /** Null for guests, whose e-mail is a placeholder. */
  email: string | null;
  emailVerified: boolean;
  isAnonymous: boolean;
  role: 'user' | 'admin';
  handle: string | null;
  /** When the handle was claimed (epoch ms); null with no handle or one claimed before 2026-11. */
  handleClaimedAt: number | null;
  image: string | null;
  /** Every XP ever earned (the ledger's sum); `xp` is the part towards the next level. */
  totalXp: number;
  stats: { gamesCreated: number; rankingsSubmitted: number; communityPublishes: number };
  /** When each unlocked achievement unlocked (epoch ms). */
  achievements: Unlocks;
};

/**
 * Kept for players/data.ts until its import moves to progression.ts (the type's home since the
 * profile/progression cycle was broken); nothing else imports it from here.
 */
export type { XpReason };

/** One XP award, as the player page's recent activity lists it. */
export type XpActivityView = {
  reason: XpReason;
  amount: number;
  at: number;
  gameId: string;
  /** The game's title or prompt, while the game exists. */
  gameTitle: string | null;
};

/** One of my created games (`GET /api/me/games`). */
export type MyGameView = {
  id: string;
  slug: string;
  title: string;
  emoji: string | null;
  itemsCount: number;
  /** Final submissions. */
  players: number;
  /** closed; locked: open with results locked by a rule; open otherwise. */
  state: 'open' | 'locked' | 'closed';
  isPublic: boolean;
  communityRankId: string | null;
  archived: boolean;
  createdAt: number;
};

/** One game I played and do not own (`GET /api/me/played`). */
export type PlayedGameView = {
  gameId: string;
  slug: string;
  title: string;
  emoji: string | null;
  itemsCount: number;
  status: 'started' | 'completed';
  lastPlayedAt: number;
  closed: boolean;
};

export type PageResponse<T> = { games: T[]; nextCursor: string | null };

/** `GET /api/users/:handle`: what anyone may see of a player. Never their e-mail. */
export type PublicProfileView = {
  handle: string;
  name: string;
  image: string | null;
  level: number;
  crowns: number;
  achievements: Unlocks;
  stats: { gamesCreated: number; rankingsSubmitted: number; communityPublishes: number };
  joinedAt: number;
};

/** Whether an e-mail is on the admin allowlist (case-insensitive). */
export function isAllowlistedAdmin(email: string, allowlist: readonly string[]): boolean {
  return allowlist.includes(email.trim().toLowerCase());
}
