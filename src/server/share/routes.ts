/**
 * Sharing that travels: link previews (Open Graph and Twitter tags in the game pages' HTML), the
 * preview image `/og/g/:id.png`, the public card `GET /api/games/:id/card` and the embeddable
 * card `/embed/g/:id`. All show only what a game's public card holds (src/domain/card.ts):
 * locked results never leave the server this way. Decision 0019.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  previewDescription,
  previewPictures,
  publicCard,
  type PublicCard,
} from '../../domain/card';
import { AppError } from '../../domain/errors';
import { MESSAGES, resultsLocked, type Item } from '../../domain/game';
import { itemView } from '../../domain/item-pictures';
import { METHOD_MESSAGE, METHODS, STRENGTH, type Method } from '../../domain/methods';
import { headlineMethod, methodsOf } from '../../domain/methods-standings';
import type { AuthEnv } from '../auth/public';
import type { Db } from '../db/client';
import { rankGame } from '../community/public';
import { runoff, standingsView, type BallotCache, type GameStates } from '../games/public';
import { LimitRefusal, LocalRateLimit } from '../http/rate-limit';
import { hasUnstorableText, validate } from '../http/validate';
import type { Logger } from '../platform/log';
import type { GameChangeEvent } from '../games/public';
import type { EventHub } from '../realtime/hub';
import { EMBED_SCRIPT, embedResponse } from './embed';
import type { PngThumb } from '../images/public';
import type { ImageStore } from './image-store';
import type { DrawnPictures } from './og-image';
import { RENDER_RETRY_AFTER_S, RenderQueueFull, type RenderPool } from './render-pool';
import { previewHead } from './preview-tags';

const MAX_ID_LENGTH = 100;
/** Bumped when the image's layout or fonts change: every stored image is drawn anew once. */
const LAYOUT_REVISION = 4;
/** The per-address limit on preview images counts requests in windows of this length. */
const IMAGE_WINDOW_MS = 60_000;

/**
 * `?method=`: how a card counts its leaders (decision 0038), as the results page's switch does;
 * the game's headline method unless asked (strength for a duel game, else the average position:
 * decision 0066).
 */
const CardQuery = z.object({
  method: z.enum([...METHODS, STRENGTH], { error: METHOD_MESSAGE }).optional(),
});

