/** /admin/audit: who granted or revoked admin, or deleted a game, and when; newest first. */
import { ScrollText } from 'lucide-react';
import { ListError, LoadMore } from '../shell/ui/list-states';
import { SkeletonList } from '../shell/ui/loading';
import { EmptyState } from '../shell/ui/page-frame';
import type { AuditEntryView } from '../../domain/admin';
import { useAdminAudit } from '../api/admin';
import { fullTime, timeAgo } from './admin-format';

const VERBS: Record<AuditEntryView['action'], string> = {
  'grant-admin': 'granted admin to',
  'revoke-admin': 'revoked admin from',
  'delete-game': 'deleted the game',
};

export function AuditSection() {
  const audit = useAdminAudit();
  if (audit.isPending) return <SkeletonList rows={5} />;
  if (audit.isError) {
    return (
      <ListError error={audit.error} what="The audit log" onRetry={() => void audit.refetch()} />
    );
  }
  if (audit.rows.length === 0) {
    return (
      <EmptyState icon={<ScrollText size={30} />} title="Nothing recorded yet">
        <p>Grants, revocations and game deletions by admins appear here.</p>
      </EmptyState>
    );
  }
  return (
    <section className="admin-stack" aria-label="Audit log">
      <ol className="card admin-audit" data-testid="admin-audit">
        {audit.rows.map((entry) => (
          <li key={entry.id} className="admin-audit__entry">
            <p>
              <strong dir="auto">{entry.actorName}</strong> {VERBS[entry.action]}{' '}
              <strong dir="auto">{entry.targetLabel}</strong>
            </p>
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
