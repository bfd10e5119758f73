/** Forgot password: the e-mail to send a reset link to, and the way back to signing in. */
import { useId, type FormEvent, type RefObject } from 'react';
import type { MethodsLookup } from '../api/account';
import { submitLabel } from './auth-copy';
import { EmailField, FormError } from './auth-fields';
import { EmailHint } from './email-hint';
import type { AuthMode } from './links';
import { useText } from '../i18n/i18n';
import { authFormText, resetSentText } from '../i18n/messages/account';

export function ResetRequestForm({
  emailRef,
  ...props
}: {
  titleId: string;
  email: string;
  onEmailChange: (value: string) => void;
  error: string | null;
  busy: boolean;
  found: MethodsLookup | undefined;
  googleEnabled: boolean;
  onSubmit: (event: FormEvent) => void;
  onEmailBlur: () => void;
  onHintSwitch: (to: AuthMode) => void;
  onBack: () => void;
  emailRef: RefObject<HTMLInputElement | null>;
}) {
  const t = useText(authFormText);
  const back = useText(resetSentText);
  const errorId = useId();
  return (
    <form
      className="form"
      onSubmit={props.onSubmit}
      noValidate
      aria-labelledby={props.titleId}
      aria-describedby={props.error ? errorId : undefined}
    >
      <EmailField
        ref={emailRef}
        value={props.email}
        onChange={props.onEmailChange}
        onBlur={props.onEmailBlur}
        autoComplete="username"
        hinted={props.found !== undefined}
        hint={
          <EmailHint
            mode="forgot"
            found={props.found}
            googleEnabled={props.googleEnabled}
            onSwitch={props.onHintSwitch}
          />
        }
      />

      <FormError id={errorId} error={props.error} />

      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={props.busy}>
        {submitLabel('forgot', props.busy, t)}
      </button>
      <button type="button" className="auth-link-button center" onClick={props.onBack}>
        {back.backToSignIn}
      </button>
    </form>
  );
}
