import { describe, expect, it } from 'vitest';
import { accountWithoutSession, readLastSession, rememberSession } from './last-session';
import { memoryStore, storageKeys, writeItem } from './storage';

const ADA = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' };

describe('the last known session', () => {
  it('stands in for the account while offline, and only then', () => {
    const storage = memoryStore();
    rememberSession(ADA, storage);
    expect(accountWithoutSession({ offline: true }, storage)).toEqual(ADA);
    // Online with no session: signed out for real, and forgotten.
    expect(accountWithoutSession({ offline: false }, storage)).toBeNull();
    expect(readLastSession(storage)).toBeNull();
    expect(accountWithoutSession({ offline: true }, storage)).toBeNull();
  });

  it('reads anything malformed as nothing remembered', () => {
    const storage = memoryStore();
    writeItem(storage, storageKeys.lastSession, '{"id":""}');
    expect(readLastSession(storage)).toBeNull();
    writeItem(storage, storageKeys.lastSession, 'not json');
    expect(accountWithoutSession({ offline: true }, storage)).toBeNull();
  });
});
