/**
 * The signed-in account screen: display name, the ways this account signs in (password, Google),
 * password change, sign out, and the colour theme.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Crown, KeyRound, LogOut, MailWarning } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ThemeChoiceControl } from '../shell/frame/theme-toggle';
import { toast } from '../shell/ui/toasts';
import { MAX_ACCOUNT_NAME_LENGTH, MESSAGES } from '../../domain/game';
import { MAX_PASSWORD_LENGTH, PASSWORD_HINT, passwordProblem } from '../../domain/passwords';
import { cleanText } from '../../domain/text';
import { authClient, linkGoogle } from '../api/auth-client';
import { authErrorMessage, thrownAuthErrorMessage } from '../api/auth-errors';
import { paths } from '../paths';
import { useSignOut } from '../shell/session/use-sign-out';
import { accountKeys, type AuthConfig } from '../api/account';
import { GoogleButton, GoogleMark } from './google-button';
import { accountLinks } from './links';

type User = { id: string; name: string; email: string };

export function SignedInView(props: { user: User; config: AuthConfig; linkError: string | null }) {
  const { signOut, signingOut } = useSignOut();
  return (
    <>
      <title>Account · Crowned</title>
      <div className="account-page">
        <section className="card auth-card account-summary" aria-labelledby="account-title">
          <div className="auth-card__crown" aria-hidden="true">
            <Crown size={28} />
          </div>
          <h1 id="account-title" className="auth-card__title" data-testid="account-name">
            Hi, <bdi>{props.user.name}</bdi>
          </h1>
          <p className="muted center auth-email">{props.user.email}</p>
          <EmailConfirmation email={props.user.email} devOutbox={props.config.devOutbox} />
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={signOut}
            disabled={signingOut}
          >
            <LogOut size={18} aria-hidden="true" />
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </section>
        <DisplayNameSection name={props.user.name} />
        <SignInMethodsSection user={props.user} config={props.config} linkError={props.linkError} />
        <ThemeSection />
      </div>
    </>
  );
}

function ThemeSection() {
  const titleId = useId();
  return (
    <section className="card account-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="account-section__title">
        Theme
      </h2>
      <ThemeChoiceControl labelledBy={titleId} />
    </section>
  );
}

function DisplayNameSection(props: { name: string }) {
  const [name, setName] = useState(props.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { title: useId(), input: useId(), error: useId() };
  const unchanged = cleanText(name) === props.name;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = cleanText(name);
    if (trimmed === '') {
      setError(MESSAGES.nameRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { error: failed } = await authClient.updateUser({ name: trimmed });
      if (failed) {
        setError(authErrorMessage(failed));
        return;
      }
      setName(trimmed);
      toast.success('Display name updated');
    } catch (thrown) {
      setError(thrownAuthErrorMessage(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card account-section" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="account-section__title">
        Display name
      </h2>
      <p className="muted">Shown on the games you create and next to your rankings.</p>
      <form className="account-inline-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={ids.input} className="visually-hidden">
          Display name
        </label>
        <input
          id={ids.input}
          className="input"
          type="text"
          autoComplete="nickname"
          maxLength={MAX_ACCOUNT_NAME_LENGTH}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? ids.error : undefined}
        />
        <button type="submit" className="btn btn-primary" disabled={busy || unchanged}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </form>
      <div id={ids.error} className="form-error" role="alert">
        {error}
      </div>
    </section>
  );
}

function useLinkedProviders(userId: string) {
  return useQuery({
    queryKey: accountKeys.linked(userId),
    queryFn: async () => {
      const { data, error } = await authClient.listAccounts();
      if (error) throw new Error(authErrorMessage(error));
      return new Set(data.map((account) => account.providerId));
    },
    retry: 1,
  });
}

function SignInMethodsSection(props: { user: User; config: AuthConfig; linkError: string | null }) {
  const linked = useLinkedProviders(props.user.id);
  const [error, setError] = useState<string | null>(props.linkError);
  const titleId = useId();
  const hasPassword = linked.data?.has('credential') ?? false;
  const hasGoogle = linked.data?.has('google') ?? false;

  return (
    <section className="card account-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="account-section__title">
        How you sign in
      </h2>
      {linked.isPending ? (
        <p className="muted">Checking your sign-in methods…</p>
      ) : linked.isError ? (
        <p className="muted">We could not load your sign-in methods just now.</p>
      ) : (
        <ul className="method-list">
          <li className="method-list__item">
            <KeyRound size={20} aria-hidden="true" />
            <span className="method-list__name">Email and password</span>
            <span className={`chip${hasPassword ? '' : ' auth-chip--muted'}`}>
              {hasPassword ? 'On' : 'Not set'}
            </span>
          </li>
          {props.config.googleEnabled || hasGoogle ? (
            <li className="method-list__item">
              <GoogleMark />
              <span className="method-list__name">Google</span>
              {hasGoogle ? (
                <span className="chip">Linked</span>
              ) : (
                <GoogleButton
                  label="Link Google"
                  busyLabel="Opening Google…"
                  className="auth-btn-sm"
                  start={() =>
                    linkGoogle({
                      callbackURL: '/account',
                      errorCallbackURL: '/account',
                    })
                  }
                  onError={setError}
                />
              )}
            </li>
          ) : null}
        </ul>
      )}
      <div className="form-error" role="alert">
        {error}
      </div>
      {linked.isSuccess ? (
        hasPassword ? (
          <ChangePassword email={props.user.email} />
        ) : (
          <SetPassword email={props.user.email} devOutbox={props.config.devOutbox} />
        )
      ) : null}
    </section>
  );
}

function ChangePassword(props: { email: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = {
    panel: useId(),
    current: useId(),
    next: useId(),
    hint: useId(),
    error: useId(),
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (current === '') return setError('Please enter your current password.');
    // The server also refuses common passwords, with its own message.
    const problem = passwordProblem(next);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const { error: failed } = await authClient.changePassword({
        currentPassword: current,
        newPassword: next,
        revokeOtherSessions: true,
      });
      if (failed) {
        setError(authErrorMessage(failed));
        return;
      }
      toast.success('Password changed. Other devices have been signed out.');
      setCurrent('');
      setNext('');
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ['linked-accounts'] });
    } catch (thrown) {
      setError(thrownAuthErrorMessage(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="account-disclosure">
      <button
        type="button"
        className="btn btn-secondary"
        aria-expanded={open}
        aria-controls={ids.panel}
        onClick={() => {
          setOpen((shown) => !shown);
          setError(null);
        }}
      >
        {open ? 'Cancel' : 'Change password'}
      </button>
      {open ? (
        <form id={ids.panel} className="form" onSubmit={onSubmit} noValidate>
          {/* Lets password managers tie the new password to the right account. */}
          <input type="email" autoComplete="username" value={props.email} readOnly hidden />
          <div className="field">
            <label htmlFor={ids.current}>Current password</label>
            <input
              id={ids.current}
              className="input"
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.next}>New password</label>
            <input
              id={ids.next}
              className="input"
              type="password"
              autoComplete="new-password"
              maxLength={MAX_PASSWORD_LENGTH}
              value={next}
              onChange={(e) => setNext(e.target.value)}
              aria-describedby={ids.hint}
            />
            <p id={ids.hint} className="field__hint">
              {PASSWORD_HINT}
            </p>
          </div>
          <div id={ids.error} className="form-error" role="alert">
            {error}
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save new password'}
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** A request that mails the person a link: idle, busy, then sent, or an error to show. */
function useMailRequest(request: () => Promise<{ error: unknown }>) {
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setState('busy');
    setError(null);
    try {
      const { error: failed } = await request();
      if (failed) {
        setError(authErrorMessage(failed));
        setState('idle');
        return;
      }
      setState('sent');
    } catch (thrown) {
      setError(thrownAuthErrorMessage(thrown));
      setState('idle');
    }
  };
  return { state, error, run };
}

