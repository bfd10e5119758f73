/** What the domain finds in the crowd's order (data), in the catalog's words. */
import type { Difference, Unanimous } from '../../domain/crowd';
import { insightsText, youVsCrowdText } from '../i18n/messages/results';
import { ordinal } from '../game/format';

/** "Everyone put Pineapple last.": first and last in words, an ordinal between. */
export function unanimousText(unanimous: Unanimous): string {
  const t = insightsText.get();
  const item = unanimous.item.label;
  if (unanimous.place === 1) return t.unanimousFirst({ item });
  if (unanimous.last) return t.unanimousLast({ item });
  return t.unanimousAt({ item, place: ordinal(unanimous.place) });
}

/** "You put Anchovies 2nd; the crowd put it 9th." */
export function differenceText(difference: Difference, label: string): string {
  return youVsCrowdText.get().difference({
    item: label,
    mine: ordinal(difference.mine),
    crowd: ordinal(difference.crowd),
  });
}
