/**
 * "Tell me when results unlock" (issue 30) on a locked game's results, for a player who ranked
 * it: a switch for an account (one e-mail when the results unlock), and for a guest, push on this
 * device or an account for e-mail. The switch says each state: checking, on, off, saving, and a
 * failed save with Try again (the switch then shows what the server has).
 */
import { BellRing } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../api/errors';
import { useNotificationSettings, useSetUnlockNotify, useUnlockNotify } from '../api/notifications';
import { paths } from '../paths';
import { useViewer } from '../shell/session/use-viewer';
import { PushOptIn } from '../ui/push-opt-in';
import { useText } from '../i18n/i18n';
import { unlockNotifyText } from '../i18n/messages/notifications';
import { Switch } from '../ui/switch';

export function UnlockNotify(props: { gameId: string }) {
  const viewer = useViewer();
  if (viewer.status === 'guest') return <GuestUnlockNotify gameId={props.gameId} />;
  if (viewer.status !== 'signed-in' || viewer.offline) return null;
  return <UnlockNotifySwitch gameId={props.gameId} />;
}

function UnlockNotifySwitch(props: { gameId: string }) {
  const t = useText(unlockNotifyText);
  const ids = { switch: useId(), hint: useId() };
  const state = useUnlockNotify(props.gameId, true);
  const save = useSetUnlockNotify(props.gameId);
  const settings = useNotificationSettings();
  const channel = settings.data?.settings.unlocked ?? 'email';
  const [wanted, setWanted] = useState<boolean | null>(null);
  const saving = save.isPending;
  // While saving, the switch shows where it is going; otherwise what the server has.
  const checked = saving && wanted !== null ? wanted : (state.data ?? false);
  const ready = state.isSuccess;
  const set = (unlock: boolean) => {
    setWanted(unlock);
    save.mutate(unlock);
  };
  const hint = !ready
    ? state.isError
      ? t.didNotLoad
      : t.loading
    : saving
      ? t.saving
      : checked
        ? channel === 'push'
          ? t.onPush
          : t.on
        : t.off;

  return (
    <div className="unlock-notify" data-testid="unlock-notify">
      <div className="unlock-notify__row">
        <BellRing size={20} aria-hidden="true" className="unlock-notify__icon" />
        <div className="unlock-notify__text">
          <label htmlFor={ids.switch} className="unlock-notify__label">
            {t.label}
          </label>
          <p id={ids.hint} className="field__hint" aria-live="polite">
            {hint}
          </p>
        </div>
        <Switch
          id={ids.switch}
          hintId={ids.hint}
          checked={checked}
          onChange={set}
          busy={saving || state.isPending}
          disabled={!ready || saving}
        />
      </div>
      {state.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(state.error)}{' '}
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void state.refetch()}
          >
            {t.tryAgain}
          </button>
        </p>
      ) : null}
      {save.isError && !saving ? (
        <p className="form-error" role="alert">
          {t.saveFailed({ reason: errorMessage(save.error) })}{' '}
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => set(wanted ?? !checked)}
          >
            {t.tryAgain}
          </button>
        </p>
      ) : null}
      {checked && channel === 'email' && settings.data?.email.verified === false ? (
        <p className="muted unlock-notify__note">
          {t.unverified} <Link to={paths.account()}>{t.openAccount}</Link>
        </p>
      ) : null}
      {checked && channel === 'push' && settings.data?.pushSubscriptions === 0 ? (
        <p className="muted unlock-notify__note">
          {t.noDevice} <Link to={paths.player()}>{t.turnOnDevice}</Link>
        </p>
      ) : null}
      {checked && channel === 'off' ? (
        <p className="muted unlock-notify__note">
          {t.kindOff} <Link to={paths.account()}>{t.changeSettings}</Link>
        </p>
      ) : null}
    </div>
  );
}

/** A guest: push on this device (and the unlock asked for with it), or an account for e-mail. */
function GuestUnlockNotify(props: { gameId: string }) {
  const t = useText(unlockNotifyText);
  const save = useSetUnlockNotify(props.gameId);
  return (
    <div className="unlock-notify" data-testid="unlock-notify">
      <p className="unlock-notify__label">{t.guestTitle}</p>
      <p className="muted">{t.guestText}</p>
      <PushOptIn onOn={() => save.mutateAsync(true).catch(() => undefined)} onText={t.guestOn} />
      {save.isError ? (
        <p className="form-error" role="alert">
          {t.saveFailed({ reason: errorMessage(save.error) })}{' '}
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => save.mutate(true)}
          >
            {t.tryAgain}
          </button>
        </p>
      ) : null}
      <Link className="btn btn-secondary" to={paths.account(paths.results(props.gameId))}>
        {t.createAccount}
      </Link>
    </div>
  );
}
