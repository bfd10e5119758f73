import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pushSupport, vapidKeyBytes, type PushEnvironment } from './push-support';

const full: PushEnvironment = {
  secure: true,
  serviceWorker: true,
  pushManager: true,
  notification: true,
  permission: 'default',
};

describe('pushSupport', () => {
  it('asks on a click when everything is there and nothing was decided', () => {
    expect(pushSupport(full)).toBe('ask');
  });

  it('follows the permission the person gave', () => {
    expect(pushSupport({ ...full, permission: 'granted' })).toBe('granted');
    expect(pushSupport({ ...full, permission: 'denied' })).toBe('denied');
  });

  it('is unsupported without any one of the pieces, whatever the permission', () => {
    for (const missing of ['secure', 'serviceWorker', 'pushManager', 'notification'] as const) {
      expect(pushSupport({ ...full, [missing]: false, permission: 'granted' })).toBe('unsupported');
    }
  });
});

describe('vapidKeyBytes', () => {
  it('reads a real P-256 public key in base64url, padded or not', () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const jwk = publicKey.export({ format: 'jwk' });
    const raw = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x ?? '', 'base64url'),
      Buffer.from(jwk.y ?? '', 'base64url'),
    ]);
    const key = raw.toString('base64url');
    expect(Buffer.from(vapidKeyBytes(key))).toEqual(raw);
    expect(Buffer.from(vapidKeyBytes(`${key}=`))).toEqual(raw);
  });

  it('refuses what is not a key', () => {
    expect(() => vapidKeyBytes('not a key!')).toThrow(/base64url/);
    expect(() => vapidKeyBytes(Buffer.from('short').toString('base64url'))).toThrow(/P-256/);
  });
});
