/**
 * The create screen's and the builder's submit button, sticky: in view above the bottom
 * navigation wherever the form has scrolled to, on an opaque band (create.css). Its cover is
 * measured (ui/use-sticky-cover.ts), so focus moved with Tab scrolls clear of it. Greyed, not
 * disabled, while something is missing: pressing it says what. Offline it says `offlineLabel`
 * ("Create when back online": pressing keeps the draft for then), and the offline notice
 * (`notice`) rides in the bar above it, never under the navigation.
 */
import { Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { useOnline } from '../api/offline';
import { useStickyCover } from '../ui/use-sticky-cover';

export function CreateSubmitBar(props: {
  pending: boolean;
  ready: boolean;
  /** The button's words, what it says while the form is sent, and while offline. */
  label: string;
  pendingLabel: string;
  offlineLabel?: string;
  describedBy?: string;
  notice?: ReactNode;
}) {
  const coverRef = useStickyCover();
  const online = useOnline();
  let label = props.label;
  if (props.pending) label = props.pendingLabel;
  else if (!online && props.offlineLabel) label = props.offlineLabel;
  return (
    <div className="create-submit" ref={coverRef}>
      <div className="create-submit__bar">
        {props.notice}
        <button
          type="submit"
          className="btn btn-gold btn-lg btn-block"
          disabled={props.pending}
          aria-disabled={!props.ready || undefined}
          aria-describedby={props.describedBy}
        >
          <Crown size={20} aria-hidden="true" />
          {label}
        </button>
      </div>
    </div>
  );
}
