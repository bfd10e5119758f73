/**
 * A game's final ballots in memory, for what the tally cannot answer (instant runoff, the closest
 * other player). Loaded once per tally version; on a busy game (versions changing every moment)
 * a load younger than FRESH_MS is served for newer versions too, so at most one load per game
 * runs every FRESH_MS whatever the traffic. Concurrent reads share one load.
 */
import { finalBallotsPage, type Ballot } from './data';
import type { Db } from '../db/client';

/** How long a load may stand in for newer versions. */
const FRESH_MS = 2000;
/**
 * Ballots kept at most over all games (least recently used games go first): 100k ballots of 50
 * items take about 40 MB (bench/methods.ts).
 */
const MAX_BALLOTS = 250_000;
const PAGE = 5000;

type Loaded = { version: number; at: number; ballots: Ballot[] };
type Entry = { loaded?: Loaded; loading?: Promise<Loaded> };

export class BallotCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** The ballots as of `version` (or of a load at most FRESH_MS old). */
  async get(gameId: string, version: number): Promise<Ballot[]> {
    let entry = this.entries.get(gameId);
    if (entry) this.entries.delete(gameId);
    else entry = {};
    this.entries.set(gameId, entry);
    this.evict(gameId);
    const { loaded } = entry;
    if (loaded && (loaded.version >= version || this.now() - loaded.at < FRESH_MS)) {
      return loaded.ballots;
    }
    if (!entry.loading) {
      const current = entry;
      current.loading = this.load(gameId, version).finally(() => {
        current.loading = undefined;
      });
      current.loading.then(
        (next) => {
          if (!current.loaded || current.loaded.version <= next.version) current.loaded = next;
        },
        () => undefined,
      );
    }
    return (await entry.loading)?.ballots ?? [];
  }

  /** Drops the least recently used games' ballots while more than MAX_BALLOTS are kept. */
  private evict(keep: string): void {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.loaded?.ballots.length ?? 0;
    for (const [gameId, entry] of this.entries) {
      if (total <= MAX_BALLOTS) break;
      if (gameId === keep) continue;
      total -= entry.loaded?.ballots.length ?? 0;
      this.entries.delete(gameId);
    }
  }

  private async load(gameId: string, version: number): Promise<Loaded> {
    const at = this.now();
    const ballots: Ballot[] = [];
    let after: string | null = null;
    for (;;) {
      const page = await finalBallotsPage(this.db, { gameId, afterUserId: after, limit: PAGE });
      ballots.push(...page);
      if (page.length < PAGE) break;
      after = page.at(-1)?.userId ?? null;
    }
    return { version, at, ballots };
  }
}
