/**
 * The results screen's words: the crowd's order, its insights, the locked cards, remixes. The
 * closing rules, countdowns and numbers other screens show too are in `rules.ts`.
 */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const resultsPageText = i18n('results/page', {
  title: params('Results: {prompt}'),
  loadingTitle: 'Loading results…',
  eyebrow: 'Results',
  /** After the rankings count, when the owner imported ballots: "1,204 rankings · 200 imported". */
  imported: params<{ count: string }>('· {count} imported'),
  rankAgain: 'Rank again',
  /** A duel game's: back to the pairs. */
  compareMore: 'Compare more',
  playIt: 'Play it',
  ownerLocked: 'Only you can see these results for now: players see them when this rank closes.',
  newItems: 'New items were added after you ranked.',
  placeThem: 'Rank again to place them',
  loadErrorTitle: "Couldn't load the results",
});

export const liveText = i18n('results/live', {
  live: 'Live',
  liveTitle: 'Results update as people submit',
  reconnecting: 'Reconnecting…',
  reconnectingTitle: 'Reconnecting to live updates',
});

export const hiddenResultsText = i18n('results/hidden', {
  lockedTitle: 'Results are locked',
  lockedText: 'They unlock for everyone when this rank closes.',
  updatesItself: 'This page updates by itself: no need to reload.',
  submitTitle: 'Submit your ranking to see the results',
  rankNow: 'Rank it now',
  /** A duel game's: results wait for a few answers. */
  duelTitle: 'Answer a few duels to see the results',
  startComparing: 'Start comparing',
  duelNoPeeking:
    'No peeking: pick the better of a few pairs first, then see how the crowd compares.',
  noPeeking: 'No peeking: put the items in your own order first, then see how the crowd compares.',
  unlockForEveryone: 'Results unlock for everyone when this rank closes:',
});

export const noRankingsText = i18n('results/empty', {
  title: 'No rankings yet',
  playYourself: 'Play it yourself',
  text: 'Share the link to get the first rankings in. Results appear here, live, as they arrive.',
});

export const resultsBodyText = i18n('results/body', {
  winner: 'Winner',
  wearsCrown: params('{winner} wears the crown'),
  /** Tied winners: {winners} is a list ("Penne and Rigatoni"). */
  shareCrown: params('{winners} share the crown'),
  /** A crowd of one or two: the crown may still change hands. */
  wearsCrownForNow: params('{winner} wears the crown for now'),
  onlyRanking: 'Only one ranking so far: it leads until someone disagrees.',
  bothRankings: 'Both rankings so far put it above every other item.',
  /** Why the shown method crowns its winner. */
  meanReason: 'It has the best average position.',
  bordaReason: 'It collects the most Borda points.',
  schulzeReason: 'It wins the strongest chains of head-to-head duels.',
  condorcetReason: 'It beats every other item head to head.',
  irvReason: 'It wins the instant runoff after the others drop out.',
  strengthReason: 'It is the strongest in the crowd’s duels.',
  /** Why tied winners tie under the shown method. */
  meanTie: 'They have the same average position.',
  bordaTie: 'They collect the same number of points.',
  schulzeTie: 'Neither beats the other, even through chains of duels.',
  irvTie: 'They were level when the runoff had to drop one.',
  strengthTie: 'Their duels make them exactly as strong.',
  crowdRanking: "The crowd's ranking",
  revealing: 'And the crowd’s favourite is…',
  skip: 'Skip',
});

export const resultRowsText = i18n('results/rows', {
  searchLabel: 'Find an item in the results',
  searchPlaceholder: params('Find one of {count} items'),
  noMatch: 'No item matches.',
  matches: count({ one: '{count} item matches.', many: '{count} items match.' }),
  showAll: params('Show all {count} items'),
  notRevealed: params('Rank {rank}: not revealed yet'),
});

export const resultRowText = i18n('results/row', {
  /** Read before the label by screen readers. */
  rank: params('Rank {rank}: '),
  tiedRank: params('Tied for rank {rank}: '),
  winner: ' (winner)',
  split: 'Split opinions',
  /** {value} is shown strong. */
  avgPosition: 'Avg. position {value}',
  /** Mean position, an item no ballot ranks (a top N or tiers leaves most of a long list so). */
  rankedByNobody: 'Nobody ranked it yet',
  /** {share} is shown strong. */
  first: '{share} first',
  /** Borda: {points} is shown strong. */
  points: count({ one: '{points} point', many: '{points} points' }),
  /** Schulze, from the head-to-head matrix: {wins} and {losses} are shown strong. */
  duels: 'Beats {wins} · loses to {losses} head to head',
  /** Strength from duels, for screen readers: numbers in the app's language. */
  strength: params<{ value: string; low: string; high: string }>(
    'Strength {value}, likely between {low} and {high}',
  ),
  /** {share} is shown strong. */
  duelsWon: 'Wins {share} of its duels',
  /** Instant runoff: {round} is shown strong; {ballots} is a count of ballots. */
  wonRound: 'Wins in round {round} with {ballots}',
  outRound: 'Out in round {round} with {ballots}',
  ballots: count({ one: '{count} ballot', many: '{count} ballots' }),
  paths: 'Strongest paths',
  pathsLede: 'Its strongest chain of wins against each item, and that item’s back.',
  /** {other} is an item; {strength} and {against} are numbers of rankings. */
  pathWins: params('Beats {other}: {strength} to {against}'),
  pathLoses: params('Loses to {other}: {strength} to {against}'),
  pathLevel: params('Level with {other}: {strength} to {against}'),
});

export const irvRoundsText = i18n('results/irv-rounds', {
  title: 'How the runoff went',
  lede: 'Each round, every ballot counts for its highest item still in. The item with the fewest drops out and its ballots move on.',
  round: params('Round {round}'),
  ballots: count({ one: '{count} ballot', many: '{count} ballots' }),
  out: 'out',
  wins: 'wins',
});

