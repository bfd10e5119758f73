/**
 * The signed-out account screen: sign in, create an account, or get a password reset link. The
 * e-mail step tells which ways an address signs in (password, Google, or no account yet).
 *
 * The parts: auth-copy.ts (titles and labels), auth-intro.tsx (why you are here),
 * auth-mode-switch.tsx, credentials-form.tsx (sign in and register), reset-request-form.tsx,
 * reset-sent-view.tsx, auth-fields.tsx, email-hint.tsx; use-auth-view.ts (which one shows, and
 * focus after switching) and use-auth-submit.ts (checking and sending).
 */
import { Crown, MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { looksLikeEmail, type AuthConfig } from '../api/account';
import { signInWithGoogle } from '../api/auth-client';
import { viewDocTitle, viewTitle, type AuthView } from './auth-copy';
import type { AuthFieldValues } from './auth-field-check';
import { AuthIntro } from './auth-intro';
import { AuthModeSwitch } from './auth-mode-switch';
import { CredentialsForm } from './credentials-form';
import { GoogleButton } from './google-button';
import type { AuthMode } from './links';
import { ResetRequestForm } from './reset-request-form';
import { ResetSentView } from './reset-sent-view';
import { useAuthSubmit } from './use-auth-submit';
import { useAuthView, type FocusTarget } from './use-auth-view';
import { useMethodLookup } from './use-method-lookup';
import { useText } from '../i18n/i18n';
import { authFormText } from '../i18n/messages/account';
import { commonText } from '../i18n/messages/common';

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

export function AuthForm(props: AuthFormProps) {
  const t = useText(authFormText);
  const c = useText(commonText);
  const {
    view: mode,
    show,
    titleRef,
    nameRef,
    emailRef,
    passwordRef,
  } = useAuthView(props.initialMode);
  const [fields, setFields] = useState<AuthFieldValues>({ name: '', email: '', password: '' });
  const [error, setError] = useState<string | null>(props.initialError);
  const [note, setNote] = useState<string | null>(props.notice);
  const methods = useMethodLookup();
  const titleId = useId();
  const { email } = fields;
  const registering = mode === 'register';
  const found = methods.resultFor(email);

  const switchMode = (to: AuthView, focus: FocusTarget = null, keepNote = false) => {
    show(to, focus);
    setError(null);
    if (!keepNote) setNote(null);
  };

  const { busy, onSubmit } = useAuthSubmit({
    view: mode,
    fields,
    googleEnabled: props.config.googleEnabled,
    methods,
    setError,
    onNoAccount: () => {
      switchMode('register', 'name', true);
      setNote(t.noAccountNote);
    },
    onResetSent: () => switchMode('sent', 'title'),
    onSignedIn: props.onSignedIn,
  });

  const setField = (field: keyof AuthFieldValues, value: string) =>
    setFields((before) => ({ ...before, [field]: value }));
  const onEmailBlur = () => {
    if (looksLikeEmail(email)) void methods.lookup(email);
  };
  const onHintSwitch = (to: AuthMode) => switchMode(to, to === 'register' ? 'name' : 'password');
  const formProps = {
    titleId,
    error,
    busy,
    found,
    googleEnabled: props.config.googleEnabled,
    onSubmit,
    onEmailBlur,
    onHintSwitch,
  };

  return (
    <>
      <title>{c.pageTitle({ title: viewDocTitle(mode, t) })}</title>
      <section className="card auth-card" aria-labelledby={titleId}>
        <div className="auth-card__crown" aria-hidden="true">
          {mode === 'sent' ? <MailCheck size={28} /> : <Crown size={28} />}
        </div>
        <h1 id={titleId} ref={titleRef} tabIndex={-1} className="auth-card__title">
          {viewTitle(mode, t)}
        </h1>

        {mode === 'sent' ? (
          <ResetSentView
            email={email.trim()}
            devOutbox={props.config.devOutbox}
            onBack={() => switchMode('sign-in', 'password')}
            onResend={() => switchMode('forgot', 'email')}
          />
        ) : (
          <>
            <AuthIntro
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

            {mode === 'forgot' ? (
              <ResetRequestForm
                {...formProps}
                email={email}
                onEmailChange={(value) => setField('email', value)}
                onBack={() => switchMode('sign-in', 'password')}
                emailRef={emailRef}
              />
            ) : (
              <>
                <AuthModeSwitch registering={registering} onSwitch={(to) => switchMode(to)} />
                {props.config.googleEnabled ? (
                  <>
                    <GoogleButton
                      label={t.continueWithGoogle}
                      start={() => signInWithGoogle(props.googleTargets())}
                      onError={setError}
                    />
                    <p className="auth-divider">
                      <span>{t.orWithEmail}</span>
                    </p>
                  </>
                ) : null}
                <CredentialsForm
                  {...formProps}
                  mode={mode}
                  fields={fields}
                  onFieldChange={setField}
                  onForgot={() => switchMode('forgot', 'email')}
                  nameRef={nameRef}
                  emailRef={emailRef}
                  passwordRef={passwordRef}
                />
              </>
            )}
          </>
        )}
      </section>
    </>
  );
}
