/**
 * Community ranks: what the API shows, the rules for tags and titles, and the spec's messages.
 * Pure; shared by server and web.
 */
import type { Item } from './game';
import { itemView } from './item-pictures';

export const COMMUNITY_MESSAGES = {
  needTitleAndItems: 'Need a title and at least 3 items',
  needItemsToPublish: 'Need at least 3 items to publish',
  rankNotFound: 'Rank not found',
  rankRemoved: 'This rank was removed by a moderator',
  signInToLike: 'Sign in to like ranks',
  signInToReport: 'Sign in to report ranks',
  alreadyReported: 'You already reported this rank',
  adminsOnly: 'Admins only',
  tooManyTags: 'At most 5 tags',
  badTag: 'Each tag must be 1-24 characters',
  badCursor: 'That page link is no longer valid',
} as const;

export const MAX_TAGS = 5;
export const MAX_TAG_LENGTH = 24;

export type CommunitySort = 'new' | 'popular';
export type ReportReason = 'spam' | 'offensive' | 'other';
export const REPORT_REASONS: readonly ReportReason[] = ['spam', 'offensive', 'other'];

/** A community rank as lists and its page show it. Times are epoch milliseconds. */
export type CommunityRankView = {
  id: string;
  gameId: string | null;
  title: string;
  emoji: string | null;
  items: string[];
  /**
   * Beside `items`, index for index: each item's picture as a thumbnail (null for an item
   * without one); left out when none of them has a picture (issue 26, decision 0052).
   */
  itemPictures?: (ItemThumbView | null)[];
  itemsCount: number;
  creatorName: string;
  /** The creator's public handle, when they chose one (links to /u/{handle}). */
  creatorHandle: string | null;
  tags: string[];
  plays: number;
  likes: number;
  likedByMe: boolean;
  createdAt: number;
  /** The viewer created it. */
  isMine: boolean;
  /** Only for admins: open reports and whether it is hidden. */
  moderation?: { openReports: number; hidden: boolean };
};

/**
 * An item's picture as a community card shows it: its thumbnail's address and its alt text. A
 * hidden picture is named by its placeholder's address and described as hidden (`itemView`).
 */
export type ItemThumbView = { thumbUrl: string; alt: string };

/**
 * The pictures of a rank's items (`labels`, as the rank keeps them), read from its game's items:
 * by position, an item counting only while its label is still the rank's (a rank whose game
 * changed under it never shows a picture beside another item's name). Undefined when none has a
 * picture, so a text-only rank is shown exactly as before.
 */
export function rankItemPictures(
  labels: readonly string[],
  gameItems: readonly Item[] | null,
): (ItemThumbView | null)[] | undefined {
  if (!gameItems) return undefined;
  const pictures = labels.map((label, index) => {
    const item = gameItems[index];
    const image = item?.label === label ? itemView(item).image : undefined;
    return image ? { thumbUrl: image.thumbUrl, alt: image.alt } : null;
  });
  return pictures.some((picture) => picture !== null) ? pictures : undefined;
}

export type CommunityListResponse = { ranks: CommunityRankView[]; nextCursor: string | null };

/** An open report in the moderators' queue (`GET /api/community/reports`). */
export type RankReportView = {
  id: string;
  rankId: string;
  rankTitle: string;
  reason: ReportReason;
  note: string | null;
  reporterName: string;
  createdAt: number;
  hidden: boolean;
  /**
   * The pictures on the reported rank's items (issue 26), each with whether an admin hid it: a
   * report may be about one of them (hidden with `PUT /api/admin/pictures/:id`).
   */
  pictures: ReportedPicture[];
};

/** A picture on a reported rank's items, as the report queue shows it. */
export type ReportedPicture = { id: string; alt: string; thumbUrl: string; hidden: boolean };

/** The live event of one rank's page (`GET /api/community/:rankId/events`, event `rank`). */
export type RankLiveData = { plays: number; likes: number; listed: boolean };
