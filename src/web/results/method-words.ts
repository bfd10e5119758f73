/** The counting methods' verdicts in the catalog's words (the domain gives only data). */
import type { Method } from '../../domain/methods';
import type { WinnerGroup } from '../../domain/methods-standings';
import type { methodSwitchText } from '../i18n/messages/results';

type MethodWords = ReturnType<typeof methodSwitchText.get>;

/** "A", "A and B", "A, B and C" in the catalog's words. */
export function listText(t: MethodWords, parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return t.listLast({ rest: parts.slice(0, -1).join(t.listSeparator), last: parts.at(-1) ?? '' });
}

/** How a method crowns an item: "by average position", or "head to head" for a Condorcet winner. */
function how(t: MethodWords, method: Method, winner: string, condorcetWinner: string | null) {
  if (method === 'schulze' && winner === condorcetWinner) return t.byCondorcet;
  return {
    mean: t.byMean,
    borda: t.byBorda,
    schulze: t.bySchulze,
    irv: t.byIrv,
    strength: t.byStrength,
  }[method];
}

/**
 * "The methods disagree: Penne by average position and by Borda count; Rigatoni head to head and
 * by instant runoff."
 */
export function splitText(
  t: MethodWords,
  groups: readonly WinnerGroup[],
  labels: ReadonlyMap<string, string>,
  condorcetWinner: string | null,
): string {
  return t.split({
    groups: groups
      .map((group) =>
        t.splitGroup({
          winner: labels.get(group.winner) ?? '',
          how: listText(
            t,
            group.methods.map((method) => how(t, method, group.winner, condorcetWinner)),
          ),
        }),
      )
      .join(t.groupSeparator),
  });
}

/** The banner: "Schulze crowns Rigatoni", or "Average position: Penne and Rigatoni tie…". */
export function bannerText(
  t: MethodWords,
  method: Method,
  winners: readonly string[],
  labels: ReadonlyMap<string, string>,
): string {
  const names = winners.map((id) => labels.get(id) ?? '');
  return names.length > 1
    ? t.bannerTie({ method: t[method], winners: listText(t, names) })
    : t.banner({ method: t[method], winner: names[0] ?? '' });
}