/** What a preview image shows, as a key: the same card (and layout) is never drawn twice. */
export function renderKey(card: PublicCard): string {
  return createHash('sha256')
    .update(`${LAYOUT_REVISION}\n${JSON.stringify(card)}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * Pictures' square PNGs by id (images/png-thumbs.ts, at PREVIEW_PICTURE_PX): what a preview
 * image draws them from. Missing ids are pictures that are gone.
 */
export type PictureReader = (ids: readonly string[]) => Promise<Map<string, PngThumb>>;

/** A game's public card, its tally version, and its items (where the card's pictures are). */
export type FoundCard = { card: PublicCard; version: number; items: readonly Item[] };

/** Longer than any id we make, or text no row can hold (NUL, broken Unicode): not worth a query. */
function isPlausibleId(value: string): boolean {
  return value.length > 0 && value.length <= MAX_ID_LENGTH && !hasUnstorableText(value);
}

export class ShareCards {
  /** Images being read or drawn, by game and key: asked twice at once, drawn once. */
  private readonly pending = new Map<string, Promise<Buffer>>();
  private readonly rankGames = new Map<string, string | null>();

  constructor(
    private readonly db: Db,
    private readonly states: GameStates,
    private readonly pool: RenderPool,
    private readonly store: ImageStore,
    private readonly log: Logger,
    private readonly ballots: BallotCache,
    private readonly readPictures: PictureReader,
  ) {}

  /** Listens to the hub: a deleted game's stored image goes (on every instance). */
  attach(hub: EventHub): () => void {
    return hub.tap<GameChangeEvent>((message) => {
      if (message.type === 'game' && message.change === 'deleted') {
        this.store.remove(message.gameId).catch((error: unknown) => {
          this.log.warn('preview image not removed', { gameId: message.gameId, error });
        });
      }
    });
  }

  /**
   * The game's public card, its leaders counted by `asked` (the results page's standings; its
   * headline method unless given), and its tally version; null when there is no such game.
   * Throws invalid-argument for strength asked of a game that is not a duel game.
   */
  async card(idOrSlug: string, asked?: Method): Promise<FoundCard | null> {
    if (!isPlausibleId(idOrSlug)) return null;
    const id = await this.states.idOf(idOrSlug);
    const state = id === null ? null : await this.states.get(id);
    if (!state) return null;
    const { row } = state;
    const locked =
      resultsLocked({
        sizeLimit: row.sizeLimit,
        deadlineAt: row.deadlineAt?.getTime() ?? null,
        closed: row.closed,
      }) ||
      // A deadline that passed but was not yet acted on: still locked here, never early.
      (!row.closed && row.deadlineAt !== null);
    const results = this.states.results(state);
    const method = asked ?? headlineMethod(results);
    if (!methodsOf(results).includes(method))
      throw new AppError('invalid-argument', METHOD_MESSAGE);
    // Nothing is counted for a locked card: it shows no leaders.
    const counted = locked || results.submissions === 0 ? 'mean' : method;
    const irv =
      counted === 'irv'
        ? runoff(await this.ballots.get(row.id, state.version), row.items, results)
        : null;
    const { standings } = standingsView(results, counted, irv);
    const card = publicCard(
      {
        id: row.id,
        prompt: row.prompt,
        items: row.items,
        closed: row.closed,
        locked,
        ballot: row.ballot,
      },
      results,
      undefined,
      { ...standings, method },
    );
    return { card, version: state.version, items: row.items };
  }

  /** The game a community rank plays (null: none), remembered: it never changes. */
  async gameOfRank(rankId: string): Promise<string | null> {
    if (!isPlausibleId(rankId)) return null;
    const known = this.rankGames.get(rankId);
    if (known !== undefined) return known;
    const row = await rankGame(this.db, rankId);
    const gameId = row && !row.hidden ? row.gameId : null;
    if (row && this.rankGames.size < 10_000) this.rankGames.set(rankId, gameId);
    return gameId;
  }

  /**
   * The preview PNG of this card: the stored one when it shows this card, else drawn by the
   * render pool (RenderQueueFull when it is busy) and stored (image-store.ts). The key is the
   * card's, whose pictures are named by address (a hidden one by its hidden address): a picture
   * changed or hidden is a new key, drawn anew.
   */
  image(found: Pick<FoundCard, 'card' | 'items'>): Promise<Buffer> {
    const { card } = found;
    const key = renderKey(card);
    const name = `${card.id}:${key}`;
    let image = this.pending.get(name);
    if (!image) {
      image = this.storedOrDrawn(found, key).finally(() => this.pending.delete(name));
      this.pending.set(name, image);
    }
    return image;
  }

  private async storedOrDrawn(
    { card, items }: Pick<FoundCard, 'card' | 'items'>,
    key: string,
  ): Promise<Buffer> {
    const stored = await this.store.read(card.id, key).catch((error: unknown) => {
      this.log.warn('stored preview image unreadable', { gameId: card.id, error: String(error) });
      return null;
    });
    if (stored) return stored;
    // A render that would be refused reads no pictures first.
    const { pictures, complete } = this.pool.full()
      ? { pictures: {}, complete: false }
      : await this.drawnPictures(card, items);
    const png = await this.pool.render(card, pictures);
    // Drawn without pictures the store could not give: this answer's only, drawn again next time.
    if (!complete) return png;
    try {
      await this.store.write(card.id, key, png);
    } catch (error) {
      // A full or read-only disk: the image is still this answer's.
      this.log.warn('preview image not stored', { gameId: card.id, error: String(error) });
    }
    return png;
  }

  /**
   * What the image draws for the card's pictures: each one's PNG from the image store, the
   * placeholder for a hidden one (its bytes never read), nothing for one that is gone.
   * `complete` is false when the store failed (its pictures are left out of this drawing).
   */
  private async drawnPictures(
    card: PublicCard,
    items: readonly Item[],
  ): Promise<{ pictures: DrawnPictures; complete: boolean }> {
    const pictures: DrawnPictures = {};
    const wanted = previewPictures(card);
    if (wanted.length === 0) return { pictures, complete: true };
    const byAddress = new Map(
      items.flatMap((item) => {
        const view = itemView(item).image;
        return view ? [[view.thumbUrl, view] as const] : [];
      }),
    );
    const toRead = new Map<string, string>();
    for (const { thumbUrl } of wanted) {
      const image = byAddress.get(thumbUrl);
      if (image?.hidden) pictures[thumbUrl] = 'placeholder';
      else if (image) toRead.set(image.id, thumbUrl);
    }
    if (toRead.size === 0) return { pictures, complete: true };
    try {
      const read = await this.readPictures([...toRead.keys()]);
      for (const [id, thumbUrl] of toRead) {
        const png = read.get(id);
        if (png) pictures[thumbUrl] = png === 'hidden' ? 'placeholder' : png;
      }
      return { pictures, complete: true };
    } catch (error) {
      this.log.warn('preview pictures unreadable', { gameId: card.id, error: String(error) });
      return { pictures, complete: false };
    }
  }

  /**
   * The head tags for a page path (`/g/:idOrSlug`, its /play and /results, `/r/:id`), or null
   * for other paths and unknown games.
   */
  async previewFor(
    pathname: string,
    origin: string,
  ): Promise<{ head: string; title: string } | null> {
    const game = /^\/g\/([^/]+)(?:\/(?:play|results))?\/?$/.exec(pathname);
    const rank = /^\/r\/([^/]+)\/?$/.exec(pathname);
    const raw = game?.[1] ?? rank?.[1];
    if (!raw) return null;
    let idOrSlug: string;
    try {
      idOrSlug = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const gameId = rank ? await this.gameOfRank(idOrSlug) : idOrSlug;
    const found = gameId === null ? null : await this.card(gameId);
    if (!found) return null;
    const { card } = found;
    const state = await this.states.get(card.id);
    const itemCount = state?.row.items.length ?? card.items.length;
    const title = `${card.prompt} · Crowned`;
    return {
      title,
      head: previewHead({
        title: card.prompt,
        description: previewDescription(card, itemCount),
        url: `${origin}${pathname}`,
        image: `${origin}/og/g/${encodeURIComponent(card.id)}.png?v=${found.version}`,
      }),
    };
  }
}

export type SharePageOptions = {
  canonicalOrigin: string | undefined;
  /** Preview images per client address and minute (config LIMIT_PREVIEWS_PER_MINUTE). */
  imagesPerMinute: number;
  addressOf: (c: Context) => string | undefined;
};

/** The preview image and the embed card: pages, outside /api. */
export function sharePageRoutes(cards: ShareCards, options: SharePageOptions) {
  const { canonicalOrigin } = options;
  // Counted by each instance, in memory: it protects this instance's main thread and render
  // pool, and a database write per image (on PGlite, on the main thread) cost more than a
  // stored image's answer.
  const limit = new LocalRateLimit({ windowMs: IMAGE_WINDOW_MS, max: options.imagesPerMinute });
  return new Hono<AuthEnv>()
    .get('/og/g/:file{[^/]+\\.png}', validate('query', CardQuery), async (c) => {
      // Every request counts, found or not, drawn or stored: one address cannot keep the main
      // thread, the disk or the render pool busy for everyone else.
      const wait = limit.consume(options.addressOf(c) ?? 'unknown');
      if (wait !== null) {
        c.header('Retry-After', String(wait));
        throw new LimitRefusal('rate:og', 'Too many requests. Please wait a minute and try again.');
      }
      const id = c.req.param('file').slice(0, -'.png'.length);
      const found = await cards.card(id, c.req.valid('query').method);
      if (!found) throw new AppError('not-found', MESSAGES.gameNotFound);
      const headers = {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=300',
        etag: `"${renderKey(found.card)}"`,
      };
      if (c.req.header('if-none-match') === headers.etag) return c.body(null, 304, headers);
      let png: Buffer;
      try {
        png = await cards.image(found);
      } catch (error) {
        if (error instanceof RenderQueueFull) c.header('Retry-After', String(RENDER_RETRY_AFTER_S));
        throw error;
      }
      return c.body(new Uint8Array(png), 200, headers);
    })
    .get('/embed/embed.js', (c) =>
      c.body(EMBED_SCRIPT, 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=300',
      }),
    )
    .get('/embed/g/:id', async (c) => {
      // The only response any site may frame (embed.ts): read-only, no session.
      const found = await cards.card(c.req.param('id'));
      return embedResponse(c, found?.card ?? null, originOf(c, canonicalOrigin));
    });
}

/** `GET /api/games/:id/card`: the public card as JSON (no cookies needed, nothing private). */
export function cardApiRoutes(cards: ShareCards) {
  return new Hono<AuthEnv>().get('/:id/card', validate('query', CardQuery), async (c) => {
    const found = await cards.card(c.req.param('id'), c.req.valid('query').method);
    if (!found) throw new AppError('not-found', MESSAGES.gameNotFound);
    return c.json({ card: found.card, version: found.version });
  });
}

export function originOf(c: Context, canonicalOrigin?: string): string {
  return canonicalOrigin ?? new URL(c.req.url).origin;
}
