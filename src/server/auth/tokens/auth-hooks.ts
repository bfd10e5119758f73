/**
 * API tokens end with the sessions (decision 0029): better-auth's own routes that sign a
 * person's other sessions out revoke their tokens too, once the route has succeeded. A token is
 * a long-lived session for a script; "sign out everywhere" that left it working would leave
 * whoever made it inside. Password resets revoke them in `onPasswordReset` (auth.ts), proving
 * the e-mail and role changes by database trigger.
 */
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Db } from '../../db/client';
import { revokeTokensOf } from './revoke';

/** Routes that end every session of the caller, or every other one. */
const SIGN_OUT_EVERYWHERE = new Set(['/revoke-sessions', '/revoke-other-sessions']);

function revokesOthers(path: string, body: unknown): boolean {
  if (SIGN_OUT_EVERYWHERE.has(path)) return true;
  return (
    path === '/change-password' &&
    typeof body === 'object' &&
    body !== null &&
    (body as { revokeOtherSessions?: unknown }).revokeOtherSessions === true
  );
}

/** better-auth's `hooks.after`: revokes the caller's tokens after a successful sign-out-all. */
export function revokeTokensWithSessions(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    if (!revokesOthers(ctx.path, ctx.body)) return;
    const returned: unknown = ctx.context.returned;
    // A refused request (wrong password, no session) revokes nothing.
    if (returned === undefined || returned instanceof APIError || returned instanceof Response) {
      return;
    }
    const userId = ctx.context.session?.user.id;
    if (userId) await revokeTokensOf(db, userId);
  });
}
