/**
 * The celebration card (issue 24 item 5): a level-up and the achievements just unlocked get their
 * own moment, not a toast among "Link copied". The card shows the level ring (level-ring.tsx), the
 * news and a Profile link. It is NOT modal: it takes no focus and blocks nothing but its own
 * corner at the foot of the screen; it leaves by itself after CELEBRATION_MS unless the pointer
 * or focus is on it, and can be dismissed. News arriving while it shows joins it. It sits in a
 * polite status region, so screen readers announce it without interrupting.
 */
import { X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import type { AchievementId } from '../../domain/achievements';
import { ACHIEVEMENTS } from '../../domain/achievements';
import { achievementWords } from '../i18n/achievement-words';
import { useText } from '../i18n/i18n';
import { progressToastsText } from '../i18n/messages/session';
import { paths } from '../paths';
import { LevelRing } from './level-ring';
import './celebration.css';

/** How long the card stays when nobody points at or focuses it. */
export const CELEBRATION_MS = 10_000;

export type CelebrationNews = {
  /** The player's level now. */
  level: number;
  /** Whether the level just went up. */
  levelUp: boolean;
  /** Achievements just unlocked. */
  unlocked: AchievementId[];
};

type Shown = CelebrationNews & { version: number };

let shown: Shown | null = null;
const listeners = new Set<() => void>();

function set(next: Shown | null): void {
  shown = next;
  for (const listener of listeners) listener();
}

/** Shows the card, or adds the news to the one showing. */
export function celebrate(news: CelebrationNews): void {
  if (!news.levelUp && news.unlocked.length === 0) return;
  const unlocked = shown ? [...shown.unlocked] : [];
  for (const id of news.unlocked) if (!unlocked.includes(id)) unlocked.push(id);
  set({
    level: news.level,
    levelUp: news.levelUp || (shown?.levelUp ?? false),
    unlocked,
    version: (shown?.version ?? 0) + 1,
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The card's place (in the app shell): an always-present polite status region. */
export function Celebration() {
  const news = useSyncExternalStore(
    subscribe,
    () => shown,
    () => null,
  );
  return (
    <div className="celebration-live" role="status">
      {news ? <CelebrationCard news={news} /> : null}
    </div>
  );
}

function CelebrationCard(props: { news: Shown }) {
  const { news } = props;
  const t = useText(progressToastsText);
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const card = useRef<HTMLElement>(null);
  const close = () => set(null);

  // It leaves by itself, unless someone is reading it; new news restarts the wait.
  const waiting = !held.pointer && !held.focus;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => set(null), CELEBRATION_MS);
    return () => window.clearTimeout(timer);
  }, [waiting, news.version]);

  // Toasts sit above it where both share the foot of the screen (celebration.css).
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = card.current;
    if (!element) return;
    const measure = () =>
      root.style.setProperty('--celebration-height', `${element.offsetHeight + 12}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--celebration-height');
    };
  }, []);

  const achievements = news.unlocked.flatMap((id) => {
    const achievement = ACHIEVEMENTS.find((a) => a.id === id);
    return achievement ? [{ id, ...achievementWords(id, achievement.goal) }] : [];
  });
  const [first] = achievements;
  const title = news.levelUp
    ? t.levelUp({ level: news.level })
    : t.achievement({ name: first?.name ?? '' });
  const listed = news.levelUp ? achievements : achievements.slice(1);

  return (
    <aside
      ref={card}
      className="celebration card"
      aria-label={t.celebration}
      data-testid="celebration"
      onPointerEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
      onPointerLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setHeld((h) => ({ ...h, focus: false }));
        }
      }}
    >
      <LevelRing level={news.level} />
      <div className="celebration__body">
        <p className="celebration__title">{title}</p>
        {!news.levelUp && first ? <p className="celebration__text">{first.description}</p> : null}
        {listed.length > 0 ? (
          <ul className="celebration__list">
            {listed.map((a) => (
              <li key={a.id}>
                <strong>{t.achievement({ name: a.name })}</strong>
                <span className="celebration__text">{a.description}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <Link
          className="btn btn-secondary btn-sm celebration__action"
          to={paths.player()}
          onClick={close}
        >
          {t.profile}
        </Link>
      </div>
      <button
        type="button"
        className="btn-icon celebration__close"
        aria-label={t.dismiss}
        onClick={close}
      >
        <X size={18} aria-hidden="true" />
      </button>
    </aside>
  );
}
