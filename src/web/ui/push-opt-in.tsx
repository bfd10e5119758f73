/**
 * "Turn on notifications on this device" (issue 30): web push, asked for only on the click. It
 * says what this browser allows: on, blocked (and how to undo that in the browser), or not
 * possible here (and what to do instead). /player shows it; a guest's locked results page too.
 */
import { BellOff, BellRing, Check } from 'lucide-react';
import { useState, type ReactNode } from 'react';
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
}) {
  const t = useText(pushOptInText);
  const push = usePush();
  const [dismissed, setDismissed] = useState(false);
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
        type="button"
        className="btn btn-secondary"
        onClick={() => void click()}
        disabled={push.busy}
      >
        <BellRing size={18} aria-hidden="true" />
        {push.busy ? t.turningOn : (props.label ?? t.turnOn)}
      </button>
      <div className="form-error" role="alert">
        {push.error
          ? t.failed({ reason: errorMessage(push.error) })
          : dismissed && !push.busy
            ? t.notAnswered
            : null}
      </div>
    </div>
  );
}
