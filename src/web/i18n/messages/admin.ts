/**
 * The admin app's words (/admin/*): its sections, the overview's figures and charts, the users,
 * games and audit lists, analytics. The confirmation dialog's Cancel is the owner's (`owner.ts`),
 * the report queue's words the Community's (`community.ts`).
 */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const adminPageText = i18n('admin/page', {
  checking: 'Checking your access…',
  eyebrow: 'Admin',
  /** The page's <title> before the app's name: "Users · Admin". */
  pageTitle: params('{section} · Admin'),
  sections: 'Admin sections',
  overview: 'Overview',
  users: 'Users',
  games: 'Games',
  reports: 'Reports',
  analytics: 'Analytics',
  audit: 'Audit log',
});

/** Times as the admin lists show them, beside `format.ts`'s relative times. */
export const adminTimeText = i18n('admin/time', {
  never: 'never',
  justNow: 'just now',
});

export const overviewText = i18n('admin/overview', {
  /** Before "didn't load." */
  /** The list's error, before why. */
  didNotLoad: "The overview didn't load.",
  totals: 'Totals',
  users: 'Users',
  guests: params('{count} guests'),
  games: 'Games',
  rankings: 'Rankings',
  communityRanks: 'Community ranks',
  active: 'Active users',
  today: 'Today',
  last24Hours: 'last 24 hours',
  thisWeek: 'This week',
  last7Days: 'last 7 days',
  thisMonth: 'This month',
  last30Days: 'last 30 days',
  charts: 'The last 30 days',
  signups: 'Signups',
  gamesCreated: 'Games created',
  rankingsSubmitted: 'Rankings submitted',
  publishes: 'Community publishes',
  /** After a chart's title. */
  inThirtyDays: params('· {count} in 30 days'),
  showTable: 'Show as a table',
  day: 'Day',
});

export const dailyChartText = i18n('admin/charts', {
  /** A chart for screen readers. {title}: "Signups"; {day}: "Nov 3". */
  busiest: params('{title} per day over the last 30 days; the busiest day was {day} with {count}.'),
  none: params('{title} per day over the last 30 days: none yet.'),
  /** The funnel chart for screen readers: "Funnel: Visited 12, Created a game 3." */
  counts: params('{title}: {rows}.'),
  count: params('{label} {value}'),
  visitors: 'Visitors',
});

export const analyticsText = i18n('admin/analytics', {
  label: 'Analytics',
  period: 'Period',
  lastDays: params('Last {count} days'),
  /** Before "didn't load." */
  /** The list's error, before why. */
  didNotLoad: "Analytics didn't load.",
  emptyTitle: 'No visits recorded yet',
  emptyText: 'Visits, games created, shares opened and rankings appear here as they happen.',
  funnelTitle: 'Funnel · visitors per step',
  funnel: 'Funnel',
  step: 'Step',
  visited: 'Visited',
  createdGame: 'Created a game',
  openedShare: 'Opened a share',
  submittedRanking: 'Submitted a ranking',
  /** {share}: "25%". */
  ofVisitors: params('{share} of visitors'),
  firstTouch: 'Top sources · first touch',
  lastTouch: 'Top sources · last touch',
  source: 'Source',
  devices: 'Devices',
  device: 'Device',
  locales: 'Locales',
  locale: 'Locale',
  visitors: 'Visitors',
  nothing: 'Nothing recorded in this period.',
});

export const auditText = i18n('admin/audit', {
  label: 'Audit log',
  /** Before "didn't load." */
  /** The list's error, before why. */
  didNotLoad: "The audit log didn't load.",
  emptyTitle: 'Nothing recorded yet',
  emptyText:
    'Grants, revocations, admin claims, game deletions and community moderation by admins appear here.',
  /** {actor} and {target} are shown strong. */
  grantAdmin: '{actor} granted admin to {target}',
  revokeAdmin: '{actor} revoked admin from {target}',
  claimAdmin: '{actor} became an admin by confirming the mailed link ({target})',
  keepGrant: '{actor} reviewed and kept the admin role of {target}',
  deleteGame: '{actor} deleted the game {target}',
  hideRank: '{actor} hid the community rank {target}',
  restoreRank: '{actor} restored the community rank {target}',
  hidePicture: '{actor} hid the picture {target}',
  restorePicture: '{actor} showed the picture {target} again',
  /** On a grant whose granting admin later lost the role. */
  flagged: 'To review: the granting admin lost the role',
  reviewed: 'Reviewed and kept',
});

