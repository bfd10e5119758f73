/**
 * The admin audit log's writes: one row per change an admin makes (granting or revoking admin,
 * deleting a game), written in the change's own transaction so neither exists without the other.
 * Names and labels are copied in: the record outlives the accounts and games it names.
 */
import type { Tx } from '../db/client';
import { adminAudit } from '../db/schema';
import { newId } from '../ids';

export type AuditAction = 'grant-admin' | 'revoke-admin' | 'delete-game';

export type Actor = { id: string; name: string };

export async function recordAudit(
  tx: Tx,
  entry: {
    actor: Actor;
    action: AuditAction;
    targetKind: 'user' | 'game';
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

/** How an account is named in the log: `name <email>`. */
export function userLabel(target: { name: string; email: string }): string {
  return `${target.name} <${target.email}>`;
}
