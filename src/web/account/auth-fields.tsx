/** The account screen's fields: display name, e-mail (with a hint under it) and password. */
import { useId, type ReactNode, type Ref } from 'react';
import { MAX_ACCOUNT_NAME_LENGTH } from '../../domain/game';
import { passwordHint } from './password-words';
import { PasswordInput } from './password-input';
import { useText } from '../i18n/i18n';
import { authFieldsText } from '../i18n/messages/account';

export function NameField({
  ref,
  ...props
}: {
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  const t = useText(authFieldsText);
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t.displayName}</label>
      <input
        id={id}
        ref={ref}
        className="input"
        type="text"
        autoComplete="nickname"
        maxLength={MAX_ACCOUNT_NAME_LENGTH}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.invalid}
      />
    </div>
  );
}

/** The e-mail field; `hint` (how this address signs in) is read out as it changes. */
export function EmailField({
  ref,
  ...props
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  autoComplete: 'email' | 'username';
  /** Whether there is a hint to tie to the field. */
  hinted: boolean;
  hint: ReactNode;
  ref?: Ref<HTMLInputElement>;
}) {
  const t = useText(authFieldsText);
  const ids = { email: useId(), hint: useId() };
  return (
    <div className="field">
      <label htmlFor={ids.email}>{t.email}</label>
      <input
        id={ids.email}
        ref={ref}
        className="input"
        type="email"
        inputMode="email"
        autoComplete={props.autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
        aria-describedby={props.hinted ? ids.hint : undefined}
      />
      <div id={ids.hint} className="auth-hint" aria-live="polite">
        {props.hint}
      </div>
    </div>
  );
}

/** The password: a new one (with the rules under it) or the current one (with Forgot password?). */
export function PasswordField({
  ref,
  ...props
}: {
  value: string;
  onChange: (value: string) => void;
  registering: boolean;
  onForgot: () => void;
  ref?: Ref<HTMLInputElement>;
}) {
  const t = useText(authFieldsText);
  const ids = { password: useId(), hint: useId() };
  return (
    <div className="field">
      <div className="auth-label-row">
        <label htmlFor={ids.password}>{t.password}</label>
        {props.registering ? null : (
          <button type="button" className="auth-link-button" onClick={props.onForgot}>
            {t.forgotPassword}
          </button>
        )}
      </div>
      <PasswordInput
        id={ids.password}
        ref={ref}
        autoComplete={props.registering ? 'new-password' : 'current-password'}
        value={props.value}
        onChange={props.onChange}
        describedBy={props.registering ? ids.hint : undefined}
      />
      {props.registering ? (
        <p id={ids.hint} className="field__hint">
          {passwordHint()}
        </p>
      ) : null}
    </div>
  );
}

/** The form's error line, read out when it changes. */
export function FormError(props: { id: string; error: string | null }) {
  return (
    <div id={props.id} className="form-error" role="alert">
      {props.error}
    </div>
  );
}
