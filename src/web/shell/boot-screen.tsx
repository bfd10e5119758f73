/** The full-screen boot state: 'Loading… Initializing your session.' (SPEC §2 Shell). */
import { Crown } from 'lucide-react';

export function BootScreen() {
  return (
    <div className="boot-screen" role="status" aria-live="polite" data-testid="boot-screen">
      <div className="boot-screen__crown" aria-hidden="true">
        <Crown size={36} strokeWidth={2} />
      </div>
      <p className="boot-screen__title">Loading…</p>
      <p className="boot-screen__text">Initializing your session.</p>
      <span className="spinner spinner--md" aria-hidden="true" />
    </div>
  );
}
