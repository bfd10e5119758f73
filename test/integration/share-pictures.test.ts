/**
 * The share image, the public card and the embed show the top items' pictures (issue 26): the
 * image draws each picture's bytes from our own store (the database or the bucket) in the render
 * worker, a hidden picture as the neutral placeholder (never its bytes), a picture that is gone
 * as none; the card names each picture's thumbnail and alt text; the embed shows it with its alt
 * text from our own origin. Pictures are solid colours the rest of the image never uses, counted
 * in the drawn PNG's pixels.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCard } from '../../src/domain/card';
import type { GameView } from '../../src/domain/game';
import { PLACEHOLDER_COLOR } from '../../src/domain/images';
import { HIDDEN_PICTURE_ALT } from '../../src/domain/item-pictures';
import { user } from '../../src/server/db/schema/auth';
import { image } from '../../src/server/db/schema/images';
import type { TestClient } from '../support/client';
import { startLocalS3, type LocalS3 } from '../support/s3';
import { testDatabases } from '../support/server';
import { ids, useServer } from './harness';
import { uploadPicture } from './pictures-harness';

const RED = [208, 16, 16] as const;
const GREEN = [16, 208, 16] as const;
const PLACEHOLDER = [0, 2, 4].map((at) => parseInt(PLACEHOLDER_COLOR.slice(1 + at, 3 + at), 16));
/** A picture drawn 64 px square with rounded corners is about 3,900 pixels. */
const DRAWN = 3000;

const STORES = ['database', 's3'] as const;
const CASES = testDatabases.flatMap((kind) => STORES.map((store) => ({ kind, store })));

/** Pixels of the PNG within 6 of this colour on each channel. */
async function pixelsOf(png: Buffer, rgb: readonly number[]): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let at = 0; at < data.length; at += info.channels) {
    if (rgb.every((value, i) => Math.abs((data[at + i] ?? 0) - value) <= 6)) count++;
  }
  return count;
}

const hex = (rgb: readonly number[]) =>
  `#${rgb.map((value) => value.toString(16).padStart(2, '0')).join('')}`;

/** Uploads a picture of that colour, large enough to show in the share image's pixels. */
const upload = (client: TestClient, rgb: readonly number[]) =>
  uploadPicture(client, hex(rgb), { width: 48, height: 32 });

