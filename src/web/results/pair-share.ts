/** One duel of the head-to-head matrix: how many players ranked both, and the share for `a`. */
export function pairShare(
  headToHead: Record<string, Record<string, number>>,
  a: string,
  b: string,
): { share: number; total: number } | null {
  const wins = count(headToHead, a, b);
  const total = wins + count(headToHead, b, a);
  return total === 0 ? null : { share: wins / total, total };
}

function count(matrix: Record<string, Record<string, number>>, a: string, b: string): number {
  const row = Object.hasOwn(matrix, a) ? matrix[a] : undefined;
  const value = row && Object.hasOwn(row, b) ? row[b] : undefined;
  return typeof value === 'number' ? value : 0;
}
