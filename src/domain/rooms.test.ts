import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { agreement } from './agreement';
import { ROOM_EXPIRY_MS, ROUND_GRACE_MS, ROUND_MAX_POINTS } from './limits';
import {
  allowedActions,
  checkRoomGames,
  checkRoomName,
  crowdAgreement,
  isRoundSeconds,
  joinRefusal,
  parseRoomCode,
  placed,
  ROOM_ACTIONS,
  ROOM_CODE_ALPHABET,
  ROOM_MESSAGES,
  roomCodeFrom,
  roomTransition,
  roundPoints,
  roundSubmissionRefusal,
  roundWindow,
  scoreRound,
  shownPhase,
  type RoomClock,
} from './rooms';

const NOW = 1_800_000_000_000;

function room(extra: Partial<RoomClock> = {}): RoomClock {
  return { phase: 'lobby', round: 0, roundCount: 2, deadline: null, lastActivityAt: NOW, ...extra };
}

describe('room codes', () => {
  it('are 6 characters of an alphabet without 0, O, 1, I or L', () => {
    expect(ROOM_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 12, maxLength: 12 }), (bytes) => {
        const code = roomCodeFrom(bytes);
        if (code === null) return;
        expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
        expect(parseRoomCode(code)).toBe(code);
      }),
    );
  });

  it('skip bytes that would favour the first letters, and say when bytes ran out', () => {
    expect(roomCodeFrom(new Uint8Array([0, 1, 2, 3, 4, 5]))).toBe('ABCDEF');
    expect(roomCodeFrom(new Uint8Array([255, 31, 32, 33, 34, 35, 36]))).toBe('ABCDEF');
    expect(roomCodeFrom(new Uint8Array([0, 1, 2]))).toBeNull();
  });

  it('parse without case, spaces or dashes, and refuse what no code holds', () => {
    expect(parseRoomCode(' abc-def ')).toBe('ABCDEF');
    expect(parseRoomCode('ab cd 23')).toBe('ABCD23');
    expect(parseRoomCode('ABCDE')).toBeNull();
    expect(parseRoomCode('ABCDEFG')).toBeNull();
    expect(parseRoomCode('ABCDE0')).toBeNull();
    expect(parseRoomCode('ABCDEO')).toBeNull();
    expect(parseRoomCode('ABCDEI')).toBeNull();
    expect(parseRoomCode('ABCDEl')).toBeNull();
    expect(parseRoomCode('ÄBCDEF')).toBeNull();
  });
});

describe('room settings', () => {
  it('take 1 to 20 games, none twice', () => {
    expect(checkRoomGames(['a'])).toEqual({ ok: true });
    expect(checkRoomGames([])).toEqual({ ok: false, message: ROOM_MESSAGES.noGames });
    expect(checkRoomGames(['a', 'b', 'a'])).toEqual({
      ok: false,
      message: ROOM_MESSAGES.repeatedGame,
    });
    expect(checkRoomGames(Array.from({ length: 21 }, (_, i) => `g${i}`))).toEqual({
      ok: false,
      message: ROOM_MESSAGES.tooManyGames,
    });
  });

  it('take rounds of 30 to 300 whole seconds', () => {
    expect([29, 30, 300, 301, 45.5].map(isRoundSeconds)).toEqual([false, true, true, false, false]);
  });
});

describe('nicknames', () => {
  it('are cleaned and compared without case or look-alikes', () => {
    const a = checkRoomName('  Ana\u202e  Lee\n');
    expect(a).toEqual({ ok: true, value: { name: 'Ana Lee', key: 'ana lee' } });
    const b = checkRoomName('ANA  LEE');
    expect(b.ok && b.value.key).toBe('ana lee');
    const cyrillic = checkRoomName('Аnа Lее');
    expect(cyrillic.ok && cyrillic.value.key).toBe('ana lee');
  });

  it('are 1 to 24 characters', () => {
    expect(checkRoomName(' \u200b ')).toEqual({ ok: false, message: ROOM_MESSAGES.nameRequired });
    expect(checkRoomName('x'.repeat(24)).ok).toBe(true);
    expect(checkRoomName('x'.repeat(25))).toEqual({
      ok: false,
      message: ROOM_MESSAGES.nameTooLong,
    });
    // Characters, not UTF-16 units: 24 emoji fit.
    expect(checkRoomName('🎉'.repeat(24)).ok).toBe(true);
  });

  it('hold no blocked word and pass for no name of the service', () => {
    for (const name of ['fuck you', 'F.U.C.K', 'Sh1t happens', 'Admin', 'ADM1N', 'crowned team']) {
      expect(checkRoomName(name), name).toEqual({
        ok: false,
        message: ROOM_MESSAGES.nameNotAllowed,
      });
    }
    for (const name of [
      'Scunthorpe',
      'Dickens fan',
      'Admiral',
      'Team Blue',
      'Ana',
      'Player',
      'Me',
    ]) {
      expect(checkRoomName(name).ok, name).toBe(true);
    }
  });
});

