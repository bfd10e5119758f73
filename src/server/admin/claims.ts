/**
 * The admin self-grant by mail (SPEC §4 "Admin", decision 0028). A claim from a verified address
 * on ADMIN_EMAILS grants nothing by itself: it mails a one-time link to that address ("confirm you
 * are making this account an admin": 30 minutes, single use), bound to the account and the
 * session that asked. Opening it (a web page that POSTs the link's secret) in that session grants
 * the role. So the inbox is proven at claim time: a password chosen before the address was
 * verified, by whoever signed up first with it, never suffices.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, lte, sql } from 'drizzle-orm';
import {
  ADMIN_CLAIM_MAX_PENDING,
  ADMIN_CLAIM_MESSAGES,
  ADMIN_CLAIM_TOKEN_SHAPE,
  ADMIN_CLAIM_TTL_MS,
  claimLinkVerdict,
  type ClaimLinkVerdict,
  type ClaimNeed,
} from '../../domain/admin-claim';
import { AppError } from '../../domain/errors';
import { FOREIGN_KEY_VIOLATION, sqlStateOf, type Db } from '../db/client';
import { adminClaim } from '../db/schema/admin';
import { LimitRefusal } from '../http/rate-limit';
import {
  adminClaimMail,
  grantClaimedAdmin,
  lockClaimant,
  readRole,
  type Mailer,
} from '../auth/public';
import { publish } from '../realtime/hub';
import { recordAudit, userLabel } from './audit';
import { dropUnlistedClaim } from './mutations';

/** A session opened this long before the e-mail's proof still counts as after it (clock skew). */
const PROOF_SKEW_MS = 1_000;

/** Where the mailed link lands: a web page that confirms (its secret after `#`, never sent). */
export const ADMIN_CLAIM_PAGE = '/account/admin-claim';

export type ClaimAnswer = {
  /** The account is an admin (already, or by the claim). */
  success: boolean;
  admin: boolean;
  /** A confirmation link for this session is waiting in the inbox. */
  pending: boolean;
  /** The address this request mailed a new link to (null when none was sent now). */
  sentTo: string | null;
  /** An allowlisted address not verified yet: what to do first (absent otherwise). */
  needs?: Extract<ClaimNeed, 'verify-email'>;
};

export type Claimant = {
  id: string;
  email: string;
  name: string;
  /** The role as the session's lookup read it (session-cache.ts keeps it current). */
  role: string;
  sessionId: string | null;
  sessionStartedAt: number;
};

/** Too many links waiting for one account: 429, and when the first of them expires. */
export class ClaimLimit extends LimitRefusal {
  constructor(readonly retryAfterSeconds: number) {
    super('rate:admin-claim', ADMIN_CLAIM_MESSAGES.tooMany);
  }
}

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * POST /api/me/admin-claim. Off the list: a role the address's own claim gave is taken away.
 * Already an admin: nothing to do. Unverified: nothing, but says so (`needs`). A session opened before the address was
 * proven: 403. Otherwise a link is mailed, unless this session already has one waiting; at most
 * ADMIN_CLAIM_MAX_PENDING wait per account (429 beyond), so claims cannot flood the inbox.
 */
