/**
 * The onboarding dialog (SPEC §2 Shell): three slides (Create & Share, Drag & Drop, Show
 * Results) with Skip, Back, Next, Get started on the last, and Try demo; Escape or a click
 * outside counts as Skip. Loaded only when it opens (onboarding.tsx decides when).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { BarChart3, GripVertical, Share2 } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../paths';
import { localStore, storageKeys, writeItem } from '../session/storage';
import { useText } from '../../i18n/i18n';
import { onboardingText } from '../../i18n/messages/shell';

type Slide = { key: 'create' | 'drag' | 'results'; icon: ReactNode };

/** Create & Share, Drag & Drop, Show Results (their words are in the shell catalog). */
const SLIDES: Slide[] = [
  { key: 'create', icon: <Share2 size={36} /> },
  { key: 'drag', icon: <GripVertical size={36} /> },
  { key: 'results', icon: <BarChart3 size={36} /> },
];

/** Open until finished: stores the onboarded flag, then `onDone`. */
export function OnboardingDialog(props: { onDone: () => void }) {
  const t = useText(onboardingText);
  const [index, setIndex] = useState(0);
  const primary = useRef<HTMLButtonElement>(null);
  const ids = { text: useId() };
  const slide = SLIDES[index] ?? SLIDES[0]!;
  const last = index === SLIDES.length - 1;

  const finish = () => {
    writeItem(localStore(), storageKeys.onboarded, '1');
    props.onDone();
  };
  const go = (to: number) => {
    setIndex(Math.max(0, Math.min(SLIDES.length - 1, to)));
    // The primary button keeps focus as slides change, so Enter keeps moving forward.
    primary.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' && !last) go(index + 1);
    else if (event.key === 'ArrowLeft' && index > 0) go(index - 1);
  };

  return (
    <Dialog.Root open onOpenChange={(isOpen) => (isOpen ? undefined : finish())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog onboarding"
          aria-describedby={ids.text}
          data-testid="onboarding"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            primary.current?.focus();
          }}
          onKeyDown={onKeyDown}
        >
          {/* Every slide sits in one grid cell; the hidden copies give the stage the tallest
              slide's height, so the buttons below never move as the slides change. */}
          <div className="onboarding__stage">
            {SLIDES.map((s) => (
              <div key={s.key} className="onboarding__slide onboarding__sizer" aria-hidden="true">
                <SlideBody slide={s} index={0} />
              </div>
            ))}
            <div className="onboarding__slide" aria-live="polite">
              <div className="onboarding__art" aria-hidden="true">
                {slide.icon}
              </div>
              <p className="onboarding__step">
                {t.step({ step: index + 1, total: SLIDES.length })}
              </p>
              <Dialog.Title className="onboarding__title">{t[`${slide.key}Title`]}</Dialog.Title>
              <Dialog.Description id={ids.text} className="onboarding__text">
                {t[`${slide.key}Text`]}
              </Dialog.Description>
            </div>
          </div>
          <ol className="onboarding__dots" aria-hidden="true">
            {SLIDES.map((s, i) => (
              <li key={s.key} className={i === index ? 'is-current' : undefined} />
            ))}
          </ol>
          <div className="onboarding__actions">
            <button type="button" className="btn btn-text" onClick={finish}>
              {t.skip}
            </button>
            <div className="onboarding__nav">
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => go(index - 1)}
                disabled={index === 0}
              >
                {t.back}
              </button>
              <button
                ref={primary}
                type="button"
                className="btn btn-primary"
                onClick={() => (last ? finish() : go(index + 1))}
              >
                {last ? t.getStarted : t.next}
              </button>
            </div>
          </div>
          <p className="onboarding__demo">
            <Link to={paths.demo()} className="onboarding__demo-link" onClick={finish}>
              {t.tryDemo}
            </Link>{' '}
            <span className="muted">{t.demoNote}</span>
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A slide's content as plain elements, for the hidden copies that size the stage. */
function SlideBody(props: { slide: Slide; index: number }) {
  const t = useText(onboardingText);
  return (
    <>
      <div className="onboarding__art">{props.slide.icon}</div>
      <p className="onboarding__step">{t.step({ step: props.index + 1, total: SLIDES.length })}</p>
      <p className="onboarding__title">{t[`${props.slide.key}Title`]}</p>
      <p className="onboarding__text">{t[`${props.slide.key}Text`]}</p>
    </>
  );
}