describe.each(CASES)('share pictures ($kind, bytes in the $store)', ({ kind, store }) => {
  let s3: LocalS3 | undefined;
  beforeAll(async () => {
    if (store === 's3') s3 = await startLocalS3();
  });
  afterAll(async () => {
    await s3?.close();
  });
  const h = useServer(kind, { env: () => ({ ...s3?.env }) });

  async function admin(): Promise<TestClient> {
    const client = await h.user('Moderator');
    const me = await h.me(client);
    await h.server.database.db
      .update(user)
      .set({ role: 'admin', adminGrantedBy: 'test-seed' })
      .where(eq(user.id, me.id));
    return client;
  }

  async function pictureGame(extra: Record<string, unknown> = {}) {
    const owner = await h.user('Owner');
    const red = await upload(owner, RED);
    const green = await upload(owner, GREEN);
    const created = await owner.request<{ game: GameView }>('POST', '/api/games', {
      prompt: 'Best squares',
      items: [
        { label: 'Red', image: { id: red, alt: 'A red square' } },
        { label: 'Green', image: { id: green, alt: 'A green square' } },
        'Plain',
        'Other',
      ],
      ...extra,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { owner, red, green, game: created.body.game };
  }

  const card = async (gameId: string) => {
    const response = await h
      .anonymous()
      .request<{ card: PublicCard }>('GET', `/api/games/${gameId}/card`);
    expect(response.status).toBe(200);
    return response.body.card;
  };

  const ogImage = async (gameId: string) => {
    const response = await fetch(new URL(`/og/g/${gameId}.png`, h.url));
    expect(response.status).toBe(200);
    return { etag: response.headers.get('etag'), png: Buffer.from(await response.arrayBuffer()) };
  };

  it('draws the leaders’ pictures, the placeholder once one is hidden, and the embed shows them', async () => {
    const { red, green, game } = await pictureGame();
    await h.submit(await h.guest(), game.id, ids(game, ['Red', 'Green', 'Plain', 'Other']));

    const shown = await card(game.id);
    expect(shown.leaders?.map((leader) => leader.image ?? null)).toEqual([
      { thumbUrl: `/img/${red}.thumb.webp`, alt: 'A red square' },
      { thumbUrl: `/img/${green}.thumb.webp`, alt: 'A green square' },
      null,
      null,
    ]);
    expect(shown.itemImages?.[0]).toEqual({
      thumbUrl: `/img/${red}.thumb.webp`,
      alt: 'A red square',
    });

    const before = await ogImage(game.id);
    expect(await pixelsOf(before.png, RED)).toBeGreaterThan(DRAWN);
    expect(await pixelsOf(before.png, GREEN)).toBeGreaterThan(DRAWN);
    expect(await pixelsOf(before.png, PLACEHOLDER)).toBeLessThan(200);

    // The embed: each pictured leader's thumbnail with its alt text, from our own /img/.
    const embed = await fetch(new URL(`/embed/g/${game.id}`, h.url));
    const html = await embed.text();
    expect(html).toContain(
      `<img class="thumb" src="/img/${red}.thumb.webp" alt="A red square" width="40" height="40" loading="lazy"`,
    );
    expect(html.match(/<img /g)).toHaveLength(2);
    expect(embed.headers.get('content-security-policy')).toContain("img-src 'self'");
    const thumb = await fetch(new URL(`/img/${red}.thumb.webp`, embed.url));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');

    // Hidden by an admin: the card names the placeholder's address, the image is drawn anew
    // with the placeholder where the picture was and not one of its pixels.
    const moderator = await admin();
    const hidden = await moderator.request('PUT', `/api/admin/pictures/${red}`, { hidden: true });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    const hiddenCard = await card(game.id);
    expect(hiddenCard.leaders?.[0]?.image).toEqual({
      thumbUrl: `/img/${red}.thumb.webp?hidden`,
      alt: HIDDEN_PICTURE_ALT,
    });
    const after = await ogImage(game.id);
    expect(after.etag).not.toBe(before.etag);
    expect(await pixelsOf(after.png, RED)).toBe(0);
    expect(await pixelsOf(after.png, PLACEHOLDER)).toBeGreaterThan(DRAWN);
    expect(await pixelsOf(after.png, GREEN)).toBeGreaterThan(DRAWN);
    const hiddenEmbed = await (await fetch(new URL(`/embed/g/${game.id}`, h.url))).text();
    expect(hiddenEmbed).toContain(
      `src="/img/${red}.thumb.webp?hidden" alt="${HIDDEN_PICTURE_ALT}"`,
    );
    expect(hiddenEmbed).not.toContain('A red square');

    // Shown again: its own pixels again.
    await moderator.request('PUT', `/api/admin/pictures/${red}`, { hidden: false });
    const again = await ogImage(game.id);
    expect(again.etag).toBe(before.etag);
    expect(await pixelsOf(again.png, RED)).toBeGreaterThan(DRAWN);
  });

  it('draws a picture that is gone as none, never an error; text cards are unchanged', async () => {
    const { red, game } = await pictureGame();
    await h.submit(await h.guest(), game.id, ids(game, ['Red', 'Green', 'Plain', 'Other']));
    // Collected in the moment a game named it (the race decision 0045 leaves open).
    await h.server.database.db.delete(image).where(eq(image.id, red));
    const { png } = await ogImage(game.id);
    expect(await pixelsOf(png, RED)).toBe(0);
    expect(await pixelsOf(png, PLACEHOLDER)).toBeLessThan(200);
    expect(await pixelsOf(png, GREEN)).toBeGreaterThan(DRAWN);

    // A text game's card has no picture fields at all.
    const owner = await h.user('Texter');
    const text = await h.createGame(owner, ['Pizza', 'Sushi', 'Tacos']);
    await h.submit(await h.guest(), text.id, ids(text));
    expect(JSON.stringify(await card(text.id))).not.toMatch(/image/i);
  });

  it('draws the items’ pictures while results are locked, and a tier list’s', async () => {
    const locked = await pictureGame({ sizeLimit: 5 });
    await h.submit(await h.guest(), locked.game.id, ids(locked.game));
    const lockedCard = await card(locked.game.id);
    expect(lockedCard.leaders).toBeNull();
    expect(lockedCard.itemImages?.map((picture) => picture?.alt ?? null)).toEqual([
      'A red square',
      'A green square',
      null,
      null,
    ]);
    const lockedImage = await ogImage(locked.game.id);
    expect(await pixelsOf(lockedImage.png, RED)).toBeGreaterThan(DRAWN);
    expect(await pixelsOf(lockedImage.png, GREEN)).toBeGreaterThan(DRAWN);

    const tiers = await pictureGame({
      ballot: {
        kind: 'tiers',
        tiers: [
          { label: 'Great', color: '#1e3a8a' },
          { label: 'Fine', color: '#ffdf80' },
        ],
      },
    });
    const [redItem, greenItem, plain] = ids(tiers.game);
    const played = await (
      await h.guest()
    ).request('PUT', `/api/games/${tiers.game.id}/submission`, {
      tiers: [[redItem, plain], [greenItem]],
    });
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    const tierCard = await card(tiers.game.id);
    // Each tier's pictures beside its items, in the items' order.
    const altOf: Record<string, string | null> = {
      Red: 'A red square',
      Green: 'A green square',
      Plain: null,
    };
    expect(tierCard.tiers?.map((tier) => tier.items)).toEqual([
      expect.arrayContaining(['Red', 'Plain']),
      ['Green'],
    ]);
    for (const tier of tierCard.tiers ?? []) {
      expect(tier.images?.map((picture) => picture?.alt ?? null)).toEqual(
        tier.items.map((label) => altOf[label]),
      );
    }
    const tierImage = await ogImage(tiers.game.id);
    // Two tiers: pictures at their largest (64 px).
    expect(await pixelsOf(tierImage.png, RED)).toBeGreaterThan(DRAWN);
    expect(await pixelsOf(tierImage.png, GREEN)).toBeGreaterThan(DRAWN);
  });
});
