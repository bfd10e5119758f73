/**
 * Which rows of a long results list are on screen: the top ten at first, every row after "Show
 * all", or the rows whose label matches a search (each keeping its place in the order).
 */

/** Rows shown before "Show all": a 200-item list would be many screens tall on a phone. */
export const TOP_ROWS = 10;

export type WindowRow<T> = { item: T; rank: number };

export type ResultWindow<T> = {
  rows: WindowRow<T>[];
  /** Rows the current view leaves out (0 when everything, or every match, is shown). */
  hidden: number;
  /** Whether a search is applied. */
  searching: boolean;
};

/** Case-, accent- and width-insensitive form of a label or a query, for matching. */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function resultWindow<T extends { label: string }>(
  items: readonly T[],
  options: { expanded: boolean; query: string },
): ResultWindow<T> {
  const ranked = items.map((item, index) => ({ item, rank: index + 1 }));
  const query = searchKey(options.query);
  if (query !== '') {
    return {
      rows: ranked.filter((row) => searchKey(row.item.label).includes(query)),
      hidden: 0,
      searching: true,
    };
  }
  if (options.expanded || ranked.length <= TOP_ROWS) {
    return { rows: ranked, hidden: 0, searching: false };
  }
  return { rows: ranked.slice(0, TOP_ROWS), hidden: ranked.length - TOP_ROWS, searching: false };
}