export async function requestAdminClaim(
  db: Db,
  deps: { mailer: Mailer; publicUrl: string },
  input: { claimant: Claimant; allowlisted: boolean },
): Promise<ClaimAnswer> {
  const { claimant } = input;
  if (!input.allowlisted) {
    // Most accounts: not admins (as their session says), nothing to read or take away.
    if (claimant.role !== 'admin') {
      return { success: false, admin: false, pending: false, sentTo: null };
    }
    await dropUnlistedClaim(db, claimant.id);
    const role = await readRole(db, claimant.id);
    return { success: false, admin: role === 'admin', pending: false, sentTo: null };
  }
  if (claimant.sessionId === null) throw new AppError('unauthenticated', 'Not signed in');
  const sessionId = claimant.sessionId;
  const secret = randomBytes(32).toString('base64url');
  const outcome = await db
    .transaction(async (tx) => {
      // The account's row, locked: concurrent claims of one account count pending links in turn.
      const row = await lockClaimant(tx, claimant.id);
      if (!row || row.isAnonymous) return 'nothing' as const;
      if (row.role === 'admin') return 'admin' as const;
      if (!row.emailVerified) return 'unverified' as const;
      if (
        row.emailVerifiedAt &&
        row.emailVerifiedAt.getTime() > claimant.sessionStartedAt + PROOF_SKEW_MS
      ) {
        return 'before-proof' as const;
      }
      await tx
        .delete(adminClaim)
        .where(and(eq(adminClaim.userId, claimant.id), lte(adminClaim.expiresAt, sql`now()`)));
      const [waiting] = await tx
        .select({
          all: count(),
          mine: sql<number>`count(*) filter (where ${adminClaim.sessionId} = ${sessionId})::int`,
          // Until the first waiting link expires (ms).
          freeInMs: sql<number>`(extract(epoch from min(${adminClaim.expiresAt}) - now()) * 1000)::float8`,
        })
        .from(adminClaim)
        .where(eq(adminClaim.userId, claimant.id));
      if (Number(waiting?.mine ?? 0) > 0) return 'waiting' as const;
      if (Number(waiting?.all ?? 0) >= ADMIN_CLAIM_MAX_PENDING) {
        return { tooMany: Math.max(1, Math.ceil(Number(waiting?.freeInMs ?? 0) / 1000)) };
      }
      await tx.insert(adminClaim).values({
        tokenHash: hashOf(secret),
        userId: claimant.id,
        sessionId,
        expiresAt: sql`now() + ${`${ADMIN_CLAIM_TTL_MS} milliseconds`}::interval`,
      });
      return 'mail' as const;
    })
    .catch((error: unknown) => {
      // The session ended (signed out elsewhere) between its lookup and the insert.
      if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION)
        throw new AppError('unauthenticated', 'Not signed in');
      throw error;
    });
  if (typeof outcome === 'object') throw new ClaimLimit(outcome.tooMany);
  switch (outcome) {
    case 'admin':
      return { success: true, admin: true, pending: false, sentTo: null };
    case 'nothing':
      return { success: false, admin: false, pending: false, sentTo: null };
    case 'unverified':
      // Only the holder of the listed address learns this (the claim is its own session's).
      return { success: false, admin: false, pending: false, sentTo: null, needs: 'verify-email' };
    case 'before-proof':
      throw new AppError('permission-denied', ADMIN_CLAIM_MESSAGES.sessionBeforeProof);
    case 'waiting':
      return { success: false, admin: false, pending: true, sentTo: null };
    case 'mail': {
      const url = `${deps.publicUrl}${ADMIN_CLAIM_PAGE}#${secret}`;
      try {
        await deps.mailer.send(adminClaimMail(claimant.email, claimant.name, url));
      } catch (error) {
        // Never delivered: it must not hold this session's place.
        await db.delete(adminClaim).where(eq(adminClaim.tokenHash, hashOf(secret)));
        throw error;
      }
      return { success: false, admin: false, pending: true, sentTo: claimant.email };
    }
  }
}

/**
 * POST /api/me/admin-claim/confirm { token }: the mailed link's secret, from the session that
 * asked, signed in to the account that asked. Granted: the link and every other one waiting for
 * the account are spent, and the claim is logged. Refused: unknown or used (400), expired (400,
 * dropped), another session or account (403, kept for the right browser), or the address left
 * the list or is no longer verified since (403).
 */
export async function confirmAdminClaim(
  db: Db,
  input: { claimant: Claimant; token: string; allowlisted: boolean },
): Promise<{ success: true; admin: true }> {
  const { claimant } = input;
  if (!ADMIN_CLAIM_TOKEN_SHAPE.test(input.token)) {
    throw new AppError('invalid-argument', ADMIN_CLAIM_MESSAGES.badToken);
  }
  const tokenHash = hashOf(input.token);
  const outcome = await db.transaction(async (tx): Promise<ClaimLinkVerdict | 'not-allowed'> => {
    const [claim] = await tx
      .select({
        userId: adminClaim.userId,
        sessionId: adminClaim.sessionId,
        expiresAt: adminClaim.expiresAt,
        // The database's clock judges expiry, as it set it.
        nowMs: sql<number>`(extract(epoch from now()) * 1000)::float8`,
      })
      .from(adminClaim)
      .where(eq(adminClaim.tokenHash, tokenHash))
      .for('update');
    const verdict = claimLinkVerdict(
      claim ? { ...claim, expiresAt: claim.expiresAt.getTime() } : null,
      {
        userId: claimant.id,
        sessionId: claimant.sessionId,
        now: claim ? Number(claim.nowMs) : 0,
      },
    );
    if (verdict === 'expired') {
      await tx.delete(adminClaim).where(eq(adminClaim.tokenHash, tokenHash));
    }
    if (verdict !== 'ok') return verdict;
    // Spent: this link, and every other one waiting for this account.
    await tx.delete(adminClaim).where(eq(adminClaim.userId, claimant.id));
    if (!input.allowlisted) return 'not-allowed';
    const granted = await grantClaimedAdmin(tx, claimant.id);
    if (granted) {
      await recordAudit(tx, {
        actor: { id: granted.id, name: granted.name },
        action: 'claim-admin',
        targetKind: 'user',
        targetId: granted.id,
        targetLabel: userLabel(granted),
      });
      await publish(tx, { type: 'profile', userId: granted.id });
      return 'ok';
    }
    return (await readRole(tx, claimant.id)) === 'admin' ? 'ok' : 'not-allowed';
  });
  switch (outcome) {
    case 'ok':
      return { success: true, admin: true };
    case 'unknown':
      throw new AppError('invalid-argument', ADMIN_CLAIM_MESSAGES.badToken);
    case 'expired':
      throw new AppError('invalid-argument', ADMIN_CLAIM_MESSAGES.expired);
    case 'elsewhere':
      throw new AppError('permission-denied', ADMIN_CLAIM_MESSAGES.elsewhere);
    case 'not-allowed':
      throw new AppError('permission-denied', ADMIN_CLAIM_MESSAGES.notAllowed);
  }
}
