/** The full-screen boot state: 'Loading… Initializing your session.' (SPEC §2 Shell). */
import { Crown } from 'lucide-react';
import { useText } from '../../i18n/i18n';
import { bootText } from '../../i18n/messages/shell';

export function BootScreen() {
  const t = useText(bootText);
  return (
    <div className="boot-screen" role="status" aria-live="polite" data-testid="boot-screen">
      <div className="boot-screen__crown" aria-hidden="true">
        <Crown size={36} strokeWidth={2} />
      </div>
      <p className="boot-screen__title">{t.title}</p>
      <p className="boot-screen__text">{t.text}</p>
      <span className="spinner spinner--md" aria-hidden="true" />
    </div>
  );
}
