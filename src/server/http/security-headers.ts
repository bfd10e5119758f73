/**
 * Security headers on every response, pages and API alike: a Content-Security-Policy without
 * inline script (the build's inline scripts are allowed by their SHA-256 hashes), no framing,
 * no MIME sniffing, a referrer that stops at the origin across sites, and HSTS over https.
 * Decision 0015 says which attack each one stops.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { Context, MiddlewareHandler } from 'hono';

/**
 * The bodies of the inline `<script>` elements of an HTML document that run: without `src`, and
 * not a data block (a `type` other than JavaScript or a module, such as the game's
 * `application/json` a first visit carries), which the browser never runs nor checks.
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(` ${attributes}`)?.[1]?.toLowerCase();
    if (
      type !== undefined &&
      type !== 'module' &&
      !/^(?:text|application)\/(?:java|ecma)script$/.test(type)
    ) {
      continue;
    }
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

/** CSP source expressions ('sha256-…') for the inline scripts of `html`, exactly as written. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = inlineScripts(html)
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  return [...new Set(hashes)];
}

/**
 * The policy. Scripts: this origin and the hashed inline scripts only, so an injected
 * `<script>` or `onclick=` does not run. Styles allow inline: React sets style attributes and
 * Radix (scroll lock) and the toasts insert `<style>` elements at run time, which neither a hash
 * nor a nonce on a static page can cover; injected CSS cannot run code. Workers: blob: for
 * canvas-confetti, which draws off the main thread from a worker made from a Blob.
 */
export function contentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Responses their handler marked as made to be framed anywhere (see `allowFraming`). */
const framable = new WeakSet<Context>();

/**
 * Marks this request's response as one any site may frame (`frame-ancestors *`, no
 * X-Frame-Options). Only the embed card's own handler calls it (share/embed.ts): a read-only,
 * server-rendered page that never acts with the visitor's session. The mark is on the request
 * that handler answered, never on a path prefix: `/embed/anything-else`, `/embed/g/x/../../account`
 * or a query naming an embed still get the app (or a 404) with `frame-ancestors 'none'`
 * (clickjacking: decision 0032).
 */
export function allowFraming(c: Context): void {
  framable.add(c);
}

/** HSTS for a site served over https: a year, this host only (the operator's other hosts are theirs). */
export const HSTS = 'max-age=31536000';

export function securityHeaders(options: {
  /** Whether the public origin is https: then browsers are told to never use http again. */
  https: boolean;
  /** The built index.html whose inline scripts are allowed; omitted when there is none (API, dev). */
  indexFile?: string;
}): MiddlewareHandler {
  // Read once at start, and again only if the file changes (a rebuild served without a restart).
  let cached: { mtimeMs: number; policy: string } | undefined;
  const policyFor = (file: string | undefined): string => {
    if (!file) return contentSecurityPolicy([]);
    let mtimeMs = -1;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return cached?.policy ?? contentSecurityPolicy([]);
    }
    if (cached?.mtimeMs !== mtimeMs) {
      let html = '';
      try {
        html = readFileSync(file, 'utf8');
      } catch {
        // Gone between stat and read: no inline script is allowed until it is back.
      }
      cached = { mtimeMs, policy: contentSecurityPolicy(inlineScriptHashes(html)) };
    }
    return cached.policy;
  };
  const apiPolicy = contentSecurityPolicy([]);
  // The embeddable card is made to be framed anywhere: read-only and without cookies (0019).
  const embedPolicy = contentSecurityPolicy([]).replace(
    "frame-ancestors 'none'",
    'frame-ancestors *',
  );
  policyFor(options.indexFile);
  return async (c, next) => {
    await next();
    let headers = c.res.headers;
    const isHtml = (headers.get('content-type') ?? '').includes('text/html');
    const embed = framable.has(c);
    const policy = embed ? embedPolicy : isHtml ? policyFor(options.indexFile) : apiPolicy;
    try {
      headers.set('Content-Security-Policy', policy);
    } catch {
      // A response whose headers are immutable (one fetched as is): sent as a copy.
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
      headers.set('Content-Security-Policy', policy);
    }
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (embed) headers.delete('X-Frame-Options');
    else headers.set('X-Frame-Options', 'DENY');
    if (options.https) headers.set('Strict-Transport-Security', HSTS);
  };
}
