/**
 * The Create button, sticky: in view above the bottom navigation wherever the form has scrolled
 * to (create.css). Greyed, not disabled, while something is missing: pressing it says what.
 * Offline it says "Create when back online" (pressing keeps the draft for then), and the offline
 * notice (`notice`) rides in the bar above it, never under the navigation.
 */
import { Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { useOnline } from '../api/offline';
import { useText } from '../i18n/i18n';
import { submitBarText } from '../i18n/messages/create';

export function CreateSubmitBar(props: {
  pending: boolean;
  ready: boolean;
  hintId: string;
  notice?: ReactNode;
}) {
  const t = useText(submitBarText);
  const online = useOnline();
  let label = t.create;
  if (props.pending) label = t.creating;
  else if (!online) label = t.createOffline;
  return (
    <div className="create-submit">
      <div className="create-submit__bar">
        {props.notice}
        <button
          type="submit"
          className="btn btn-gold btn-lg btn-block"
          disabled={props.pending}
          aria-disabled={!props.ready || undefined}
          aria-describedby={props.ready ? undefined : props.hintId}
        >
          <Crown size={20} aria-hidden="true" />
          {label}
        </button>
      </div>
    </div>
  );
}
