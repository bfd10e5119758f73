/**
 * The owner's words: the owner panel on the results page (share link, QR code, state line) and
 * its actions (edit items, publish, close, download, archive, delete), and the confirmation
 * dialog the admin app shares. The rules in words and rankings counts are in `rules.ts`.
 */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const ownerPanelText = i18n('owner/panel', {
  title: 'Your rank',
  lede: 'Only you see this panel.',
  public: 'On the Community',
  archived: 'Archived',
  actions: 'Manage this rank',
  /** After the rankings count, when the owner imported ballots: "12 rankings · 200 imported". */
  imported: params('· {count} imported'),
});

/**
 * The owner's one-line state: "Open · Results unlock after 10 players (7 more needed)".
 * {rules} is the rules summary (`rulesSummary`), {count} a number in the app's language.
 */
export const ownerStateText = i18n('owner/state', {
  closed: 'Closed: anyone with the link sees the results',
  noRules: 'Open · No unlock rules: players see results right after they rank',
  open: params('Open · {rules}'),
  openNeeded: params('Open · {rules} ({count} more needed)'),
});

export const shareLinkText = i18n('owner/share-link', {
  label: 'Share link',
  hint: 'Anyone with the link can rank. In the same room? Let them scan the QR code.',
  qrLabel: 'QR code for the link to this rank',
  qrFailed: 'Could not save the QR code.',
  preparing: 'Preparing…',
  downloadQr: 'Download QR code',
});

export const qrCodeText = i18n('owner/qr-code', {
  cannotDraw: 'This browser cannot draw the image.',
  cannotSave: 'This browser cannot save the image.',
});

export const editItemsText = i18n('owner/edit-items', {
  edit: 'Edit items',
  title: 'Edit items',
  description: 'Rename, add or remove items. A renamed item keeps its votes.',
  warning:
    'Removing an item removes its votes; adding items asks players who already ranked to re-order.',
  items: 'Items',
  item: params('Item {number}'),
  newItem: 'New item',
  /** {label} is what the row says. */
  remove: params('Remove {label}'),
  removeItem: params('Remove item {number}'),
  empty: 'No items left. A rank needs at least one.',
  add: 'Add item',
  atMost: params('{max} items at most'),
  countOf: params('{count} of {max} items'),
  noChanges: 'No changes yet',
  /** What saving would do: "1 renamed · 2 added · 1 removed". */
  renamed: params('{count} renamed'),
  added: params('{count} added'),
  removed: params('{count} removed'),
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Items saved',
});

export const publishButtonText = i18n('owner/publish', {
  publish: 'Publish to Community',
  publishing: 'Publishing…',
  unpublish: 'Unpublish',
  unpublishing: 'Unpublishing…',
  published: 'Published to the Community',
  publishedText: 'Anyone can find and play it there.',
  unpublished: 'Unpublished',
  unpublishedText: 'It is off the Community. The link still works.',
  view: 'View on Community',
});

export const closeGameText = i18n('owner/close', {
  closeNow: 'Close now',
  title: 'Close this rank?',
  confirm: 'Close rank',
  pending: 'Closing…',
  text: 'Nobody can submit after this, and results unlock for everyone.',
  closed: 'Rank closed: results are unlocked for everyone',
});

export const downloadDialogText = i18n('owner/download', {
  download: 'Download',
  title: 'Download results',
  results: 'Results',
  ballots: 'Ballots',
  resultsCsv: 'The crowd’s order with its figures',
  ballotsCsv: 'Each player’s name, time and order',
  answers: 'Answers',
  answersCsv: 'Each duel: who answered, when, the two items and the winner',
  forPrograms: 'For programs',
  /** {format}: CSV or JSON. */
  file: params('{label} ({format})'),
  note: 'Names are as players showed them; e-mail addresses are never included.',
});

/** Importing ballots collected elsewhere from a CSV (decision 0048). */
export const importBallotsText = i18n('owner/import-ballots', {
  open: 'Import ballots',
  title: 'Import ballots',
  description:
    'Add ballots collected elsewhere (on paper, in another poll) from a CSV file. They count in the results like players’ ballots and show as imported.',
  format:
    'Use the ballot export’s format: name, submitted_at, then the items by their labels, best first (a top N: the picks; tiers: one column per tier, a cell’s items one per line). An empty name shows as Anonymous; an empty time is the time of the import.',
  template: 'Download the ballot export as a template (CSV)',
  limits:
    'Up to 10,000 ballots at a time. If one row is wrong, nothing is imported and the row is named.',
  choose: 'Choose a CSV file',
  chooseAnother: 'Choose another file',
  reading: 'Reading the file…',
  /** {file}: the file's name. */
  rows: params<{ count: string; file: string }>(
    count({ one: '{file}: {count} ballot', many: '{file}: {count} ballots' }),
  ),
  tooBig: params('{file} is larger than {size} MB: split it into smaller files.'),
  unreadable: params('{file} could not be read. Choose it again.'),
  noFile: 'Choose a CSV file first.',
  import: 'Import',
  importing: 'Importing…',
  imported: params<{ count: string }>(
    count({ one: 'Imported {count} ballot.', many: 'Imported {count} ballots.' }),
  ),
  /** After the import: the rank's counts now, "1,204 rankings · 200 imported". */
  nowCounts: params('This rank now has {rankings} · {imported} imported.'),
  done: 'Done',
  cancel: 'Cancel',
});

export const embedDialogText = i18n('owner/embed', {
  embed: 'Embed',
  title: 'Get embed code',
  intro:
    'Paste this into a web page to show the rank’s live top five and player count. It updates by itself and shows only what the public card shows.',
  codeLabel: 'Embed code',
  copy: 'Copy code',
  copied: 'Embed code copied',
  prompt: 'Copy the embed code:',
  /** The iframe's title, read by screen readers on the other site. */
  frameTitle: params('{prompt} — live results on Crowned'),
});

export const archiveButtonText = i18n('owner/archive', {
  archive: 'Archive',
  archiving: 'Archiving…',
  unarchive: 'Unarchive',
  unarchiving: 'Unarchiving…',
  archived: 'Rank archived',
  archivedText: 'It is hidden from lists. The link still works.',
  unarchived: 'Rank unarchived',
  unarchivedText: 'It shows in lists again.',
});

export const deleteGameText = i18n('owner/delete', {
  delete: 'Delete',
  title: 'Delete this rank?',
  confirm: 'Delete rank',
  pending: 'Deleting…',
  deleted: 'Rank deleted',
  /** {title} is the rank's title (`quoted`), in bold. */
  text: "{title} and all its rankings and results will be deleted for good. Its link will stop working. This can't be undone.",
  quoted: params('“{title}”'),
});

export const confirmDialogText = i18n('owner/confirm-dialog', {
  cancel: 'Cancel',
});

/** The owner's Recent players section (recent-players-section.tsx). */
export const recentPlayersText = i18n('owner/recent-players', {
  title: 'Recent players',
  lede: 'Who played, newest first. Names as players chose to show them.',
  loading: 'Loading players…',
  empty: 'No one has played yet. Share the link to get the first players in.',
  loadFailed: "Players didn't load.",
  /** Beside a player whose ranking is final. */
  ranked: 'Ranked',
  /** Beside a player who saved an unfinished ranking. */
  inProgress: 'In progress',
});
