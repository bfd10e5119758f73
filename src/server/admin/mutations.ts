/**
 * What admins change: another account's (or their own) admin role, and deleting any game. Each in
 * one transaction with its audit row (audit.ts). Also how a role is lost when its address leaves
 * ADMIN_EMAILS, and the review of grants whose granting admin lost the role (decision 0028).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { ALLOWLIST_ACTOR } from '../../domain/admin';
import { COMMUNITY_MESSAGES } from '../../domain/community';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/game';
import type { Db } from '../db/client';
import { adminAudit } from '../db/schema/admin';
import { dropClaimedAdmin, lockAdminsAnd, setRole } from '../auth/public';
import { deleteLockedGame, markPictureInGames, readGameHeader } from '../games/public';
import { setImageHidden } from '../images/public';
import { publish } from '../realtime/hub';
import { flagGrantsBy, recordAudit, userLabel } from './audit';
import type { AdminRole } from '../../domain/admin';

export const ADMIN_ROLE_MESSAGES = {
  notAUser: 'No such account',
  guest: 'Guests cannot be admins: the account must sign up first',
  lastAdmin: 'You are the last admin — grant admin to someone else first.',
  noSuchReview: 'No such grant to review',
  noSuchPicture: 'No such picture',
} as const;

/** An admin acting: always an account. */
type AdminActor = { id: string; name: string };

/**
 * An admin grants or revokes a user's admin role (SPEC `setAdminClaim`), their own included,
 * unless that would leave no admin at all. Same role as now: nothing changes, nothing is logged.
 * The role change itself ends the target's cached sessions (the user table's trigger, migration
 * 0003), and their open tabs hear a profile event: the target's next request sees it. A revoke
 * flags every grant the target made (decision 0028): they are listed for review on /admin.
 *
 * Every change locks, in one statement and in id order, the rows it reads or writes: every
 * admin's, the target's and the actor's. Concurrent changes (grants and revokes of any accounts
 * by any admins) therefore queue instead of deadlocking, and two admins revoking each other cannot
 * both succeed. Roles are read as locked, so a row changed while this one waited counts as it is
 * now (decision 0033).
 */
export async function setAdminRole(
  db: Db,
  input: { actor: AdminActor; targetId: string; role: AdminRole },
): Promise<{ user: { id: string; role: AdminRole } }> {
  return db.transaction(async (tx) => {
    const locked = await lockAdminsAnd(tx, [input.targetId, input.actor.id]);
    const admins = locked.filter((row) => row.role === 'admin');
    const target = locked.find((row) => row.id === input.targetId);
    // The actor's own role as locked: an admin revoked while this request waited acts no more.
    const actor = locked.find((row) => row.id === input.actor.id);
    if (actor?.role !== 'admin') {
      throw new AppError('permission-denied', COMMUNITY_MESSAGES.adminsOnly);
    }
    if (!target) throw new AppError('not-found', ADMIN_ROLE_MESSAGES.notAUser);
    if (target.isAnonymous) throw new AppError('invalid-argument', ADMIN_ROLE_MESSAGES.guest);
    const current: AdminRole = target.role === 'admin' ? 'admin' : 'user';
    const result = { user: { id: target.id, role: input.role } };
    if (current === input.role) return result;
    if (input.role === 'user' && !admins.some((admin) => admin.id !== target.id)) {
      throw new AppError('invalid-argument', ADMIN_ROLE_MESSAGES.lastAdmin);
    }
    await setRole(
      tx,
      target.id,
      input.role === 'admin' ? { role: 'admin', grantedBy: input.actor.id } : { role: 'user' },
    );
    if (input.role === 'user') await flagGrantsBy(tx, target.id);
    await publish(tx, { type: 'profile', userId: target.id });
    await recordAudit(tx, {
      actor: input.actor,
      action: input.role === 'admin' ? 'grant-admin' : 'revoke-admin',
      targetKind: 'user',
      targetId: target.id,
      targetLabel: userLabel(target),
    });
    return result;
  });
}

