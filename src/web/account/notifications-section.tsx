/**
 * The Notifications section of /account (issue 30): each kind (people played your rank, your
 * rank closed, results unlocked) by e-mail, push or off, and a daily digest. A change is saved at
 * once (the choices are sent one after another, so the last one stays), and the section says
 * Saving…, Saved, or why it failed with Try again. Native selects with labels: the keyboard and
 * screen readers know them.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../api/errors';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  useNotificationSettings,
  useSaveNotificationSettings,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
  type NotificationsView,
} from '../api/notifications';
import { paths } from '../paths';
import { ListError } from '../ui/list-states';
import { useText } from '../i18n/i18n';
import { notificationSettingsText } from '../i18n/messages/notifications';
import { Switch } from '../ui/switch';

type Words = ReturnType<typeof notificationSettingsText.get>;

export function NotificationsSection() {
  const t = useText(notificationSettingsText);
  const titleId = useId();
  const settings = useNotificationSettings();
  return (
    <section
      className="card account-section notification-settings"
      aria-labelledby={titleId}
      aria-busy={settings.isPending}
      data-testid="notification-settings"
    >
      <h2 id={titleId} className="account-section__title">
        {t.title}
      </h2>
      <p className="muted">{t.lede}</p>
      {settings.isPending ? (
        <p className="muted" role="status">
          {t.loading}
        </p>
      ) : settings.isError ? (
        <ListError
          error={settings.error}
          message={t.didNotLoad}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <SettingsForm view={settings.data} />
      )}
    </section>
  );
}

function SettingsForm(props: { view: NotificationsView }) {
  const t = useText(notificationSettingsText);
  const save = useSaveNotificationSettings();
  // The choices made here; until then, what the server has (another tab's change, a one-click
  // unsubscribe, seen on a refetch).
  const [mine, setMine] = useState<NotificationSettings | null>(null);
  const draft = mine ?? props.view.settings;
  const changed = mine !== null;
  const { email, emailAllowed, pushSubscriptions } = props.view;
  const change = (next: NotificationSettings) => {
    setMine(next);
    save.mutate(next);
  };
  const usesPush = NOTIFICATION_KINDS.some((kind) => draft[kind] === 'push');
  const usesEmail = NOTIFICATION_KINDS.some((kind) => draft[kind] === 'email');

  return (
    <div className="notification-settings__form">
      <ul className="notification-kinds">
        {NOTIFICATION_KINDS.map((kind) => (
          <KindRow
            key={kind}
            kind={kind}
            value={draft[kind]}
            emailAllowed={emailAllowed}
            t={t}
            onChange={(channel) => change({ ...draft, [kind]: channel })}
          />
        ))}
      </ul>
      <DigestSwitch
        checked={draft.dailyDigest}
        onChange={(dailyDigest) => change({ ...draft, dailyDigest })}
      />
      {usesPush ? (
        <p className="muted notification-settings__note" data-testid="push-devices">
          {pushSubscriptions === 0 ? t.noDevices : t.devices(pushSubscriptions)}{' '}
          <Link to={paths.player()}>{t.openPlayer}</Link>
        </p>
      ) : null}
      {usesEmail && !email.verified ? (
        <p className="muted notification-settings__note">{t.unverified}</p>
      ) : null}
      <p className="notification-settings__status" role="status" data-testid="notification-status">
        {save.isPending ? t.saving : save.isSuccess && changed ? t.saved : null}
      </p>
      {save.isError ? (
        <div className="form-error" role="alert">
          {t.saveFailed({ reason: errorMessage(save.error) })}{' '}
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => change(draft)}>
            {t.tryAgain}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function KindRow(props: {
  kind: NotificationKind;
  value: NotificationChannel;
  emailAllowed: boolean;
  t: Words;
  onChange: (channel: NotificationChannel) => void;
}) {
  const { t, kind } = props;
  const ids = { select: useId(), hint: useId() };
  return (
    <li className="notification-kind">
      <div className="notification-kind__text">
        <label htmlFor={ids.select} className="notification-kind__label">
          {t[kind]}
        </label>
        <p id={ids.hint} className="field__hint">
          {t[`${kind}Hint`]}
        </p>
      </div>
      <select
        id={ids.select}
        className="input notification-kind__select"
        value={props.value}
        aria-describedby={ids.hint}
        onChange={(event) => props.onChange(event.target.value as NotificationChannel)}
        data-testid={`notify-${kind}`}
      >
        {NOTIFICATION_CHANNELS.map((channel) => (
          <option
            key={channel}
            value={channel}
            disabled={channel === 'email' && !props.emailAllowed}
          >
            {t[channel]}
          </option>
        ))}
      </select>
    </li>
  );
}

function DigestSwitch(props: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useText(notificationSettingsText);
  const ids = { switch: useId(), hint: useId() };
  return (
    <div className="notification-kind notification-kind--digest">
      <div className="notification-kind__text">
        <label htmlFor={ids.switch} className="notification-kind__label">
          {t.dailyDigest}
        </label>
        <p id={ids.hint} className="field__hint">
          {props.checked ? t.dailyDigestOn : t.dailyDigestOff}
        </p>
      </div>
      <Switch
        id={ids.switch}
        hintId={ids.hint}
        checked={props.checked}
        onChange={props.onChange}
        testId="notify-digest"
      />
    </div>
  );
}
