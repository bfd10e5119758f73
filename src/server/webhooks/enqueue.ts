/**
 * Queues `submission` events for a game's webhooks once a final ranking has committed (the
 * submission route). The hot path pays one map lookup for a game without webhooks: each instance
 * keeps whether a game has any, and forgets it when any instance adds or removes one (a hub
 * event) or when it may have missed events (resync). `closed` events are queued by the database
 * itself (the game_closed_webhooks trigger, migrations/0008).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Item } from '../../domain/game';
import type { SubmissionEventData } from '../../domain/webhooks';
import type { Db } from '../db/client';
import { webhook, webhookDelivery } from '../db/schema';
import type { Logger } from '../log';
import type { EventHub } from '../realtime/hub';

/** Games remembered per instance before the memory is cleared and refilled on demand. */
const MAX_REMEMBERED = 50_000;

/** One final ranking as it was saved. */
export type SavedFinal = { name: string; ranking: readonly string[]; at: number };

export class WebhookEvents {
  private readonly known = new Map<string, Promise<boolean>>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  /** Keeps the per-game memory current with every instance's webhook changes. */
  attach(hub: EventHub): () => void {
    return hub.tap((message) => {
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
   * them, in one statement (`itemsOf` is asked only when the game has webhooks). Never throws: a submission counts whether or not its event is queued.
   */
  async submitted(
    gameId: string,
    itemsOf: () => Promise<readonly Item[]>,
    finals: readonly SavedFinal[],
  ) {
    if (finals.length === 0) return;
    try {
      if (!(await this.hasWebhooks(gameId))) return;
      const labels = new Map((await itemsOf()).map((item) => [item.id, item.label]));
      const createdAt = new Date().toISOString();
      const events = finals.map((final) => {
        const data: SubmissionEventData = {
          player: final.name,
          ranking: final.ranking.map((id) => labels.get(id) ?? id),
          submittedAt: new Date(final.at).toISOString(),
        };
        return { id: randomUUID(), type: 'submission', gameId, createdAt, data };
      });
      await this.db.execute(sql`
        insert into ${webhookDelivery} (id, webhook_id, event, payload)
        select gen_random_uuid()::text, w.id, 'submission', e.payload
        from ${webhook} w
        cross join lateral jsonb_array_elements(${JSON.stringify(events)}::jsonb)
          with ordinality as e(payload, ord)
        where w.game_id = ${gameId} and 'submission' = any (w.events)
        order by e.ord`);
    } catch (error) {
      this.log.warn('webhooks: could not queue submission events', error);
    }
  }
}
