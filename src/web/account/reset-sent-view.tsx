/** After a reset request: check your inbox (or the dev outbox), go back, or send it again. */
import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { accountLinks } from './links';
import { useText } from '../i18n/i18n';
import { resetSentText } from '../i18n/messages/account';
import { RichText } from '../i18n/rich-text';

export function ResetSentView(props: {
  email: string;
  devOutbox: boolean;
  onBack: () => void;
  onResend: () => void;
}) {
  const t = useText(resetSentText);
  return (
    <div className="stack">
      <p className="center" role="status">
        <RichText
          text={t.sent}
          values={{ email: <strong className="auth-email">{props.email}</strong> }}
        />
      </p>
      <p className="muted center">{t.nothingThere}</p>
      {props.devOutbox ? (
        <p className="notice auth-note">
          <Inbox size={18} aria-hidden="true" />
          <span>
            <RichText
              text={t.devOutbox}
              values={{ outbox: <Link to={accountLinks.outbox()}>{t.outbox}</Link> }}
            />
          </span>
        </p>
      ) : null}
      <button type="button" className="btn btn-primary btn-block" onClick={props.onBack}>
        {t.backToSignIn}
      </button>
      <button type="button" className="btn btn-secondary btn-block" onClick={props.onResend}>
        {t.sendAgain}
      </button>
    </div>
  );
}
