/**
 * The live room host's words (issue 27, decision 0055): starting a room from the owner panel,
 * the presenter screen (/host/{code}) and the host's remote (/host/{code}/remote).
 */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

/** The owner panel's "Start a live room" dialog. */
export const startRoomText = i18n('rooms/start', {
  open: 'Start a live room',
  title: 'Start a live room',
  description:
    'Play this rank live with a group: a big screen shows a join code, everyone ranks on their phone against the clock, then the crowd’s ranking is revealed.',
  roundSeconds: 'Time for each round (seconds)',
  /** "From 30 to 300 seconds." */
  roundSecondsHint: params<{ min: number; max: number }>('From {min} to {max} seconds.'),
  roundSecondsInvalid: params<{ min: number; max: number }>(
    'Choose a whole number of seconds from {min} to {max}.',
  ),
  rounds: 'Rounds',
  roundsHint: 'This rank is the first round. Add more of your ranks as further rounds.',
  /** The game this dialog was opened from: always round 1. */
  thisRank: params('{title} (this rank)'),
  moreLoading: 'Loading your other ranks…',
  moreFailed: 'Your other ranks didn’t load.',
  noMore: 'You have no other ranks to add.',
  /** The start button, with the number of rounds chosen. */
  start: params<{ count: string }>(
    count({ one: 'Start the room · {count} round', many: 'Start the room · {count} rounds' }),
  ),
  starting: 'Starting…',
  cancel: 'Cancel',
});

/** Each host action's button (domain/rooms.ts ROOM_ACTIONS). */
export const hostActionText = i18n('rooms/host-actions', {
  open: 'Open the lobby',
  start: 'Start the first round',
  'end-round': 'End the round now',
  reveal: 'Reveal the results',
  /** "Start round 2" */
  next: params('Start round {round}'),
  close: 'Close the room',
  working: 'One moment…',
  group: 'Host controls',
  closeTitle: 'Close the room?',
  closeText:
    'Nobody can join or play any more, and the final podium is shown. This cannot be undone.',
  closeConfirm: 'Close the room',
  closePending: 'Closing…',
});

/** The room's phase and round, as both host screens say them. */
export const roomStatusText = i18n('rooms/status', {
  created: 'Not open yet',
  lobby: 'Lobby open',
  round: 'Round in play',
  ended: 'Time is up',
  reveal: 'Results',
  closed: 'Room closed',
  /** "Round 1 of 3" */
  roundOf: params<{ round: number; count: number }>('Round {round} of {count}'),
  /** "12 of 40 have ranked" */
  submitted: params<{ submitted: string; players: string }>('{submitted} of {players} have ranked'),
  /** Before the submitted count is known. */
  players: params<{ count: string }>(count({ one: '{count} player', many: '{count} players' })),
  /** The countdown's label, read with its value. */
  timeLeft: 'Time left',
  /** The countdown announced at its milestones (not every second). */
  minutesLeft: params<{ count: string }>(
    count({ one: '{count} minute left', many: '{count} minutes left' }),
  ),
  secondsLeft: params<{ count: string }>(
    count({ one: '{count} second left', many: '{count} seconds left' }),
  ),
  timeUp: 'Time is up: rankings are closed.',
  reconnecting: 'Reconnecting…',
  loading: 'Loading the room…',
  notFound: 'No room has this code.',
  notHost: 'Only the host of this room sees this screen.',
  didNotLoad: 'The room didn’t load.',
  retry: 'Try again',
});

/** The presenter screen (/host/{code}). */
export const presenterText = i18n('rooms/presenter', {
  /** The document title. */
  pageTitle: params('Live room {code}'),
  createdTitle: 'Your room is ready',
  createdLede: 'Open the lobby when you are ready for people to join.',
  joinTitle: 'Join the game',
  /** Before the join link: "Scan the QR code or go to" */
  goTo: 'Scan the QR code or go to',
  /** Before the code: "or enter this code at example.com/join" */
  enterCode: params('or enter this code at {url}'),
  /** The join link's QR code. */
  qrLabel: params('QR code of the join link {url}'),
  /** The small join line in later phases. */
  joinShort: params('Join at {url}'),
  codeLabel: 'Room code',
  /** Read out for the code, letter by letter. */
  codeSpoken: params('Room code {letters}'),
  waiting: 'Waiting for players…',
  joinedTitle: 'Who is here',
  /** "12 players joined" */
  joined: params<{ count: string }>(
    count({ one: '{count} player joined', many: '{count} players joined' }),
  ),
  /** After the last names shown: "and 340 more" */
  andMore: params<{ count: string }>(count({ one: 'and {count} more', many: 'and {count} more' })),
  /** Announced as someone joins: "Ana joined". */
  someoneJoined: params('{name} joined'),
  roundLabel: 'Rank this on your phone',
  promptLoading: 'Loading the question…',
  endedTitle: 'Time is up!',
  endedLede: 'Every ranking is in. Ready to see what the crowd thinks?',
  revealTitle: 'The crowd’s ranking',
  /** An item revealed, announced: "Place 4: Pizza". */
  revealedItem: params<{ place: number; label: string }>('Place {place}: {label}'),
  drumroll: 'And the crowd’s favourite is…',
  winner: params('The crowd crowned {label}'),
  /** Below the list when only the top places fit. */
  fullResults: 'Full results',
  morePlaces: params<{ count: string }>(
    count({
      one: '{count} more place in the full results',
      many: '{count} more places in the full results',
    }),
  ),
  noBallots: 'Nobody ranked in this round.',
  resultsLoading: 'Counting the rankings…',
  resultsFailed: 'The results didn’t load.',
  podiumTitle: 'This round’s crowd whisperers',
  podiumLede: 'The players who agreed most with the crowd',
  leaderboardTitle: 'Leaderboard',
  /** "820 points" */
  points: params<{ count: string }>(count({ one: '{count} point', many: '{count} points' })),
  /** A podium entry's agreement: "82% with the crowd" */
  agreement: params('{percent} with the crowd'),
  place: params('{place}.'),
  noPodium: 'Nobody scored in this round.',
  closedTitle: 'Thanks for playing!',
  finalPodiumTitle: 'Final podium',
  roundsTitle: 'Each round’s full results',
  /** A round's link: "Round 2: Best pizza topping" */
  roundLink: params<{ round: number; title: string }>('Round {round}: {title}'),
  roundLinkUnknown: params<{ round: number }>('Round {round}'),
  sound: 'Sound',
  soundOn: 'Sound on',
  soundOff: 'Sound off',
  remote: 'Open the remote',
  remoteHint: 'Control the room from your phone',
  skip: 'Show all',
  /** The keyboard shortcut, said once for those who can use it. */
  shortcut: 'Space or → does the next step.',
});

/** The host's remote (/host/{code}/remote). */
export const remoteText = i18n('rooms/remote', {
  pageTitle: params('Remote for room {code}'),
  title: 'Remote',
  /** "Room ABC234" */
  room: params('Room {code}'),
  presenter: 'Open the presenter screen',
  noActions: 'Nothing left to do: the room has closed.',
});
