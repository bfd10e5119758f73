/** The rank builder's words (/builder): the form, its emoji picker and tag input. */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const builderPageText = i18n('builder/page', {
  pageTitle: 'Builder',
  title: 'Rank builder',
  lede: 'Make a community rank: it goes straight to the Community for everyone to play.',
  titleLabel: 'Title',
  titlePlaceholder: 'e.g., Best pizza topping',
  item1Placeholder: 'e.g., Pepperoni',
  item2Placeholder: 'e.g., Margherita',
  item3Placeholder: 'e.g., Hawaiian',
  /** Same words as the server's (COMMUNITY_MESSAGES.needTitleAndItems). */
  needTitleAndItems: 'Need a title and at least 3 items',
  /** Same words as the server's (MESSAGES.duplicateItems). */
  duplicateItems: 'Items must be unique',
  create: 'Create and publish',
  publishing: 'Publishing…',
  published: 'Published to the Community! Play it first, then share the link.',
});

export const emojiPickerText = i18n('builder/emoji-picker', {
  label: 'Emoji (optional)',
  quick: 'Quick emoji',
  use: params('Use {emoji}'),
});

export const tagInputText = i18n('builder/tag-input', {
  label: 'Tags (optional)',
  chosen: 'Chosen tags',
  remove: params('Remove tag {tag}'),
  placeholder: 'e.g., food',
  full: count({ one: 'That’s {count} tag', many: 'That’s {count} tags' }),
  hint: params('Up to {max} tags, each 1-{length} characters. Press Enter to add one.'),
  /** Same words as the server's (COMMUNITY_MESSAGES.badTag, .tooManyTags). */
  badTag: params('Each tag must be 1-{length} characters'),
  tooManyTags: params('At most {max} tags'),
});
