/** The full-screen boot state: 'Loading… Initializing your session.' (SPEC §2 Shell). */
import { Crown } from 'lucide-react';
import { useText } from '../i18n/i18n';

export function BootScreen() {
  const t = useText('shell');
  return (
    <div className="boot-screen" role="status" aria-live="polite" data-testid="boot-screen">
      <div className="boot-screen__crown" aria-hidden="true">
        <Crown size={36} strokeWidth={2} />
      </div>
      <p className="boot-screen__title">{t('boot.title')}</p>
      <p className="boot-screen__text">{t('boot.text')}</p>
      <span className="spinner spinner--md" aria-hidden="true" />
    </div>
  );
}
