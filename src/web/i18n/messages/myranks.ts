/** My Ranks' words: the tabs, the Created and Played lists, their cards and actions. */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const myRanksPageText = i18n('myranks/page', {
  title: 'My Ranks',
  lede: 'The ranks you created and the ones you played.',
  tabs: 'My Ranks',
  created: 'Created',
  played: 'Played',
});

export const createdListText = i18n('myranks/created-list', {
  archived: 'Archived',
  /** Shown as "Your ranks didn't load." */
  /** The list's error, before why. */
  didNotLoad: "Your ranks didn't load.",
  archivedEmptyTitle: 'No archived ranks',
  showMine: 'Show my ranks',
  archivedEmptyText: 'Ranks you archive are kept here, out of your list. Their links keep working.',
  emptyTitle: 'Your ranks will appear here',
  createFirst: 'Create your first rank',
  browse: 'Browse Community',
  emptyText: 'Create a rank, share its link, and it stays here for you to revisit.',
});

export const createdCardText = i18n('myranks/created-card', {
  open: 'Open',
  locked: 'Results locked',
  closed: 'Closed',
  published: 'Published',
  archived: 'Archived',
  players: count({ one: '{count} player', many: '{count} players' }),
  items: count({ one: '{count} item', many: '{count} items' }),
  actions: params('Actions for {title}'),
  results: 'Results',
});

export const gameActionsText = i18n('myranks/game-actions', {
  publish: 'Publish',
  unpublish: 'Unpublish',
  publishing: 'Publishing…',
  unpublishing: 'Unpublishing…',
  published: 'Published to Community',
  unpublished: 'Removed from Community',
  archive: 'Archive',
  unarchive: 'Unarchive',
  archiving: 'Archiving…',
  unarchiving: 'Unarchiving…',
  archivedTitle: 'Rank archived',
  archivedText: 'It is hidden from lists. The link still works.',
  unarchivedTitle: 'Rank unarchived',
  unarchivedText: 'It shows in lists again.',
});

export const playedListText = i18n('myranks/played-list', {
  /** Shown as "Your played ranks didn't load." */
  /** The list's error, before why. */
  didNotLoad: "Your played ranks didn't load.",
  emptyTitle: 'Ranks you play will appear here',
  browse: 'Browse Community',
  tryDemo: 'Try the demo',
  emptyText: "Play someone's rank and you'll find it here, to finish it or see how it ended.",
});

export const playedCardText = i18n('myranks/played-card', {
  inProgress: 'In progress',
  completed: 'Completed',
  closed: 'Closed',
  items: count({ one: '{count} item', many: '{count} items' }),
  played: params('played {date}'),
  continue: 'Continue',
  seeResults: 'See results',
});
