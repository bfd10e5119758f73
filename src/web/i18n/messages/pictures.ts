/** The pictures section of /account: the space and uploads an account's pictures use. */
import { params } from '@nanostores/i18n';
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
