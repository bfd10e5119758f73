/** A game's emoji, or a crown when it has none (a picture every device can draw). */
import { Crown } from 'lucide-react';

export function GameEmoji(props: { emoji: string | null; className: string }) {
  return (
    <span className={props.className} aria-hidden="true">
      {props.emoji ?? <Crown size={22} strokeWidth={2.25} />}
    </span>
  );
}
