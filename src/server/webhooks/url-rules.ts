/**
 * Which URLs an owner may register (decision 0025-webhooks). https only; http for localhost and
 * 127.0.0.1 outside production. In production, a URL naming a private or local address is refused
 * at once (names are checked again on every delivery, after DNS: address.ts).
 */
import { isIP } from 'node:net';
import { MAX_WEBHOOK_URL_LENGTH, WEBHOOK_MESSAGES } from '../../domain/webhooks';
import { isPublicAddress } from './address';

export type UrlPolicy = {
  production: boolean;
  /** WEBHOOK_ALLOW_PRIVATE: private and local addresses allowed (tests, closed networks). */
  allowPrivate: boolean;
};

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The URL as it will be stored (normalised, fragment dropped), or the reason it is refused. */
export function checkWebhookUrl(
  raw: string,
  policy: UrlPolicy,
): { ok: true; url: string } | { ok: false; message: string } {
  const text = raw.trim();
  if (text === '') return { ok: false, message: WEBHOOK_MESSAGES.urlRequired };
  if (text.length > MAX_WEBHOOK_URL_LENGTH)
    return { ok: false, message: WEBHOOK_MESSAGES.urlTooLong };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: WEBHOOK_MESSAGES.urlInvalid };
  }
  const host = url.hostname.toLowerCase();
  if (url.protocol !== 'https:') {
    const localHttp = url.protocol === 'http:' && !policy.production && LOCAL_HOSTS.has(host);
    if (!localHttp) {
      return {
        ok: false,
        message: policy.production ? WEBHOOK_MESSAGES.urlHttps : WEBHOOK_MESSAGES.urlHttpsOrLocal,
      };
    }
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, message: WEBHOOK_MESSAGES.urlCredentials };
  }
  if (host === '') return { ok: false, message: WEBHOOK_MESSAGES.urlInvalid };
  if (policy.production && !policy.allowPrivate) {
    const bare = host.replace(/^\[|\]$/g, '');
    const local = host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local');
    if (local || (isIP(bare) !== 0 && !isPublicAddress(bare))) {
      return { ok: false, message: WEBHOOK_MESSAGES.urlPrivate };
    }
  }
  url.hash = '';
  return { ok: true, url: url.toString() };
}
