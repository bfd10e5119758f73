/** The player's last 10 XP awards (GET /api/me/activity), newest first, each with its game. */
import { useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { XpActivityView, XpReason } from '../../domain/profile';
import { playerKeys, useActivity } from '../api/players';
import { paths } from '../paths';
import { ListError } from '../shell/list-states';
import { SkeletonList } from '../shell/loading';

const REASONS: Record<XpReason, string> = {
  create: 'Created',
  play: 'Ranked',
  publish: 'Published',
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** `totalXp` is the profile's, live: when it grows, the list is read again. */
export function RecentActivity(props: { userId: string; totalXp: number }) {
  const { userId, totalXp } = props;
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
        Recent activity
      </h2>
      {activity.isPending ? (
        <SkeletonList rows={3} />
      ) : activity.isError ? (
        <ListError
          error={activity.error}
          what="Your recent activity"
          onRetry={() => void activity.refetch()}
        />
      ) : activity.data.length === 0 ? (
        <p className="card activity-empty muted">
          <History size={18} aria-hidden="true" />
          No XP yet: create or play a rank to earn some.
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
  return (
    <li className="activity__row">
      <span className="activity__xp">+{award.amount} XP</span>
      <span className="activity__what">
        {REASONS[award.reason]}{' '}
        {award.gameTitle ? (
          <Link to={paths.results(award.gameId)}>{award.gameTitle}</Link>
        ) : (
          <span className="muted">a deleted rank</span>
        )}
      </span>
      <time className="activity__when muted" dateTime={new Date(award.at).toISOString()}>
        {timeFormat.format(award.at)}
      </time>
    </li>
  );
}
