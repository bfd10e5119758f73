/** The pictures section of /account: the space and uploads an account's pictures use. */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const picturesText = i18n('account/pictures', {
  title: 'Pictures',
  lede: 'Pictures you add to items are kept as small WebP files, without their location or camera details.',
  loading: 'Loading what your pictures use…',
  didNotLoad: "What your pictures use didn't load.",
  /** "12 MB of 500 MB used" */
  space: params('{used} of {max} used'),
  spaceLabel: 'Space for your pictures',
  /** "3 of 300 uploads this hour" */
  uploads: params('{used} of {max} uploads this hour'),
  full: 'Your space is full: remove pictures from games you no longer need to add new ones.',
});

/** A picture on an item row: /create, /builder and the owner's item editor (decision 0050). */
export const itemPictureText = i18n('create/item-picture', {
  /** The button on a row without a picture. */
  add: params('Add a picture to item {number}'),
  replace: params('Replace the picture of item {number}'),
  remove: params('Remove the picture of item {number}'),
  retry: 'Try again',
  /** "Uploading… 40%" */
  uploading: params('Uploading… {percent}%'),
  /** The alt text field under a row's picture. */
  alt: params('Description of picture {number}'),
  altHint: 'What the picture shows, for people who cannot see it.',
  /** Shown before the description field. */
  altShort: 'Description',
  /** A picture's thumbnail on its row: its alt text is the row's, so this names it. */
  thumb: params('Picture of item {number}'),
  /** A file that is not a picture at all, refused before sending. */
  notAPicture: params('{file} is not a picture. Use a JPEG, PNG, WebP, AVIF or GIF picture.'),
  tooBig: params('{file} is over 10 MB. Pictures can be up to 10 MB.'),
  /** Pressing Create or Save while pictures are still on their way, or one failed. */
  waitUploading: 'Wait a moment: pictures are still uploading.',
  fixFailed: 'A picture did not upload: try it again or remove it.',
  /** An item named after a file whose name has no letters left once cleaned. */
  unnamed: params('Picture {number}'),
  /** Over the list while pictures are dragged onto it. */
  dropPictures: 'Drop pictures to make one item of each',
  /** Said once dropped pictures made their rows. */
  added: count({
    one: '{count} item made from a picture, named after its file.',
    many: '{count} items made from pictures, named after their files.',
  }),
  /** Dropped pictures beyond the item limit. */
  left: params<{ max: number }>(
    count({
      one: "{count} more picture didn't fit: {max} items at most.",
      many: "{count} more pictures didn't fit: {max} items at most.",
    }),
  ),
});
