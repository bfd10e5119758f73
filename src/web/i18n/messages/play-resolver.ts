/**
 * /g/{id}'s words while it decides between playing and the results. Apart from `play.ts` so that
 * the play page's catalog stays in the play page's own chunk (a first visit's critical path).
 */
import { i18n } from '../i18n';

export const gameResolverText = i18n('play/resolver', {
  opening: 'Opening the rank…',
});
