/**
 * The play page's words (/g/{id}/play): the header, notices, the form, and the ranking list's
 * controls and screen-reader announcements. On a first visit's critical path: keep it small and
 * import it from play code only.
 */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const playPageText = i18n('play/page', {
  loading: 'Loading…',
  /** {name} is the owner's name. */
  by: 'Rank by {name}',
  /** `t.rankings({ count: formatNumber(n) })(n)`: the number in the app's language. */
  rankings: params<{ count: string }>(
    count({ one: '{count} ranking so far', many: '{count} rankings so far' }),
  ),
  live: 'Updating live',
  /** {link} is `seeResultsLink`, a link. */
  owner: 'You created this rank. Share the link, then play it yourself or {link}.',
  seeResultsLink: 'see the results',
  seeResults: 'See the results',
  needsReorder:
    'New items were added since you ranked: they are at the bottom. Put them in place and submit again.',
  already: 'You already ranked this. Submitting again replaces your ranking.',
  closedTitle: 'This rank is closed',
  closedRanked: 'It no longer takes rankings. This is how you ranked it.',
  closedLate: 'It no longer takes rankings, but you can see how the crowd ranked it.',
  /** The read-only list of a closed rank's items, for screen readers. */
  closedItems: 'Items',
  /** The long title's toggle: shows the rest of it, then folds it again. */
  more: 'more',
  less: 'less',
  hiddenUntilClosed: 'Results stay hidden until this rank closes:',
  /** {optional} is `optional`, for screen readers (the field says Anonymous until typed in). */
  name: 'Your name {optional}',
  optional: '(optional)',
  namePlaceholder: 'Anonymous',
  /** {best} is `best`, in bold; {how} is `how` (shown on wide screens, read out everywhere). */
  help: '{best} {how}',
  best: 'Best at the top.',
  how: 'Drag the handles, use the arrows, or tap an item and then tap where it goes.',
  submit: 'Submit ranking',
  submitting: 'Submitting…',
  submitted: 'Ranking submitted!',
  updated: 'Ranking updated!',
  sent: 'Your ranking was sent.',
  saving: 'Saving…',
  saved: 'Progress saved',
  saveFailed: "Couldn't save your progress",
});

export const placingHintText = i18n('play/placing-hint', {
  /** {label} is the item (bold), {from} `from`, {how} `how` (both hidden on small screens). */
  moving: 'Moving {label} {from}{how}',
  from: params('(#{position} of {total})'),
  how: ' — tap where it goes',
  cancel: 'Cancel',
});

/** Screen-reader instructions and announcements of the ranking list (moves, drags, picks). */
export const rankListText = i18n('play/rank-list', {
  instructions:
    'To reorder, press Space or Enter to pick the item up, use the Up and Down arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel. You can also use the Move up and Move down buttons, or pick the item up by its name and then choose the item whose place it takes.',
  item: 'Item',
  position: params('position {position} of {total}'),
  /** {where} is `position`. */
  picked: params(
    'Picked up {label}, {where}. Choose the item whose place it takes, or press Escape to cancel.',
  ),
  cancelled: params('Cancelled. {label} stays in {where}.'),
  moved: params('{label} moved to position {position} of {total}.'),
  dragStart: params('Picked up {label}, {where}.'),
  dragOver: params('{label} is over {where}.'),
  dragOutside: params('{label} is no longer over the list.'),
  dragEnd: params('{label} moved to {where}.'),
  dropped: params('{label} dropped. It stays in {where}.'),
  removed: params('{label} removed from your picks.'),
});

export const rankRowText = i18n('play/rank-row', {
  drag: params('Drag {label}'),
  pickUp: params('Pick up {label}, position {position} of {total}'),
  putDown: params('Put {label} down, position {position} of {total}'),
  place: params('Place {picked} at position {position}, where {label} is'),
  placeIt: params('Place it at position {position}, where {label} is'),
  moveUp: params('Move {label} up'),
  moveDown: params('Move {label} down'),
  remove: params('Remove {label} from your picks'),
});

/** An item's picture on the ballot and its full-screen view (decision 0050). */
export const itemPictureViewText = i18n('play/item-picture', {
  /** Before the picture's own description, in the button that opens it: "View picture: …". */
  view: 'View picture:',
  close: 'Close the picture',
});
