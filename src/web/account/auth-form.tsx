/**
 * The signed-out account screen: sign in, create an account, or get a password reset link. The
 * e-mail step tells which ways an address signs in (password, Google, or no account yet).
 */
import { Crown, Inbox, MailCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../shell/toasts';
import { MAX_ACCOUNT_NAME_LENGTH, MESSAGES } from '../../domain/game';
import { PASSWORD_HINT, passwordProblem } from '../../domain/passwords';
import { cleanText } from '../../domain/text';
import { authClient, signInWithGoogle } from '../api/auth-client';
import { authErrorMessage, thrownAuthErrorMessage } from '../api/auth-errors';
import { looksLikeEmail, type AuthConfig, type MethodsLookup } from './account-api';
import { GoogleButton } from './google-button';
import { PasswordInput } from './password-input';
import { accountLinks, type AuthMode } from './links';
import { useMethodLookup } from './use-method-lookup';

type Mode = AuthMode | 'sent';

export type AuthFormProps = {
  initialMode: AuthMode;
  isGuest: boolean;
  /** The person was sent here from somewhere they want to get back to. */
  cameFromElsewhere: boolean;
  /** Why they were sent here, when there is more to say (pressing Create: decision 0020). */
  reason?: string | null;
  /** A line to show on arrival (e.g. after a password reset). */
  notice: string | null;
  /** An error to show on arrival (e.g. a failed Google round trip). */
  initialError: string | null;
  config: AuthConfig;
  /** Where Google should land afterwards, worked out when the button is pressed. */
  googleTargets: () => { callbackURL: string; errorCallbackURL: string };
  onSignedIn: () => void;
};

const TITLES: Record<Mode, string> = {
  'sign-in': 'Sign in to Crowned',
  register: 'Create your account',
  forgot: 'Reset your password',
  sent: 'Check your inbox',
};

const DOC_TITLES: Record<Mode, string> = {
  'sign-in': 'Sign in · Crowned',
  register: 'Create account · Crowned',
  forgot: 'Reset password · Crowned',
  sent: 'Check your inbox · Crowned',
};

const SUBMIT_LABELS: Record<AuthMode, string> = {
  'sign-in': 'Sign in',
  register: 'Create account',
  forgot: 'Send reset link',
};

const BUSY_LABELS: Record<AuthMode, string> = {
  'sign-in': 'Signing in…',
  register: 'Creating account…',
  forgot: 'Sending…',
};

function googleOnlyMessage(googleEnabled: boolean): string {
  return googleEnabled
    ? 'This email signs in with Google. Use Continue with Google.'
    : 'This email signs in with Google, which is not available right now. Use "Forgot password?" to set a password.';
}

export function AuthForm(props: AuthFormProps) {
  const [mode, setMode] = useState<Mode>(props.initialMode);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(props.initialError);
  const [note, setNote] = useState<string | null>(props.notice);
  const [busy, setBusy] = useState(false);
  const { lookup, resultFor, forget } = useMethodLookup();
  const ids = {
    title: useId(),
    name: useId(),
    email: useId(),
    emailHint: useId(),
    password: useId(),
    passwordHint: useId(),
    error: useId(),
  };
  const titleRef = useRef<HTMLHeadingElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  /** Where focus goes after the next mode change (none on first render). */
  const focusNext = useRef<'title' | 'name' | 'email' | 'password' | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'title') titleRef.current?.focus();
    else if (target === 'name') nameRef.current?.focus();
    else if (target === 'email') emailRef.current?.focus();
    else if (target === 'password') passwordRef.current?.focus();
  }, [mode]);

  const registering = mode === 'register';
  const found = resultFor(email);

  const switchMode = (to: Mode, focus: typeof focusNext.current = null, keepNote = false) => {
    focusNext.current = focus;
    setMode(to);
    setError(null);
    if (!keepNote) setNote(null);
  };

  const validate = (): string | null => {
    if (registering && cleanText(name) === '') return MESSAGES.nameRequired;
    if (!looksLikeEmail(email)) return 'Please enter a valid email address.';
    if (mode === 'forgot') return null;
    if (!registering) return password === '' ? 'Please enter your password.' : null;
    // The server also refuses common passwords, with its own message.
    return passwordProblem(password);
  };

  /** Sign-in failed with "invalid email or password": which of the two, if the lookup can say. */
  const explainFailedSignIn = async (): Promise<string> => {
    const result = await lookup(email);
    if (result?.kind === 'found') {
      if (result.methods.length === 0) return 'No account found for that email.';
      if (!result.methods.includes('password'))
        return googleOnlyMessage(props.config.googleEnabled);
    }
    return 'Incorrect password.';
  };

  const signInOrRegister = async () => {
    const known = resultFor(email);
    if (!registering && known?.kind === 'found') {
      if (known.methods.length === 0) {
        // Nobody to sign in: offer to create the account with what was typed.
        switchMode('register', 'name', true);
        setNote(
          'No account found for that email. Create one below: add a display name and you are in.',
        );
        return;
      }
      if (!known.methods.includes('password')) {
        setError(googleOnlyMessage(props.config.googleEnabled));
        return;
      }
    }
    const result = registering
      ? await authClient.signUp.email({ name: cleanText(name), email: email.trim(), password })
      : await authClient.signIn.email({ email: email.trim(), password });
    if (result.error) {
      setError(
        result.error.code === 'INVALID_EMAIL_OR_PASSWORD'
          ? await explainFailedSignIn()
          : authErrorMessage(result.error),
      );
      return;
    }
    if (registering) forget(email);
    const who = result.data?.user.name;
    toast.success(
      registering
        ? `Welcome to Crowned${who ? `, ${who}` : ''}!`
        : `Welcome back${who ? `, ${who}` : ''}!`,
    );
    props.onSignedIn();
  };

  const sendResetLink = async () => {
    const { error: failed } = await authClient.requestPasswordReset({
      email: email.trim(),
      redirectTo: accountLinks.reset(),
    });
    if (failed) {
      setError(authErrorMessage(failed));
      return;
    }
    switchMode('sent', 'title');
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
      if (mode === 'forgot') await sendResetLink();
      else await signInOrRegister();
    } catch (thrown) {
      setError(thrownAuthErrorMessage(thrown));
    } finally {
      setBusy(false);
    }
  };

  const onEmailBlur = () => {
    if (looksLikeEmail(email)) void lookup(email);
  };

  const onHintSwitch = (to: AuthMode) => switchMode(to, to === 'register' ? 'name' : 'password');

  const submitLabel = (busy ? BUSY_LABELS : SUBMIT_LABELS)[mode as AuthMode];

  return (
    <>
      <title>{DOC_TITLES[mode]}</title>
      <section className="card auth-card" aria-labelledby={ids.title}>
        <div className="auth-card__crown" aria-hidden="true">
          {mode === 'sent' ? <MailCheck size={28} /> : <Crown size={28} />}
        </div>
        <h1 id={ids.title} ref={titleRef} tabIndex={-1} className="auth-card__title">
          {TITLES[mode]}
        </h1>

        {mode === 'sent' ? (
          <SentView
            email={email.trim()}
            devOutbox={props.config.devOutbox}
            onBack={() => switchMode('sign-in', 'password')}
            onResend={() => switchMode('forgot', 'email')}
          />
        ) : (
          <>
            <Intro
              mode={mode}
              isGuest={props.isGuest}
              cameFromElsewhere={props.cameFromElsewhere}
              reason={props.reason ?? null}
            />
            {note ? (
              <p className="notice auth-notice--success auth-note" role="status">
                {note}
              </p>
            ) : null}

            {mode === 'forgot' ? null : (
              <>
                <div className="segmented" role="group" aria-label="Sign in or create an account">
                  <button
                    type="button"
                    className="segmented__option"
                    aria-pressed={!registering}
                    onClick={() => switchMode('sign-in')}
                  >
                    Sign in
                  </button>
                  <button
                    type="button"
                    className="segmented__option"
                    aria-pressed={registering}
                    onClick={() => switchMode('register')}
                  >
                    Create account
                  </button>
                </div>
                {props.config.googleEnabled ? (
                  <>
                    <GoogleButton
                      label="Continue with Google"
                      start={() => signInWithGoogle(props.googleTargets())}
                      onError={setError}
                    />
                    <p className="auth-divider">
                      <span>or with email</span>
                    </p>
                  </>
                ) : null}
              </>
            )}

            <form
              className="form"
              onSubmit={onSubmit}
              noValidate
              aria-labelledby={ids.title}
              aria-describedby={error ? ids.error : undefined}
            >
              {registering ? (
                <div className="field">
                  <label htmlFor={ids.name}>Display name</label>
                  <input
                    id={ids.name}
                    ref={nameRef}
                    className="input"
                    type="text"
                    autoComplete="nickname"
                    maxLength={MAX_ACCOUNT_NAME_LENGTH}
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    aria-invalid={error !== null && cleanText(name) === ''}
                  />
                </div>
              ) : null}
              <div className="field">
                <label htmlFor={ids.email}>Email</label>
                <input
                  id={ids.email}
                  ref={emailRef}
                  className="input"
                  type="email"
                  inputMode="email"
                  autoComplete={registering ? 'email' : 'username'}
                  autoCapitalize="off"
                  spellCheck={false}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  onBlur={onEmailBlur}
                  aria-describedby={found ? ids.emailHint : undefined}
                />
                <div id={ids.emailHint} className="auth-hint" aria-live="polite">
                  <EmailHint
                    mode={mode}
                    found={found}
                    googleEnabled={props.config.googleEnabled}
                    onSwitch={onHintSwitch}
                  />
                </div>
              </div>
              {mode === 'forgot' ? null : (
                <div className="field">
                  <div className="auth-label-row">
                    <label htmlFor={ids.password}>Password</label>
                    {registering ? null : (
                      <button
                        type="button"
                        className="auth-link-button"
                        onClick={() => switchMode('forgot', 'email')}
                      >
                        Forgot password?
                      </button>
                    )}
                  </div>
                  <PasswordInput
                    id={ids.password}
                    ref={passwordRef}
                    autoComplete={registering ? 'new-password' : 'current-password'}
                    value={password}
                    onChange={setPassword}
                    describedBy={registering ? ids.passwordHint : undefined}
                  />
                  {registering ? (
                    <p id={ids.passwordHint} className="field__hint">
                      {PASSWORD_HINT}
                    </p>
                  ) : null}
                </div>
              )}

              <div id={ids.error} className="form-error" role="alert">
                {error}
              </div>

              <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
                {submitLabel}
              </button>
              {mode === 'forgot' ? (
                <button
                  type="button"
                  className="auth-link-button center"
                  onClick={() => switchMode('sign-in', 'password')}
                >
                  Back to sign in
                </button>
              ) : null}
            </form>
          </>
        )}
      </section>
    </>
  );
}

