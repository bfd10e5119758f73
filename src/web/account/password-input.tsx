/** A password field with a show/hide button. */
import { Eye, EyeOff } from 'lucide-react';
import { useState, type Ref } from 'react';
import { MAX_PASSWORD_LENGTH } from '../../domain/passwords';
import { useText } from '../i18n/i18n';
import { passwordInputText } from '../i18n/messages/account';

export function PasswordInput({
  ref,
  ...props
}: {
  id: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  describedBy?: string;
  invalid?: boolean;
  autoFocus?: boolean;
  ref?: Ref<HTMLInputElement>;
  /** What the toggle shows or hides, for screen readers: "Show password" (the default). */
  what?: 'password' | 'new' | 'confirmation';
}) {
  const t = useText(passwordInputText);
  const [shown, setShown] = useState(false);
  const labels = {
    password: [t.showPassword, t.hidePassword],
    new: [t.showNew, t.hideNew],
    confirmation: [t.showConfirmation, t.hideConfirmation],
  }[props.what ?? 'password'];
  return (
    <div className="input-with-button">
      <input
        id={props.id}
        ref={ref}
        className="input"
        type={shown ? 'text' : 'password'}
        autoComplete={props.autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={MAX_PASSWORD_LENGTH}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || undefined}
        autoFocus={props.autoFocus}
      />
      <button
        type="button"
        className="btn-icon input-with-button__button"
        onClick={() => setShown((before) => !before)}
        aria-label={shown ? labels[1] : labels[0]}
        aria-pressed={shown}
      >
        {shown ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
      </button>
    </div>
  );
}
