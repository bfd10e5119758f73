/**
 * The account screens, one component per route: /account and /login (AccountPage), /login/gate
 * (LoginGatePage), /account/reset (ResetPasswordPage) and /dev/outbox (DevOutboxPage).
 */
import { Crown, Mail, UserRound } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../ui/toasts';
import { authClient, signInWithGoogle } from '../api/auth-client';
import { authErrorMessage, oauthErrorMessage, thrownAuthErrorMessage } from '../api/auth-errors';
import { paths } from '../paths';
import { PageLoading } from '../ui/loading';
import { currentCreateSignInReason } from './sign-in-reason';
import { peekLoginNext, sanitizeNext, takeLoginNext } from '../shell/session/login-next';
import { useViewer } from '../shell/session/use-viewer';
import { useAuthConfig } from '../api/account';
import { AuthForm } from './auth-form';
import { GoogleButton } from './google-button';
import { accountLinks, parseMode } from './links';
import { OutboxView } from './outbox-view';
import { useText } from '../i18n/i18n';
import { accountPagesText } from '../i18n/messages/account';
import { commonText } from '../i18n/messages/common';
import { bootText } from '../i18n/messages/shell';
import { InvalidResetLink, ResetPasswordForm } from './reset-password-view';
import { SignedInView } from './signed-in-view';
import './account.css';

/** `?notice=` lines shown on arrival. */
function noticeFor(notice: string | null): string | null {
  return notice === 'password-reset' ? accountPagesText.get().passwordResetNotice : null;
}

/**
 * Leaving the sign-in screens for where the person was going (`?next=`, else the stored target,
 * else /). The target is taken (and its stored copy cleared) once per screen.
 */
function useSignInExit(nextParam: string | null) {
  const navigate = useNavigate();
  const taken = useRef<string | null>(null);
  const target = useCallback(() => {
    taken.current ??= takeLoginNext(nextParam);
    return taken.current;
  }, [nextParam]);
  const leave = useCallback(() => void navigate(target(), { replace: true }), [navigate, target]);
  return { target, leave };
}

/**
 * The `?error=` a failed Google round trip came back with, in words: read once, then taken off
 * the address so a reload or a shared link does not show it again.
 */
function useOAuthError(): string | null {
  const [params, setParams] = useSearchParams();
  const [message] = useState(() => oauthErrorMessage(params.get('error')));
  useEffect(() => {
    if (!params.has('error')) return;
    const rest = new URLSearchParams(params);
    rest.delete('error');
    rest.delete('error_description');
    setParams(rest, { replace: true });
  }, [params, setParams]);
  return message;
}

/** Where Google sends the person back: the target, or this screen with `?error=` on failure. */
function googleTargets(target: string, errorScreen: 'login' | 'gate') {
  return {
    callbackURL: target,
    errorCallbackURL:
      errorScreen === 'gate' ? accountLinks.gate(target) : accountLinks.login({ next: target }),
  };
}

/** /account and /login: sign in, register or reset when signed out; the account when signed in. */
export function AccountPage() {
  const boot = useText(bootText);
  const viewer = useViewer();
  const location = useLocation();
  const [params] = useSearchParams();
  const config = useAuthConfig();
  const nextParam = params.get('next');
  const { target, leave } = useSignInExit(nextParam);
  const oauthError = useOAuthError();
  const onLogin = location.pathname.startsWith('/login');
  const signedIn = viewer.status === 'signed-in';
  // Sent here by pressing Create: the screen says why, and that the draft will be created.
  const [reason] = useState(() => currentCreateSignInReason(nextParam || peekLoginNext() || ''));

  // /login is for getting in: someone already in goes straight on.
  useEffect(() => {
    if (onLogin && signedIn) leave();
  }, [onLogin, signedIn, leave]);

  if (viewer.status === 'loading' || config.isPending) {
    return <PageLoading label={boot.checking} />;
  }
  const authConfig = config.data ?? { googleEnabled: false, devOutbox: false };
  if (viewer.status === 'signed-in') {
    if (onLogin) return <PageLoading label={boot.signingIn} />;
    return <SignedInView user={viewer.user} config={authConfig} linkError={oauthError} />;
  }
  const isGuest = viewer.status === 'guest';
  const modeParam = params.get('mode');
  const notice = noticeFor(params.get('notice'));
  return (
    <AuthForm
      key={`${modeParam}:${params.get('notice')}`}
      initialMode={parseMode(modeParam) ?? (isGuest ? 'register' : 'sign-in')}
      isGuest={isGuest}
      cameFromElsewhere={nextParam !== null}
      reason={reason}
      notice={notice}
      initialError={oauthError}
      config={authConfig}
      googleTargets={() => googleTargets(target(), 'login')}
      onSignedIn={leave}
    />
  );
}

