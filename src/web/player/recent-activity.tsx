/** The player's last 10 XP awards (GET /api/me/activity), newest first, each with its game. */
import { useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { XpActivityView } from '../../domain/profile';
import type { XpReason } from '../../domain/progression';
import { playerKeys, useActivity } from '../api/players';
import { paths } from '../paths';
import { ListError } from '../ui/list-states';
import { SkeletonList } from '../ui/loading';
import { useText } from '../i18n/i18n';
import { formatDateTime } from '../i18n/format';
import { RichText } from '../i18n/rich-text';
import { activityText } from '../i18n/messages/player';

/** `totalXp` is the profile's, live: when it grows, the list is read again. */
export function RecentActivity(props: { userId: string; totalXp: number }) {
  const { userId, totalXp } = props;
  const t = useText(activityText);
  const activity = useActivity(userId);
  const queryClient = useQueryClient();
  const seenXp = useRef(totalXp);
  useEffect(() => {
    if (seenXp.current === totalXp) return;
    seenXp.current = totalXp;
    void queryClient.invalidateQueries({ queryKey: playerKeys.activity(userId) });
  }, [totalXp, userId, queryClient]);
  return (
    <section aria-labelledby="activity-title" className="player-section">
      <h2 id="activity-title" className="section-title">
        {t.title}
      </h2>
      {activity.isPending ? (
        <SkeletonList rows={3} />
      ) : activity.isError ? (
        <ListError
          error={activity.error}
          message={t.didNotLoad}
          onRetry={() => void activity.refetch()}
        />
      ) : activity.data.length === 0 ? (
        <p className="card activity-empty muted">
          <History size={18} aria-hidden="true" />
          {t.empty}
        </p>
      ) : (
        <ol className="card activity" data-testid="activity">
          {activity.data.map((award) => (
            <ActivityRow key={`${award.reason}:${award.gameId}`} award={award} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ActivityRow({ award }: { award: XpActivityView }) {
  const t = useText(activityText);
  return (
    <li className="activity__row">
      <span className="activity__xp">{t.xp({ amount: award.amount })}</span>
      <span className="activity__what">
        <RichText
          text={t[award.reason satisfies XpReason]}
          values={{
            game: award.gameTitle ? (
              <Link to={paths.results(award.gameId)}>{award.gameTitle}</Link>
            ) : (
              <span className="muted">{t.deletedRank}</span>
            ),
          }}
        />
      </span>
      <time className="activity__when muted" dateTime={new Date(award.at).toISOString()}>
        {formatDateTime(award.at)}
      </time>
    </li>
  );
}
