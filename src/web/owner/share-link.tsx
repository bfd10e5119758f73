/** The game's share link: as text that selects on focus with a copy button, and as a QR code. */
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../ui/toasts';
import type { GameView } from '../../domain/game';
import { shareUrl } from '../paths';
import { CopyLinkButton } from '../ui/copy-link-button';
import { downloadQrPng, QrCode } from '../ui/qr-code';
import { useText } from '../i18n/i18n';
import { shareLinkText } from '../i18n/messages/owner';

export function ShareLinkField(props: { game: GameView }) {
  const t = useText(shareLinkText);
  const inputId = useId();
  return (
    <div className="share-link">
      <label className="share-link__label" htmlFor={inputId}>
        {t.label}
      </label>
      <div className="share-link__row">
        <input
          id={inputId}
          className="input share-link__input"
          type="text"
          readOnly
          value={shareUrl(props.game.id)}
          onFocus={(event) => event.currentTarget.select()}
          onClick={(event) => event.currentTarget.select()}
          data-testid="share-link"
        />
        <CopyLinkButton gameId={props.game.id} variant="primary" />
      </div>
      <p className="share-link__hint">{t.hint}</p>
    </div>
  );
}

export function ShareQrCode(props: { game: GameView }) {
  const t = useText(shareLinkText);
  const { game } = props;
  const url = shareUrl(game.id);
  const [saving, setSaving] = useState(false);

  const download = async () => {
    setSaving(true);
    try {
      await downloadQrPng(url, `crowned-${game.slug || game.id}-qr.png`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t.qrFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <figure className="share-qr">
      <QrCode text={url} label={t.qrLabel} />
      <figcaption>
        <button
          type="button"
          className="btn btn-text share-qr__download"
          aria-disabled={saving}
          onClick={() => (saving ? undefined : void download())}
        >
          <Download size={16} aria-hidden="true" />
          {saving ? t.preparing : t.downloadQr}
        </button>
      </figcaption>
    </figure>
  );
}
