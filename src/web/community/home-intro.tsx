/** The welcome parts of the home (Community) page: what Crowned is, the two ways in, how it works. */
import { Crown, GripVertical, Plus, Share2, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../paths';
import { useText } from '../i18n/i18n';
import { commonText } from '../i18n/messages/common';
import { heroText, howItWorksText } from '../i18n/messages/home';
import './home.css';

/** The four steps; their words are `${key}Title` and `${key}Text` in `howItWorksText`. */
const STEPS = [
  { key: 'create', icon: <Plus size={20} /> },
  { key: 'share', icon: <Share2 size={20} /> },
  { key: 'rank', icon: <GripVertical size={20} /> },
  { key: 'crown', icon: <Trophy size={20} /> },
] as const;

/** What Crowned is, and the two ways in: create, or try the demo. */
export function HomeHero() {
  const t = useText(heroText);
  const c = useText(commonText);
  return (
    <section className="hero">
      <div className="hero__crown" aria-hidden="true">
        <Crown size={44} strokeWidth={2} />
      </div>
      <h1 className="hero__title">
        {c.brand} <span className="hero__dash">—</span>{' '}
        <span className="hero__tagline">{t.tagline}</span>
      </h1>
      <p className="hero__lede">{t.lede}</p>
      <div className="hero__actions">
        <Link className="btn btn-gold btn-lg" to={paths.create()}>
          <Plus size={20} aria-hidden="true" />
          {t.create}
        </Link>
        <Link className="btn btn-ghost-light btn-lg" to={paths.demo()}>
          {t.demo}
        </Link>
      </div>
    </section>
  );
}

export function HowItWorks() {
  const t = useText(howItWorksText);
  return (
    <section className="steps" aria-labelledby="how-it-works">
      <h2 id="how-it-works" className="section-title">
        {t.title}
      </h2>
      <ol className="steps__list">
        {STEPS.map((step, i) => (
          <li key={step.key} className="card steps__item">
            <span className="steps__icon" aria-hidden="true">
              {step.icon}
            </span>
            <div>
              <h3 className="steps__title">
                <span className="visually-hidden">{t.step({ step: i + 1 })}</span>
                {t[`${step.key}Title`]}
              </h3>
              <p className="steps__text">{t[`${step.key}Text`]}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
