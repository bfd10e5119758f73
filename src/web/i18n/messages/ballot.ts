/**
 * The words of ballot kinds (issue 25): the play page's Top N picker and tier board, and the
 * create screen's Ballot choice.
 */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

/** What the play page asks for, by kind. */
export const ballotKindText = i18n('ballot/kind', {
  ranking: 'Rank every item',
  top: params<{ n: number }>('Rank your top {n}'),
  tiers: 'Sort into tiers',
  /** The help line beside the name field. */
  rankingHelp: 'Best at the top.',
  topHelp: params<{ n: number; total: string }>('Pick {n} of the {total} items, best at the top.'),
  tiersHelp: 'Put each item in a tier. Items left in the pool stay unranked.',
  submitTop: params<{ n: number }>('Submit your top {n}'),
  submitTiers: 'Submit tier list',
  /** The Submit button's reason while it cannot be pressed yet. */
  pickMore: params<{ count: number }>(
    count({ one: 'Pick {count} more item to submit.', many: 'Pick {count} more items to submit.' }),
  ),
  placeOne: 'Put at least one item in a tier to submit.',
});

export const topPickerText = i18n('ballot/top-picker', {
  yourPicks: 'Your picks',
  /** {count} and {n} are numbers in the app's language. */
  count: params<{ count: string; n: string }>('{count} of {n} picked'),
  empty: 'Nothing picked yet: tap an item below, or type to find one and press Enter.',
  poolLabel: 'Items to pick from',
  searchLabel: 'Find an item',
  searchPlaceholder: 'Type to find, Enter to add',
  left: count({ one: '{count} item to pick from', many: '{count} items to pick from' }),
  matches: count({ one: '{count} match', many: '{count} matches' }),
  noMatch: params<{ query: string }>('No item matches “{query}”.'),
  add: params<{ label: string }>('Add {label}'),
  added: params<{ label: string; count: number; n: number }>(
    '{label} added: {count} of {n} picked.',
  ),
  full: params<{ n: number }>('You have picked {n}. Remove one to add another.'),
});

export const tierBoardText = i18n('ballot/tier-board', {
  tiersLabel: 'Tiers',
  pool: 'Pool',
  /** {count} is a number in the app's language. */
  poolLeft: count({ one: '{count} item left', many: '{count} items left' }),
  poolEmpty: 'Every item is in a tier.',
  tierEmpty: 'Drop items here',
  instructions:
    'Press Enter to pick the item up, then choose a tier. Or press a number key to put it straight into that tier (1 is the top tier), and 0 or Delete to put it back in the pool.',
  pickUp: params<{ label: string; where: string }>('{label}, in {where}. Pick up'),
  putDown: params<{ label: string }>('Put {label} down'),
  putIn: params<{ label: string; tier: string }>('Put {label} in {tier}'),
  backToPool: params<{ label: string }>('Put {label} back in the pool'),
  /** The tier a row is, for screen readers: {tier} is its label. */
  tierName: params<{ tier: string }>('tier {tier}'),
  inTier: count({ one: '{count} item', many: '{count} items' }),
  picked: params<{ label: string }>('Picked up {label}. Choose a tier, or press Escape to cancel.'),
  cancelled: params<{ label: string }>('Cancelled. {label} stays where it was.'),
  placed: params<{ label: string; tier: string }>('{label} put in {tier}.'),
  pooled: params<{ label: string }>('{label} put back in the pool.'),
  dragOver: params<{ label: string; where: string }>('{label} is over {where}.'),
  dragOutside: params<{ label: string }>('{label} is not over a tier.'),
  /** The pinned bar while an item is picked up: {label} in bold. */
  placing: 'Put {label} in',
  cancel: 'Cancel',
});

export const ballotFieldText = i18n('ballot/field', {
  legend: 'Ballot',
  ranking: 'Full ranking',
  rankingText: 'Players put every item in order.',
  top: 'Top N',
  topText: 'Players pick their favourites and order them. Good for long lists.',
  tiers: 'Tiers',
  tiersText: 'Players sort the items into tiers, like S, A, B.',
  duel: 'Duels',
  duelText: 'Players pick the better of two, as many times as they like.',
  nLabel: 'How many to rank',
  /** {n} and {total} are numbers in the app's language. */
  nHint: params<{ n: string; total: string }>('Players rank their top {n} of {total} items.'),
});

export const tierRowsText = i18n('ballot/tier-rows', {
  tierNumber: params<{ number: number }>('Tier {number}'),
  color: params<{ tier: string }>('Colour of {tier}'),
  label: params<{ number: number }>('Label of tier {number}'),
  remove: params<{ tier: string }>('Remove {tier}'),
  atLeast: params<{ min: number }>('A tier list needs at least {min} tiers'),
  add: 'Add a tier',
  limits: params<{ min: number; max: number }>('{min} to {max} tiers, best at the top.'),
});

export const editBallotText = i18n('ballot/edit', {
  open: 'Ballot',
  title: 'Ballot',
  description: 'What players fill in. You can change it until someone plays.',
  locked:
    'Players have already played, so the kind of ballot and its size are fixed. Tier labels and colours can still change.',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Ballot saved',
});
