/**
 * The owner's "Get embed code" (issue 24 item 9): the iframe snippet for the game's live card at
 * /embed/g/:id (the only page of ours another site may frame, src/server/share/embed.ts), shown
 * to read and select, with a button that copies it.
 */
import { Check, Code, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import type { GameView } from '../../domain/game';
import { embedUrl } from '../paths';
import { copyText } from '../ui/copy-link-button';
import { ButtonDialog } from '../ui/button-dialog';
import { DialogHead } from '../ui/dialog-head';
import { toast } from '../ui/toasts';
import { useText } from '../i18n/i18n';
import { embedDialogText } from '../i18n/messages/owner';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML to paste: a borderless, lazy iframe as wide as the card (600 px at most). */
export function embedSnippet(src: string, title: string): string {
  return (
    `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" ` +
    `width="100%" height="420" style="border:0;max-width:600px" loading="lazy"></iframe>`
  );
}

export function EmbedDialog(props: { game: GameView }) {
  const t = useText(embedDialogText);
  const codeId = useId();
  const [copied, setCopied] = useState(false);
  const snippet = embedSnippet(
    embedUrl(props.game.id),
    t.frameTitle({ prompt: props.game.prompt }),
  );

  const copy = async () => {
    if (await copyText(snippet)) {
      setCopied(true);
      toast.success(t.copied);
    } else {
      window.prompt(t.prompt, snippet);
    }
  };

  return (
    <ButtonDialog
      icon={Code}
      label={t.embed}
      onOpenChange={() => setCopied(false)}
      described={false}
    >
      <DialogHead title={t.title} />
      <p className="muted embed-intro">{t.intro}</p>
      <label className="share-link__label" htmlFor={codeId}>
        {t.codeLabel}
      </label>
      <textarea
        id={codeId}
        className="input embed-code"
        readOnly
        rows={5}
        dir="ltr"
        value={snippet}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="embed-code"
      />
      <button type="button" className="btn btn-primary" onClick={() => void copy()}>
        {copied ? <Check size={18} aria-hidden="true" /> : <Copy size={18} aria-hidden="true" />}
        {copied ? t.copied : t.copy}
      </button>
    </ButtonDialog>
  );
}
