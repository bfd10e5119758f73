/**
 * The account row (`user`) as other features may use it (decision 0037): auth alone writes it.
 * Others read it through `accounts`, a relation they join into their own statement (no query of
 * its own), and change the admin role, lock or delete the row through the functions below, each
 * the one statement the caller took before.
 */
import { and, asc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { user } from '../db/schema/auth';

/**
 * The account columns other features read, as a relation to join (`accounts.name`,
 * `accounts.role`…): PostgreSQL plans it as the table itself.
 */
export const accounts = new QueryBuilder()
  .select({
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    emailVerifiedAt: user.emailVerifiedAt,
    image: user.image,
    isAnonymous: user.isAnonymous,
    role: user.role,
    createdAt: user.createdAt,
  })
  .from(user)
  .as('accounts');

/** Whether `userId` is an admin now, as the database has it (never a cached session): SQL. */
export function isAdminSql(userId: string | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${user}
    where ${user.id} = ${userId} and ${user.role} = 'admin' and not ${user.isAnonymous})`;
}

/** Whether `userId` is an admin now (its role in the database, not a cached session's). */
export async function isAdmin(db: Pick<Db, 'execute'>, userId: string): Promise<boolean> {
  const result = await db.execute(sql`select ${isAdminSql(userId)} as admin`);
  return (result as unknown as { rows: { admin: boolean }[] }).rows[0]?.admin === true;
}

/** Someone's role now (null: no such account). */
export async function readRole(db: Pick<Db, 'select'>, userId: string): Promise<string | null> {
  const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  return row?.role ?? null;
}

/** What the admin claim reads of its claimant, their row locked until the transaction ends. */
export async function lockClaimant(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      role: user.role,
      emailVerified: user.emailVerified,
      emailVerifiedAt: user.emailVerifiedAt,
      isAnonymous: user.isAnonymous,
    })
    .from(user)
    .where(eq(user.id, userId))
    .for('update');
  return row ?? null;
}

/** The rows a role change reads: every admin's and the accounts named, locked in id order. */
export async function lockAdminsAnd(tx: Tx, ids: string[]) {
  return tx
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      isAnonymous: user.isAnonymous,
    })
    .from(user)
    .where(or(eq(user.role, 'admin'), inArray(user.id, ids)))
    .orderBy(asc(user.id))
    .for('update');
}

/**
 * Sets an account's role: admin, granted by `grantedBy` (null: their address's own claim), or
 * user. The role's trigger (migrations/0003) ends the account's cached sessions.
 */
export async function setRole(
  tx: Tx,
  userId: string,
  role: { role: 'admin'; grantedBy: string | null } | { role: 'user' },
): Promise<void> {
  await tx
    .update(user)
    .set(
      role.role === 'admin'
        ? { role: 'admin', adminGrantedBy: role.grantedBy }
        : { role: 'user', adminGrantedBy: null },
    )
    .where(eq(user.id, userId));
}

/**
 * The admin claim's grant: a verified account that is no admin yet becomes one (its own claim,
 * no granting admin). Answers who, or null when nothing changed.
 */
export async function grantClaimedAdmin(tx: Tx, userId: string) {
  const [granted] = await tx
    .update(user)
    .set({ role: 'admin', adminGrantedBy: null })
    .where(
      and(
        eq(user.id, userId),
        eq(user.emailVerified, true),
        eq(user.isAnonymous, false),
        ne(user.role, 'admin'),
      ),
    )
    .returning({ id: user.id, name: user.name, email: user.email });
  return granted ?? null;
}

/**
 * An admin whose role their own claim gave (no granting admin) becomes a user. Answers who, or
 * null when nothing changed.
 */
export async function dropClaimedAdmin(tx: Tx, userId: string) {
  const [demoted] = await tx
    .update(user)
    .set({ role: 'user' })
    .where(and(eq(user.id, userId), eq(user.role, 'admin'), isNull(user.adminGrantedBy)))
    .returning({ id: user.id, name: user.name, email: user.email });
  return demoted ?? null;
}

/**
 * Of `userIds`, the accounts that exist, locked against deletion until the transaction ends
 * (key share: what their rows' foreign keys take). One statement.
 */
export async function lockAccountsPresent(tx: Tx, userIds: string[]): Promise<Set<string>> {
  const rows = await tx
    .select({ id: user.id })
    .from(user)
    .where(inArray(user.id, userIds))
    .for('key share');
  return new Set(rows.map((row) => row.id));
}

/** Locks an account's row for its deletion; false when there is no such account. */
export async function lockAccountForDeletion(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(user.id, userId))
    .for('update');
  return row !== undefined;
}

/** Deletes an account's row: everything of it goes by cascade, as with better-auth's own delete. */
export async function deleteAccountRow(tx: Tx, userId: string): Promise<void> {
  await tx.delete(user).where(eq(user.id, userId));
}
