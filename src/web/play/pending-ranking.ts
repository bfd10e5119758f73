/**
 * A ranking submitted while offline (issue 12): kept in local storage, one key per game, until it
 * is sent. What is read back is checked; anything unreadable counts as nothing kept.
 */
import { MAX_ITEMS, MAX_NAME_LENGTH } from '../../domain/limits';
import {
  localStore,
  readJson,
  removeItem,
  storageKeys,
  writeJson,
  type KeyValueStore,
} from '../shell/session/storage';

/** A ranking (a full ranking or a top N, best first) or a tier list (one array per tier). */
export type PendingRanking = ({ ranking: string[] } | { tiers: string[][] }) & { name?: string };

const isIds = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= MAX_ITEMS && value.every((id) => typeof id === 'string');

export const pendingRankingKey = (gameId: string) => `${storageKeys.pendingRanking}.${gameId}`;

export function parsePendingRanking(value: unknown): PendingRanking | null {
  if (typeof value !== 'object' || value === null) return null;
  const { ranking, tiers, name } = value as Record<string, unknown>;
  if (name !== undefined && (typeof name !== 'string' || name.length > MAX_NAME_LENGTH))
    return null;
  const named = name !== undefined ? { name } : {};
  if (ranking !== undefined) {
    if (!isIds(ranking) || ranking.length === 0 || tiers !== undefined) return null;
    return { ranking, ...named };
  }
  if (!Array.isArray(tiers) || tiers.length === 0 || !tiers.every(isIds)) return null;
  if (tiers.flat().length === 0) return null;
  return { tiers, ...named };
}

export function readPendingRanking(
  gameId: string,
  storage: KeyValueStore | null = localStore(),
): PendingRanking | null {
  return parsePendingRanking(readJson(storage, pendingRankingKey(gameId)));
}

export function savePendingRanking(
  gameId: string,
  ranking: PendingRanking,
  storage: KeyValueStore | null = localStore(),
): void {
  writeJson(storage, pendingRankingKey(gameId), ranking);
}

export function clearPendingRanking(
  gameId: string,
  storage: KeyValueStore | null = localStore(),
): void {
  removeItem(storage, pendingRankingKey(gameId));
}
