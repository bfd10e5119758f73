/** Live rooms on a player's phone (issue 27): /join and /j/{CODE}, phase by phase. */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

export const joinPageText = i18n('rooms/join', {
  title: 'Join a room',
  lede: 'Type the code on the host’s screen.',
  codeLabel: 'Room code',
  codeHint: '6 letters and digits. Capitals, spaces and dashes don’t matter.',
  join: 'Join',
  checking: 'Looking for the room…',
  /** Said as soon as a character that no code has is typed. */
  neverInCode: params<{ chars: string }>(
    'Room codes never use {chars}: they use no 0, O, 1, I or L, which look alike.',
  ),
  /** A look-alike the player may have read it for. */
  lookAlike: params<{ typed: string; like: string }>('Maybe “{typed}” is a “{like}”?'),
  wrongLength: params<{ length: number; count: number }>(
    'A room code has {length} characters; this one has {count}.',
  ),
  empty: 'Type the room’s code.',
});

export const roomPhoneText = i18n('rooms/phone', {
  loading: 'Loading the room…',
  /** The page title (the tab's name): "Room ABC234". */
  pageTitle: params<{ code: string }>('Room {code}'),
  /** Above each phase's heading. */
  roomCode: params<{ code: string }>('Room {code}'),
  roundOf: params<{ round: number; count: number }>('Round {round} of {count}'),
  notFoundTitle: 'No room has this code',
  notFoundText: 'Check the code on the host’s screen and type it again.',
  typeCode: 'Type a code',
  didNotLoad: 'The room didn’t load.',
  reconnecting: 'Reconnecting…',
  reconnectingTitle: 'Reconnecting to the room: the page catches up by itself.',

  // Joining
  joinTitle: 'Choose a nickname',
  joinLede: 'Everyone in the room sees it on the big screen.',
  notOpenYet: 'The host hasn’t opened the lobby yet. You can join as soon as they do.',
  nameLabel: 'Nickname',
  nameHint: params<{ max: number }>('1 to {max} characters, unique in this room.'),
  join: 'Join the room',
  joining: 'Joining…',
  nameRequired: 'Choose a nickname',
  signedInAs: params<{ name: string }>(
    'You play as your account ({name}): your XP counts as usual.',
  ),
  closedTitle: 'This room has closed',
  closedText: 'The game is over. You can still see the results of its rounds.',

  // Lobby
  /** {name}: the player's nickname. */
  youAreIn: 'You’re in as {name}',
  waitingHost: 'Waiting for the host to start the first round.',
  /** {count} is a number in the app's language. */
  players: params<{ count: string }>(
    count({ one: '{count} player in the room', many: '{count} players in the room' }),
  ),

  // Round
  roundTitle: 'Your ballot',
  timeLeft: 'Time left',
  /** Read out at a few points of the countdown, not every second. */
  secondsLeft: count({ one: '{count} second left', many: '{count} seconds left' }),
  minutesLeft: count({ one: '{count} minute left', many: '{count} minutes left' }),
  submittedTitle: 'Submitted',
  submittedText: 'Waiting for the others.',
  change: 'Change my ballot',
  changeHint: 'You can change it until the time’s up.',
  timesUpTitle: 'Time’s up',
  timesUpText: 'Waiting for the host to reveal the crowd’s ranking.',
  missedRound: 'You didn’t submit in time this round: no points, but the next round is yours.',
  submittedInTime: 'Your ballot is in.',

  // Reveal
  revealTitle: 'Round results',
  yourAgreement: 'You vs the crowd',
  roundPoints: 'Points this round',
  roundPlace: 'Place this round',
  totalPoints: 'Total points',
  overallPlace: 'Overall place',
  /** "3rd of 42" */
  placeOf: params<{ place: string; count: string }>('{place} of {count}'),
  noBallot: 'You had no ballot this round, so no points: play the next one!',
  podiumRound: 'This round’s podium',
  podiumEmpty: 'Nobody submitted this round.',
  /** {count} is a number in the app's language. */
  pointsLong: params<{ count: string }>(count({ one: '{count} point', many: '{count} points' })),
  waitingNext: 'Waiting for the host to start the next round.',
  waitingEnd: 'That was the last round: the host will close the room.',

  // Closed
  finalTitle: 'Thanks for playing!',
  finalPlace: 'Your final place',
  finalPodium: 'Final podium',
  seeResults: 'See the full results',
  /** A link per round: "Round 2 results". */
  roundResults: params<{ round: number }>('Round {round} results'),
  playMore: 'Find more games',

  // Said in the live region as the room moves on
  saidLobby: 'You’re in. Waiting for the host.',
  saidRound: params<{ round: number }>('Round {round} has started.'),
  saidTimesUp: 'Time’s up.',
  saidReveal: 'The results are in.',
  saidClosed: 'The room has closed.',
});
