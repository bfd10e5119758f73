/** Sign in or Create account: the two buttons over the form, the current one pressed. */
export function AuthModeSwitch(props: {
  registering: boolean;
  onSwitch: (to: 'sign-in' | 'register') => void;
}) {
  return (
    <div className="segmented" role="group" aria-label="Sign in or create an account">
      <button
        type="button"
        className="segmented__option"
        aria-pressed={!props.registering}
        onClick={() => props.onSwitch('sign-in')}
      >
        Sign in
      </button>
      <button
        type="button"
        className="segmented__option"
        aria-pressed={props.registering}
        onClick={() => props.onSwitch('register')}
      >
        Create account
      </button>
    </div>
  );
}
