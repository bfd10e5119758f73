/** The player's own page (/player) and the parts public profiles share with it. */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const playerPageText = i18n('player/page', {
  loading: 'Loading your profile…',
  unavailableTitle: "Your profile isn't available right now",
  unavailableText: "We couldn't load your level and crowns. Please try again in a moment.",
  retry: 'Retry',
  player: 'Player',
  account: 'Account',
  /** {xp} is shown strong. */
  xp: '{xp} / {xpToNext} XP',
  toNext: params('{xp} XP to Lv. {level}'),
});

/** The crowns line of /player and /u/{handle}: the number is shown strong, the word after it. */
export const crownsText = i18n('player/crowns', {
  crowns: count({ one: 'crown', many: 'crowns' }),
});

export const levelRingText = i18n('player/level-ring', {
  badge: params('Lv. {level}'),
  level: params('Level {level}'),
  progress: params('Level {level}: experience to the next level'),
  progressValue: params('{xp} of {xpToNext} XP'),
});

export const playerStatsText = i18n('player/stats', {
  title: 'Stats',
  gamesCreated: 'Games created',
  rankingsSubmitted: 'Rankings submitted',
  communityPublishes: 'Community publishes',
  totalXp: 'Total XP',
});

export const achievementsText = i18n('player/achievements', {
  title: 'Achievements',
  unlockedCount: params('{unlocked}/{total}'),
  /** {date} is the day, as a <time>. */
  unlocked: 'Unlocked {date}',
  locked: 'Locked, progress ',
  progress: params('{progress}/{goal}'),
});

export const activityText = i18n('player/activity', {
  title: 'Recent activity',
  /** The list's error, before why. */
  didNotLoad: "Your recent activity didn't load.",
  empty: 'No XP yet: create or play a rank to earn some.',
  xp: params('+{amount} XP'),
  /** {game} is the link to the game (or "a deleted rank"). */
  create: 'Created {game}',
  play: 'Ranked {game}',
  publish: 'Published {game}',
  deletedRank: 'a deleted rank',
});

export const handleEditorText = i18n('player/handle', {
  publicProfile: params('@{handle}: your public profile'),
  noHandle: 'No handle yet',
  edit: 'Edit handle',
  choose: 'Choose a handle',
  label: 'Handle',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  saved: params('Your handle is now @{handle}'),
  checking: 'Checking…',
  yours: 'This is your handle.',
  available: params('@{handle} is available'),
  taken: params('@{handle} is taken'),
  /** SPEC §5's handle rules, as the server words them too. */
  required: 'Handle required',
  invalid: params(
    'Handle must be {min}-{max} chars, start with a letter, and use letters/numbers/_ only.',
  ),
  notAvailable: params('@{handle} is not available'),
  /** Kept for the service (admin, support, official…), as the server words it too. */
  reserved: 'That handle is reserved',
});
