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

/** What the admin audit log records (decision 0017; claims and moderation: decision 0028). */
export const AUDIT_ACTIONS = [
  'grant-admin',
  'revoke-admin',
  'claim-admin',
  'keep-grant',
  'delete-game',
  'hide-rank',
  'restore-rank',
  'hide-picture',
  'restore-picture',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_KINDS = ['user', 'game', 'rank', 'picture'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];

/** The actor named in the log when an address left ADMIN_EMAILS and lost its claimed role. */
export const ALLOWLIST_ACTOR = 'ADMIN_EMAILS';

export type AuditEntryView = {
  id: string;
  actorId: string | null;
  actorName: string;
  action: AuditAction;
  targetKind: AuditTargetKind;
  targetId: string;
  targetLabel: string;
  at: string;
  /** A grant whose granting admin later lost the role: when that happened (else null). */
  flaggedAt: string | null;
  /** When an admin reviewed the flagged grant and kept it (else null). */
  reviewedAt: string | null;
};

/**
 * A grant to review (GET /api/admin/grant-reviews): flagged, not yet reviewed, and its target is
 * still an admin.
 */
export type GrantReviewView = {
  id: string;
  actorId: string | null;
  actorName: string;
  targetId: string;
  targetLabel: string;
  at: string;
  flaggedAt: string;
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
