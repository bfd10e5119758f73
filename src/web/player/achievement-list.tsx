/**
 * All six achievements (SPEC §3) with their icon, description, progress (e.g. 4/10) and the day
 * each unlocked; locked ones are greyed. Shown on /player and on public profiles.
 */
import { Crown, Globe, Library, Lock, Play, Star, Trophy, type LucideIcon } from 'lucide-react';
import {
  achievementViews,
  type Achievement,
  type AchievementFacts,
  type Unlocks,
} from '../../domain/achievements';
import { useText } from '../i18n/i18n';
import { formatDate } from '../i18n/format';
import { RichText } from '../i18n/rich-text';
import { achievementsText } from '../i18n/messages/player';
import { achievementWords } from '../i18n/achievement-words';

const ICONS: Record<Achievement['icon'], LucideIcon> = {
  play: Play,
  library: Library,
  globe: Globe,
  star: Star,
  trophy: Trophy,
  crown: Crown,
};

export function AchievementList(props: { facts: AchievementFacts; unlocks: Unlocks }) {
  const t = useText(achievementsText);
  const views = achievementViews(props.facts, props.unlocks);
  const unlocked = views.filter((a) => a.unlockedAt !== null).length;
  return (
    <section aria-labelledby="achievements-title" className="player-section">
      <h2 id="achievements-title" className="section-title">
        {t.title}{' '}
        <span className="muted achievements__count">
          {t.unlockedCount({ unlocked, total: views.length })}
        </span>
      </h2>
      <ul className="achievements" data-testid="achievements">
        {views.map((a) => {
          const Icon = ICONS[a.icon];
          const done = a.unlockedAt !== null;
          const words = achievementWords(a.id, a.goal);
          return (
            <li
              key={a.id}
              className={`card achievement${done ? '' : ' achievement--locked'}`}
              data-testid={`achievement-${a.id}`}
              data-unlocked={done}
            >
              <span className="achievement__icon" aria-hidden="true">
                <Icon size={22} />
              </span>
              <div className="achievement__text">
                <h3 className="achievement__name">{words.name}</h3>
                <p className="achievement__description">{words.description}</p>
                {done ? (
                  <p className="achievement__when">
                    <RichText
                      text={t.unlocked}
                      values={{
                        date: (
                          <time dateTime={new Date(a.unlockedAt ?? 0).toISOString()}>
                            {formatDate(a.unlockedAt ?? 0)}
                          </time>
                        ),
                      }}
                    />
                  </p>
                ) : (
                  <div className="achievement__progress">
                    {/* The count says it in words; the bar only draws it (the page's one
                        progressbar is the level ring). */}
                    <span className="progress progress--sm" aria-hidden="true">
                      <span
                        className="progress__bar"
                        style={{ width: `${Math.round((a.progress / a.goal) * 100)}%` }}
                      />
                    </span>
                    <span className="achievement__count">
                      <Lock size={12} aria-hidden="true" />
                      <span className="visually-hidden">{t.locked}</span>
                      {t.progress({ progress: a.progress, goal: a.goal })}
                    </span>
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
