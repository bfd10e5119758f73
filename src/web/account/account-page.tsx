/** /account and /login: register or sign in, then go back where the person came from (?next=). */
import { Crown, Eye, EyeOff, LogOut } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { MAX_NAME_LENGTH } from '../../domain/limits';
import { authClient } from '../api/auth-client';
import { authErrorMessage, thrownAuthErrorMessage } from '../api/auth-errors';
import { safeNext } from '../paths';
import { PageLoading } from '../shell/loading';
import { useSignOut } from '../shell/use-sign-out';
import { useViewer } from '../shell/use-viewer';
import './account.css';

type Mode = 'sign-in' | 'register';

const MIN_PASSWORD = 8;

export function AccountPage() {
  const viewer = useViewer();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));

  if (viewer.status === 'loading') return <PageLoading label="Checking your session…" />;
  if (viewer.status === 'signed-in') return <SignedIn name={viewer.user.name} next={next} />;
  return (
    <AuthForm
      next={next}
      isGuest={viewer.status === 'guest'}
      cameFromElsewhere={params.has('next')}
    />
  );
}

function SignedIn(props: { name: string; next: string }) {
  const { signOut, signingOut: busy } = useSignOut();
  return (
    <>
      <title>Account · Crowned</title>
      <section className="card auth-card">
        <div className="auth-card__crown" aria-hidden="true">
          <Crown size={28} />
        </div>
        <h1 className="auth-card__title">Hi, {props.name}</h1>
        <p className="muted center">You are signed in.</p>
        <div className="stack">
          <Link className="btn btn-primary btn-block" to={props.next}>
            Continue
          </Link>
          <button
            type="button"
            className="btn btn-secondary btn-block"
            onClick={signOut}
            disabled={busy}
          >
            <LogOut size={18} aria-hidden="true" />
            {busy ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      </section>
    </>
  );
}

function AuthForm(props: { next: string; isGuest: boolean; cameFromElsewhere: boolean }) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('sign-in');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { name: useId(), email: useId(), password: useId(), hint: useId(), error: useId() };
  const registering = mode === 'register';

  const switchMode = (to: Mode) => {
    setMode(to);
    setError(null);
  };

  const validate = (): string | null => {
    if (registering && name.trim() === '') return 'Please enter a display name.';
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return 'Please enter a valid email address.';
    if (password === '') return 'Please enter your password.';
    if (registering && password.length < MIN_PASSWORD) {
      return `Password must be at least ${MIN_PASSWORD} characters.`;
    }
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
      const result = registering
        ? await authClient.signUp.email({ name: name.trim(), email: email.trim(), password })
        : await authClient.signIn.email({ email: email.trim(), password });
      if (result.error) {
        setError(authErrorMessage(result.error));
        return;
      }
      const who = result.data?.user.name;
      toast.success(
        registering
          ? `Welcome to Crowned${who ? `, ${who}` : ''}!`
          : `Welcome back${who ? `, ${who}` : ''}!`,
      );
      navigate(props.next, { replace: true });
    } catch (thrown) {
      setError(thrownAuthErrorMessage(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <title>{registering ? 'Create account · Crowned' : 'Sign in · Crowned'}</title>
      <section className="card auth-card" aria-labelledby="auth-title">
        <div className="auth-card__crown" aria-hidden="true">
          <Crown size={28} />
        </div>
        <h1 id="auth-title" className="auth-card__title">
          {registering ? 'Create your account' : 'Sign in to Crowned'}
        </h1>
        {props.cameFromElsewhere ? (
          <p className="muted center">Sign in or create an account to continue.</p>
        ) : props.isGuest ? (
          <p className="muted center">
            You are playing as a guest. Create an account to make your own ranks.
          </p>
        ) : null}

        <div className="segmented" role="group" aria-label="Choose">
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

        <form
          className="form"
          onSubmit={onSubmit}
          noValidate
          aria-describedby={error ? ids.error : undefined}
        >
          {registering ? (
            <div className="field">
              <label htmlFor={ids.name}>Display name</label>
              <input
                id={ids.name}
                className="input"
                type="text"
                autoComplete="nickname"
                maxLength={MAX_NAME_LENGTH}
                value={name}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={error !== null && name.trim() === ''}
              />
            </div>
          ) : null}
          <div className="field">
            <label htmlFor={ids.email}>Email</label>
            <input
              id={ids.email}
              className="input"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="off"
              spellCheck={false}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.password}>Password</label>
            <div className="input-with-button">
              <input
                id={ids.password}
                className="input"
                type={showPassword ? 'text' : 'password'}
                autoComplete={registering ? 'new-password' : 'current-password'}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-describedby={registering ? ids.hint : undefined}
              />
              <button
                type="button"
                className="btn-icon input-with-button__button"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                aria-pressed={showPassword}
              >
                {showPassword ? (
                  <EyeOff size={18} aria-hidden="true" />
                ) : (
                  <Eye size={18} aria-hidden="true" />
                )}
              </button>
            </div>
            {registering ? (
              <p id={ids.hint} className="field__hint">
                At least {MIN_PASSWORD} characters.
              </p>
            ) : null}
          </div>

          <div id={ids.error} className="form-error" role="alert" aria-live="assertive">
            {error}
          </div>

          <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy}>
            {busy
              ? registering
                ? 'Creating account…'
                : 'Signing in…'
              : registering
                ? 'Create account'
                : 'Sign in'}
          </button>
        </form>
      </section>
    </>
  );
}
