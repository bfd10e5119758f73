import { describe, expect, it } from 'vitest';
import { API_OPERATIONS } from '../../app';
import { tokenScope } from './scope';

describe('what an API token may reach', () => {
  const tokenMayUse = tokenScope(API_OPERATIONS.operations);

  it('is the operations that say so, the same as when the scope was a list of paths', () => {
    const allowed = Object.entries(API_OPERATIONS.operations)
      .filter(([, operation]) => operation.tokens)
      .map(([key]) => key)
      .sort();
    expect(allowed).toEqual(
      [
        // The user's own games: create, read, play (a ballot, or duels a pair at a time), edit
        // (items and ballot), import ballots, close, archive, delete, remix, publish, share card,
        // results, exports, recent players and live events.
        'POST /api/games',
        'GET /api/games/{id}',
        'PUT /api/games/{id}/submission',
        'GET /api/games/{id}/duel',
        'POST /api/games/{id}/duels',
        'PATCH /api/games/{id}/items',
        'PUT /api/games/{id}/ballot',
        'POST /api/games/{id}/ballots',
        'POST /api/games/{id}/close',
        'POST /api/games/{id}/archive',
        'DELETE /api/games/{id}',
        'POST /api/games/{id}/remix',
        'POST /api/games/{id}/publish',
        'POST /api/games/{id}/unpublish',
        'GET /api/games/{id}/card',
        'GET /api/games/{id}/results',
        'GET /api/games/{id}/closest',
        'GET /api/games/{id}/{file}',
        'GET /api/games/{id}/players',
        'GET /api/games/{id}/events',
        // The profile and My Ranks.
        'GET /api/me',
        'GET /api/me/games',
        'GET /api/me/played',
        'GET /api/me/activity',
      ].sort(),
    );
  });

  it.each([
    ['POST', '/api/games'],
    ['GET', '/api/games/abc123'],
    ['PUT', '/api/games/abc123/submission'],
    ['PATCH', '/api/games/abc123/items'],
    ['POST', '/api/games/abc123/close'],
    ['POST', '/api/games/abc123/publish'],
    ['DELETE', '/api/games/abc123'],
    ['GET', '/api/games/abc123/results'],
    ['GET', '/api/games/abc123/export.csv'],
    ['GET', '/api/me'],
    ['GET', '/api/me/games'],
    ['GET', '/api/me/played'],
    ['GET', '/api/me/activity'],
    ['HEAD', '/api/me'],
    ['GET', '/api/me/'],
    // A game whose slug reads like another route is still a game.
    ['GET', '/api/games/events'],
    ['GET', '/api/games/abc123/events'],
  ])('allows %s %s', (method, path) => {
    expect(tokenMayUse(method, path)).toBe(true);
  });

  it.each([
    ['GET', '/api/games'],
    ['POST', '/api/games/claim'],
    ['GET', '/api/games/abc123/webhooks'],
    ['DELETE', '/api/games/abc123/webhooks/w1'],
    ['GET', '/api/me/tokens'],
    ['POST', '/api/me/tokens'],
    ['DELETE', '/api/me/tokens/t1'],
    ['POST', '/api/me'],
    ['PUT', '/api/me/handle'],
    ['POST', '/api/me/admin-claim'],
    ['GET', '/api/me/notifications'],
    ['POST', '/api/me/push-subscriptions'],
    ['DELETE', '/api/me/push-subscriptions'],
    ['DELETE', '/api/me/push-subscriptions/s1'],
    ['POST', '/api/me/touch'],
    ['GET', '/api/me/events'],
    ['GET', '/api/auth/get-session'],
    ['POST', '/api/auth/change-password'],
    ['GET', '/api/admin/overview'],
    ['GET', '/api/community/reports'],
    ['POST', '/api/community'],
    ['GET', '/api/users/someone'],
    ['GET', '/api/config'],
    ['GET', '/api/mee'],
    ['GET', '/api/gamesx/abc'],
    ['DELETE', '/api/games'],
    ['POST', '/api/me/games'],
    ['OPTIONS', '/api/games/abc123'],
    // A path whose every operation is cookie-only, whatever the method: never a game's slug.
    ['GET', '/api/games/claim'],
    ['DELETE', '/api/games/claim'],
    // No such route.
    ['GET', '/api/games/abc123/x/y'],
  ])('refuses %s %s', (method, path) => {
    expect(tokenMayUse(method, path)).toBe(false);
  });
});

describe('a scope made from operations', () => {
  const scope = tokenScope({
    'GET /api/things/{id}': { tokens: true },
    'DELETE /api/things/{id}': {},
    'GET /api/things/{id}/{file}': { tokens: true },
    'GET /api/things/{id}/secrets': {},
    'POST /api/things/mine': {},
    'POST /api/things/{id}/close': { tokens: true },
  });

  it('follows the most specific path, and refuses a cookie-only path for every method', () => {
    expect(scope('GET', '/api/things/t1')).toBe(true);
    expect(scope('HEAD', '/api/things/t1')).toBe(true);
    expect(scope('DELETE', '/api/things/t1')).toBe(false);
    expect(scope('GET', '/api/things/t1/export.csv')).toBe(true);
    expect(scope('GET', '/api/things/t1/secrets')).toBe(false);
    expect(scope('GET', '/api/things/mine')).toBe(false);
    // Not cookie-only (a token may close): GET reaches the looser {file} template.
    expect(scope('GET', '/api/things/t1/close')).toBe(true);
    expect(scope('POST', '/api/things/t1/close')).toBe(true);
    expect(scope('PUT', '/api/things/t1')).toBe(false);
    expect(scope('GET', '/api/other')).toBe(false);
  });
});
