/**
 * The Create button, sticky: in view above the bottom navigation wherever the form has scrolled
 * to (create.css). Greyed, not disabled, while something is missing: pressing it says what.
 */
import { Crown } from 'lucide-react';
import { useText } from '../i18n/i18n';
import { submitBarText } from '../i18n/messages/create';

export function CreateSubmitBar(props: { pending: boolean; ready: boolean; hintId: string }) {
  const t = useText(submitBarText);
  return (
    <div className="create-submit">
      <div className="create-submit__bar">
        <button
          type="submit"
          className="btn btn-gold btn-lg btn-block"
          disabled={props.pending}
          aria-disabled={!props.ready || undefined}
          aria-describedby={props.ready ? undefined : props.hintId}
        >
          <Crown size={20} aria-hidden="true" />
          {props.pending ? t.creating : t.create}
        </button>
      </div>
    </div>
  );
}
