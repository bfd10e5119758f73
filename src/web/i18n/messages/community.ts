/**
 * The Community's words: the list (tabs, search, tags, empty and error states), rank cards, a
 * rank's page, likes, reports and moderation.
 *
 * `{count}` plurals whose number is shown in the app's language ("12,345 plays") take it twice:
 * `t.plays({ count: formatNumber(n) })(n)` (see `community/counts.ts`).
 */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const countsText = i18n('community/counts', {
  plays: params<{ count: string }>(count({ one: '{count} play', many: '{count} plays' })),
  ranks: params<{ count: string }>(count({ one: '{count} rank', many: '{count} ranks' })),
});

export const communityPageText = i18n('community/page', {
  title: 'Community',
  moderation: 'Moderation',
  adminLede: 'Every rank, hidden ones too. Hidden ranks leave every public list.',
  lede: 'Ranks people have published. See something wrong? Report it.',
  /** The home page's <title>; {brand} is the app's name. */
  homeTitle: params('{brand} — rank anything with friends'),
  /** {build} is the link to the rank builder (`build`). */
  sectionLede: 'Ranks people have published for everyone to play. Got a list? {build}.',
  build: 'Build a community rank from it',
});

export const communityBrowserText = i18n('community/browser', {
  loadError: "We couldn't load the Community.",
  retry: 'Retry',
  noMatchesTitle: 'No matches',
  clearSearch: 'Clear search',
  /** {query} is the search in bold (`quoted`), {tag} the tag in bold. */
  noMatchesQuery: 'No ranks match {query}. Try other words, or make this rank yourself.',
  noMatchesTag: 'No ranks match tagged {tag}. Try other words, or make this rank yourself.',
  noMatchesBoth:
    'No ranks match {query} tagged {tag}. Try other words, or make this rank yourself.',
  quoted: params('“{query}”'),
  emptyTitle: 'No community ranks yet',
  createRank: 'Create a rank',
  tryDemo: 'Try the demo',
  emptyText:
    'Ranks published for everyone to play will show up here. Be the first: create a rank and turn on Publish to Community.',
  loading: 'Loading…',
  loadMore: 'Load more',
  tagFilter: 'Filter by tag',
  bestMatches: 'Best matches first.',
  /** Read by screen readers when the list changes. {ranks}: "50 ranks". */
  announceError: 'The Community could not be loaded.',
  announceNoMatches: 'No matches.',
  announceEmpty: 'No community ranks yet.',
  announceShowing: params('Showing {ranks}.'),
  announceShowingMore: params('Showing {ranks}, more to load.'),
});

export const sortTabsText = i18n('community/sort-tabs', {
  label: 'Sort ranks',
  new: 'New',
  popular: 'Popular',
});

export const searchBoxText = i18n('community/search-box', {
  label: 'Search ranks',
  placeholder: 'Search titles and items',
  clear: 'Clear search',
});

export const rankCardText = i18n('community/rank-card', {
  items: count({ one: '{count} item', many: '{count} items' }),
  /** {name} is the creator (a link to their profile when they have one). */
  by: 'by {name}',
  more: params('+{more} more'),
  tags: 'Tags',
  showTag: params('Show ranks tagged {tag}'),
  play: 'Play',
  playLabel: params('Play {title}'),
});

export const rankPageText = i18n('community/rank-page', {
  browse: 'Browse the Community',
  loading: 'Loading the rank…',
  removedTitle: 'Rank removed',
  removedText: 'This rank was removed by a moderator.',
  notFoundPageTitle: 'Rank not found',
  notFoundTitle: 'Community rank not found',
  /** {id} is shown as code. */
  notFoundText: 'No community rank has the id {id}. It may have been unpublished or deleted.',
  loadError: "We couldn't load this rank",
  retry: 'Retry',
  eyebrow: 'Community rank',
  /** {name} is the creator (a link to their profile when they have one). */
  by: 'by {name}',
  items: count({ one: '{count} item', many: '{count} items' }),
  tags: 'Tags',
  play: 'Play',
  manage: 'Manage',
  contenders: 'The contenders',
});

export const resultsPreviewText = i18n('community/results-preview', {
  title: 'Crowd results',
  locked: 'Play to see results.',
  playNow: 'Play now',
  none: 'No rankings yet. Be the first to play.',
  soFar: params<{ count: string }>(
    count({ one: '{count} ranking so far.', many: '{count} rankings so far.' }),
  ),
  /** An item's mean position in the crowd's rankings. */
  mean: params('avg #{mean}'),
  fullResults: 'See full results',
});

export const likeButtonText = i18n('community/like-button', {
  /** Same words as the server's (COMMUNITY_MESSAGES.signInToLike). */
  signInToLike: 'Sign in to like ranks',
  /** Screen-reader text after the visible count of likes. */
  label: params<{ title: string }>(
    count({ one: ' like. Like {title}', many: ' likes. Like {title}' }),
  ),
});

export const signInPromptText = i18n('community/sign-in-prompt', {
  signIn: 'Sign in',
});

export const reportDialogText = i18n('community/report-dialog', {
  /** Same words as the server's (COMMUNITY_MESSAGES.signInToReport). */
  signInToReport: 'Sign in to report ranks',
  thanks: 'Thanks, a moderator will take a look.',
  label: params('Report {title}'),
  report: 'Report',
  reporting: 'Reporting…',
  title: 'Report this rank',
  /** {title} is the rank's title, in bold. */
  question: '{title}: what is wrong with it?',
  reason: 'Reason',
  reasonSpam: 'Spam',
  reasonOffensive: 'Offensive',
  reasonOther: 'Something else',
  note: 'Note (optional)',
  cancel: 'Cancel',
});

export const moderationText = i18n('community/moderation', {
  hidden: 'Hidden',
  reports: count({ one: '{count} report', many: '{count} reports' }),
  rankHidden: 'Rank hidden',
  rankRestored: 'Rank restored',
  hide: 'Hide',
  restore: 'Restore',
  hiding: 'Hiding…',
  restoring: 'Restoring…',
  hideLabel: params('Hide {title}'),
  restoreLabel: params('Restore {title}'),
  queueTitle: 'Report queue',
  retry: 'Retry',
  noReports: 'No open reports. All quiet.',
  reasonSpam: 'Spam',
  reasonOffensive: 'Offensive',
  reasonOther: 'Other',
  reportedBy: params('by {name}, {date}'),
  reportedByWithNote: params('by {name}, {date}: “{note}”'),
  /** The reported rank's pictures, each with Hide or Show (issue 26). */
  pictures: 'Pictures in this rank',
  hidePicture: params('Hide picture: {alt}'),
  showPicture: params('Show picture again: {alt}'),
  pictureHidden: 'Picture hidden on every page',
  pictureShown: 'Picture shown again',
});
