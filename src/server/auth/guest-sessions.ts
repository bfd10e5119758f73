/**
 * A guest's new session, handed to this instance's session cache as better-auth makes it (the
 * anonymous sign-in), so the guest's first request does not read back from the database what
 * this instance has just written: a live room's phones sign in and join at once, and each join
 * paid a session look-up (two statements and the signed cookie's check). Only guests: other
 * sign-ins are rare, and an admin's session is checked on every fresh look-up (decision 0028).
 * Keyed by the signed cookie exactly as the Set-Cookie header sends it (the browser sends it
 * back as it is). See docs/decisions/0071-rooms-two-instances-at-scale.md.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { sessionCookieOfSetCookie } from './session-cookie';

/** A session just made, with its user, as the session cache keeps it. */
export type NewSession = {
  /** The signed session cookie's value, as a request's Cookie header will carry it. */
  cookie: string;
  user: { id: string; name: string; email: string; isAnonymous: boolean; role: string };
  session: { id: string; createdAt: number; expiresAt: number };
};

/** Tells the instance's listener (the session cache) of each guest session better-auth makes. */
export class GuestSessions {
  private listener: ((session: NewSession) => void) | undefined;

  /** Only one listener (the instance's session cache); a second replaces the first. */
  listen(listener: (session: NewSession) => void): void {
    this.listener = listener;
  }

  /** better-auth's plugin that hears each anonymous sign-in once it has succeeded. */
  plugin(): BetterAuthPlugin {
    return {
      id: 'crowned-guest-sessions',
      hooks: {
        after: [
          {
            matcher: (context) => context.path === '/sign-in/anonymous',
            handler: createAuthMiddleware(async (ctx) => {
              const created = ctx.context.newSession;
              const cookie = sessionCookieOfSetCookie(
                ctx.context.responseHeaders?.get('set-cookie') ?? null,
              );
              if (!created || cookie === null || !this.listener) return;
              const user = created.user as typeof created.user & {
                isAnonymous?: boolean | null;
                role?: string | null;
              };
              this.listener({
                cookie,
                user: {
                  id: user.id,
                  name: user.name,
                  email: user.email,
                  isAnonymous: user.isAnonymous === true,
                  role: user.role ?? 'user',
                },
                session: {
                  id: created.session.id,
                  createdAt: new Date(created.session.createdAt).getTime(),
                  expiresAt: new Date(created.session.expiresAt).getTime(),
                },
              });
            }),
          },
        ],
      },
    };
  }
}
