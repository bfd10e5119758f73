/**
 * The admin audit log's writes: one row per change an admin makes (granting or revoking admin, a
 * claim confirmed by mail, deleting a game, hiding or restoring a community rank), written in the
 * change's own transaction so neither exists without the other. Names and labels are copied in:
 * the record outlives the accounts and games it names.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditTargetKind } from '../../domain/admin';
import type { Tx } from '../db/client';
import { adminAudit } from '../db/schema/admin';
import { newId } from '../platform/ids';

export type { AuditAction } from '../../domain/admin';

/** Who did it: an account (id and name), or the allowlist itself (id null). */
export type Actor = { id: string | null; name: string };

export async function recordAudit(
  tx: Pick<Tx, 'insert'>,
  entry: {
    actor: Actor;
    action: AuditAction;
    targetKind: AuditTargetKind;
    targetId: string;
    targetLabel: string;
  },
): Promise<void> {
  await tx.insert(adminAudit).values({
    id: newId(12),
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel,
  });
}

/**
 * The body of a CTE that writes one audit row per row of `from`, inside the change's own
 * statement (a moderator hiding a rank: community/mutations.ts); the target's id and label are
 * SQL over `from`'s columns. Returns each row's id.
 */
export function auditRowsSql(entry: {
  actor: Actor;
  action: AuditAction;
  targetKind: AuditTargetKind;
  from: SQL;
  targetId: SQL;
  targetLabel: SQL;
}): SQL {
  return sql`
        insert into ${adminAudit} (id, actor_id, actor_name, action, target_kind, target_id,
                                   target_label)
        select ${newId(12)}, ${entry.actor.id}, ${entry.actor.name}, ${entry.action},
               ${entry.targetKind}, ${entry.targetId}, ${entry.targetLabel}
        from ${entry.from}
        returning id
      `;
}

/**
 * Flags every grant `adminId` made that is not flagged yet: that admin just lost the role, so
 * the roles they gave are listed for review on /admin (decision 0028). In the revoke's own
 * transaction. Answers how many were flagged.
 */
export async function flagGrantsBy(tx: Pick<Tx, 'update'>, adminId: string): Promise<number> {
  const flagged = await tx
    .update(adminAudit)
    .set({ flaggedAt: sql`now()` })
    .where(
      and(
        eq(adminAudit.actorId, adminId),
        eq(adminAudit.action, 'grant-admin'),
        isNull(adminAudit.flaggedAt),
      ),
    )
    .returning({ id: adminAudit.id });
  return flagged.length;
}

/** How an account is named in the log: `name <email>`. */
export function userLabel(target: { name: string; email: string }): string {
  return `${target.name} <${target.email}>`;
}
