/**
 * The sign-in and registration form. They are one form: switching between them keeps the typed
 * fields and the e-mail hint's live region in place, adding or taking away the display name.
 */
import { useId, type FormEvent, type RefObject } from 'react';
import { cleanText } from '../../domain/text';
import type { MethodsLookup } from '../api/account';
import { submitLabel } from './auth-copy';
import { EmailField, FormError, NameField, PasswordField } from './auth-fields';
import { EmailHint } from './email-hint';
import type { AuthMode } from './links';
import type { AuthFieldValues } from './auth-field-check';
import { useText } from '../i18n/i18n';
import { authFormText } from '../i18n/messages/account';

type InputRef = RefObject<HTMLInputElement | null>;

export function CredentialsForm({
  nameRef,
  emailRef,
  passwordRef,
  ...props
}: {
  mode: 'sign-in' | 'register';
  titleId: string;
  fields: AuthFieldValues;
  onFieldChange: (field: keyof AuthFieldValues, value: string) => void;
  error: string | null;
  busy: boolean;
  /** How the typed address signs in, once looked up. */
  found: MethodsLookup | undefined;
  googleEnabled: boolean;
  onSubmit: (event: FormEvent) => void;
  onEmailBlur: () => void;
  /** A shortcut in the e-mail hint: Create an account, or Sign in instead. */
  onHintSwitch: (to: AuthMode) => void;
  onForgot: () => void;
  nameRef: InputRef;
  emailRef: InputRef;
  passwordRef: InputRef;
}) {
  const t = useText(authFormText);
  const { fields, error } = props;
  const registering = props.mode === 'register';
  const errorId = useId();
  return (
    <form
      className="form"
      onSubmit={props.onSubmit}
      noValidate
      aria-labelledby={props.titleId}
      aria-describedby={error ? errorId : undefined}
    >
      {registering ? (
        <NameField
          ref={nameRef}
          value={fields.name}
          onChange={(value) => props.onFieldChange('name', value)}
          invalid={error !== null && cleanText(fields.name) === ''}
        />
      ) : null}
      <EmailField
        ref={emailRef}
        value={fields.email}
        onChange={(value) => props.onFieldChange('email', value)}
        onBlur={props.onEmailBlur}
        autoComplete={registering ? 'email' : 'username'}
        hinted={props.found !== undefined}
        hint={
          <EmailHint
            mode={props.mode}
            found={props.found}
            googleEnabled={props.googleEnabled}
            onSwitch={props.onHintSwitch}
          />
        }
      />
      <PasswordField
        ref={passwordRef}
        value={fields.password}
        onChange={(value) => props.onFieldChange('password', value)}
        registering={registering}
        onForgot={props.onForgot}
      />

      <FormError id={errorId} error={error} />

      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={props.busy}>
        {submitLabel(props.mode, props.busy, t)}
      </button>
    </form>
  );
}
