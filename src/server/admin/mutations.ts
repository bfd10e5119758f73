/**
 * What admins change: another account's (or their own) admin role, and deleting any game. Each in
 * one transaction with its audit row (audit.ts).
 */
import { asc, eq, inArray, or } from 'drizzle-orm';
import { COMMUNITY_MESSAGES } from '../../domain/community';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/game';
import type { Db } from '../db/client';
import { game, user } from '../db/schema';
import { deleteLockedGame } from '../games/mutations';
import { publish } from '../realtime/hub';
import { recordAudit, userLabel, type Actor } from './audit';
import type { AdminRole } from './data';

export const ADMIN_ROLE_MESSAGES = {
  notAUser: 'No such account',
  guest: 'Guests cannot be admins: the account must sign up first',
  lastAdmin: 'You are the last admin — grant admin to someone else first.',
} as const;

/**
 * An admin grants or revokes a user's admin role (SPEC `setAdminClaim`), their own included,
 * unless that would leave no admin at all. Same role as now: nothing changes, nothing is logged.
 * The role change itself ends the target's cached sessions (the user table's trigger, migration
 * 0003), and their open tabs hear a profile event: the target's next request sees it.
 *
 * Every change locks, in one statement and in id order, the rows it reads or writes: every
 * admin's, the target's and the actor's. Concurrent changes (grants and revokes of any accounts
 * by any admins) therefore queue instead of deadlocking, and two admins revoking each other cannot
 * both succeed. Roles are read as locked, so a row changed while this one waited counts as it is
 * now (decision 0033).
 */
export async function setAdminRole(
  db: Db,
  input: { actor: Actor; targetId: string; role: AdminRole },
): Promise<{ user: { id: string; role: AdminRole } }> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        isAnonymous: user.isAnonymous,
      })
      .from(user)
      .where(or(eq(user.role, 'admin'), inArray(user.id, [input.targetId, input.actor.id])))
      .orderBy(asc(user.id))
      .for('update');
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
    await tx
      .update(user)
      .set(
        input.role === 'admin'
          ? { role: 'admin', adminGrantedBy: input.actor.id }
          : { role: 'user', adminGrantedBy: null },
      )
      .where(eq(user.id, target.id));
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
  input: { actor: Actor; gameId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: game.id, communityRankId: game.communityRankId, prompt: game.prompt })
      .from(game)
      .where(eq(game.id, input.gameId))
      .for('update');
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
