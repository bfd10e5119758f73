/**
 * Ballot privacy (issue 22, row 10; decision 0033): `GET /:id/closest` shows another player's
 * agreement only to the nearest 10%, and re-ranking one game is limited per player (30 an hour
 * here, LIMIT_RERANKS_PER_HOUR), so the probe's hill-climbing script (swap two items, resubmit,
 * read /closest, keep the swap if the agreement went up) cannot rebuild a private 8-item ballot
 * in 200 requests. Before, with the exact figure and unlimited re-ranking, it took 26–44.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../../src/domain/game';
import { submission } from '../../src/server/db/schema/games';
import { tag, type TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { ids, useServer } from './harness';

const RERANKS_PER_HOUR = 30;
type Closest = { closest: { name: string; agreement: number } | null };

/** A small seeded generator (mulberry32): the attack is the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffledWith<T>(list: readonly T[], random: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

describe.each(testDatabases)('ballot privacy on %s', (kind) => {
  const h = useServer(kind, { env: { LIMIT_RERANKS_PER_HOUR: String(RERANKS_PER_HOUR) } });

  const put = (client: TestClient, gameId: string, ranking: string[], partial = false) =>
    client.request('PUT', `/api/games/${gameId}/submission`, { ranking, partial });

  async function eightItemGame(): Promise<GameView> {
    const owner = await h.user(`Owner ${tag()}`);
    return h.createGame(owner, ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
  }

  it('the probe’s hill climb does not rebuild another player’s 8-item ballot in 200 requests', async () => {
    const game = await eightItemGame();
    const random = seeded(22);
    const victim = await h.user(`Victim ${tag()}`);
    const secret = shuffledWith(ids(game), random);
    expect((await put(victim, game.id, secret)).status).toBe(200);

    const attacker = await h.user(`Attacker ${tag()}`);
    let requests = 0;
    const statuses = new Set<number>();
    const submit = async (ranking: string[]) => {
      requests += 1;
      const response = await put(attacker, game.id, ranking);
      statuses.add(response.status);
      return response.status === 200;
    };
    const agreementNow = async (): Promise<number> => {
      requests += 1;
      const response = await attacker.request<Closest>('GET', `/api/games/${game.id}/closest`);
      statuses.add(response.status);
      expect(response.body.closest?.name).toMatch(/^Victim /);
      return response.body.closest!.agreement;
    };

    // Start anywhere, then walk the adjacent swaps in turn (a bubble sort driven by the
    // agreement): with the exact figure every swap says whether it helped.
    let best = shuffledWith(ids(game), random);
    await submit(best);
    let bestAgreement = await agreementNow();
    let recovered = bestAgreement === 100;
    for (let i = 0; requests + 2 <= 200 && !recovered; i = (i + 1) % (best.length - 1)) {
      const candidate = [...best];
      [candidate[i], candidate[i + 1]] = [candidate[i + 1]!, candidate[i]!];
      if (!(await submit(candidate))) continue;
      const agreement = await agreementNow();
      if (agreement > bestAgreement) {
        best = candidate;
        bestAgreement = agreement;
        recovered = agreement === 100 && candidate.join() === secret.join();
      }
    }

    expect(statuses.has(500)).toBe(false);
    expect(requests).toBeLessThanOrEqual(200);
    expect(best.join(), 'the attacker rebuilt the victim’s ballot').not.toBe(secret.join());
    expect(recovered).toBe(false);
  });

  it('shows another player’s agreement to the nearest 10%', async () => {
    const game = await eightItemGame();
    const order = ids(game);
    const mine = await h.user(`Me ${tag()}`);
    const them = await h.user(`Them ${tag()}`);
    // One adjacent swap apart: exactly 100 × (1 − 1/28) ≈ 96.4, shown as 100.
    const theirs = [...order];
    [theirs[3], theirs[4]] = [theirs[4]!, theirs[3]!];
    expect((await put(mine, game.id, order)).status).toBe(200);
    expect((await put(them, game.id, theirs)).status).toBe(200);
    const closest = await mine.request<Closest>('GET', `/api/games/${game.id}/closest`);
    expect(closest.status).toBe(200);
    expect(closest.body.closest?.agreement).toBe(100);
    // Three adjacent swaps apart: 100 × (1 − 3/28) ≈ 89.3, shown as 90.
    [theirs[0], theirs[1]] = [theirs[1]!, theirs[0]!];
    [theirs[6], theirs[7]] = [theirs[7]!, theirs[6]!];
    expect((await put(them, game.id, theirs)).status).toBe(200);
    // (Other players' ballots are read again at most every 2 s: ballot-cache.ts.)
    await expect
      .poll(
        async () =>
          (await mine.request<Closest>('GET', `/api/games/${game.id}/closest`)).body.closest
            ?.agreement,
      )
      .toBe(90);
  });

  it('limits re-ranking one game to 30 an hour per player: 429 with a message and Retry-After', async () => {
    const game = await eightItemGame();
    const other = await eightItemGame();
    const order = ids(game);
    const player = await h.user(`Reranker ${tag()}`);
    const me = await h.me(player);
    // Saved progress and the first final ranking are not re-rankings.
    expect((await put(player, game.id, order.slice(0, 3), true)).status).toBe(200);
    expect((await put(player, game.id, order)).status).toBe(200);
    for (let n = 1; n <= RERANKS_PER_HOUR; n++) {
      const ranking = n % 2 === 0 ? order : [...order].reverse();
      expect((await put(player, game.id, ranking)).status, `re-ranking ${n}`).toBe(200);
    }
    const over = await put(player, game.id, order);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      error: {
        code: 'resource-exhausted',
        message: expect.stringMatching(
          /^You have re-ranked this game 30 times in the last hour\. Try again in \d+ minutes?\.$/,
        ) as unknown,
      },
    });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nothing of the refused ranking was saved; another game is not affected.
    const [row] = await h.server.database.db
      .select({ ranking: submission.ranking, reranks: submission.reranks })
      .from(submission)
      .where(eq(submission.userId, me.id));
    expect(row?.reranks).toBe(RERANKS_PER_HOUR);
    expect((await put(player, other.id, ids(other))).status).toBe(200);
    expect((await put(player, other.id, [...ids(other)].reverse())).status).toBe(200);
    // Once the window has passed, re-ranking works again.
    await h.server.database.db
      .update(submission)
      .set({ reranksSince: Date.now() - 61 * 60 * 1000 })
      .where(eq(submission.userId, me.id));
    expect((await put(player, game.id, order)).status).toBe(200);
  });
});
