/**
 * Web push (RFC 8030, encrypted per RFC 8291, signed with VAPID per RFC 8292) with `web-push`:
 * it encrypts and signs, and our guarded POST (webhooks' `send`: no redirects, timeouts, public
 * addresses only unless allowed) carries it, since a push endpoint is a URL a browser chose.
 * The VAPID keys are VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else generated once into DATA_DIR
 * (like the auth secret).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import { guardedPost } from '../webhooks/public';

export type VapidKeys = { publicKey: string; privateKey: string };

/** The configured keys, else the ones kept in `dataDir` (made on first start). */
export async function resolveVapidKeys(options: {
  configured: VapidKeys | undefined;
  dataDir: string;
}): Promise<VapidKeys> {
  if (options.configured) return options.configured;
  if (options.dataDir === 'memory') return webpush.generateVAPIDKeys();
  const file = path.join(options.dataDir, 'vapid-keys.json');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing) {
    const parsed = JSON.parse(existing) as Partial<VapidKeys>;
    if (parsed.publicKey && parsed.privateKey) {
      return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
    }
  }
  await mkdir(options.dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  await writeFile(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** What the service worker shows: a title, a body and the page a tap opens. */
export type PushMessage = { title: string; body: string; url: string; tag: string };

export type PushSender = {
  publicKey: string;
  /** 'sent', 'gone' (the browser dropped it: 404/410), or 'failed' (try again later). */
  send(target: PushTarget, message: PushMessage): Promise<'sent' | 'gone' | 'failed'>;
};

export function pushSender(options: {
  keys: VapidKeys;
  /** mailto: or https: contact for push services (VAPID `sub`). */
  subject: string;
  allowPrivate: boolean;
  timeoutMs?: number;
}): PushSender {
  return {
    publicKey: options.keys.publicKey,
    async send(target, message) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails: {
            subject: options.subject,
            publicKey: options.keys.publicKey,
            privateKey: options.keys.privateKey,
          },
          TTL: 24 * 60 * 60,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
      const outcome = await guardedPost(
        details.endpoint,
        details.body ?? Buffer.alloc(0),
        headers,
        {
          timeoutMs: options.timeoutMs ?? 10_000,
          connectTimeoutMs: 5000,
          allowPrivate: options.allowPrivate,
        },
      );
      const status = outcome.statusCode;
      if (status !== null && status >= 200 && status < 300) return 'sent';
      if (status === 404 || status === 410) return 'gone';
      return 'failed';
    },
  };
}
