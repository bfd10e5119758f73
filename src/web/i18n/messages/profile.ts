/** A player's public profile (/u/{handle}) and their published ranks. */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const publicProfileText = i18n('profile/page', {
  loading: 'Loading the profile…',
  notFoundTitle: 'Player not found',
  browseCommunity: 'Browse Community',
  /** {handle} is shown as a path. */
  notFoundText: 'Nobody goes by {handle} here. Check the link for typos.',
  handle: params('@{handle}'),
  loadErrorTitle: "This profile didn't load",
  retry: 'Retry',
  title: params('{name} (@{handle})'),
  player: 'Player',
  joined: params('Joined {date}'),
  yourProfile: 'Your profile',
});

export const publishedRanksText = i18n('profile/published', {
  title: 'Published ranks',
  /** The list's error, before why. */
  didNotLoad: "Published ranks didn't load.",
  empty: params("{name} hasn't published a rank yet."),
  items: count({ one: '{count} item', many: '{count} items' }),
  plays: count({ one: '{count} play', many: '{count} plays' }),
  likes: count({ one: '{count} like', many: '{count} likes' }),
});
