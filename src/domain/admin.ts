/**
 * What the admin API answers (issue 12): the shapes the server builds and the admin app reads.
 */
import type { FunnelStep } from './analytics';

/** Days in the overview's daily series (today, UTC, last). */
export const OVERVIEW_DAYS = 30;

export type AdminRole = 'admin' | 'user';

export type AdminOverview = {
  totals: {
    users: number;
    guests: number;
    games: number;
    rankings: number;
    communityRanks: number;
  };
  active: { day1: number; day7: number; day30: number };
  daily: DailyCounts[];
};

export type DailyCounts = {
  day: string;
  signups: number;
  gamesCreated: number;
  rankingsSubmitted: number;
  publishes: number;
};

export type AdminUserView = {
  id: string;
  name: string;
  handle: string | null;
  email: string;
  role: AdminRole;
  level: number;
  gamesCreated: number;
  lastActiveAt: string | null;
  createdAt: string;
};

export type AdminGameView = {
  id: string;
  slug: string | null;
  prompt: string;
  /** Null for the seeded demo game only (every person's game has its owner). */
  ownerId: string | null;
  ownerName: string;
  itemsCount: number;
  playCount: number;
  createdAt: string;
  isPublic: boolean;
  closed: boolean;
};

export type AuditEntryView = {
  id: string;
  actorId: string | null;
  actorName: string;
  action: 'grant-admin' | 'revoke-admin' | 'delete-game';
  targetKind: 'user' | 'game';
  targetId: string;
  targetLabel: string;
  at: string;
};

export type Page<K extends string, T> = { [key in K]: T[] } & { nextCursor: string | null };

/** GET /api/admin/analytics: the last `days`, in visitors (see server/analytics/report.ts). */
export type AdminAnalytics = {
  days: number;
  funnel: { step: FunnelStep; visitors: number }[];
  firstTouch: { source: string; visitors: number }[];
  lastTouch: { source: string; visitors: number }[];
  devices: { device: string; visitors: number }[];
  locales: { locale: string; visitors: number }[];
};