/**
 * An admin deletes a game: the owner's deletion (games/mutations.ts: the same cascade, and open
 * game and rank pages hear it is gone), plus its audit row. 404 for an unknown game.
 */
export async function deleteGameAsAdmin(
  db: Db,
  input: { actor: AdminActor; gameId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await readGameHeader(tx, input.gameId, { lock: true });
    if (!current) throw new AppError('not-found', MESSAGES.gameNotFound);
    await deleteLockedGame(tx, current);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'delete-game',
      targetKind: 'game',
      targetId: current.id,
      targetLabel: current.prompt,
    });
  });
}

/**
 * An admin hides a picture (a report named it) or shows it again: the picture's address answers a
 * neutral placeholder, and every game carrying it marks it so its pages name the placeholder
 * (games/pictures.ts), with the audit row, in one transaction. 404 for an unknown picture.
 */
export async function setPictureHidden(
  db: Db,
  input: { actor: AdminActor; imageId: string; hidden: boolean },
): Promise<{ id: string; hidden: boolean; games: number }> {
  return db.transaction(async (tx) => {
    if (!(await setImageHidden(tx, { id: input.imageId, hidden: input.hidden }))) {
      throw new AppError('not-found', ADMIN_ROLE_MESSAGES.noSuchPicture);
    }
    const { gameIds, alt } = await markPictureInGames(tx, input);
    await recordAudit(tx, {
      actor: input.actor,
      action: input.hidden ? 'hide-picture' : 'restore-picture',
      targetKind: 'picture',
      targetId: input.imageId,
      targetLabel: alt ?? `Picture ${input.imageId.slice(0, 12)}`,
    });
    return { id: input.imageId, hidden: input.hidden, games: gameIds.length };
  });
}

/**
 * An account whose address is no longer on ADMIN_EMAILS loses the role its own claim gave (not
 * one another admin gave: `admin_granted_by` is set then). Called at the claim and whenever an
 * admin's session is looked up afresh (session-cache.ts, wired in app.ts), so the role ends at
 * the next request. The demotion is logged as the allowlist's revoke, and flags the grants this
 * admin made, in one transaction. Answers whether the role was taken away.
 */
export async function dropUnlistedClaim(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const demoted = await dropClaimedAdmin(tx, userId);
    if (!demoted) return false;
    await flagGrantsBy(tx, demoted.id);
    await recordAudit(tx, {
      actor: { id: null, name: ALLOWLIST_ACTOR },
      action: 'revoke-admin',
      targetKind: 'user',
      targetId: demoted.id,
      targetLabel: userLabel(demoted),
    });
    await publish(tx, { type: 'profile', userId: demoted.id });
    return true;
  });
}

/**
 * An admin reviews a flagged grant and keeps it: it leaves the review list, and the keeping is
 * logged. (To undo the grant instead, an admin revokes the target's role.) Reviewing one already
 * reviewed changes nothing; an unknown or unflagged entry is 404.
 */
export async function keepFlaggedGrant(
  db: Db,
  input: { actor: AdminActor; entryId: string },
): Promise<{ reviewed: true }> {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select({
        id: adminAudit.id,
        targetId: adminAudit.targetId,
        targetLabel: adminAudit.targetLabel,
        reviewedAt: adminAudit.reviewedAt,
      })
      .from(adminAudit)
      .where(
        and(
          eq(adminAudit.id, input.entryId),
          eq(adminAudit.action, 'grant-admin'),
          isNotNull(adminAudit.flaggedAt),
        ),
      )
      .for('update');
    if (!entry) throw new AppError('not-found', ADMIN_ROLE_MESSAGES.noSuchReview);
    if (entry.reviewedAt !== null) return { reviewed: true as const };
    await tx
      .update(adminAudit)
      .set({ reviewedAt: new Date(), reviewedBy: input.actor.id })
      .where(eq(adminAudit.id, entry.id));
    await recordAudit(tx, {
      actor: input.actor,
      action: 'keep-grant',
      targetKind: 'user',
      targetId: entry.targetId,
      targetLabel: entry.targetLabel,
    });
    return { reviewed: true as const };
  });
}
