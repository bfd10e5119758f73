/** /account/reset: choose a new password from a mailed link, or learn that the link is dead. */
import { KeyRound, LinkIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { authClient } from '../api/auth-client';
import { authErrorMessage, thrownAuthErrorMessage } from '../api/auth-errors';
import { StatusCard } from '../shell/ui/status-card';
import { paths } from '../paths';
import { accountLinks } from './links';
import { PasswordInput } from './password-input';
import { PASSWORD_HINT, passwordProblem } from '../../domain/passwords';

const DEAD_TOKEN_CODES = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED']);

/** A dead link: ask for a new one (or, signed in, change the password on the account page). */
export function InvalidResetLink(props: { signedIn?: boolean }) {
  return (
    <>
      <title>Reset link not valid · Crowned</title>
      <StatusCard
        tone="error"
        icon={<LinkIcon size={28} />}
        title="This reset link does not work"
        actions={
          props.signedIn ? (
            <Link className="btn btn-primary" to={paths.account()}>
              Go to your account
            </Link>
          ) : (
            <>
              <Link className="btn btn-primary" to={accountLinks.login({ mode: 'forgot' })}>
                Request a new link
              </Link>
              <Link className="btn btn-secondary" to={accountLinks.login()}>
                Back to sign in
              </Link>
            </>
          )
        }
      >
        It has expired (links work for one hour), was already used, or was copied only in part.{' '}
        {props.signedIn
          ? 'You are signed in, so you can change your password on your account page.'
          : 'Request a new one and we will email you a fresh link.'}
      </StatusCard>
    </>
  );
}

export function ResetPasswordForm(props: { token: string; signedIn: boolean; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dead, setDead] = useState(false);
  const ids = {
    title: useId(),
    password: useId(),
    confirm: useId(),
    hint: useId(),
    error: useId(),
  };

  if (dead) return <InvalidResetLink signedIn={props.signedIn} />;

  const validate = (): string | null => {
    // The server also refuses common passwords, with its own message.
    const problem = passwordProblem(password);
    if (problem) return problem;
    if (confirm !== password) return 'The two passwords do not match.';
    return null;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validate();
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { error: failed } = await authClient.resetPassword({
        newPassword: password,
        token: props.token,
      });
      if (failed) {
        if (failed.code && DEAD_TOKEN_CODES.has(failed.code)) setDead(true);
        else setError(authErrorMessage(failed));
        return;
      }
      props.onDone();
    } catch (thrown) {
      setError(thrownAuthErrorMessage(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <title>Choose a new password · Crowned</title>
      <section className="card auth-card" aria-labelledby={ids.title}>
        <div className="auth-card__crown" aria-hidden="true">
          <KeyRound size={28} />
        </div>
        <h1 id={ids.title} className="auth-card__title">
          Choose a new password
        </h1>
        <p className="muted center">You will sign in with it from now on.</p>
        <form className="form" onSubmit={onSubmit} noValidate aria-labelledby={ids.title}>
          <div className="field">
            <label htmlFor={ids.password}>New password</label>
            <PasswordInput
              id={ids.password}
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              describedBy={ids.hint}
              what="new password"
              autoFocus
            />
            <p id={ids.hint} className="field__hint">
              {PASSWORD_HINT}
            </p>
          </div>
          <div className="field">
            <label htmlFor={ids.confirm}>Confirm new password</label>
            <PasswordInput
              id={ids.confirm}
              autoComplete="new-password"
              value={confirm}
              onChange={setConfirm}
              what="password confirmation"
              invalid={error !== null && confirm !== password}
            />
          </div>
          <div id={ids.error} className="form-error" role="alert">
            {error}
          </div>
          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
            {busy ? 'Saving…' : 'Save new password'}
          </button>
        </form>
      </section>
    </>
  );
}
