/**
 * The signed-in account screen: display name, the ways this account signs in (password, Google),
 * password change, sign out, notifications, personal API tokens, and the colour theme.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Crown, KeyRound, LogOut, MailWarning } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ThemeChoiceControl } from '../shell/frame/theme-toggle';
import { toast } from '../ui/toasts';
import { MAX_ACCOUNT_NAME_LENGTH } from '../../domain/game';
import { MAX_PASSWORD_LENGTH } from '../../domain/passwords';
import { passwordHint, passwordProblemText } from './password-words';
import { cleanText } from '../../domain/text';
import { useSession } from '../api/session';
import { authClient, linkGoogle } from '../api/auth-client';
import { authErrorMessage, thrownAuthErrorMessage } from '../api/auth-errors';
import { paths } from '../paths';
import { useSignOut } from '../shell/session/use-sign-out';
import { accountKeys, type AuthConfig } from '../api/account';
import { GoogleButton, GoogleMark } from './google-button';
import { ApiTokensSection } from './api-tokens-section';
import { NotificationsSection } from './notifications-section';
import { PicturesSection } from './pictures-section';
import { accountLinks } from './links';
import { useText } from '../i18n/i18n';
import { authFieldsText, signedInText } from '../i18n/messages/account';
import { commonText } from '../i18n/messages/common';
import { RichText } from '../i18n/rich-text';

type User = { id: string; name: string; email: string };

export function SignedInView(props: { user: User; config: AuthConfig; linkError: string | null }) {
  const t = useText(signedInText);
  const c = useText(commonText);
  const { signOut, signingOut } = useSignOut();
  return (
    <>
      <title>{c.pageTitle({ title: t.docTitle })}</title>
      <div className="account-page">
        <section className="card auth-card account-summary" aria-labelledby="account-title">
          <div className="auth-card__crown" aria-hidden="true">
            <Crown size={28} />
          </div>
          <h1 id="account-title" className="auth-card__title" data-testid="account-name">
            <RichText text={t.greeting} values={{ name: <bdi>{props.user.name}</bdi> }} />
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
            {signingOut ? t.signingOut : t.signOut}
          </button>
        </section>
        <DisplayNameSection name={props.user.name} />
        <SignInMethodsSection user={props.user} config={props.config} linkError={props.linkError} />
        <NotificationsSection />
        <PicturesSection />
        <ApiTokensSection />
        <ThemeSection />
      </div>
    </>
  );
}

function ThemeSection() {
  const t = useText(signedInText);
  const titleId = useId();
  return (
    <section className="card account-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="account-section__title">
        {t.theme}
      </h2>
      <ThemeChoiceControl labelledBy={titleId} />
    </section>
  );
}

function DisplayNameSection(props: { name: string }) {
  const t = useText(signedInText);
  const [name, setName] = useState(props.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { title: useId(), input: useId(), error: useId() };
  const unchanged = cleanText(name) === props.name;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = cleanText(name);
    if (trimmed === '') {
      setError(authFieldsText.get().nameRequired);
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
      toast.success(t.nameUpdated);
    } catch (thrown) {
      setError(thrownAuthErrorMessage(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card account-section" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="account-section__title">
        {t.displayName}
      </h2>
      <p className="muted">{t.displayNameLede}</p>
      <form className="account-inline-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={ids.input} className="visually-hidden">
          {t.displayName}
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
          {busy ? t.saving : t.save}
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
  const t = useText(signedInText);
  const linked = useLinkedProviders(props.user.id);
  const [error, setError] = useState<string | null>(props.linkError);
  const titleId = useId();
  const hasPassword = linked.data?.has('credential') ?? false;
  const hasGoogle = linked.data?.has('google') ?? false;

  return (
    <section className="card account-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="account-section__title">
        {t.methodsTitle}
      </h2>
      {linked.isPending ? (
        <p className="muted">{t.methodsLoading}</p>
      ) : linked.isError ? (
        <p className="muted">{t.methodsError}</p>
      ) : (
        <ul className="method-list">
          <li className="method-list__item">
            <KeyRound size={20} aria-hidden="true" />
            <span className="method-list__name">{t.emailAndPassword}</span>
            <span className={`chip${hasPassword ? '' : ' auth-chip--muted'}`}>
              {hasPassword ? t.on : t.notSet}
            </span>
          </li>
          {props.config.googleEnabled || hasGoogle ? (
            <li className="method-list__item">
              <GoogleMark />
              <span className="method-list__name">{t.google}</span>
              {hasGoogle ? (
                <span className="chip">{t.linked}</span>
              ) : (
                <GoogleButton
                  label={t.linkGoogle}
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
          <ChangePassword email={props.user.email} name={props.user.name} />
        ) : (
          <SetPassword email={props.user.email} devOutbox={props.config.devOutbox} />
        )
      ) : null}
    </section>
  );
}

function ChangePassword(props: { email: string; name: string }) {
  const t = useText(signedInText);
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
    if (current === '') return setError(t.enterCurrent);
    // The server also refuses common passwords, with its own message.
    const problem = passwordProblemText(next, { email: props.email, name: props.name });
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
      toast.success(t.passwordChanged);
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
        {open ? t.cancel : t.changePassword}
      </button>
      {open ? (
        <form id={ids.panel} className="form" onSubmit={onSubmit} noValidate>
          {/* Lets password managers tie the new password to the right account. */}
          <input type="email" autoComplete="username" value={props.email} readOnly hidden />
          <div className="field">
            <label htmlFor={ids.current}>{t.currentPassword}</label>
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
            <label htmlFor={ids.next}>{t.newPassword}</label>
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
              {passwordHint()}
            </p>
          </div>
          <div id={ids.error} className="form-error" role="alert">
            {error}
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t.saving : t.saveNewPassword}
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
  const t = useText(signedInText);
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
          <RichText
            text={t.setPasswordSent}
            values={{ email: <strong className="auth-email">{props.email}</strong> }}
          />{' '}
          {props.devOutbox ? <Link to={accountLinks.outbox()}>{t.setPasswordOutbox}</Link> : null}
        </p>
      ) : (
        <>
          <p className="muted">{t.setPasswordLede}</p>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={send}
            disabled={state === 'busy'}
          >
            {state === 'busy' ? t.sending : t.emailMeALink}
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
  const t = useText(signedInText);
  const session = useSession();
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
          {state === 'sent' ? t.confirmSent : t.notConfirmed}{' '}
          {state === 'sent' && props.devOutbox ? (
            <Link to={accountLinks.outbox()}>{t.openOutbox}</Link>
          ) : null}
        </p>
        {state === 'sent' ? null : (
          <button
            type="button"
            className="auth-link-button"
            onClick={resend}
            disabled={state === 'busy'}
          >
            {state === 'busy' ? t.sending : t.sendAgain}
          </button>
        )}
        <div className="form-error" role="alert">
          {error}
        </div>
      </div>
    </div>
  );
}
