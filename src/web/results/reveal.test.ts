import { describe, expect, it } from 'vitest';
import type { GameView } from '../../domain/game';
import { memoryStore } from '../shell/session/storage';
import {
  delayBefore,
  deservesReveal,
  rememberRevealed,
  revealedGames,
  REVEAL_STEP_MS,
  REVEAL_WINNER_MS,
  shownFromBottom,
} from './reveal';

const game = {
  id: 'g1',
  sizeLimit: 3,
  deadlineAt: null,
  closed: true,
  isOwner: false,
} as GameView;

describe('reveal', () => {
  it('plays for players of a game whose rule closed it, once', () => {
    expect(deservesReveal(game, [])).toBe(true);
    expect(deservesReveal(game, ['g1'])).toBe(false);
    expect(deservesReveal({ ...game, closed: false }, [])).toBe(false);
    expect(deservesReveal({ ...game, sizeLimit: null }, [])).toBe(false);
    expect(deservesReveal({ ...game, sizeLimit: null, deadlineAt: 1 }, [])).toBe(true);
    expect(deservesReveal({ ...game, isOwner: true }, [])).toBe(false);
  });

  it('remembers revealed games, a bounded list that ignores junk', () => {
    const storage = memoryStore();
    rememberRevealed(storage, 'a');
    rememberRevealed(storage, 'b');
    rememberRevealed(storage, 'a');
    expect(revealedGames(storage)).toEqual(['b', 'a']);
    for (let i = 0; i < 250; i++) rememberRevealed(storage, `g${i}`);
    expect(revealedGames(storage)).toHaveLength(200);
    storage.setItem('crowned.revealed', '{"not":"a list"}');
    expect(revealedGames(storage)).toEqual([]);
  });

  it('shows the bottom at once, then the top five one by one, the winner last', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((step) => shownFromBottom(8, step))).toEqual([
      3, 4, 5, 6, 7, 8, 8,
    ]);
    expect([0, 1, 2, 3].map((step) => shownFromBottom(3, step))).toEqual([0, 1, 2, 3]);
    expect(delayBefore(8, 0)).toBe(REVEAL_STEP_MS);
    expect(delayBefore(8, 4)).toBe(REVEAL_WINNER_MS);
  });
});
