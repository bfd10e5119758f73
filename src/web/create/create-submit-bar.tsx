/**
 * The create screen's and the builder's submit button, sticky: in view above the bottom
 * navigation wherever the form has scrolled to, on an opaque band (create.css). Its cover is
 * measured (ui/use-sticky-cover.ts), so focus moved with Tab scrolls clear of it. Greyed, not
 * disabled, while something is missing: pressing it says what.
 */
import { Crown } from 'lucide-react';
import { useStickyCover } from '../ui/use-sticky-cover';

export function CreateSubmitBar(props: {
  pending: boolean;
  ready: boolean;
  /** The button's words, and what it says while the form is sent. */
  label: string;
  pendingLabel: string;
  describedBy?: string;
}) {
  const coverRef = useStickyCover();
  return (
    <div className="create-submit" ref={coverRef}>
      <div className="create-submit__bar">
        <button
          type="submit"
          className="btn btn-gold btn-lg btn-block"
          disabled={props.pending}
          aria-disabled={!props.ready || undefined}
          aria-describedby={props.describedBy}
        >
          <Crown size={20} aria-hidden="true" />
          {props.pending ? props.pendingLabel : props.label}
        </button>
      </div>
    </div>
  );
}