/** The overview's list of grants whose granting admin later lost the role (decision 0028). */
export const grantReviewsText = i18n('admin/grant-reviews', {
  title: 'Grants to review',
  intro:
    'These accounts were made admins by an admin who has since lost the role. Keep each one, or revoke it.',
  didNotLoad: "The grants to review didn't load.",
  /** {actor} and {target} are shown strong. */
  entry: '{actor} granted admin to {target}',
  /** {granted} and {flagged} are relative times. */
  when: params('granted {granted} · flagged {flagged}'),
  keep: 'Keep',
  keepLabel: params('Keep admin: {name}'),
  revoke: 'Revoke admin',
  revokeLabel: params('Revoke admin: {name}'),
  kept: params('{name} stays an admin'),
  revoked: params('{name} is no longer an admin'),
});

export const adminGamesText = i18n('admin/games', {
  label: 'Games',
  search: 'Search games',
  placeholder: 'Search by prompt, owner, id or slug',
  /** Before "didn't load." */
  /** The list's error, before why. */
  didNotLoad: "Games didn't load.",
  noMatchTitle: 'No game matches',
  noMatchText: params('No prompt or owner contains “{query}”.'),
  emptyTitle: 'No games yet',
  emptyText: 'Games appear here once created.',
  /** {owner} is the owner's name, {created} the time (`created`). */
  meta: 'by {owner} · {items} · {players} · {created}',
  items: count({ one: '{count} item', many: '{count} items' }),
  players: count({ one: '{count} player', many: '{count} players' }),
  created: params('created {when}'),
  community: 'Community',
  closed: 'Closed',
  delete: 'Delete',
  deleteLabel: params('Delete {title}'),
  deleteTitle: 'Delete this rank?',
  deleteConfirm: 'Delete rank',
  deleting: 'Deleting…',
  deleted: 'Rank deleted',
  /** {title} is the game's prompt (`quoted`), in bold. */
  deleteText:
    "{title} by {owner}, with all its rankings and results, will be deleted for good. Its link will stop working. This can't be undone, and it is recorded in the audit log.",
  quoted: params('“{title}”'),
});

export const adminUsersText = i18n('admin/users', {
  label: 'Users',
  search: 'Search users',
  placeholder: 'Search by e-mail, name or handle',
  /** Before "didn't load." */
  /** The list's error, before why. */
  didNotLoad: "Users didn't load.",
  noMatchTitle: 'No one matches',
  noMatchText: params("Nobody's e-mail, name or handle contains “{query}”."),
  emptyTitle: 'No users yet',
  emptyText: 'Accounts appear here.',
  caption: 'Users',
  name: 'Name',
  email: 'E-mail',
  role: 'Role',
  level: 'Level',
  games: 'Games',
  lastActive: 'Last active',
  actions: 'Actions',
  you: 'You',
  admin: 'Admin',
  user: 'User',
  makeAdmin: 'Make admin',
  revokeAdmin: 'Revoke admin',
  makeAdminLabel: params('Make admin: {name}'),
  revokeAdminLabel: params('Revoke admin: {name}'),
  makeAdminTitle: params('Make {name} an admin?'),
  revokeAdminTitle: params('Revoke admin from {name}?'),
  /** In the titles above, when it is the admin's own account. */
  yourself: 'yourself',
  granting: 'Granting…',
  revoking: 'Revoking…',
  nowAdmin: params('{name} is now an admin'),
  noLongerAdmin: params('{name} is no longer an admin'),
  grantText: params(
    '{name} ({email}) will be able to manage users, games, reports and analytics from their next page load. This is recorded in the audit log.',
  ),
  revokeSelfText:
    'You will lose access to the admin app at once. This is recorded in the audit log.',
  revokeText: params(
    '{name} ({email}) loses access to the admin app from their next page load. This is recorded in the audit log.',
  ),
});

export const adminReportsText = i18n('admin/reports', {
  /** {link} is the link to the moderators' page (`link`). */
  everyRank: 'Every community rank, hidden ones included, is listed on {link}.',
  link: "the moderators' community page",
});
