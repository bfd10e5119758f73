/**
 * "Turn on notifications on this device" (issue 30): web push, asked for only on the click. It
 * says what this browser allows: on, blocked (and how to undo that in the browser), or not
 * possible here (and what to do instead). /player shows it, with "Turn off on this device" once
 * on; a guest's locked results page too.
 */
import { BellOff, BellRing, Check } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../api/errors';
import { usePush } from '../api/push';
import { useText } from '../i18n/i18n';
import { pushOptInText } from '../i18n/messages/notifications';
import './push-opt-in.css';

export function PushOptIn(props: {
  /** Called once this device is subscribed (e.g. to ask for the unlock notification too). */
  onOn?: () => Promise<unknown> | void;
  /** The button's words, when not "Turn on notifications on this device". */
  label?: string;
  /** What is shown once on, instead of "Notifications are on for this device." */
  onText?: string;
  /** After the on line, e.g. a link to the settings. */
  children?: ReactNode;
  /** Once on, a "Turn off on this device" button (/player). */
  canTurnOff?: boolean;
}) {
  const t = useText(pushOptInText);
  const push = usePush();
  const [dismissed, setDismissed] = useState(false);
  // Turned off: the button that took focus is gone; the one to turn it on again gets it.
  const [turnedOff, setTurnedOff] = useState(false);
  const turnOnButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (turnedOff && push.state !== 'on') turnOnButton.current?.focus();
  }, [turnedOff, push.state]);
  const turnOff = async () => {
    setTurnedOff(false);
    await push.turnOff();
    setTurnedOff(true);
  };
  const failure =
    push.error === null
      ? null
      : push.error.turning === 'off'
        ? t.offFailed({ reason: errorMessage(push.error.error) })
        : t.failed({ reason: errorMessage(push.error.error) });
  const click = async () => {
    setDismissed(false);
    const on = await push.turnOn();
    if (on) await props.onOn?.();
    else setDismissed(true);
  };
  if (push.state === 'checking') {
    return (
      <p className="muted push-opt-in" role="status">
        {t.checking}
      </p>
    );
  }
  if (push.state === 'on') {
    return (
      <div className="push-opt-in" data-testid="push-state" data-state="on">
        <p className="push-opt-in__line" role="status">
          <Check size={18} aria-hidden="true" />
          <span>{props.onText ?? t.on}</span>
        </p>
        {props.children}
        {props.canTurnOff ? (
          <>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void turnOff()}
              disabled={push.busy !== false}
            >
              <BellOff size={18} aria-hidden="true" />
              {push.busy === 'off' ? t.turningOff : t.turnOff}
            </button>
            <div className="form-error" role="alert">
              {failure}
            </div>
          </>
        ) : null}
      </div>
    );
  }
  if (push.state === 'unsupported' || push.state === 'denied') {
    return (
      <div className="push-opt-in" data-testid="push-state" data-state={push.state}>
        <p className="notice push-opt-in__notice">
          <BellOff size={18} aria-hidden="true" />
          <span>{push.state === 'denied' ? t.denied : t.unsupported}</span>
        </p>
      </div>
    );
  }
  return (
    <div className="push-opt-in" data-testid="push-state" data-state={push.state}>
      <button
        ref={turnOnButton}
        type="button"
        className="btn btn-secondary"
        onClick={() => void click()}
        disabled={push.busy !== false}
      >
        <BellRing size={18} aria-hidden="true" />
        {push.busy === 'on' ? t.turningOn : (props.label ?? t.turnOn)}
      </button>
      <div className="form-error" role="alert">
        {failure ?? (dismissed && push.busy === false ? t.notAnswered : null)}
      </div>
    </div>
  );
}
