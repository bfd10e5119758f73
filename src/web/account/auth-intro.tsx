/**
 * The line under the account screen's title: why the person is here, when there is something to
 * say (pressing Create without an account: create/sign-in-reason.ts, decision 0020; playing as a
 * guest; sent from elsewhere), or what the reset form does.
 */
import type { AuthMode } from './links';

export function AuthIntro(props: {
  mode: AuthMode;
  isGuest: boolean;
  cameFromElsewhere: boolean;
  reason: string | null;
}) {
  if (props.mode === 'forgot') {
    return (
      <p className="muted center">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
    );
  }
  if (props.reason) {
    return (
      <p className="notice auth-note" data-testid="sign-in-reason">
        {props.reason}
      </p>
    );
  }
  if (props.isGuest) {
    return (
      <p className="notice auth-note">
        You are playing as a guest. Create an account or sign in: your rankings come with you.
      </p>
    );
  }
  if (props.cameFromElsewhere) {
    return <p className="muted center">Sign in or create an account to continue.</p>;
  }
  return null;
}
