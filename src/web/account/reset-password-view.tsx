/** /account/reset: choose a new password from a mailed link, or learn that the link is dead. */
import { KeyRound, LinkIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { authClient } from '../api/auth-client';
import { authErrorMessage, thrownAuthErrorMessage } from '../api/auth-errors';
import { StatusCard } from '../ui/status-card';
import { paths } from '../paths';
import { accountLinks } from './links';
import { PasswordInput } from './password-input';
import { passwordHint, passwordProblemText } from './password-words';
import { useText } from '../i18n/i18n';
import { resetPasswordText } from '../i18n/messages/account';
import { commonText } from '../i18n/messages/common';

const DEAD_TOKEN_CODES = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED']);

/** A dead link: ask for a new one (or, signed in, change the password on the account page). */
export function InvalidResetLink(props: { signedIn?: boolean }) {
  const t = useText(resetPasswordText);
  const c = useText(commonText);
  return (
    <>
      <title>{c.pageTitle({ title: t.invalidDocTitle })}</title>
      <StatusCard
        tone="error"
        icon={<LinkIcon size={28} />}
        title={t.invalidTitle}
        actions={
          props.signedIn ? (
            <Link className="btn btn-primary" to={paths.account()}>
              {t.goToAccount}
            </Link>
          ) : (
            <>
              <Link className="btn btn-primary" to={accountLinks.login({ mode: 'forgot' })}>
                {t.requestNew}
              </Link>
              <Link className="btn btn-secondary" to={accountLinks.login()}>
                {t.backToSignIn}
              </Link>
            </>
          )
        }
      >
        {t.invalidText} {props.signedIn ? t.invalidSignedIn : t.invalidSignedOut}
      </StatusCard>
    </>
  );
}

export function ResetPasswordForm(props: { token: string; signedIn: boolean; onDone: () => void }) {
  const t = useText(resetPasswordText);
  const c = useText(commonText);
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
    const problem = passwordProblemText(password);
    if (problem) return problem;
    if (confirm !== password) return t.mismatch;
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
      <title>{c.pageTitle({ title: t.title })}</title>
      <section className="card auth-card" aria-labelledby={ids.title}>
        <div className="auth-card__crown" aria-hidden="true">
          <KeyRound size={28} />
        </div>
        <h1 id={ids.title} className="auth-card__title">
          {t.title}
        </h1>
        <p className="muted center">{t.lede}</p>
        <form className="form" onSubmit={onSubmit} noValidate aria-labelledby={ids.title}>
          <div className="field">
            <label htmlFor={ids.password}>{t.newPassword}</label>
            <PasswordInput
              id={ids.password}
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              describedBy={ids.hint}
              what="new"
              autoFocus
            />
            <p id={ids.hint} className="field__hint">
              {passwordHint()}
            </p>
          </div>
          <div className="field">
            <label htmlFor={ids.confirm}>{t.confirm}</label>
            <PasswordInput
              id={ids.confirm}
              autoComplete="new-password"
              value={confirm}
              onChange={setConfirm}
              what="confirmation"
              invalid={error !== null && confirm !== password}
            />
          </div>
          <div id={ids.error} className="form-error" role="alert">
            {error}
          </div>
          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
            {busy ? t.saving : t.save}
          </button>
        </form>
      </section>
    </>
  );
}
