/** How the Community writes its counts: plurals from the catalog, numbers in the app's language. */
import { formatNumber } from '../i18n/format';
import { countsText } from '../i18n/messages/community';

type Counts = ReturnType<typeof countsText.get>;

export function playsText(n: number, t: Counts = countsText.get()): string {
  return t.plays({ count: formatNumber(n) })(n);
}

export function ranksText(n: number, t: Counts = countsText.get()): string {
  return t.ranks({ count: formatNumber(n) })(n);
}