describe('phases', () => {
  it('read a round past its deadline as ended, and a quiet room as closed', () => {
    const playing = room({ phase: 'round', round: 1, deadline: NOW + 1000 });
    expect(shownPhase(playing, NOW + 999)).toBe('round');
    expect(shownPhase(playing, NOW + 1000)).toBe('ended');
    expect(shownPhase(room(), NOW + ROOM_EXPIRY_MS - 1)).toBe('lobby');
    expect(shownPhase(room(), NOW + ROOM_EXPIRY_MS)).toBe('closed');
    expect(shownPhase(room({ phase: 'closed' }), NOW)).toBe('closed');
  });

  it('let players join an open room only', () => {
    expect(joinRefusal('created')).toBe(ROOM_MESSAGES.notOpen);
    expect(joinRefusal('closed')).toBe(ROOM_MESSAGES.closed);
    for (const phase of ['lobby', 'round', 'ended', 'reveal'] as const) {
      expect(joinRefusal(phase)).toBeNull();
    }
  });

  it('run lobby → round → ended → reveal → next round → … → closed', () => {
    let state = room({ phase: 'created' });
    const step = (action: (typeof ROOM_ACTIONS)[number], now: number) => {
      const result = roomTransition(state, action, now, 60);
      if (!result.ok) throw new Error(result.message);
      state = { ...state, ...result.change, lastActivityAt: now };
      return result.change;
    };
    step('open', NOW);
    expect(state.phase).toBe('lobby');
    expect(step('start', NOW + 10)).toEqual({
      phase: 'round',
      round: 1,
      deadline: NOW + 10 + 60_000,
      roundStartedAt: NOW + 10,
    });
    expect(shownPhase(state, NOW + 20)).toBe('round');
    // The clock ends the round; nothing is stored at the deadline.
    expect(shownPhase(state, NOW + 60_010)).toBe('ended');
    step('reveal', NOW + 60_010);
    expect(state).toMatchObject({ phase: 'reveal', round: 1 });
    step('next', NOW + 70_000);
    expect(state).toMatchObject({ phase: 'round', round: 2, deadline: NOW + 130_000 });
    // Ended early by the host: the deadline moves to now.
    expect(step('end-round', NOW + 80_000)).toMatchObject({ round: 2, deadline: NOW + 80_000 });
    expect(shownPhase(state, NOW + 80_000)).toBe('ended');
    step('reveal', NOW + 80_001);
    expect(allowedActions(state, NOW + 80_002)).toEqual(['close']);
    expect(roomTransition(state, 'next', NOW + 80_002, 60)).toEqual({
      ok: false,
      message: 'That was the last round: close the room to finish',
    });
    step('close', NOW + 80_003);
    expect(shownPhase(state, NOW + 80_004)).toBe('closed');
    expect(allowedActions(state, NOW + 80_004)).toEqual([]);
  });

  it('refuse an action out of its phase, saying what the room does and what is allowed', () => {
    expect(roomTransition(room(), 'reveal', NOW, 60)).toEqual({
      ok: false,
      message:
        'You cannot reveal the results now: the lobby is open. You can start the first round or close the room.',
    });
    const playing = room({ phase: 'round', round: 1, deadline: NOW + 5000 });
    expect(roomTransition(playing, 'reveal', NOW, 60)).toEqual({
      ok: false,
      message:
        'You cannot reveal the results now: a round is being played. You can end the round or close the room.',
    });
    expect(roomTransition(playing, 'end-round', NOW + 5000, 60)).toMatchObject({ ok: false });
    expect(roomTransition(room({ phase: 'closed' }), 'open', NOW, 60)).toEqual({
      ok: false,
      message: ROOM_MESSAGES.closed,
    });
    expect(roomTransition(room(), 'start', NOW + ROOM_EXPIRY_MS, 60)).toEqual({
      ok: false,
      message: ROOM_MESSAGES.closed,
    });
    // Every action is either allowed or refused with a sentence, in every phase.
    for (const phase of ['created', 'lobby', 'round', 'reveal', 'closed'] as const) {
      for (const action of ROOM_ACTIONS) {
        const result = roomTransition(
          room({ phase, round: 1, deadline: NOW + 1 }),
          action,
          NOW,
          60,
        );
        if (!result.ok) expect(result.message).toMatch(/^[A-Z].{10,}$/);
      }
    }
  });
});

