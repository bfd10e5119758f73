/** Words every screen uses. */
import { params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const commonText = i18n('common', {
  brand: 'Crowned',
  pageTitle: params('{title} · Crowned'),
  goHome: 'Go home',
  tryAgain: 'Try again',
  reload: 'Reload',
});
