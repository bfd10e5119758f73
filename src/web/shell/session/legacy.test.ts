import { describe, expect, it } from 'vitest';
import { LEGACY_CLAIM_MAX } from '../../../domain/limits';
import {
  detectLegacy,
  forgetLegacyIds,
  gameIdFromPath,
  pendingLegacyIds,
  rememberLegacyIds,
} from './legacy';
import { memoryStore, storageKeys } from './storage';

const HOST = 'https://crowned.example';

describe('detectLegacy', () => {
  it('is not legacy for an ordinary visit', () => {
    expect(detectLegacy(`${HOST}/g/abc123/play`, '')).toEqual({ legacy: false, ids: [] });
    expect(detectLegacy(`${HOST}/`, 'https://news.example/game/x1')).toEqual({
      legacy: false,
      ids: [],
    });
    // fromShare is the share redirect's marker, not a legacy `from`.
    expect(detectLegacy(`${HOST}/g/abc123?fromShare=1`, '').legacy).toBe(false);
  });

  it('detects legacy=1 and names the game in the path or ?g=', () => {
    expect(detectLegacy(`${HOST}/g/abc123?legacy=1`, '')).toEqual({
      legacy: true,
      ids: ['abc123'],
    });
    expect(detectLegacy(`${HOST}/?legacy=1&g=zzz999`, '')).toEqual({
      legacy: true,
      ids: ['zzz999'],
    });
    expect(detectLegacy(`${HOST}/?legacy=0`, '').legacy).toBe(false);
  });

  it('detects a from parameter, reading a game from it when it is a path', () => {
    expect(detectLegacy(`${HOST}/?from=oldapp`, '')).toEqual({ legacy: true, ids: [] });
    expect(detectLegacy(`${HOST}/?from=${encodeURIComponent('/game/Old42xyz')}`, '')).toEqual({
      legacy: true,
      ids: ['Old42xyz'],
    });
  });

  it('detects a same-host referrer under /game/, /appboot/ or /r/', () => {
    for (const path of ['/game/g1abc', '/appboot/g/g1abc', '/r/g1abc']) {
      expect(detectLegacy(`${HOST}/g/new000`, `${HOST}${path}`), path).toEqual({
        legacy: true,
        ids: ['new000', 'g1abc'],
      });
    }
    expect(detectLegacy(`${HOST}/`, `${HOST}/community`).legacy).toBe(false);
    expect(detectLegacy(`${HOST}/`, 'https://other.example/appboot/g/x1y2z3').legacy).toBe(false);
  });

  it('treats landing on a legacy boot path as legacy', () => {
    expect(detectLegacy(`${HOST}/appboot/g/boot1234`, '')).toEqual({
      legacy: true,
      ids: ['boot1234'],
    });
  });

  it('drops ids that are not id-shaped', () => {
    expect(detectLegacy(`${HOST}/?legacy=1&g=${encodeURIComponent('<script>')}`, '').ids).toEqual(
      [],
    );
    expect(gameIdFromPath('/g/%E0%A4%A')).toBeNull();
    expect(gameIdFromPath('/g/ab')).toBeNull();
    expect(gameIdFromPath('/game/abc_DEF-12')).toBe('abc_DEF-12');
  });
});

describe('legacy id storage', () => {
  it('keeps the newest ids first, without duplicates, capped at LEGACY_CLAIM_MAX', () => {
    const storage = memoryStore();
    rememberLegacyIds(['aaa111'], storage);
    rememberLegacyIds(['bbb222', 'aaa111'], storage);
    expect(pendingLegacyIds(storage)).toEqual(['bbb222', 'aaa111']);
    const many = Array.from({ length: 30 }, (_, i) => `game${i}xx`);
    rememberLegacyIds(many, storage);
    const pending = pendingLegacyIds(storage);
    expect(pending).toHaveLength(LEGACY_CLAIM_MAX);
    expect(pending[0]).toBe('game0xx');
  });

  it('forgets only the ids claimed', () => {
    const storage = memoryStore();
    rememberLegacyIds(['aaa111', 'bbb222', 'ccc333'], storage);
    forgetLegacyIds(['aaa111', 'ccc333'], storage);
    expect(pendingLegacyIds(storage)).toEqual(['bbb222']);
    forgetLegacyIds(['bbb222'], storage);
    expect(storage.getItem(storageKeys.legacyGameIds)).toBeNull();
  });

  it('ignores garbage in storage', () => {
    const storage = memoryStore();
    storage.setItem(storageKeys.legacyGameIds, JSON.stringify(['ok1234', 5, '../x', null]));
    expect(pendingLegacyIds(storage)).toEqual(['ok1234']);
    storage.setItem(storageKeys.legacyGameIds, '{');
    expect(pendingLegacyIds(storage)).toEqual([]);
  });
});
