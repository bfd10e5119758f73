/** Copies a game's share link: the Clipboard API, else a hidden textarea, else a prompt. */
import { Check, Link as LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from './toasts';
import { shareUrl } from '../paths';
import { useText } from '../i18n/i18n';
import { copyLinkText } from '../i18n/messages/ui';

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or not focused: try the old way below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

export function CopyLinkButton(props: { gameId: string; variant?: 'primary' | 'secondary' }) {
  const t = useText(copyLinkText);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const onClick = async () => {
    const url = shareUrl(props.gameId);
    if (await copyText(url)) {
      setCopied(true);
      toast.success(t.linkCopied);
    } else {
      window.prompt(t.prompt, url);
    }
  };

  return (
    <button
      type="button"
      className={`btn ${props.variant === 'primary' ? 'btn-primary' : 'btn-secondary'}`}
      onClick={onClick}
    >
      {copied ? <Check size={18} aria-hidden="true" /> : <LinkIcon size={18} aria-hidden="true" />}
      {copied ? t.copied : t.copyLink}
    </button>
  );
}
