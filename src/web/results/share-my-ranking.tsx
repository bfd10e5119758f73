/**
 * Share my ranking: a picture of the viewer's own order, to the system share sheet where it takes
 * files (phones), else downloaded as a PNG.
 */
import { ImageDown } from 'lucide-react';
import { useState } from 'react';
import type { GameView } from '../../domain/game';
import { shareUrl } from '../paths';
import { toast } from '../ui/toasts';
import { canvasPng, drawMyRanking } from './my-ranking-image';
import { useText } from '../i18n/i18n';
import { commonText } from '../i18n/messages/common';
import { shareRankingText } from '../i18n/messages/results';

export function ShareMyRankingButton(props: { game: GameView; ranking: readonly string[] }) {
  const { game } = props;
  const t = useText(shareRankingText);
  const c = useText(commonText);
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const labels = new Map(game.items.map((item) => [item.id, item.label]));
      const canvas = document.createElement('canvas');
      const link = shareUrl(game.id);
      drawMyRanking(canvas, {
        prompt: game.prompt,
        labels: props.ranking.flatMap((id) => labels.get(id) ?? []),
        link: link.replace(/^https?:\/\//, ''),
        words: {
          heading: t.heading,
          more: (count) => t.more({ count }),
          brand: c.brand,
        },
      });
      const file = new File([await canvasPng(canvas)], `my-ranking-${game.slug}.png`, {
        type: 'image/png',
      });
      if (navigator.canShare?.({ files: [file] })) {
        try {
          await navigator.share({
            files: [file],
            title: game.prompt,
            text: game.prompt,
            url: link,
          });
          return;
        } catch (error) {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          // Anything else: downloaded below instead.
        }
      }
      const url = URL.createObjectURL(file);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = file.name;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success(t.saved, { description: t.savedText });
    } catch {
      toast.error(t.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="btn btn-secondary"
      aria-disabled={busy}
      onClick={() => void onClick()}
    >
      <ImageDown size={18} aria-hidden="true" />
      {busy ? t.making : t.share}
    </button>
  );
}
