/**
 * What the server wrote into the page for its first render (src/server/app.ts): on a game's
 * pages opened without a session cookie, that there is no session (nothing to wait for) and the
 * game's read as `GET /api/games/:idOrSlug` answers it. Read once, before the first render.
 */
import type { GameResponse } from './games';

export type BootData = {
  session: null;
  game: { idOrSlug: string; read: GameResponse };
};

let read: BootData | null | undefined;

export function bootData(): BootData | null {
  if (read === undefined) {
    const block = document.getElementById('boot-data');
    try {
      read = block?.textContent ? (JSON.parse(block.textContent) as BootData) : null;
    } catch {
      read = null;
    }
  }
  return read;
}
