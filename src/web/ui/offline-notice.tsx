/** The persistent "you're offline, it is kept" message (a status region, not a toast). */
import { CloudOff } from 'lucide-react';

export function OfflineNotice(props: { message: string | null }) {
  // The region is always there so screen readers announce the message when it appears.
  return (
    <div className="offline-status" role="status" data-testid="offline-notice">
      {props.message ? (
        <p className="notice notice--warning offline-status__notice">
          <CloudOff size={18} aria-hidden="true" />
          <span>{props.message}</span>
        </p>
      ) : null}
    </div>
  );
}
