/**
 * Share a game's link: the system share sheet where the browser has one (phones, some desktops),
 * else the copy-link button. If the sheet fails for another reason than the person closing it,
 * the link is copied instead. The link works for everyone, signed in or not.
 */
import { Share2 } from 'lucide-react';
import { shareUrl } from '../paths';
import { CopyLinkButton, copyText } from './copy-link-button';
import { toast } from './toasts';
import { useText } from '../i18n/i18n';
import { copyLinkText, shareText } from '../i18n/messages/ui';

export function ShareButton(props: {
  gameId: string;
  title: string;
  variant?: 'primary' | 'secondary';
}) {
  const t = useText(shareText);
  if (typeof navigator.share !== 'function') {
    return <CopyLinkButton gameId={props.gameId} variant={props.variant} />;
  }
  const onClick = async () => {
    const url = shareUrl(props.gameId);
    try {
      await navigator.share({ title: props.title, text: props.title, url });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (await copyText(url)) toast.success(copyLinkText.get().linkCopied);
      else toast.error(t.failed);
    }
  };
  return (
    <button
      type="button"
      className={`btn ${props.variant === 'primary' ? 'btn-primary' : 'btn-secondary'}`}
      onClick={() => void onClick()}
    >
      <Share2 size={18} aria-hidden="true" />
      {t.share}
    </button>
  );
}