/** A game route: where a guest can go without an account. */
function isGameTarget(target: string): boolean {
  return /^\/g\/[^/?#]+/.test(target);
}

/** /login/gate: how do you want in? Google, e-mail, or (for a shared game) as a guest. */
export function LoginGatePage() {
  const t = useText(accountPagesText);
  const c = useText(commonText);
  const boot = useText(bootText);
  const viewer = useViewer();
  const [params] = useSearchParams();
  const config = useAuthConfig();
  const nextParam = params.get('next');
  const { target, leave } = useSignInExit(nextParam);
  const oauthError = useOAuthError();
  const [error, setError] = useState<string | null>(oauthError);
  const [joining, setJoining] = useState(false);
  const signedIn = viewer.status === 'signed-in';
  // Where this is heading, without taking it yet (the e-mail route still needs it).
  const [heading] = useState(() =>
    sanitizeNext(nextParam || peekLoginNext(), window.location.origin),
  );
  const forGame = isGameTarget(heading);

  useEffect(() => {
    if (signedIn) leave();
  }, [signedIn, leave]);

  if (viewer.status === 'loading' || config.isPending || signedIn) {
    return <PageLoading label={boot.checking} />;
  }
  const googleEnabled = config.data?.googleEnabled ?? false;
  const isGuest = viewer.status === 'guest';

  const continueAsGuest = async () => {
    if (isGuest) return leave();
    setJoining(true);
    setError(null);
    try {
      const { error: failed } = await authClient.signIn.anonymous();
      if (failed) {
        setError(authErrorMessage(failed));
        setJoining(false);
        return;
      }
      leave();
    } catch (thrown) {
      setError(thrownAuthErrorMessage(thrown));
      setJoining(false);
    }
  };

  return (
    <>
      <title>{c.pageTitle({ title: forGame ? t.gameDocTitle : t.signInDocTitle })}</title>
      <section className="card auth-card" aria-labelledby="gate-title">
        <div className="auth-card__crown" aria-hidden="true">
          <Crown size={28} />
        </div>
        <h1 id="gate-title" className="auth-card__title">
          {forGame ? t.gameTitle : t.gateTitle}
        </h1>
        <p className="muted center">{forGame ? t.gameLede : isGuest ? t.guestLede : t.gateLede}</p>
        <div className="stack">
          {forGame ? (
            <>
              <button
                type="button"
                className="btn btn-primary btn-block btn-lg"
                onClick={continueAsGuest}
                disabled={joining}
              >
                <UserRound size={18} aria-hidden="true" />
                {joining ? t.joining : t.continueAsGuest}
              </button>
              <p className="field__hint center">{t.guestNote}</p>
              <p className="auth-divider">
                <span>{t.orSignIn}</span>
              </p>
            </>
          ) : null}
          {googleEnabled ? (
            <GoogleButton
              label={t.continueWithGoogle}
              start={() => signInWithGoogle(googleTargets(target(), 'gate'))}
              onError={setError}
            />
          ) : null}
          <Link
            className={`btn btn-block ${googleEnabled || forGame ? 'btn-secondary' : 'btn-primary'}`}
            to={accountLinks.login({ next: nextParam })}
          >
            <Mail size={18} aria-hidden="true" />
            {t.continueWithEmail}
          </Link>
        </div>
        <div className="form-error" role="alert">
          {error}
        </div>
      </section>
    </>
  );
}

/** /account/reset?token=…: the page the password reset mail's link lands on. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const viewer = useViewer();
  const token = params.get('token');
  const signedIn = viewer.status === 'signed-in';
  if (params.get('error') || !token) return <InvalidResetLink signedIn={signedIn} />;
  return (
    <ResetPasswordForm
      token={token}
      signedIn={signedIn}
      onDone={() => {
        toast.success(accountPagesText.get().passwordChanged);
        // Signed in already (reset from another tab, say): back to the account, else sign in.
        void navigate(
          signedIn ? paths.account() : accountLinks.login({ notice: 'password-reset' }),
          { replace: true },
        );
      }}
    />
  );
}

/** /dev/outbox: mail kept locally when there is no SMTP server (development only). */
export function DevOutboxPage() {
  const t = useText(accountPagesText);
  const c = useText(commonText);
  return (
    <>
      <title>{c.pageTitle({ title: t.outboxDocTitle })}</title>
      <OutboxView />
    </>
  );
}
