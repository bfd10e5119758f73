/**
 * Framing (issue 22, decision 0032): the embed card `/embed/g/:id` is the one response any site
 * may frame, and it is read-only static HTML that is the same with or without a session. Every
 * other path, whatever it starts with (`/embed/anything-else`, a dot-dot path sent raw, an
 * encoded one, a query naming an embed), keeps `frame-ancestors 'none'` and X-Frame-Options DENY,
 * the web app's pages (where a signed-in user can revoke, create tokens or delete) included.
 */
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases } from '../support/server';
import { Harness } from './harness';

const INDEX = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Crowned</title></head>
  <body><div id="root"></div><script type="module" src="/assets/main.js"></script></body>
</html>
`;

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/** GET with the path sent exactly as written (fetch would resolve `..` and `%2e` first). */
function rawGet(base: string, rawPath: string, headers: Record<string, string> = {}) {
  const url = new URL(base);
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: rawPath, method: 'GET', headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const framable = (answer: Answer) =>
  String(answer.headers['content-security-policy']).includes('frame-ancestors *') &&
  answer.headers['x-frame-options'] === undefined;

const denied = (answer: Answer) =>
  String(answer.headers['content-security-policy']).includes("frame-ancestors 'none'") &&
  answer.headers['x-frame-options'] === 'DENY';

describe.each(testDatabases)('who may frame what on %s', (kind) => {
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

  it('frames the embed card only, the same read-only page with or without a session', async () => {
    const owner = await h.user('Framer');
    const game = await h.createGame(owner);
    const anonymous = await rawGet(h.url, `/embed/g/${game.id}`);
    expect(anonymous.status).toBe(200);
    expect(framable(anonymous)).toBe(true);
    // No app, no form, no button: nothing on it acts for whoever sees it.
    expect(anonymous.body).not.toContain('id="root"');
    expect(anonymous.body).not.toMatch(/<form|<button|<input/i);
    // A signed-in visitor's cookie changes nothing: no session is read, none is set.
    const cookie = (owner as unknown as { jar: Map<string, string> }).jar;
    const signedIn = await rawGet(h.url, `/embed/g/${game.id}`, {
      cookie: [...cookie].map(([name, value]) => `${name}=${value}`).join('; '),
    });
    expect(signedIn.body).toBe(anonymous.body);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
    expect(framable(signedIn)).toBe(true);
    // A game that does not exist: the embed's own static 404 page, framable and harmless.
    for (const missing of ['/embed/g/nothing', '/embed/g/..%2F..%2Faccount']) {
      const answer = await rawGet(h.url, missing);
      expect(answer.status, missing).toBe(404);
      expect(answer.body, missing).toContain('This rank does not exist');
      expect(answer.body, missing).not.toContain('id="root"');
    }
  });

  it("keeps frame-ancestors 'none' on every other path, embed-looking or not", async () => {
    const owner = await h.user('Framed');
    const game = await h.createGame(owner);
    const paths = [
      '/embed',
      '/embed/',
      '/embed/anything-else',
      '/embed/account',
      '/embed/embed.js',
      '/embed/g',
      '/embed/g/',
      `/embed/g/${game.id}/`,
      `/embed/g/${game.id}/extra`,
      `/embed/g/${game.id}/../../account`,
      '/embed/../account',
      '/embed/g/x/../../account',
      '/embed/%2e%2e/account',
      '/embed/g/%2e%2e/%2e%2e/account',
      '/Embed/g/x',
      '//embed/g/x',
      '/account?next=/embed/g/x',
      `/account?embed=/embed/g/${game.id}`,
      '/account#/embed/g/x',
      '/account',
      `/g/${game.id}`,
      '/',
      '/api/health',
      '/api/embed/g/x',
    ];
    for (const rawPath of paths) {
      const answer = await rawGet(h.url, rawPath);
      expect(denied(answer), `${rawPath} (${answer.status})`).toBe(true);
    }
  });
});
