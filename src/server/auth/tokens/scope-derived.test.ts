import { describe, expect, it } from 'vitest';
import { API_OPERATIONS } from '../../app';
import { tokenMayUse, tokenScope } from './scope';

describe('the token scope made from the operations', () => {
  const derived = tokenScope(API_OPERATIONS.operations);
  const requests: [string, string][] = [];
  for (const key of Object.keys(API_OPERATIONS.operations)) {
    const [method = '', template = ''] = key.split(' ');
    for (const id of ['x', 'abc123', 'claim', 'webhooks', 'export.csv', 'events', 'tokens']) {
      const path = template.replace(/\{[^}]+\}/g, id);
      for (const m of method === 'GET' ? ['GET', 'HEAD'] : [method]) {
        requests.push([m, path], [m, `${path}/`]);
      }
    }
  }
  for (const key of Object.keys(API_OPERATIONS.auth)) {
    const [method = '', path = ''] = key.split(' ');
    requests.push([method, path]);
  }

  it('allows exactly what the regular expressions allowed', () => {
    expect(requests.length).toBeGreaterThan(300);
    const differ = requests.filter(([m, p]) => derived(m, p) !== tokenMayUse(m, p));
    expect(differ).toEqual([]);
    // Requests no route has (today's families let them on to a 404; now they are 403).
    const unrouted: [string, string][] = [
      ['GET', '/api/games/x/y/z'],
      ['OPTIONS', '/api/games/x'],
      ['DELETE', '/api/games/x/close'],
      ['PUT', '/api/games/x/y'],
    ];
    for (const [m, p] of unrouted)
      expect([m, p, tokenMayUse(m, p), derived(m, p)]).toEqual([m, p, true, false]);
    const alsoRefused: [string, string][] = [
      ['POST', '/api/me/games'],
      ['GET', '/api/me/x'],
      ['DELETE', '/api/games'],
      ['GET', '/api/games/'],
    ];
    for (const [m, p] of alsoRefused)
      expect([m, p, tokenMayUse(m, p), derived(m, p)]).toEqual([m, p, false, false]);
  });
});
