/**
 * The admin audit log and admin claims.
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditTargetKind } from '../../../domain/admin';
import { createdAt } from './columns';
import { user, session } from './auth';

/**
 * What admins did: granting or revoking admin, claims confirmed by mail, deleting games, hiding
 * and restoring community ranks. Names and labels are copied in, so the record outlives the
 * accounts and games it names. A grant whose granting admin later lost the role is flagged
 * (`flagged_at`) until an admin reviews it (decision 0028).
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    targetKind: text('target_kind').$type<AuditTargetKind>().notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Set on a grant when the admin who made it loses the role. */
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    /** Set when an admin has reviewed a flagged grant and kept it. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
  },
  (t) => [
    index('admin_audit_at_idx').on(t.at.desc(), t.id.desc()),
    index('admin_audit_flagged_idx')
      .on(t.at.desc(), t.id.desc())
      .where(sql`${t.flaggedAt} is not null and ${t.reviewedAt} is null`),
    index('admin_audit_actor_grants_idx')
      .on(t.actorId)
      .where(sql`${t.action} = 'grant-admin'`),
  ],
);

/**
 * A pending admin claim (decision 0028): the link mailed to the claiming address. Only the
 * SHA-256 of the link's secret is kept. Bound to the account and the session that asked: it goes
 * with either (sign-out, password reset, deleted account), and it is deleted when used.
 */
export const adminClaim = pgTable(
  'admin_claim',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => session.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_claim_user_idx').on(t.userId),
    index('admin_claim_session_idx').on(t.sessionId),
  ],
);
