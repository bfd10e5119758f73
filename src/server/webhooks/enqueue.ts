/**
 * Queues `submission` events for a game's webhooks once a final ranking has committed (the
 * submission route). The hot path pays one map lookup for a game without webhooks: each instance
 * keeps whether a game has any, and forgets it when any instance adds or removes one (a hub
 * event) or when it may have missed events (resync). `closed` events are queued by the database
 * itself (the game_closed_webhooks trigger, migrations/0008 and 0010).
 *
 * A player's re-rankings coalesce (decision 0030): each webhook holds at most one unsent delivery
 * per player (a unique index), which a newer ranking replaces in place; a player's first ranking
 * goes at once, and their next delivery is not due before `coalesceMs` after the previous one
 * was; so a burst of re-rankings is at most one delivery per webhook per `coalesceMs`, the last
 * carrying the latest. Payloads are cut to MAX_PAYLOAD_BYTES (the top of the
 * ranking, and the link to the full results).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Item } from '../../domain/game';
import type { BallotSpec, Groups } from '../../domain/ballot';
import {
  DEFAULT_COALESCE_MS,
  fitPayload,
  type SubmissionEventData,
  type WebhookPayload,
} from '../../domain/webhooks';
import type { Db } from '../db/client';
import { webhook, webhookDelivery } from '../db/schema/webhooks';
import type { Logger } from '../platform/log';
import type { GameChangeEvent } from '../games/public';
import type { EventHub } from '../realtime/hub';
import type { WebhooksEvent } from './live';

/** Games remembered per instance before the memory is cleared and refilled on demand. */
const MAX_REMEMBERED = 50_000;

/** One final ranking as it was saved (`userId` coalesces that player's re-rankings; not sent). */
export type SavedFinal = {
  userId: string;
  name: string;
  ranking: readonly string[];
  /** A tier ballot's tiers (item ids), best first; null for a ranking or a top N. */
  groups: Groups | null;
  at: number;
};

export type WebhookEventsOptions = {
  /** This site's address: payloads link to the game's results page under it. */
  publicUrl?: string;
  /** How long a new delivery waits for re-rankings that replace it (DEFAULT_COALESCE_MS). */
  coalesceMs?: number;
};

export class WebhookEvents {
  private readonly known = new Map<string, Promise<boolean>>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly options: WebhookEventsOptions = {},
  ) {}

  /** Keeps the per-game memory current with every instance's webhook changes. */
  attach(hub: EventHub): () => void {
    return hub.tap<WebhooksEvent | GameChangeEvent>((message) => {
      if (message.type === 'resync') this.known.clear();
      else if (message.type === 'webhooks') this.known.delete(message.gameId);
      else if (message.type === 'game' && message.change === 'deleted') {
        this.known.delete(message.gameId);
      }
    });
  }

  /**
   * Forgets what this instance remembers of a game, at once: the route that added or removed one
   * of its webhooks calls it, so this instance's very next ranking sees the change (other
   * instances hear it through the hub).
   */
  forget(gameId: string): void {
    this.known.delete(gameId);
  }

  /** Whether the game has any webhook (remembered). */
  hasWebhooks(gameId: string): Promise<boolean> {
    let answer = this.known.get(gameId);
    if (answer === undefined) {
      if (this.known.size >= MAX_REMEMBERED) this.known.clear();
      answer = this.db
        .execute(sql`select exists (select 1 from ${webhook} where game_id = ${gameId}) as has`)
        .then(
          (result) => (result as unknown as { rows: { has: boolean }[] }).rows[0]?.has === true,
        );
      this.known.set(gameId, answer);
      // A failed read is not remembered.
      answer.catch(() => this.known.delete(gameId));
    }
    return answer;
  }

  /**
   * Queues one `submission` event per final ranking for each of the game's webhooks that wants
   * them, in one statement (`gameOf`, the game's items and ballot, is asked only when the game
   * has webhooks). Never throws: a submission counts whether or not its event is queued.
   */
  async submitted(
    gameId: string,
    gameOf: () => Promise<{ items: readonly Item[]; ballot: BallotSpec } | null>,
    finals: readonly SavedFinal[],
  ) {
    if (finals.length === 0) return;
    try {
      if (!(await this.hasWebhooks(gameId))) return;
      const game = await gameOf();
      if (!game) return;
      const labels = new Map(game.items.map((item) => [item.id, item.label]));
      const labelOf = (id: string) => labels.get(id) ?? id;
      const tierLabels = game.ballot.kind === 'tiers' ? game.ballot.tiers : null;
      const createdAt = new Date().toISOString();
      const resultsUrl = this.options.publicUrl
        ? `${this.options.publicUrl}/g/${encodeURIComponent(gameId)}/results`
        : undefined;
      // One event per player: the latest of theirs in this call.
      const latest = new Map(finals.map((final) => [final.userId, final]));
      const events = [...latest.values()].map((final) => {
        const data: SubmissionEventData = {
          player: final.name,
          ranking: final.ranking.map(labelOf),
          ...(tierLabels && final.groups
            ? {
                tiers: final.groups.map((group, i) => ({
                  label: tierLabels[i]?.label ?? String(i + 1),
                  items: group.map(labelOf),
                })),
              }
            : {}),
          itemCount: final.ranking.length,
          truncated: false,
          submittedAt: new Date(final.at).toISOString(),
          ...(resultsUrl ? { resultsUrl } : {}),
        };
        const payload: WebhookPayload = {
          id: randomUUID(),
          type: 'submission',
          gameId,
          createdAt,
          data,
        };
        return { key: final.userId, payload: fitPayload(payload) };
      });
      const windowSeconds = (this.options.coalesceMs ?? DEFAULT_COALESCE_MS) / 1000;
      // A player's unsent delivery is replaced in place (the unique index on webhook and player
      // among pending, never-attempted ones). Otherwise a new one is due at once, or, when this
      // player's previous one on this webhook was due less than a window ago, a window after it:
      // re-rankings meanwhile join it.
      const keys = [...latest.keys()].sort().map((userId) => `webhook:${gameId}:${userId}`);
      await this.db.transaction(async (tx) => {
        // One queuing per game and player at a time: the next one's statement then sees this
        // one's delivery (and its slot), whoever claimed it meanwhile.
        await tx.execute(sql`
          select pg_advisory_xact_lock(hashtextextended(k, 0))
          from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as k`);
        await tx.execute(sql`
        insert into ${webhookDelivery}
          (id, webhook_id, event, payload, coalesce_key, not_before, next_attempt_at)
        select gen_random_uuid()::text, w.id, 'submission', e.value -> 'payload',
          e.value ->> 'key', slot.at, slot.at
        from ${webhook} w
        cross join lateral jsonb_array_elements(${JSON.stringify(events)}::jsonb)
          with ordinality as e(value, ord)
        cross join lateral (
          select greatest(now(), max(d.not_before) + make_interval(secs => ${windowSeconds})) as at
          from ${webhookDelivery} d
          where d.webhook_id = w.id and d.coalesce_key = e.value ->> 'key'
        ) slot
        where w.game_id = ${gameId} and 'submission' = any (w.events) and w.disabled_at is null
        order by e.ord
        on conflict (webhook_id, coalesce_key) where status = 'pending' and attempts = 0
        do update set payload = excluded.payload
        -- Two re-rankings queued out of order (two tabs): the later ranking stays.
        where excluded.payload -> 'data' ->> 'submittedAt'
          >= ${webhookDelivery}.payload -> 'data' ->> 'submittedAt'`);
      });
    } catch (error) {
      this.log.warn('webhooks: could not queue submission events', error);
    }
  }
}
