/**
 * The session cache's admin hook (decision 0028): called only for an admin's session looked up
 * afresh, never for anyone else and never on a cache hit, and its answer is the viewer used.
 * better-auth's session lookup is stood in for (the cache's own logic is what is tested).
 */
import { describe, expect, it } from 'vitest';
import type { Auth, Viewer } from './better-auth';
import type { Db } from '../db/client';
import { createLogger } from '../platform/log';
import { SessionCache } from './session-cache';

function cacheFor(role: string, onAdmin: (viewer: Viewer) => Promise<Viewer>) {
  let lookups = 0;
  const auth = {
    api: {
      getSession: async () => {
        lookups += 1;
        return {
          user: { id: 'u1', name: 'Ada', email: 'ada@example.com', role, isAnonymous: false },
          session: {
            id: 's1',
            createdAt: new Date(0),
            expiresAt: new Date(Date.now() + 3_600_000),
          },
        };
      },
    },
  } as unknown as Auth;
  const cache = new SessionCache(auth, {} as Db, createLogger('error'), onAdmin);
  return { cache, lookups: () => lookups };
}

const cookie = new Headers({ cookie: 'better-auth.session_token=abc.sig' });

describe('SessionCache admin hook', () => {
  it('is never called for a non-admin', async () => {
    const seen: Viewer[] = [];
    const { cache } = cacheFor('user', async (viewer) => (seen.push(viewer), viewer));
    const viewer = await cache.viewer(cookie);
    expect(viewer).toMatchObject({ id: 'u1', role: 'user', sessionId: 's1' });
    await cache.viewer(cookie);
    expect(seen).toEqual([]);
  });

  it('is called once per fresh lookup of an admin, not on cache hits, and its answer is used', async () => {
    const seen: Viewer[] = [];
    const { cache, lookups } = cacheFor('admin', async (viewer) => {
      seen.push(viewer);
      return { ...viewer, role: 'user' };
    });
    expect((await cache.viewer(cookie))?.role).toBe('user');
    expect((await cache.viewer(cookie))?.role).toBe('user');
    expect(seen.map((viewer) => viewer.role)).toEqual(['admin']);
    expect(lookups()).toBe(1);
  });
});
