/**
 * On /admin: grants whose granting admin later lost the role (decision 0028). Each is kept (the
 * review is logged) or revoked (the target's role goes, logged as a revoke). Shown only when
 * there is something to review.
 */
import { ShieldAlert } from 'lucide-react';
import { errorMessage } from '../api/errors';
import { useGrantReviews, useKeepGrant, useSetRole } from '../api/admin';
import { ListError } from '../ui/list-states';
import { toast } from '../ui/toasts';
import type { GrantReviewView } from '../../domain/admin';
import { useText } from '../i18n/i18n';
import { grantReviewsText } from '../i18n/messages/admin';
import { RichText } from '../i18n/rich-text';
import { fullTime, timeAgo } from './admin-format';

export function GrantReviews() {
  const t = useText(grantReviewsText);
  const reviews = useGrantReviews();
  if (reviews.isPending) return null;
  if (reviews.isError) {
    return (
      <ListError
        error={reviews.error}
        message={t.didNotLoad}
        onRetry={() => void reviews.refetch()}
      />
    );
  }
  const { grants } = reviews.data;
  if (grants.length === 0) return null;
  return (
    <section className="card admin-reviews" aria-labelledby="grant-reviews-title">
      <h2 id="grant-reviews-title" className="admin-reviews__title">
        <ShieldAlert size={20} aria-hidden="true" />
        {t.title}
      </h2>
      <p className="muted">{t.intro}</p>
      <ol className="admin-audit" data-testid="grant-reviews">
        {grants.map((grant) => (
          <GrantRow key={grant.id} grant={grant} />
        ))}
      </ol>
    </section>
  );
}

function GrantRow({ grant }: { grant: GrantReviewView }) {
  const t = useText(grantReviewsText);
  const keep = useKeepGrant();
  const revoke = useSetRole();
  const busy = keep.isPending || revoke.isPending;
  const failure = keep.error ?? revoke.error;
  return (
    <li className="admin-audit__entry admin-reviews__entry" data-testid="grant-review">
      <p>
        <RichText
          text={t.entry}
          values={{
            actor: <strong dir="auto">{grant.actorName}</strong>,
            target: <strong dir="auto">{grant.targetLabel}</strong>,
          }}
        />
      </p>
      <p className="muted" title={fullTime(grant.flaggedAt)}>
        {t.when({ granted: timeAgo(grant.at), flagged: timeAgo(grant.flaggedAt) })}
      </p>
      <div className="admin-reviews__actions">
        <button
          type="button"
          className="btn btn-sm btn-secondary"
          aria-label={t.keepLabel({ name: grant.targetLabel })}
          disabled={busy}
          onClick={() =>
            keep.mutate(grant.id, {
              onSuccess: () => toast.success(t.kept({ name: grant.targetLabel })),
            })
          }
        >
          {t.keep}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-danger-outline"
          aria-label={t.revokeLabel({ name: grant.targetLabel })}
          disabled={busy}
          onClick={() =>
            revoke.mutate(
              { userId: grant.targetId, role: 'user' },
              { onSuccess: () => toast.success(t.revoked({ name: grant.targetLabel })) },
            )
          }
        >
          {t.revoke}
        </button>
      </div>
      {failure ? (
        <p className="form-error" role="alert">
          {errorMessage(failure)}
        </p>
      ) : null}
    </li>
  );
}