describe('submissions to a round’s game', () => {
  const rounds = (extra: Partial<RoomClock> = {}) => ({ ...room(extra), gameIds: ['g1', 'g2'] });
  const playing = (round: number) => rounds({ phase: 'round', round, deadline: NOW + 30_000 });

  it('are taken while the game’s round is played, up to the grace after its deadline', () => {
    expect(roundSubmissionRefusal([playing(1)], 'g1', NOW)).toBeNull();
    expect(roundSubmissionRefusal([playing(2)], 'g2', NOW)).toBeNull();
    const ending = rounds({ phase: 'round', round: 1, deadline: NOW });
    // Past the deadline the room reads as ended, but a ballot on its way is still taken.
    expect(shownPhase(ending, NOW)).toBe('ended');
    expect(roundSubmissionRefusal([ending], 'g1', NOW + ROUND_GRACE_MS - 1)).toBeNull();
    expect(roundSubmissionRefusal([ending], 'g1', NOW + ROUND_GRACE_MS)).toBe(
      ROOM_MESSAGES.roundClosed,
    );
  });

  it('are refused before the round and after it', () => {
    const notYet = ROOM_MESSAGES.roundNotStarted;
    const closed = ROOM_MESSAGES.roundClosed;
    expect(roundSubmissionRefusal([rounds({ phase: 'created' })], 'g1', NOW)).toBe(notYet);
    expect(roundSubmissionRefusal([rounds({ phase: 'lobby' })], 'g1', NOW)).toBe(notYet);
    expect(roundSubmissionRefusal([playing(1)], 'g2', NOW)).toBe(notYet);
    expect(roundSubmissionRefusal([playing(2)], 'g1', NOW)).toBe(closed);
    const revealed = rounds({ phase: 'reveal', round: 1, deadline: NOW });
    // A reveal closes the round at once, grace or not.
    expect(roundSubmissionRefusal([revealed], 'g1', NOW + 1)).toBe(closed);
    expect(roundSubmissionRefusal([revealed], 'g2', NOW + 1)).toBe(notYet);
  });

  it('are free in a closed or expired room, a room of other games, or no room', () => {
    expect(roundSubmissionRefusal([], 'g1', NOW)).toBeNull();
    expect(roundSubmissionRefusal([playing(1)], 'other', NOW)).toBeNull();
    expect(
      roundSubmissionRefusal([rounds({ phase: 'closed', round: 1, deadline: NOW })], 'g2', NOW),
    ).toBeNull();
    const quiet = rounds({ phase: 'lobby', lastActivityAt: NOW - ROOM_EXPIRY_MS });
    expect(roundSubmissionRefusal([quiet], 'g1', NOW)).toBeNull();
  });

  it('are taken when any of the player’s rooms plays the game’s round', () => {
    const waiting = rounds({ phase: 'lobby' });
    expect(roundSubmissionRefusal([waiting, playing(1)], 'g1', NOW)).toBeNull();
    expect(roundSubmissionRefusal([waiting, playing(2)], 'g1', NOW)).toBe(
      ROOM_MESSAGES.roundNotStarted,
    );
  });
});

describe('points', () => {
  const crowd = ['a', 'b', 'c', 'd'];
  it('are the "you vs the crowd" agreement, ten points a percentage point', () => {
    const mine = [['b'], ['a'], ['c'], ['d']];
    expect(crowdAgreement('ranking', mine, crowd)).toBe(agreement(mine.flat(), crowd));
    expect(roundPoints(100)).toBe(ROUND_MAX_POINTS);
    expect(roundPoints(0)).toBe(0);
    expect(roundPoints(null)).toBe(0);
    expect(roundPoints(200 / 3)).toBe(667);
  });

  it('count only the room’s players’ ballots made in the round', () => {
    const window = { startedAt: 100, endedAt: 200 };
    const scores = scoreRound({
      kind: 'ranking',
      crowdOrder: crowd,
      players: new Set(['in', 'late', 'early', 'reverse']),
      window,
      ballots: [
        { userId: 'in', groups: [['a'], ['b'], ['c'], ['d']], at: 200 },
        { userId: 'reverse', groups: [['d'], ['c'], ['b'], ['a']], at: 100 },
        { userId: 'late', groups: [['a'], ['b'], ['c'], ['d']], at: 201 },
        { userId: 'early', groups: [['a'], ['b'], ['c'], ['d']], at: 99 },
        { userId: 'stranger', groups: [['a'], ['b'], ['c'], ['d']], at: 150 },
      ],
    });
    expect(scores).toEqual([
      { userId: 'in', agreement: 100, points: 1000 },
      { userId: 'reverse', agreement: 0, points: 0 },
    ]);
  });

  it('count a round’s ballots from its start to the grace past its deadline', () => {
    expect(roundWindow({ startedAt: 100, deadline: 200 }, 10_000)).toEqual({
      startedAt: 100,
      endedAt: 200 + ROUND_GRACE_MS,
    });
    // Revealed within the grace: nothing later than the reveal's reading counts.
    expect(roundWindow({ startedAt: 100, deadline: 200 }, 201)).toEqual({
      startedAt: 100,
      endedAt: 201,
    });
  });

  it('place players best first, equal scores sharing a place', () => {
    const rows = [
      { name: 'Cy', points: 10 },
      { name: 'Al', points: 30 },
      { name: 'Bo', points: 10 },
      { name: 'Di', points: 5 },
    ];
    expect(placed(rows, (row) => row.points)).toEqual([
      { name: 'Al', points: 30, place: 1 },
      { name: 'Bo', points: 10, place: 2 },
      { name: 'Cy', points: 10, place: 2 },
      { name: 'Di', points: 5, place: 4 },
    ]);
    expect(placed([], () => 0)).toEqual([]);
  });
});
