/**
 * Sharing that travels (issue 13): link previews in the game pages' HTML (Open Graph, Twitter,
 * canonical; escaped), the 1200×630 preview image, the public card and the embeddable card
 * (framable anywhere, unlike every other page), and that none of them shows locked results.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCard } from '../../src/domain/card';
import type { GameView } from '../../src/domain/game';
import { TestClient } from '../support/client';
import { startTestServer, testDatabases } from '../support/server';
import { Harness } from './harness';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Crowned — rank anything with friends." />
    <title>Crowned</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/main.js"></script></body>
</html>
`;

/** The content of `<meta property|name="key">`, unescaped. */
function meta(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match
    ? (match[1] ?? '')
        .replaceAll('&quot;', '"')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&#39;', "'")
        .replaceAll('&amp;', '&')
    : null;
}

describe.each(testDatabases)('link previews and embeds on %s', (kind) => {
  const h = new Harness();
  let webRoot: string;

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(tmpdir(), 'crowned-web-'));
    await writeFile(path.join(webRoot, 'index.html'), INDEX);
    h.server = await startTestServer(kind, { webRoot });
  });
  afterAll(async () => {
    await h.server?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const page = async (pathname: string) => {
    const response = await fetch(new URL(pathname, h.url));
    return { status: response.status, headers: response.headers, html: await response.text() };
  };

  async function rankedGame(extra: Record<string, unknown> = {}) {
    const owner = await h.user('Owner');
    const game = await h.createGame(
      owner,
      ['Pizza', 'Sushi', 'Tacos', 'Ramen'],
      `Best "food" <script>alert(1)</script>`,
      extra,
    );
    const player = await h.guest();
    const [pizza, sushi, tacos, ramen] = game.items.map((item) => item.id);
    await h.submit(player, game.id, [sushi, pizza, tacos, ramen]);
    return { owner, game };
  }

  it('puts the prompt, the leader and the image in every game page’s head, escaped', async () => {
    const { game } = await rankedGame();
    for (const pathname of [`/g/${game.id}`, `/g/${game.slug}/play`, `/g/${game.id}/results`]) {
      const { status, html } = await page(pathname);
      expect(status, pathname).toBe(200);
      expect(meta(html, 'og:title')).toBe(game.prompt);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'og:description')).toBe(
        'Leading: Sushi · 1 player. Rank it yourself on Crowned.',
      );
      expect(meta(html, 'og:url')).toBe(`${h.server.url}${pathname}`);
      expect(meta(html, 'og:image')).toMatch(
        new RegExp(`^${h.server.url}/og/g/${game.id}\\.png\\?v=\\d+$`),
      );
      expect(html).toContain(`<link rel="canonical" href="${h.server.url}${pathname}" />`);
      // The prompt's markup stays text: one script element, the app's own.
      expect(html.match(/<script/g)).toHaveLength(1);
      expect(html).toContain('<title>Best &quot;food&quot; &lt;script&gt;');
    }
  });

  it('previews a community rank by its game, and leaves unknown games plain', async () => {
    const { owner, game } = await rankedGame();
    const published = await owner.request<{ game: GameView }>(
      'POST',
      `/api/games/${game.id}/publish`,
      {},
    );
    const rankId = published.body.game.communityRankId ?? '';
    const { html } = await page(`/r/${rankId}`);
    expect(meta(html, 'og:title')).toBe(game.prompt);
    const unknown = await page('/g/no-such-game');
    expect(unknown.status).toBe(200);
    expect(unknown.html).toBe(INDEX);
    expect((await page('/community')).html).toBe(INDEX);
  });

  it('renders a valid 1200×630 PNG, and 404s unknown games', async () => {
    const { game } = await rankedGame();
    const response = await fetch(new URL(`/og/g/${game.id}.png`, h.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect((await fetch(new URL('/og/g/nothing.png', h.url))).status).toBe(404);
  });

  it('never shows locked results in a preview, the public card or the embed', async () => {
    const { game } = await rankedGame({ sizeLimit: 5 });
    const { html } = await page(`/g/${game.id}`);
    expect(meta(html, 'og:description')).toBe(
      'Rank Pizza, Sushi, Tacos and 1 more. Results are revealed when the game closes.',
    );
    const card = await new TestClient(h.url).request<{ card: PublicCard }>(
      'GET',
      `/api/games/${game.id}/card`,
    );
    expect(card.status).toBe(200);
    expect(card.body.card).toMatchObject({ locked: true, leaders: null, players: 1 });
    const embed = await page(`/embed/g/${game.id}`);
    expect(embed.html).toContain('Results are revealed when the game closes.');
    expect(embed.html).not.toContain('% first');
    const image = await fetch(new URL(`/og/g/${game.id}.png`, h.url));
    expect(image.status).toBe(200);
  });

  it('lets anyone frame the embed card, and no other page', async () => {
    const { game } = await rankedGame();
    const embed = await page(`/embed/g/${game.id}`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('set-cookie')).toBeNull();
    expect(embed.html).toContain('Best &quot;food&quot; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(embed.html).toContain('<span class="label" dir="auto">Sushi</span>');
    expect(embed.html).toContain(`href="${h.server.url}/g/${game.id}"`);
    const script = await fetch(new URL('/embed/embed.js', h.url));
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect((await page('/embed/g/nothing')).status).toBe(404);
    for (const pathname of [`/g/${game.id}`, '/', `/og/g/${game.id}.png`]) {
      const other = await fetch(new URL(pathname, h.url));
      expect(other.headers.get('x-frame-options'), pathname).toBe('DENY');
      expect(other.headers.get('content-security-policy'), pathname).toContain(
        "frame-ancestors 'none'",
      );
    }
  });
});
