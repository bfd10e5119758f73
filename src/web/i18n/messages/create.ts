/**
 * The create screen's words (/create): the form, its options and settings, the toasts, and the
 * quips for pressing a greyed Create button. Imported by the create screen only: /create is a
 * first visit's landing page, so its words stay in its own chunk. The item rows it shares with
 * the builder are in `item-rows.ts`, the sign-in screen's reason in `create-sign-in.ts`.
 */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const createPageText = i18n('create/page', {
  title: 'Create a rank',
  /** {demo} is the link to the demo (`demo`), {build} the one to the rank builder (`build`). */
  lede: 'Pick a prompt, add the contenders, then share the link. {demo} first? Or {build}.',
  demo: 'Try a demo',
  build: 'build a community rank from a list',
  item1Placeholder: 'e.g., Cool Ranch Doritos',
  item2Placeholder: 'e.g., Nacho Cheese',
  item3Placeholder: 'e.g., Spicy Sweet Chili',
  signInNote: 'You will sign in or create an account when you press Create. Your draft is kept.',
  /** Same words as the server's (MESSAGES.duplicateItems). */
  duplicateItems: 'Items must be unique',
});

export const createGameText = i18n('create/create-game', {
  sessionEnded: 'Your session has ended. Sign in to create your rank: your draft is kept.',
  live: 'Your rank is live! Play it, then share the link.',
  /** {error} is the server's message. */
  notPublished: params('Your rank is not on the Community yet: {error}'),
  notPublishedHint: 'Publish it from its results page or My Ranks.',
  /** {error} is the server's message. */
  resumeFailed: params('Your draft is back, but creating it failed: {error}'),
});

export const promptFieldText = i18n('create/prompt', {
  label: 'What are we ranking?',
  placeholder: 'e.g., Best Doritos flavour',
  missing: 'Say what we are ranking.',
});

/** Under the item rows when Create is pressed with too few items. */
export const itemsMissingText = i18n('create/items-missing', {
  atLeast: params('Add at least {min} items.'),
  more: count({ one: 'Add {count} more item.', many: 'Add {count} more items.' }),
});

export const submitBarText = i18n('create/submit', {
  create: 'Create',
  creating: 'Creating…',
  /** Offline (issue 24 item 10): pressing keeps the draft and creates it once back online. */
  createOffline: 'Create when back online',
});

export const createOptionsText = i18n('create/options', {
  whenResults: 'When results show',
});

export const publishToggleText = i18n('create/publish-toggle', {
  label: 'Publish to Community',
  about: 'About publishing to Community',
  info: 'Shares your rank publicly on the Community page. You can undo this anytime from My Ranks.',
  on: 'Anyone can find and play it on the Community page.',
  off: 'Only people with the link can play.',
});

export const settingsDialogText = i18n('create/settings', {
  title: 'Game settings',
  description:
    'Keep the results hidden until the game closes. With two rules, whichever is met first closes it.',
  legend: 'Results unlock',
  deadline: 'After a date and time',
  deadlinePassed: 'This time has passed, so it will be ignored. Pick a time in the future.',
  deadlineNote: 'The game closes at this time.',
  players: 'After a number of players',
  playersPlaceholder: 'e.g., 10',
  playersIgnored: 'This needs at least 1 player, so it will be ignored.',
  playersNote: 'The game closes once this many people have ranked.',
  /** The summary line without rules (with rules: the results' `rulesSummary`). */
  noRules: 'Results show as soon as people rank',
  clear: 'Clear rules',
  done: 'Done',
});

/**
 * The humorous hints for pressing a greyed Create button (SPEC §5), by what is missing. A quip
 * for a missing prompt does not ask for items, one for too few items does not ask for a prompt,
 * one for both asks for both. `tooFew1` is SPEC §5's example, word for word.
 */
export const quipsText = i18n('create/quips', {
  tooFew1: "You need at least 3 contenders. Two's a duel, three's a rank!",
  tooFew2: 'Even a podium has three steps. Add a few more contenders!',
  tooFew3: 'Ranking one thing is just having a favourite. Give it some rivals!',
  tooFew4: 'Rock, paper, scissors needs three. So does a rank.',
  tooFew5: 'Hold your horses, all three of them: at least 3 items, please.',
  noPrompt1: 'Great contenders! But what are they competing for? Add a prompt.',
  noPrompt2: 'The arena is full and nobody knows the game. What are we ranking?',
  noPrompt3: 'A crown for… what, exactly? Give your rank a prompt.',
  noPrompt4: 'Best, worst, tastiest? Tell people what they are ranking.',
  empty1: 'A crown needs a contest: say what we are ranking and add 3 contenders.',
  empty2: 'The crowd is seated and the arena is empty. Bring a prompt and 3 contenders.',
  empty3: 'Nothing to rank yet! Start with a prompt, then add at least 3 items.',
});
