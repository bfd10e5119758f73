/**
 * The level ring: 'Lv. N' in a circle whose gold arc is the xp towards the next level
 * (xp / xpToNext). Without progress (a public profile, the celebration card) the ring is a plain
 * badge. `testId` names its label for the player pages' tests.
 */
import { useText } from '../i18n/i18n';
import { levelRingText } from '../i18n/messages/player';
import './level-ring.css';

const SIZE = 112;
const STROKE = 10;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function LevelRing(props: {
  level: number;
  xp?: number;
  xpToNext?: number;
  testId?: string;
}) {
  const { level, xp, xpToNext } = props;
  const t = useText(levelRingText);
  const hasProgress = xp !== undefined && xpToNext !== undefined && xpToNext > 0;
  const share = hasProgress ? Math.max(0, Math.min(1, xp / xpToNext)) : 1;
  const ring = (
    <svg className="level-ring__svg" viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true">
      <circle
        className="level-ring__track"
        cx={SIZE / 2}
        cy={SIZE / 2}
        r={RADIUS}
        strokeWidth={STROKE}
      />
      <circle
        className="level-ring__arc"
        cx={SIZE / 2}
        cy={SIZE / 2}
        r={RADIUS}
        strokeWidth={STROKE}
        strokeDasharray={CIRCUMFERENCE}
        strokeDashoffset={CIRCUMFERENCE * (1 - share)}
        transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
      />
    </svg>
  );
  const label = (
    <span className="level-ring__label" data-testid={props.testId}>
      {t.badge({ level })}
    </span>
  );
  if (!hasProgress) {
    return (
      <div className="level-ring" role="img" aria-label={t.level({ level })}>
        {ring}
        {label}
      </div>
    );
  }
  return (
    <div
      className="level-ring"
      role="progressbar"
      aria-label={t.progress({ level })}
      aria-valuemin={0}
      aria-valuemax={xpToNext}
      aria-valuenow={xp}
      aria-valuetext={t.progressValue({ xp, xpToNext })}
    >
      {ring}
      {label}
    </div>
  );
}
