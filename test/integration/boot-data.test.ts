/**
 * Issue 29: a game's page opened without a session carries the game's read in its HTML (a JSON
 * data block the web app reads before its first render, src/web/api/boot-data.ts), so a shared
 * link's first visit waits on no API call. The block holds exactly what `GET /api/games/:id`
 * answers a visitor without a session, escaped for a `<script>` element (no markup in a label
 * can close it), and nothing at all when the request carries a session cookie.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases } from '../support/server';
import { Harness } from './harness';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Crowned</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/main.js"></script></body>
</html>
`;

const BLOCK = /<script type="application\/json" id="boot-data">([^<]*)<\/script>/g;

/** The page's data blocks, as written (raw) and as the page reads them (parsed). */
function blocks(html: string): { raw: string; data: unknown }[] {
  return [...html.matchAll(BLOCK)].map((match) => ({
    raw: match[1]!,
    data: JSON.parse(match[1]!) as unknown,
  }));
}

describe.each(testDatabases)('the game in the HTML of its pages on %s', (kind) => {
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

  const page = async (pathname: string, headers: HeadersInit = {}) => {
    const response = await fetch(new URL(pathname, h.url), { headers });
    return { status: response.status, headers: response.headers, html: await response.text() };
  };

  it('writes what the API answers a visitor without a session, escaped for a script element', async () => {
    const owner = await h.user('Owner');
    const hostile = '</script><script>alert(1)</script><!-- & \u2028';
    const game = await h.createGame(owner, [hostile, 'Sushi', 'Tacos'], `Best ${hostile}`, {
      // Results locked until three players submitted: none of them shows.
      sizeLimit: 3,
    });
    const player = await h.guest();
    const [a, b, c] = game.items.map((item) => item.id);
    expect((await h.submit(player, game.id, [c, b, a], { name: 'Secret Sam' })).status).toBe(200);
    const api = await h.getGame(h.anonymous(), game.slug);
    expect(api.status).toBe(200);

    for (const pathname of [`/g/${game.id}`, `/g/${game.slug}/play`, `/g/${game.id}/results`]) {
      const { status, html } = await page(pathname);
      expect(status, pathname).toBe(200);
      const found = blocks(html);
      expect(found, pathname).toHaveLength(1);
      const idOrSlug = pathname.split('/')[2];
      expect(found[0]!.data).toEqual({ session: null, game: { idOrSlug, read: api.body } });
      // The labels' markup never becomes markup: nothing in the block opens or closes a tag.
      expect(found[0]!.raw).not.toMatch(/[<>&\u2028\u2029]/);
      expect(html.match(/<script/g), 'the data block and the entry only').toHaveLength(2);
      // Nothing of another player's: no name, no submission.
      expect(found[0]!.raw).not.toContain('Secret Sam');
      expect(
        (found[0]!.data as { game: { read: { mySubmission: unknown } } }).game.read,
      ).toMatchObject({ mySubmission: null });
    }
  });

  it("draws an open full ranking's play page into #root, its labels as text (decision 0075)", async () => {
    const owner = await h.user('Owner');
    const hostile = '</ol><script>alert(1)</script><!-- &';
    const game = await h.createGame(owner, [hostile, 'Sushi', 'Tacos'], `Best ${hostile}`);
    const root = (html: string) =>
      /<div id="root">([\s\S]*?)<\/div>\s*<script type="module"/.exec(html)?.[1];

    const { html } = await page(`/g/${game.slug}/play`);
    const drawn = root(html) ?? '';
    expect(drawn).toMatch(/^<div class="app app--with-nav" data-first-paint inert>/);
    expect(drawn).not.toContain('<script');
    expect(drawn).toContain('&lt;/ol&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp;');
    const labels = [...drawn.matchAll(/<span class="rank-row__label" dir="auto">([^<]*)<\/span>/g)];
    expect(labels.map((match) => match[1])).toEqual([
      '&lt;/ol&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp;',
      'Sushi',
      'Tacos',
    ]);

    // Not drawn: with a session cookie, on the game's other pages, results locked, a top N.
    const player = await h.guest();
    const [a, b, c] = game.items.map((item) => item.id);
    expect((await h.submit(player, game.id, [c, b, a])).status).toBe(200);
    const cookie = `better-auth.session_token=${player.cookie('better-auth.session_token')}`;
    expect(root((await page(`/g/${game.id}/play`, { cookie })).html)).toBe('');
    expect(root((await page(`/g/${game.id}`)).html)).toBe('');
    expect(root((await page(`/g/${game.id}/results`)).html)).toBe('');
    const locked = await h.createGame(owner, undefined, undefined, { sizeLimit: 3 });
    expect(root((await page(`/g/${locked.id}/play`)).html)).toBe('');
    const top = await h.createGame(owner, ['A', 'B', 'C', 'D'], undefined, {
      ballot: { kind: 'top', n: 2 },
    });
    expect(root((await page(`/g/${top.id}/play`)).html)).toBe('');
  });

  it('writes nothing for a request with a session cookie, another page or an unknown game', async () => {
    const owner = await h.user('Owner');
    const game = await h.createGame(owner);
    const player = await h.guest();
    const [a, b, c] = game.items.map((item) => item.id);
    expect((await h.submit(player, game.id, [c, b, a])).status).toBe(200);
    // The player's own page: their session, their submission: never in the HTML.
    const token = player.cookie('better-auth.session_token');
    expect(token, 'the guest has a session cookie').toBeDefined();
    const cookie = `better-auth.session_token=${token}`;
    const signedIn = await page(`/g/${game.id}/play`, { cookie });
    expect(signedIn.status).toBe(200);
    expect(blocks(signedIn.html)).toEqual([]);
    expect(signedIn.html).not.toContain('boot-data');

    for (const pathname of ['/g/no-such-game/play', '/g/%E0%A4%A/play', '/community', '/']) {
      const { html } = await page(pathname);
      expect(blocks(html), pathname).toEqual([]);
    }
  });
});
