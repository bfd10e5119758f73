/**
 * /admin/audit: who granted, revoked or claimed admin, deleted a game, or hid or restored a
 * community rank, and when; newest first. Grants whose granting admin later lost the role are
 * marked (decision 0028).
 */
import { ScrollText } from 'lucide-react';
import { ListError, LoadMore } from '../ui/list-states';
import { SkeletonList } from '../ui/loading';
import { EmptyState } from '../ui/page-frame';
import type { AuditEntryView } from '../../domain/admin';
import { useAdminAudit } from '../api/admin';
import { useText } from '../i18n/i18n';
import { auditText } from '../i18n/messages/admin';
import { RichText } from '../i18n/rich-text';
import { fullTime, timeAgo } from './admin-format';

/** Each action's sentence, by its message key. */
const SENTENCES = {
  'grant-admin': 'grantAdmin',
  'revoke-admin': 'revokeAdmin',
  'claim-admin': 'claimAdmin',
  'keep-grant': 'keepGrant',
  'delete-game': 'deleteGame',
  'hide-rank': 'hideRank',
  'restore-rank': 'restoreRank',
  'hide-picture': 'hidePicture',
  'restore-picture': 'restorePicture',
} as const satisfies Record<AuditEntryView['action'], keyof ReturnType<typeof auditText.get>>;

export function AuditSection() {
  const t = useText(auditText);
  const audit = useAdminAudit();
  if (audit.isPending) return <SkeletonList rows={5} />;
  if (audit.isError) {
    return (
      <ListError error={audit.error} message={t.didNotLoad} onRetry={() => void audit.refetch()} />
    );
  }
  if (audit.rows.length === 0) {
    return (
      <EmptyState icon={<ScrollText size={30} />} title={t.emptyTitle}>
        <p>{t.emptyText}</p>
      </EmptyState>
    );
  }
  return (
    <section className="admin-stack" aria-label={t.label}>
      <ol className="card admin-audit" data-testid="admin-audit">
        {audit.rows.map((entry) => (
          <li key={entry.id} className="admin-audit__entry">
            <p>
              <RichText
                text={t[SENTENCES[entry.action]]}
                values={{
                  actor: <strong dir="auto">{entry.actorName}</strong>,
                  target: <strong dir="auto">{entry.targetLabel}</strong>,
                }}
              />
            </p>
            {entry.flaggedAt ? (
              <span
                className={`chip admin-audit__flag${entry.reviewedAt ? '' : ' is-open'}`}
                data-testid="audit-flag"
              >
                {entry.reviewedAt ? t.reviewed : t.flagged}
              </span>
            ) : null}
            <time className="muted" dateTime={entry.at} title={fullTime(entry.at)}>
              {timeAgo(entry.at)}
            </time>
          </li>
        ))}
      </ol>
      {audit.hasNextPage ? (
        <LoadMore loading={audit.isFetchingNextPage} onLoad={() => void audit.fetchNextPage()} />
      ) : null}
    </section>
  );
}
