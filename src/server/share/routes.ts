/**
 * Sharing that travels: link previews (Open Graph and Twitter tags in the game pages' HTML), the
 * preview image `/og/g/:id.png`, the public card `GET /api/games/:id/card` and the embeddable
 * card `/embed/g/:id`. All show only what a game's public card holds (src/domain/card.ts):
 * locked results never leave the server this way. Decision 0019.
 */
import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import { previewDescription, publicCard, type PublicCard } from '../../domain/card';
import { AppError } from '../../domain/errors';
import { MESSAGES, resultsLocked } from '../../domain/game';
import type { AuthEnv } from '../auth';
import type { Db } from '../db/client';
import { communityRank } from '../db/schema';
import type { GameStates } from '../games/state';
import { hasUnstorableText } from '../http/validate';
import { EMBED_SCRIPT, embedResponse } from './embed';
import { renderOgImage } from './og-image';
import { previewHead } from './preview-tags';

/** Rendered images kept (by game, version and lock): each is about 100–200 KB. */
const MAX_IMAGES = 100;
const MAX_ID_LENGTH = 100;

/** Longer than any id we make, or text no row can hold (NUL, broken Unicode): not worth a query. */
function isPlausibleId(value: string): boolean {
  return value.length > 0 && value.length <= MAX_ID_LENGTH && !hasUnstorableText(value);
}

export class ShareCards {
  private readonly images = new Map<string, Promise<Buffer>>();
  private readonly rankGames = new Map<string, string | null>();

  constructor(
    private readonly db: Db,
    private readonly states: GameStates,
  ) {}

  /** The game's public card and its tally version, or null when there is no such game. */
  async card(idOrSlug: string): Promise<{ card: PublicCard; version: number } | null> {
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
    const card = publicCard(
      { id: row.id, prompt: row.prompt, items: row.items, closed: row.closed, locked },
      this.states.results(state),
    );
    return { card, version: state.version };
  }

  /** The game a community rank plays (null: none), remembered: it never changes. */
  async gameOfRank(rankId: string): Promise<string | null> {
    if (!isPlausibleId(rankId)) return null;
    const known = this.rankGames.get(rankId);
    if (known !== undefined) return known;
    const [row] = await this.db
      .select({ gameId: communityRank.gameId, hidden: communityRank.hidden })
      .from(communityRank)
      .where(eq(communityRank.id, rankId));
    const gameId = row && !row.hidden ? row.gameId : null;
    if (row && this.rankGames.size < 10_000) this.rankGames.set(rankId, gameId);
    return gameId;
  }

  /** The preview PNG, rendered once per game version and lock state. */
  image(card: PublicCard, version: number): Promise<Buffer> {
    const key = `${card.id}:${version}:${card.locked}:${card.closed}`;
    let image = this.images.get(key);
    if (!image) {
      image = renderOgImage(card);
      image.catch(() => this.images.delete(key));
      this.images.set(key, image);
      while (this.images.size > MAX_IMAGES) {
        const oldest = this.images.keys().next().value;
        if (oldest === undefined) break;
        this.images.delete(oldest);
      }
    }
    return image;
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

/** The preview image and the embed card: pages, outside /api. */
export function sharePageRoutes(cards: ShareCards, canonicalOrigin: string | undefined) {
  return new Hono<AuthEnv>()
    .get('/og/g/:file{[^/]+\\.png}', async (c) => {
      const id = c.req.param('file').slice(0, -'.png'.length);
      const found = await cards.card(id);
      if (!found) throw new AppError('not-found', MESSAGES.gameNotFound);
      const png = await cards.image(found.card, found.version);
      return c.body(new Uint8Array(png), 200, {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=300',
      });
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
  return new Hono<AuthEnv>().get('/:id/card', async (c) => {
    const found = await cards.card(c.req.param('id'));
    if (!found) throw new AppError('not-found', MESSAGES.gameNotFound);
    return c.json({ card: found.card, version: found.version });
  });
}

export function originOf(c: Context, canonicalOrigin?: string): string {
  return canonicalOrigin ?? new URL(c.req.url).origin;
}
