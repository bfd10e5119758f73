/**
 * The editable item rows the create screen and the builder share (`create/item-rows-field.tsx`):
 * a small catalog of its own, so the builder does not download the create screen's words.
 */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const itemRowsText = i18n('create/item-rows', {
  legend: 'Items',
  item: params('Item {number}'),
  another: 'Another item',
  remove: params('Remove item {number}'),
  /** {label} is what the row says. */
  removeNamed: params('Remove item {number} ({label})'),
  duplicate: 'Already in the list',
  add: 'Add item',
  max: params("That's the maximum of {max} items."),
  /** Shown from 3 filled rows on. */
  enough: count({
    one: '{count} item. Add as many as you like.',
    many: '{count} items. Add as many as you like.',
  }),
  atLeast: params('Add at least {min} items ({count} so far).'),
  /** After pasting a list: one item per line went in its own row. */
  pasted: count({
    one: '{count} item pasted, one per row.',
    many: '{count} items pasted, one per row.',
  }),
  /** `t.pastedLeft({ max })(left)`: items of the paste beyond the limit. */
  pastedLeft: params<{ max: number }>(
    count({
      one: "{count} more didn't fit: {max} items at most.",
      many: "{count} more didn't fit: {max} items at most.",
    }),
  ),
  undo: 'Undo',
});
