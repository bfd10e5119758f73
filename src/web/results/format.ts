/** Number formatting for results. */

const ordinalRules = new Intl.PluralRules('en-US', { type: 'ordinal' });
const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** 1 -> "1st", 2 -> "2nd", 11 -> "11th". */
export function ordinal(n: number): string {
  return `${n}${SUFFIX[ordinalRules.select(n)] ?? 'th'}`;
}

export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

export function rankingsCount(n: number): string {
  return n === 1 ? '1 ranking' : `${n.toLocaleString('en-US')} rankings`;
}