export const distributionText = i18n('results/distribution', {
  place: params('{place} by {count}'),
  ranked: params('{label} was ranked {places}.'),
  nobody: params('Nobody has ranked {label} yet.'),
});

export const insightsText = i18n('results/insights', {
  title: 'How divided is the crowd?',
  /** Every ranking put {item} at the same place: first, last, or an ordinal ("3rd"). */
  unanimousFirst: params('Everyone put {item} first.'),
  unanimousLast: params('Everyone put {item} last.'),
  unanimousAt: params('Everyone put {item} {place}.'),
  /** {item} is shown strong. */
  divisive: '{item} splits the crowd most: players put it anywhere from {from} to {to}.',
  /** {item} is shown strong. */
  agreed: '{item} is what players agree on most: usually {place}.',
});

export const youVsCrowdText = i18n('results/you-vs-crowd', {
  label: 'You vs the crowd',
  agreement: params('You agree {share} with the crowd'),
  /** Two rankings: theirs and the viewer's. */
  agreementWithOther: params('You agree {share} with the other player'),
  /** The only ranking so far is the viewer's; {item} is their first place. */
  first: 'You’re the first — the crown is yours until someone disagrees',
  firstText: params('Your #1, {item}, leads until more rankings come in.'),
  /** The same, when the shown order's leader is not their own #1 (a duel game's strength). */
  leadsText: params('From your duels, {item} leads until more players come in.'),
  /** {mine} and {crowd} are ordinals ("2nd"). */
  difference: params('You put {item} {mine}; the crowd put it {crowd}.'),
  sameOrder: 'You put every item where the crowd did.',
  /** {name} is shown strong. */
  closest: 'Ranked most like you: {name}',
  closestShare: params(' ({share} the same)'),
});

export const shareRankingText = i18n('results/share-ranking', {
  share: 'Share my ranking',
  making: 'Making picture…',
  saved: 'Picture saved',
  savedText: 'Post it anywhere with your link.',
  failed: 'Could not make the picture on this device.',
  /** On the picture itself. */
  heading: 'MY RANKING',
  more: params('and {count} more'),
});

export const remixText = i18n('results/remix', {
  remix: 'Remix',
  remixing: 'Remixing…',
  remixed: 'Remixed: this rank is yours',
  remixedText: 'Edit the items, then share your link.',
  /** {original} is the link to it. */
  credit: 'Remixed from {original}',
  original: 'the original rank',
});

export const methodSwitchText = i18n('results/methods', {
  legend: 'Counting method',
  otherMethods: 'Other methods',
  /** The counting methods' names (domain/methods.ts). */
  mean: 'Average position',
  borda: 'Borda count',
  schulze: 'Schulze',
  irv: 'Instant runoff',
  /** A duel game's headline method (Bradley–Terry). */
  strength: 'Strength',
  meanExplained: 'Items are ordered by where players put them on average.',
  bordaExplained: 'Each ranking gives an item one point for every item it beats; most points wins.',
  schulzeExplained:
    'Every pair is compared head to head, following chains of wins; the item no other beats this way wins.',
  strengthExplained:
    'Every duel counts: an item beating strong items gains more than one beating weak ones. The bar shows how strong each item is, the pale band how sure the crowd is.',
  irvExplained:
    'The item with the fewest first places drops out and its players’ next choices count instead, until one item has a majority.',
  /** The shown method's winner, on the banner: {method} is its name. */
  banner: params('{method} crowns {winner}'),
  /** Tied winners: {winners} is a list. */
  bannerTie: params('{method}: {winners} tie for the crown'),
  /**
   * When methods crown different items: {groups} lists each winner with how it wins, e.g.
   * "Penne by average position and by Borda count; Rigatoni head to head and by instant runoff".
   */
  split: params('The methods disagree: {groups}.'),
  /** One group: {winner} then {how} (a list of the phrases below). */
  splitGroup: params('{winner} {how}'),
  groupSeparator: '; ',
  byMean: 'by average position',
  byBorda: 'by Borda count',
  bySchulze: 'by Schulze',
  byCondorcet: 'head to head',
  byIrv: 'by instant runoff',
  byStrength: 'by strength from duels',
  /** Names in a list: "A, B and C". */
  listSeparator: ', ',
  listLast: params('{rest} and {last}'),
});

export const headToHeadText = i18n('results/head-to-head', {
  title: 'Head to head',
  lede: 'Each square: the share of players who put the row’s item above the column’s. Gold means the row wins that duel.',
  showMore: count({ one: 'Show {count} more item', many: 'Show {count} more items' }),
  topShown: params('The top {count} items are shown.'),
  gridLabel: 'Head to head: share of players preferring the row’s item',
  itself: params('{item} against itself'),
  duel: params('{row} over {column}: {share} of {total} players'),
  noDuel: params('{row} and {column}: nobody ranked both'),
});

export const crowdTiersText = i18n('results/crowd-tiers', {
  title: 'The crowd’s tier list',
  lede: 'Each item sits in the tier players put it in on average. Open an item to see where everyone placed it.',
  /** A tier nobody's average lands in. */
  empty: 'Nothing here',
  /** Items no player put in a tier. */
  pool: 'Not placed by anyone',
  /** The disclosure button's name: "Pizza: where players placed it". */
  showPlacements: params('{item}: where players placed it'),
  /** One part of the distribution: "S 40%". */
  share: params('{tier} {share}'),
  /** The ballots that left the item in the pool. */
  notPlaced: params('Not placed {share}'),
  /** How many placed it: "Placed by 3 of 4 players". */
  placedBy: params('Placed by {placed} of {players}'),
});
