/**
 * The admin claim by mail (decision 0028): an allowlisted address becomes admin only when a link
 * mailed to it at claim time is opened, in the session that asked, signed in to the same account.
 * The rules here are pure; the server keeps the pending claims (admin/claims.ts).
 */

/** How long a mailed claim link works. */
export const ADMIN_CLAIM_TTL_MS = 30 * 60 * 1000;

/** Claim links an account may have waiting at once (each claim mails one): bounds the mails. */
export const ADMIN_CLAIM_MAX_PENDING = 3;

/** The secret in a claim link: 32 random bytes in base64url (43 characters). */
export const ADMIN_CLAIM_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const ADMIN_CLAIM_MESSAGES = {
  sessionBeforeProof:
    'Sign in again to claim admin: this session began before your email address was verified',
  tooMany:
    'Too many admin confirmation links are waiting: open the last one we sent, or try again in 30 minutes',
  badToken: 'This admin confirmation link is not valid or was already used',
  expired: 'This admin confirmation link has expired: ask for a new one',
  elsewhere:
    'Open this link in the browser where you asked to become an admin, signed in to the same account',
  notAllowed: 'This account can no longer claim admin',
} as const;

/**
 * What an allowlisted account still lacks before a claim can mail its link (issue 24 item 7):
 * a verified address, or a session opened after it was verified (the 403 of the claim).
 */
export type ClaimNeed = 'verify-email' | 'sign-in-again';

/** A pending claim as stored (its secret's hash found), seen from a confirming request. */
export type PendingClaim = {
  userId: string;
  sessionId: string;
  expiresAt: number;
};

export type ClaimLinkVerdict = 'ok' | 'unknown' | 'expired' | 'elsewhere';

/**
 * Whether a confirming request may use a claim link: it must exist, be unexpired, and come from
 * the account AND the session that asked. A link opened elsewhere is refused but kept (the owner
 * may still open it in the right browser); an expired one is refused and dropped.
 */
export function claimLinkVerdict(
  claim: PendingClaim | null,
  request: { userId: string; sessionId: string | null; now: number },
): ClaimLinkVerdict {
  if (!claim) return 'unknown';
  if (claim.expiresAt <= request.now) return 'expired';
  if (claim.userId !== request.userId || claim.sessionId !== request.sessionId) return 'elsewhere';
  return 'ok';
}
