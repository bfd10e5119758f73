import { describe, expect, it } from 'vitest';
import { forgetSession, readLastSession, rememberSession } from './last-session';
import { memoryStore, storageKeys, writeItem } from './storage';

const ADA = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user' };

describe('the last known session', () => {
  it('is the account remembered, until forgotten', () => {
    const storage = memoryStore();
    rememberSession(ADA, storage);
    expect(readLastSession(storage)).toEqual(ADA);
    forgetSession(storage);
    expect(readLastSession(storage)).toBeNull();
  });

  it('reads anything malformed as nothing remembered', () => {
    const storage = memoryStore();
    writeItem(storage, storageKeys.lastSession, '{"id":""}');
    expect(readLastSession(storage)).toBeNull();
    writeItem(storage, storageKeys.lastSession, 'not json');
    expect(readLastSession(storage)).toBeNull();
  });
});
