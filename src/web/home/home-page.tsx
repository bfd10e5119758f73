/** The welcome parts of the home (Community) page: what Crowned is, the two ways in, how it works. */
import { Crown, GripVertical, Plus, Share2, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../paths';
import './home.css';

const STEPS = [
  {
    icon: <Plus size={20} />,
    title: 'Create',
    text: 'Write a prompt and add at least 3 things to rank.',
  },
  {
    icon: <Share2 size={20} />,
    title: 'Share',
    text: 'Send the link. Friends play without an account.',
  },
  {
    icon: <GripVertical size={20} />,
    title: 'Rank',
    text: 'Everyone drags the items into their own order.',
  },
  { icon: <Trophy size={20} />, title: 'Crown', text: 'Watch the combined results update live.' },
];

/** What Crowned is, and the two ways in: create, or try the demo. */
export function HomeHero() {
  return (
    <section className="hero">
      <div className="hero__crown" aria-hidden="true">
        <Crown size={44} strokeWidth={2} />
      </div>
      <h1 className="hero__title">
        Crowned <span className="hero__dash">—</span>{' '}
        <span className="hero__tagline">rank anything with friends</span>
      </h1>
      <p className="hero__lede">
        Best pizza topping? Greatest movie of the decade? Make a rank, share the link, and see who
        the crowd crowns.
      </p>
      <div className="hero__actions">
        <Link className="btn btn-gold btn-lg" to={paths.create()}>
          <Plus size={20} aria-hidden="true" />
          Create a rank
        </Link>
        <Link className="btn btn-ghost-light btn-lg" to={paths.demo()}>
          Try the demo
        </Link>
      </div>
    </section>
  );
}

export function HowItWorks() {
  return (
    <section className="steps" aria-labelledby="how-it-works">
      <h2 id="how-it-works" className="section-title">
        How it works
      </h2>
      <ol className="steps__list">
        {STEPS.map((step, i) => (
          <li key={step.title} className="card steps__item">
            <span className="steps__icon" aria-hidden="true">
              {step.icon}
            </span>
            <div>
              <h3 className="steps__title">
                <span className="visually-hidden">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="steps__text">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
