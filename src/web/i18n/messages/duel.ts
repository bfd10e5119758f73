/**
 * The words of duel games (issue 28): the play page's duel board and the results page's
 * strengths. Imported by the duel chunks only, so other games never load them.
 */
import { params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const duelBoardText = i18n('duel/board', {
  /** The help line above the pair. */
  help: 'Which is better? Pick one, as many times as you like.',
  keys: 'Keys: ← left, → right, ↓ can’t decide.',
  /** The pair, for screen readers. */
  pairLabel: 'Which is better?',
  /** A card's name: {label} is the item. */
  pick: params<{ label: string }>('{label} is better'),
  or: 'or',
  cantDecide: 'Can’t decide',
  /** {answered} and {budget} are numbers in the app's language. */
  progress: params<{ answered: string; budget: string }>(
    '{answered} of {budget} useful comparisons',
  ),
  progressLabel: 'Useful comparisons made',
  seeResults: 'See results',
  /** Read out after each answer. */
  chose: params<{ label: string }>('You chose {label}.'),
  undecided: params<{ a: string; b: string }>('Can’t decide between {a} and {b}.'),
  doneTitle: 'You’ve compared enough — see results',
  doneText:
    'Your answers are saved. Come back any time: new items or a changing crowd may bring new pairs.',
  loading: 'Loading the next pair…',
  loadError: 'Couldn’t load the next pair',
  /** {reason} is the error's own message. */
  notSaved: params<{ reason: string }>('Your last answer wasn’t saved: {reason} Pick again.'),
});

export const duelResultsText = i18n('duel/results', {
  title: 'Your duels’ order',
  lede: 'The order your own answers make: wins minus losses. The crowd’s, by strength, is above.',
  notPlayed: 'Answer some duels to see your own order here.',
});
