/**
 * An on/off switch: a button with role="switch" (Space and Enter flip it; its label, tied by
 * `id`, flips it too), its state said by `aria-checked` and described by a hint (`hintId`).
 * The one switch of the app: create's Publish, the notification settings, results' unlock alert.
 */
export function Switch(props: {
  id: string;
  hintId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  busy?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <button
      id={props.id}
      type="button"
      role="switch"
      aria-checked={props.checked}
      aria-describedby={props.hintId}
      aria-busy={props.busy || undefined}
      disabled={props.disabled}
      className="switch"
      onClick={() => props.onChange(!props.checked)}
      data-testid={props.testId}
    >
      <span className="switch__thumb" aria-hidden="true" />
    </button>
  );
}
