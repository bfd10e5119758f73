/**
 * Web push on this device (issue 30), the parts without the browser: what the browser allows
 * (from what it has and the permission it holds), and the server's VAPID public key as the bytes
 * `pushManager.subscribe` takes.
 */

/** What a browser offers for push, read from `window` and `Notification.permission`. */
export type PushEnvironment = {
  /** A secure context (https, or localhost): push exists nowhere else. */
  secure: boolean;
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
  permission: NotificationPermission | null;
};

/**
 * `unsupported`: this browser cannot (an iPhone's Safari outside an installed app, an old or
 * private browser); `denied`: the person blocked it (only the browser's site settings undo that);
 * `ask`: a click may ask for permission; `granted`: allowed, a subscription can be made at once.
 */
export type PushSupport = 'unsupported' | 'denied' | 'ask' | 'granted';

export function pushSupport(env: PushEnvironment): PushSupport {
  if (!env.secure || !env.serviceWorker || !env.pushManager || !env.notification) {
    return 'unsupported';
  }
  if (env.permission === 'denied') return 'denied';
  if (env.permission === 'granted') return 'granted';
  return 'ask';
}

/**
 * A VAPID public key (base64url, as servers publish it: 65 bytes, an uncompressed P-256 point) as
 * bytes. Throws on anything else: subscribing with a wrong key would fail later and less clearly.
 */
export function vapidKeyBytes(key: string): Uint8Array<ArrayBuffer> {
  const trimmed = key.trim();
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(trimmed)) throw new Error('The VAPID key is not base64url.');
  const base64 = trimmed.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  if (bytes.length !== 65 || bytes[0] !== 4) {
    throw new Error('The VAPID key is not an uncompressed P-256 public key.');
  }
  return bytes;
}
