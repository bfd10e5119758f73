/**
 * Share a rank's play link: the system share sheet where the browser has one (phones), else the
 * copy-link button. The play link works for everyone, signed in or not.
 */
import { Share2 } from 'lucide-react';
import { toast } from '../shell/toasts';
import { shareUrl } from '../paths';
import { CopyLinkButton } from '../shell/copy-link-button';

export function ShareButton(props: { gameId: string; title: string }) {
  if (typeof navigator.share !== 'function') return <CopyLinkButton gameId={props.gameId} />;
  const onClick = async () => {
    try {
      await navigator.share({ title: props.title, text: props.title, url: shareUrl(props.gameId) });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.error('Sharing did not work here. Copy the link from the address bar instead.');
    }
  };
  return (
    <button type="button" className="btn btn-secondary" onClick={() => void onClick()}>
      <Share2 size={18} aria-hidden="true" />
      Share
    </button>
  );
}
