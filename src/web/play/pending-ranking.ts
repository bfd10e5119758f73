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

export type PendingRanking = { ranking: string[]; name?: string };

export const pendingRankingKey = (gameId: string) => `${storageKeys.pendingRanking}.${gameId}`;

export function parsePendingRanking(value: unknown): PendingRanking | null {
  if (typeof value !== 'object' || value === null) return null;
  const { ranking, name } = value as Record<string, unknown>;
  if (!Array.isArray(ranking) || ranking.length === 0 || ranking.length > MAX_ITEMS) return null;
  if (!ranking.every((id) => typeof id === 'string')) return null;
  if (name !== undefined && (typeof name !== 'string' || name.length > MAX_NAME_LENGTH))
    return null;
  return { ranking: ranking as string[], ...(name !== undefined ? { name } : {}) };
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
