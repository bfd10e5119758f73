/** How the Community writes its counts. */
export function playsText(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'play' : 'plays'}`;
}

export function ranksText(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'rank' : 'ranks'}`;
}