function Intro(props: {
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

/** The line under the e-mail field: how this address signs in, with a shortcut when it helps. */
function EmailHint(options: {
  mode: Mode;
  found: MethodsLookup | undefined;
  googleEnabled: boolean;
  onSwitch: (to: AuthMode) => void;
}): ReactNode {
  const { mode, found } = options;
  if (!found || mode === 'sent') return null;
  if (found.kind === 'rate-limited') {
    return (
      <span className="muted">
        We cannot check this email right now (too many lookups). You can still continue.
      </span>
    );
  }
  if (found.kind !== 'found') return null;
  const { methods } = found;
  const password = methods.includes('password');
  const google = methods.includes('google');
  if (methods.length === 0) {
    if (mode === 'register') return null;
    return (
      <>
        No account found for that email.{' '}
        {mode === 'sign-in' ? (
          <button
            type="button"
            className="auth-link-button"
            onClick={() => options.onSwitch('register')}
          >
            Create an account
          </button>
        ) : null}
      </>
    );
  }
  const how =
    password && google
      ? 'This email signs in with a password or with Google.'
      : google
        ? options.googleEnabled
          ? 'This email signs in with Google.'
          : 'This email signs in with Google (not available right now). Reset the password to add one.'
        : 'This email signs in with a password.';
  if (mode === 'register') {
    return (
      <>
        That email already has an account. {how}{' '}
        <button
          type="button"
          className="auth-link-button"
          onClick={() => options.onSwitch('sign-in')}
        >
          Sign in instead
        </button>
      </>
    );
  }
  return how;
}

function SentView(props: {
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
