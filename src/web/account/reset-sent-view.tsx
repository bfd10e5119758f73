/** After a reset request: check your inbox (or the dev outbox), go back, or send it again. */
import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { accountLinks } from './links';

export function ResetSentView(props: {
  email: string;
  devOutbox: boolean;
  onBack: () => void;
  onResend: () => void;
}) {
  return (
    <div className="stack">
      <p className="center" role="status">
        If an account exists for <strong className="auth-email">{props.email}</strong>, we have sent
        it a link to choose a new password. The link works for one hour.
      </p>
      <p className="muted center">Nothing there? Check your spam folder, or send it again.</p>
      {props.devOutbox ? (
        <p className="notice auth-note">
          <Inbox size={18} aria-hidden="true" />
          <span>
            Running Crowned without a mail server? The mail is in the{' '}
            <Link to={accountLinks.outbox()}>dev outbox</Link>.
          </span>
        </p>
      ) : null}
      <button type="button" className="btn btn-primary btn-block" onClick={props.onBack}>
        Back to sign in
      </button>
      <button type="button" className="btn btn-secondary btn-block" onClick={props.onResend}>
        Send it again
      </button>
    </div>
  );
}
