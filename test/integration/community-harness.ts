/** Shortcuts shared by the community suites: publishing, lists, ranks, likes and admins. */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CommunityListResponse, CommunityRankView } from '../../src/domain/community';
import type { GameView } from '../../src/domain/game';
import { communityRank, rankLike } from '../../src/server/db/schema/community';
import { game } from '../../src/server/db/schema/games';
import { user } from '../../src/server/db/schema/auth';
import type { ApiResponse, TestClient } from '../support/client';
import type { Harness } from './harness';

export type GameAnswer = { game: GameView };
export type RankAnswer = { rank: CommunityRankView };
export type LikeAnswer = { likes: number; likedByMe: boolean };

export function community(h: Harness) {
  const db = () => h.server.database.db;
  return {
    publish(client: TestClient, gameId: string, body: unknown = {}) {
      return client.request<GameAnswer>(
        'POST',
        `/api/games/${encodeURIComponent(gameId)}/publish`,
        body,
      );
    },
    unpublish(client: TestClient, gameId: string) {
      return client.request<GameAnswer>(
        'POST',
        `/api/games/${encodeURIComponent(gameId)}/unpublish`,
        {},
      );
    },
    /** Creates and publishes a game; answers the published game. */
    async published(
      owner: TestClient,
      items: string[] = ['Alpha', 'Bravo', 'Charlie'],
      prompt?: string,
      tags?: string[],
    ): Promise<GameView> {
      const created = await h.createGame(owner, items, prompt);
      const response = await this.publish(owner, created.id, tags ? { tags } : {});
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.game;
    },
    list(client: TestClient, query: Record<string, string> = {}) {
      return client.request<CommunityListResponse>(
        'GET',
        `/api/community?${new URLSearchParams(query).toString()}`,
      );
    },
    rank(client: TestClient, rankId: string) {
      return client.request<RankAnswer>('GET', `/api/community/${encodeURIComponent(rankId)}`);
    },
    like(client: TestClient, rankId: string, liked: unknown) {
      return client.request<LikeAnswer>(
        'PUT',
        `/api/community/${encodeURIComponent(rankId)}/like`,
        { liked },
      );
    },
    /**
     * Makes this signed-in client an admin (in the database, as another admin's grant would: a
     * role of its own claim would go at its next request, its address not being on ADMIN_EMAILS).
     */
    async makeAdmin(client: TestClient): Promise<void> {
      const me = await h.me(client);
      await db()
        .update(user)
        .set({ role: 'admin', adminGrantedBy: 'test-seed' })
        .where(eq(user.id, me.id));
    },
    async rankRow(rankId: string) {
      const [row] = await db().select().from(communityRank).where(eq(communityRank.id, rankId));
      return row;
    },
    async gameRow(gameId: string) {
      const [row] = await db().select().from(game).where(eq(game.id, gameId));
      return row;
    },
    /** The rank's like counter beside the number of its like rows. */
    async likeCounts(rankId: string): Promise<{ likes: number; rows: number }> {
      const [row] = await db()
        .select({
          likes: communityRank.likes,
          rows: sql<number>`(select count(*)::int from ${rankLike} where rank_id = ${rankId})`,
        })
        .from(communityRank)
        .where(eq(communityRank.id, rankId));
      return { likes: row?.likes ?? -1, rows: Number(row?.rows ?? -1) };
    },
  };
}

/** Every page of a list, following nextCursor. */
export async function allPages(
  fetchPage: (cursor: string | null) => Promise<ApiResponse<CommunityListResponse>>,
): Promise<CommunityRankView[][]> {
  const pages: CommunityRankView[][] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const response = await fetchPage(cursor);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    pages.push(response.body.ranks);
    cursor = response.body.nextCursor;
    if (cursor === null) return pages;
  }
  throw new Error('more than 100 pages');
}
