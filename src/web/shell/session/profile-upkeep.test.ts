import { describe, expect, it } from 'vitest';
import {
  ANON_ID_COOKIE,
  anonIdCookie,
  cleanReferrer,
  deviceTypeFor,
  ensureAnonId,
  firstStartInTab,
  readCookie,
  recordTouches,
  storedTouch,
  touchFor,
} from './profile-upkeep';
import { memoryStore, storageKeys } from './storage';

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD_AS_MAC_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';
const ANDROID_TABLET_UA = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/130';

describe('deviceTypeFor', () => {
  it('goes by width: mobile < 768, tablet < 1024, else desktop', () => {
    const at = (width: number) =>
      deviceTypeFor({ width, userAgent: DESKTOP_UA, maxTouchPoints: 0 });
    expect(at(375)).toBe('mobile');
    expect(at(767)).toBe('mobile');
    expect(at(768)).toBe('tablet');
    expect(at(1023)).toBe('tablet');
    expect(at(1024)).toBe('desktop');
    expect(at(1280)).toBe('desktop');
  });

  it('knows phones and touch tablets by their user agent', () => {
    expect(deviceTypeFor({ width: 900, userAgent: IPHONE_UA, maxTouchPoints: 5 })).toBe('mobile');
    expect(deviceTypeFor({ width: 1366, userAgent: IPAD_AS_MAC_UA, maxTouchPoints: 5 })).toBe(
      'tablet',
    );
    expect(deviceTypeFor({ width: 1366, userAgent: IPAD_AS_MAC_UA, maxTouchPoints: 0 })).toBe(
      'desktop',
    );
    expect(deviceTypeFor({ width: 1280, userAgent: ANDROID_TABLET_UA, maxTouchPoints: 5 })).toBe(
      'tablet',
    );
  });
});

describe('touch records', () => {
  it('reads utm parameters and an outside referrer without its query', () => {
    expect(
      touchFor(
        'https://crowned.example/?utm_source=news&utm_medium=email&utm_campaign=spring&x=1',
        'https://mail.example/inbox?token=secret#m',
      ),
    ).toEqual({
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'spring',
      initial_referrer: 'https://mail.example/inbox',
    });
    expect(touchFor('https://crowned.example/', 'https://crowned.example/community')).toEqual({});
    expect(cleanReferrer('android-app://com.x')).toBeUndefined();
    expect(cleanReferrer('')).toBeUndefined();
  });

  it('writes the first touch once and the last touch on every visit with utm', () => {
    const storage = memoryStore();
    recordTouches('https://c.example/?utm_source=a', 'https://r.example/', storage);
    recordTouches('https://c.example/?utm_source=b&utm_campaign=c', '', storage);
    recordTouches('https://c.example/community', 'https://other.example/', storage);
    expect(storedTouch('firstTouch', storage)).toEqual({
      utm_source: 'a',
      initial_referrer: 'https://r.example/',
    });
    expect(storedTouch('lastTouch', storage)).toEqual({ utm_source: 'b', utm_campaign: 'c' });
  });

  it('records an empty first touch for a direct visit, so it is not overwritten later', () => {
    const storage = memoryStore();
    recordTouches('https://c.example/', '', storage);
    recordTouches('https://c.example/?utm_source=later', '', storage);
    expect(storedTouch('firstTouch', storage)).toEqual({});
  });

  it('ignores a stored record that is not one', () => {
    const storage = memoryStore();
    storage.setItem(storageKeys.lastTouch, JSON.stringify({ utm_source: 5 }));
    expect(storedTouch('lastTouch', storage)).toBeUndefined();
  });
});

describe('anonymous id', () => {
  function cookieJar(initial = '') {
    let jar = initial;
    const written: string[] = [];
    return {
      read: () => jar,
      write: (cookie: string) => {
        written.push(cookie);
        jar = cookie.split(';')[0] ?? '';
      },
      secure: true,
      written,
    };
  }

  const issued = 'a1B2c3D4e5F6g7H8i9J0k1.Zy_x-WvUtSrQpOnMlKjIhG';
  const older = `${'Q'.repeat(22)}.${'q'.repeat(22)}`;

  it('has none until the server issued one (the browser makes none up)', () => {
    const storage = memoryStore();
    const cookies = cookieJar();
    expect(ensureAnonId(storage, cookies)).toBeNull();
    expect(cookies.written).toEqual([]);
    expect(storage.getItem(storageKeys.anonId)).toBeNull();
  });

  it('keeps the issued one in storage and a 5-year cookie', () => {
    const storage = memoryStore();
    const cookies = cookieJar(`other=1; ${ANON_ID_COOKIE}=${issued}`);
    expect(ensureAnonId(storage, cookies)).toBe(issued);
    expect(storage.getItem(storageKeys.anonId)).toBe(issued);
    expect(cookies.written[0]).toBe(anonIdCookie(issued, true));
    expect(cookies.written[0]).toContain(`Max-Age=${5 * 365 * 24 * 60 * 60}`);
    expect(cookies.written[0]).toContain('Secure');
    expect(ensureAnonId(storage, cookies)).toBe(issued);
    expect(readCookie('a=1; b=x%20y', 'b')).toBe('x y');
    expect(readCookie('a=1', 'b')).toBeNull();
  });

  it('writes the cookie back from storage when cookies were cleared', () => {
    const storage = memoryStore();
    storage.setItem(storageKeys.anonId, issued);
    const cookies = cookieJar();
    expect(ensureAnonId(storage, cookies)).toBe(issued);
    expect(cookies.written).toEqual([anonIdCookie(issued, true)]);
  });

  it('prefers the cookie (the newest issue), and ignores ids of the old browser-made kind', () => {
    const storage = memoryStore();
    storage.setItem(storageKeys.anonId, older);
    expect(ensureAnonId(storage, cookieJar(`${ANON_ID_COOKIE}=${issued}`))).toBe(issued);
    expect(storage.getItem(storageKeys.anonId)).toBe(issued);
    const legacy = memoryStore();
    legacy.setItem(storageKeys.anonId, 'abcdef12-3456');
    expect(ensureAnonId(legacy, cookieJar(`${ANON_ID_COOKIE}=abcdef12-3456`))).toBeNull();
  });
});

describe('firstStartInTab', () => {
  it('is true once per person per tab session', () => {
    const storage = memoryStore();
    expect(firstStartInTab('u1', storage)).toBe(true);
    expect(firstStartInTab('u1', storage)).toBe(false);
    expect(firstStartInTab('u2', storage)).toBe(true);
    expect(firstStartInTab('u1', storage)).toBe(false);
  });
});
