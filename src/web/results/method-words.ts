/** The counting methods' disagreements in the catalog's words (the domain gives only data). */
import type { Disagreement } from '../../domain/crowd';
import type { methodSwitchText } from '../i18n/messages/results';

type MethodWords = ReturnType<typeof methodSwitchText.get>;

/** "A", "A and B", "A, B and C" in the catalog's words. */
export function listText(t: MethodWords, parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return t.listLast({ rest: parts.slice(0, -1).join(t.listSeparator), last: parts.at(-1) ?? '' });
}

/** "Schulze crowns Mushrooms: it beats every other item head to head". */
export function disagreementText(
  t: MethodWords,
  note: Disagreement,
  labels: ReadonlyMap<string, string>,
): string {
  return t.crowns({
    methods: listText(
      t,
      note.methods.map((method) => t[method]),
    ),
    winner: labels.get(note.winner) ?? '',
    reason: t[`${note.reason}Reason`],
  })(note.methods.length);
}
