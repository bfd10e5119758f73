/**
 * The live rooms' routes in the API document (routes.ts), with their response schemas. Cookie
 * only: a room is played from a browser. See api-docs/operation.ts.
 */
import { z } from 'zod';
import { ROOM_ACTIONS, ROOM_PHASES, type RoomView, type RoomViewer } from '../../domain/rooms';
import { stream, type Operations } from '../api-docs/operation';
import { agree, type Same } from '../api-docs/schemas';
import type { JoinOutcome } from './joins';

export const RoomSchema = z
  .object({
    code: z.string().meta({ description: 'The join code: 6 characters, capitals' }),
    phase: z.enum(ROOM_PHASES).meta({
      description:
        'created (not open yet), lobby, round (until its deadline), ended (past the deadline, waiting for the reveal), reveal, closed (by the host, or 12 hours after the last activity)',
    }),
    round: z.number().meta({ description: 'The current round, from 1 (0 before the first)' }),
    roundCount: z.number(),
    roundSeconds: z.number(),
    deadline: z.number().nullable().meta({ description: 'The current round’s end (ms)' }),
    gameId: z.string().nullable().meta({ description: 'The current round’s game' }),
    playedGameIds: z.array(z.string()).meta({
      description: 'The games of the rounds played so far, in order (each round’s results)',
    }),
    players: z.object({
      count: z.number(),
      recent: z.array(z.string()).meta({ description: 'In the lobby: the newest nicknames' }),
    }),
    submitted: z.number().nullable().meta({
      description:
        'While a round is played or ended: how many players made a ranking of its game since it started (null in other phases)',
    }),
    podium: z.array(
      z.object({
        name: z.string(),
        place: z.number(),
        points: z.number(),
        agreement: z.number().nullable(),
      }),
    ),
    leaderboard: z.array(z.object({ name: z.string(), place: z.number(), points: z.number() })),
    serverTime: z.number(),
  })
  .meta({ id: 'Room' });

const RoomViewerSchema = z.object({
  isHost: z.boolean(),
  actions: z.array(z.enum(ROOM_ACTIONS)).meta({ description: 'The host’s actions allowed now' }),
  me: z
    .object({
      name: z.string(),
      points: z.number(),
      place: z.number(),
      lastRound: z
        .object({
          round: z.number(),
          agreement: z.number(),
          points: z.number(),
          place: z.number(),
        })
        .nullable(),
    })
    .optional(),
});

const RoomWithViewerSchema = z.object({ room: RoomSchema.extend(RoomViewerSchema.shape) });
const JoinSchema = z.object({ name: z.string(), joined: z.boolean() });

agree<Same<z.infer<typeof RoomSchema>, RoomView>>(true);
agree<Same<z.infer<typeof RoomViewerSchema>, RoomViewer>>(true);
agree<Same<z.infer<typeof JoinSchema>, JoinOutcome>>(true);

const hostAction = (summary: string): Operations[keyof Operations] => ({
  tag: 'Rooms',
  summary,
  description:
    'The host only (403 for anyone else). An action the room’s phase does not allow is refused with 409 and a message saying what is allowed.',
  access: 'session',
  ok: { 200: RoomWithViewerSchema },
  errors: [404],
});

export const ROOM_OPERATIONS: Operations = {
  'POST /api/rooms': {
    tag: 'Rooms',
    summary: 'Start a room over some of your games (one game a round)',
    description:
      'Body `{ gameIds, roundSeconds }` (30 to 300 seconds, 60 when left out). Each game must be yours (403; 404 for a missing one). Rooms per host and hour are limited (429).',
    access: 'account',
    ok: { 201: z.object({ room: z.object({ id: z.string(), code: z.string() }) }) },
    errors: [404],
  },
  'GET /api/rooms/{code}': {
    tag: 'Rooms',
    summary: 'A room: phase, round, deadline, players, podium, leaderboard, and you',
    description:
      'Players play a round with `PUT /api/games/{id}/submission` on its `gameId`: a player of the room is refused (409) before the round and after it (2 seconds past its deadline are allowed for the network).',
    access: 'public',
    ok: { 200: RoomWithViewerSchema },
    errors: [404],
  },
  'POST /api/rooms/{code}/join': {
    tag: 'Rooms',
    summary: 'Join a room with a nickname (a guest session will do)',
    description:
      'Body `{ name }`. 201 for a new player, 200 for one who joined before (their nickname kept). 409: the room has closed, is not open yet, is full, or the nickname is taken.',
    access: 'session',
    ok: { 200: z.object({ player: JoinSchema }), 201: z.object({ player: JoinSchema }) },
    errors: [404],
  },
  'POST /api/rooms/{code}/open': hostAction('Open the lobby'),
  'POST /api/rooms/{code}/start': hostAction('Start the first round'),
  'POST /api/rooms/{code}/end-round': hostAction('End the round before its deadline'),
  'POST /api/rooms/{code}/reveal': hostAction('Reveal the round: count its points'),
  'POST /api/rooms/{code}/next': hostAction('Start the next round'),
  'POST /api/rooms/{code}/close': hostAction('Close the room'),
  'GET /api/rooms/{code}/events': {
    tag: 'Rooms',
    summary: 'The room live',
    description:
      '`room` events carry the room (as GET, without `isHost`, `actions` and `me`) when the stream opens and at each change of phase; `join` events `{ name, players }` at each join. A closed room’s stream ends.',
    access: 'public',
    ok: { 200: stream('the room’s phase changes and joins') },
    errors: [404],
  },
};