/** A Google-only account gets a password the way anyone resets one: by a mailed link. */
function SetPassword(props: { email: string; devOutbox: boolean }) {
  const {
    state,
    error,
    run: send,
  } = useMailRequest(() =>
    authClient.requestPasswordReset({ email: props.email, redirectTo: accountLinks.reset() }),
  );
  return (
    <div className="account-disclosure">
      {state === 'sent' ? (
        <p role="status">
          We have emailed <strong className="auth-email">{props.email}</strong> a link to set a
          password.{' '}
          {props.devOutbox ? (
            <Link to={accountLinks.outbox()}>No mail server? See the dev outbox.</Link>
          ) : null}
        </p>
      ) : (
        <>
          <p className="muted">
            Want to sign in with a password too? We will email you a link to set one.
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={send}
            disabled={state === 'busy'}
          >
            {state === 'busy' ? 'Sending…' : 'Email me a link'}
          </button>
        </>
      )}
      <div className="form-error" role="alert">
        {error}
      </div>
    </div>
  );
}

/** A line for an address not confirmed yet (the server mails a link on sign-up), with a resend. */
function EmailConfirmation(props: { email: string; devOutbox: boolean }) {
  const session = authClient.useSession();
  const {
    state,
    error,
    run: resend,
  } = useMailRequest(() =>
    authClient.sendVerificationEmail({ email: props.email, callbackURL: paths.account() }),
  );
  if (session.data?.user.emailVerified !== false) return null;

  return (
    <div className="notice auth-note account-confirm">
      <MailWarning size={18} aria-hidden="true" />
      <div className="stack">
        <p role="status">
          {state === 'sent'
            ? 'Sent: open the link in the mail to confirm your email.'
            : 'Your email is not confirmed yet: we sent you a link when you signed up.'}{' '}
          {state === 'sent' && props.devOutbox ? (
            <Link to={accountLinks.outbox()}>Open the dev outbox</Link>
          ) : null}
        </p>
        {state === 'sent' ? null : (
          <button
            type="button"
            className="auth-link-button"
            onClick={resend}
            disabled={state === 'busy'}
          >
            {state === 'busy' ? 'Sending…' : 'Send the link again'}
          </button>
        )}
        <div className="form-error" role="alert">
          {error}
        </div>
      </div>
    </div>
  );
}
