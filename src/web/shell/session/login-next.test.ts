import { describe, expect, it } from 'vitest';
import {
  LOGIN_NEXT_KEY,
  LOGIN_NEXT_MAX_AGE_MS,
  isSignInPath,
  peekLoginNext,
  rememberLoginNext,
  sanitizeNext,
  takeLoginNext,
} from './login-next';
import { memoryStore } from './storage';

describe('sanitizeNext', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(sanitizeNext('/create')).toBe('/create');
    expect(sanitizeNext('/rank?g=abc123&x=1#top')).toBe('/rank?g=abc123&x=1#top');
    expect(sanitizeNext('/g/pizza-demo/play')).toBe('/g/pizza-demo/play');
  });

  it('sends empty and missing targets home', () => {
    expect(sanitizeNext(null)).toBe('/');
    expect(sanitizeNext(undefined)).toBe('/');
    expect(sanitizeNext('')).toBe('/');
  });

  it('refuses other sites and tricks that browsers turn into hosts', () => {
    for (const unsafe of [
      'https://evil.example/create',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /create',
      'javascript:alert(1)',
      'data:text/html,hi',
      'create',
      '../create',
    ]) {
      expect(sanitizeNext(unsafe), unsafe).toBe('/');
    }
  });

  it('accepts an absolute URL only on our own origin', () => {
    const origin = 'http://localhost:3000';
    expect(sanitizeNext('http://localhost:3000/myranks?x=1#h', origin)).toBe('/myranks?x=1#h');
    expect(sanitizeNext('http://localhost:4000/myranks', origin)).toBe('/');
    expect(sanitizeNext('http://localhost:3000/myranks')).toBe('/');
  });

  it('replaces login and account targets by / (SPEC §2)', () => {
    for (const page of [
      '/login',
      '/login?next=/create',
      '/login/gate',
      '/account',
      '/account/',
      '/account/reset?token=x',
      '/LOGIN',
      '/x/../account',
    ]) {
      expect(sanitizeNext(page), page).toBe('/');
    }
    expect(sanitizeNext('/accounts-list')).toBe('/accounts-list');
    expect(sanitizeNext('/loginhelp')).toBe('/loginhelp');
    // The admin claim's steps are a page to come back to after signing in again; never a link's
    // secret (the fragment).
    expect(sanitizeNext('/account/admin-claim')).toBe('/account/admin-claim');
    expect(sanitizeNext('/account/admin-claim#secret')).toBe('/');
  });
});

describe('isSignInPath', () => {
  it('matches the sign-in pages and only them', () => {
    expect(isSignInPath('/login')).toBe(true);
    expect(isSignInPath('/account/reset')).toBe(true);
    expect(isSignInPath('/')).toBe(false);
    expect(isSignInPath('/player')).toBe(false);
  });
});

describe('takeLoginNext', () => {
  it('prefers ?next, falls back to the stored target, and clears storage', () => {
    const storage = memoryStore();
    rememberLoginNext('/myranks?tab=played', storage, 1000);
    expect(takeLoginNext('/player', storage, 2000)).toBe('/player');
    expect(storage.getItem(LOGIN_NEXT_KEY)).toBeNull();

    rememberLoginNext('/myranks?tab=played#x', storage, 1000);
    expect(takeLoginNext(null, storage, 2000)).toBe('/myranks?tab=played#x');
    expect(storage.size()).toBe(0);
    expect(takeLoginNext(null, storage, 3000)).toBe('/');
  });

  it('sanitises whichever target it uses', () => {
    const storage = memoryStore();
    rememberLoginNext('https://evil.example/', storage, 0);
    expect(takeLoginNext(null, storage, 1)).toBe('/');
    expect(takeLoginNext('/login?next=/create', storage, 1)).toBe('/');
  });

  it('forgets a stored target from an abandoned sign-in', () => {
    const storage = memoryStore();
    rememberLoginNext('/create', storage, 0);
    expect(peekLoginNext(storage, LOGIN_NEXT_MAX_AGE_MS)).toBe('/create');
    expect(peekLoginNext(storage, LOGIN_NEXT_MAX_AGE_MS + 1)).toBeNull();
    expect(takeLoginNext(null, storage, LOGIN_NEXT_MAX_AGE_MS + 1)).toBe('/');
  });

  it('ignores unreadable stored values and works without storage', () => {
    const storage = memoryStore();
    storage.setItem(LOGIN_NEXT_KEY, '{not json');
    expect(takeLoginNext(null, storage)).toBe('/');
    storage.setItem(LOGIN_NEXT_KEY, JSON.stringify({ next: 5 }));
    expect(takeLoginNext(null, storage)).toBe('/');
    expect(takeLoginNext('/create', null)).toBe('/create');
  });
});
