/**
 * The anonymous visitor id (issue 22, row 14; decision 0017): drawn by the server and signed, so a
 * client can neither choose the id its events are stored under nor make up new ones. The cookie
 * `crowned_anon_id` holds `<id>.<signature>`: the signature is an HMAC-SHA256 of the id under a
 * key derived from AUTH_SECRET (truncated to 132 bits). Only the id is stored. The web keeps a copy
 * in local storage and writes the cookie back from it, which is harmless: a copy still verifies,
 * anything else does not.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { VISITOR_TOKEN_PATTERN } from '../../domain/analytics';
import { newId } from '../platform/ids';

export const VISITOR_COOKIE = 'crowned_anon_id';
/** The longest lifetime browsers keep a cookie for (the web renews it on every visit). */
const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
const ID_LENGTH = 22;

export class VisitorIds {
  private readonly key: Buffer;

  constructor(
    authSecret: string,
    /** Whether the cookie is sent over https only (PUBLIC_URL is https). */
    private readonly secure: boolean,
  ) {
    // A key of its own: the auth secret itself signs nothing outside better-auth.
    this.key = createHmac('sha256', authSecret).update('crowned visitor id v1').digest();
  }

  private signature(id: string): string {
    return createHmac('sha256', this.key).update(id).digest('base64url').slice(0, 22);
  }

  /** `<id>.<signature>`, as the cookie holds it. */
  token(id: string): string {
    return `${id}.${this.signature(id)}`;
  }

  /** The id a token stands for, when the server signed it; null otherwise. */
  verify(token: string): string | null {
    const match = VISITOR_TOKEN_PATTERN.exec(token);
    if (!match) return null;
    const [, id = '', signature = ''] = match;
    const expected = this.signature(id);
    return timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) ? id : null;
  }

  /** This request's visitor id, from a cookie this server (or one with its secret) signed. */
  of(c: Context): string | null {
    const token = getCookie(c, VISITOR_COOKIE);
    return token ? this.verify(token) : null;
  }

  /** This request's visitor: its cookie's, or a new one whose cookie goes out with the answer. */
  ensure(c: Context): { id: string; issued: boolean } {
    const known = this.of(c);
    if (known) return { id: known, issued: false };
    const id = newId(ID_LENGTH);
    setCookie(c, VISITOR_COOKIE, this.token(id), {
      path: '/',
      maxAge: COOKIE_MAX_AGE_S,
      sameSite: 'Lax',
      secure: this.secure,
    });
    return { id, issued: true };
  }
}
