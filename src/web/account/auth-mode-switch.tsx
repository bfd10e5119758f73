/** Sign in or Create account: the two buttons over the form, the current one pressed. */
import { useText } from '../i18n/i18n';
import { authModeText } from '../i18n/messages/account';

export function AuthModeSwitch(props: {
  registering: boolean;
  onSwitch: (to: 'sign-in' | 'register') => void;
}) {
  const t = useText(authModeText);
  return (
    <div className="segmented" role="group" aria-label={t.label}>
      <button
        type="button"
        className="segmented__option"
        aria-pressed={!props.registering}
        onClick={() => props.onSwitch('sign-in')}
      >
        {t.signIn}
      </button>
      <button
        type="button"
        className="segmented__option"
        aria-pressed={props.registering}
        onClick={() => props.onSwitch('register')}
      >
        {t.createAccount}
      </button>
    </div>
  );
}
