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
  /** The button that reads items from a file (a CSV or text file), and what it takes. */
  fromFile: 'From a file',
  fromFileHint: 'A CSV or text file: one item per line, or the first column of a CSV.',
  /** Over the list while a file is dragged onto it. */
  dropFile: 'Drop the file to add its items',
  /** `t.fileAdded({ file })(placed)`: items read from a file went in their own rows. */
  fileAdded: params<{ file: string }>(
    count({
      one: '{count} item added from {file}, one per row.',
      many: '{count} items added from {file}, one per row.',
    }),
  ),
  /** {size} is the limit in megabytes, a number in the app's language. */
  fileTooBig: params(
    '{file} is over {size} MB. Save just the items, one per line, in a smaller file and try again.',
  ),
  fileNotText: params(
    "{file} isn't a CSV or text file. Save it as CSV or plain text (.txt) and try again.",
  ),
  fileEmpty: params(
    '{file} has no items in it. Put one item per line, or in the first column of a CSV.',
  ),
  fileUnreadable: params("Couldn't open {file}. Try again, or choose another file."),
});
