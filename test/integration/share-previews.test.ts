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
import { tag, TestClient } from '../support/client';
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

/** A counter's or gauge's value in the server's /metrics text (0 when absent). */
async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(new URL('/metrics', url))).text();
  const escaped = name.replace(/[{}"]/g, (char) => `\\${char}`);
  const match = new RegExp(`^${escaped} (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

/** GET an image as a client at `address` (tests sit behind a trusted proxy: x-forwarded-for). */
function image(url: string, pathname: string, address: string, headers: HeadersInit = {}) {
  return fetch(new URL(pathname, url), { headers: { 'x-forwarded-for': address, ...headers } });
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
      // The prompt's markup stays text: one script element runs, the app's own (the other is
      // the game's data, boot-data.test.ts).
      expect(html.match(/<script(?! type="application\/json")/g)).toHaveLength(1);
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

  it('counts a card’s leaders by ?method=, as the results page does (decision 0038)', async () => {
    // Issue 24's pasta: Penne by average position, Rigatoni head to head and by runoff.
    const owner = await h.user('Owner');
    const labels = ['Rigatoni', 'Penne', 'Fusilli', 'Farfalle', 'Spaghetti'];
    const game = await h.createGame(owner, labels, 'Best pasta shape');
    const ids = game.items.map((item) => item.id);
    for (const ranking of [ids, ids, [...ids.slice(1), ids[0] as string]]) {
      await h.submit(await h.guest(), game.id, ranking);
    }
    const card = async (query: string) => {
      const response = await fetch(new URL(`/api/games/${game.id}/card${query}`, h.url));
      return { status: response.status, body: (await response.json()) as { card: PublicCard } };
    };
    const leaders = async (query: string) => (await card(query)).body.card.leaders ?? [];
    expect((await leaders(''))[0]).toMatchObject({ label: 'Penne', place: 1, note: '33% first' });
    expect((await card('')).body.card.method).toBe('mean');
    expect((await leaders('?method=borda'))[0]).toMatchObject({
      label: 'Penne',
      note: '10 points',
    });
    expect((await leaders('?method=schulze'))[0]).toMatchObject({
      label: 'Rigatoni',
      note: 'beats 4, loses to 0',
    });
    const irv = await leaders('?method=irv');
    expect(irv.map((leader) => `${leader.tied ? '=' : ''}${leader.place} ${leader.label}`)).toEqual(
      ['1 Rigatoni', '2 Penne', '=3 Fusilli', '=3 Farfalle', '=3 Spaghetti'],
    );
    const wrong = await card('?method=coin');
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain(
      'Method must be one of: mean, borda, schulze, irv, strength (duel games only)',
    );
    // The image: one per method, the same for the same method.
    const png = (query: string) => image(h.url, `/og/g/${game.id}.png${query}`, '10.9.9.1');
    const [mean, schulze, again] = [
      await png(''),
      await png('?method=schulze'),
      await png('?method=schulze'),
    ];
    expect([mean.status, schulze.status, again.status]).toEqual([200, 200, 200]);
    expect(schulze.headers.get('etag')).not.toBe(mean.headers.get('etag'));
    expect(again.headers.get('etag')).toBe(schulze.headers.get('etag'));
    expect((await png('?method=coin')).status).toBe(400);
  });

  it('draws each version of a card once: stored, then drawn anew after an edit', async () => {
    const { owner, game } = await rankedGame();
    const renders = () => metric(h.url, 'crowned_og_renders_total');
    const before = await renders();
    const first = await fetch(new URL(`/og/g/${game.id}.png`, h.url));
    expect(first.status).toBe(200);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(await renders()).toBe(before + 1);
    // Asked again (and at once by several clients): the stored image, not drawn again.
    const again = await Promise.all(
      [1, 2, 3].map(() => fetch(new URL(`/og/g/${game.id}.png`, h.url))),
    );
    for (const response of again) {
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect(await renders()).toBe(before + 1);
    // A client holding it is told so without the bytes.
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const unchanged = await fetch(new URL(`/og/g/${game.id}.png`, h.url), {
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.status).toBe(304);
    // An edit changes the card: drawn anew, once.
    const edited = await owner.request('PATCH', `/api/games/${game.id}/items`, {
      items: ['Pizza', 'Sushi', 'Tacos', 'Ramen', 'Pho'],
    });
    expect(edited.status).toBe(200);
    const after = await fetch(new URL(`/og/g/${game.id}.png`, h.url));
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(Buffer.from(await after.arrayBuffer()).equals(bytes)).toBe(false);
    await fetch(new URL(`/og/g/${game.id}.png`, h.url));
    expect(await renders()).toBe(before + 2);
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

/**
 * Issue 22, row 3: preview images are drawn off the main thread, in a bounded pool, and limited
 * per client address. One worker, no queue, each render holding its worker 1.5 s (test hook),
 * five images per address and minute.
 */
describe.each(testDatabases)('preview rendering under load on %s', (kind) => {
  const h = new Harness();

  beforeAll(async () => {
    h.server = await startTestServer(kind, {
      env: {
        OG_RENDER_WORKERS: '1',
        OG_RENDER_QUEUE: '0',
        OG_RENDER_DELAY_MS: '1500',
        LIMIT_PREVIEWS_PER_MINUTE: '5',
      },
    });
  });
  afterAll(async () => {
    await h.server?.close();
  });

  async function games(count: number) {
    const owner = await h.user('Owner');
    const made = [];
    for (let i = 0; i < count; i++) {
      made.push(await h.createGame(owner, ['One', 'Two', 'Three'], `Load ${i} ${tag()}`));
    }
    return made;
  }

  it('answers other requests while a render is under way', async () => {
    const [game] = await games(1);
    const order: string[] = [];
    const drawn = image(h.url, `/og/g/${game!.id}.png`, '203.0.113.1').then((response) => {
      order.push('image');
      return response;
    });
    // The render holds its worker (1.5 s, blocking that thread): wait until it is under way...
    await expect
      .poll(() => metric(h.url, 'crowned_og_renders_in_progress{state="running"}'))
      .toBe(1);
    // ...then a cheap request is answered before it ends.
    const health = await fetch(new URL('/api/health', h.url));
    order.push('health');
    expect(health.status).toBe(200);
    expect((await drawn).status).toBe(200);
    expect(order).toEqual(['health', 'image']);
  });

  it('refuses at once with 503 and Retry-After when the queue is full', async () => {
    const made = await games(3);
    const refusedBefore = await metric(h.url, 'crowned_og_render_refusals_total');
    const responses = await Promise.all(
      made.map((game, i) => image(h.url, `/og/g/${game.id}.png`, `203.0.113.${10 + i}`)),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 503, 503]);
    for (const response of responses.filter((r) => r.status === 503)) {
      expect(response.headers.get('retry-after')).toBe('5');
      const body = (await response.json()) as { error: { code: string } };
      expect(body.error.code).toBe('unavailable');
    }
    expect(await metric(h.url, 'crowned_og_render_refusals_total')).toBe(refusedBefore + 2);
    // Once the worker is free, a refused image is drawn.
    const refused = made[responses.findIndex((response) => response.status === 503)]!;
    expect((await image(h.url, `/og/g/${refused.id}.png`, '203.0.113.20')).status).toBe(200);
  });

  it('limits each address: 429 with Retry-After past the limit, others unaffected', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await image(h.url, `/og/g/nothing-${i}.png`, '198.51.100.7');
      expect(response.status).toBe(404);
    }
    const refusals = 'crowned_rate_limit_refusals_total{kind="rate:og"}';
    const refusedBefore = await metric(h.url, refusals);
    const over = await image(h.url, '/og/g/nothing.png', '198.51.100.7');
    expect(over.status).toBe(429);
    // Counted with the other limits' refusals.
    expect(await metric(h.url, refusals)).toBe(refusedBefore + 1);
    // Seconds until this address's minute ends.
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = (await over.json()) as { error: { code: string } };
    expect(body.error.code).toBe('resource-exhausted');
    expect((await image(h.url, '/og/g/nothing.png', '198.51.100.8')).status).toBe(404);
  });
});
