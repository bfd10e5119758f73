/** /player's "Notifications on this device" card (issue 30): web push for this browser. */
import { Bell } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../paths';
import { PushOptIn } from '../ui/push-opt-in';
import { useText } from '../i18n/i18n';
import { pushOptInText } from '../i18n/messages/notifications';

export function DeviceNotifications() {
  const t = useText(pushOptInText);
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="player-section"
      data-testid="device-notifications"
    >
      <h2 id={titleId} className="section-title">
        <Bell size={20} aria-hidden="true" />
        {t.title}
      </h2>
      <div className="card device-notifications">
        <p className="muted">{t.lede}</p>
        <PushOptIn canTurnOff />
        <Link to={paths.account()}>{t.settingsLink}</Link>
      </div>
    </section>
  );
}
