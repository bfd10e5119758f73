/**
 * The line under the account screen's title: why the person is here, when there is something to
 * say (pressing Create without an account: account/sign-in-reason.ts, decision 0020; playing as a
 * guest; sent from elsewhere), or what the reset form does.
 */
import type { AuthMode } from './links';
import { useText } from '../i18n/i18n';
import { authIntroText } from '../i18n/messages/account';

export function AuthIntro(props: {
  mode: AuthMode;
  isGuest: boolean;
  cameFromElsewhere: boolean;
  reason: string | null;
}) {
  const t = useText(authIntroText);
  if (props.mode === 'forgot') {
    return <p className="muted center">{t.forgot}</p>;
  }
  if (props.reason) {
    return (
      <p className="notice auth-note" data-testid="sign-in-reason">
        {props.reason}
      </p>
    );
  }
  if (props.isGuest) {
    return <p className="notice auth-note">{t.guest}</p>;
  }
  if (props.cameFromElsewhere) {
    return <p className="muted center">{t.cameFromElsewhere}</p>;
  }
  return null;
}
