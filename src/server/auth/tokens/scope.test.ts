import { describe, expect, it } from 'vitest';
import { tokenMayUse } from './scope';

describe('what an API token may reach', () => {
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
  ])('refuses %s %s', (method, path) => {
    expect(tokenMayUse(method, path)).toBe(false);
  });
});
