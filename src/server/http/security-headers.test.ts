import { createHash } from 'node:crypto';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  inlineScripts,
  securityHeaders,
} from './security-headers';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const INDEX = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<script>(function(a){document.title=a})("x")</script>
<SCRIPT type="text/javascript">
  console.log(1)
</SCRIPT>
<script></script>
<script type="application/json" id="boot-data">{"session":null}</script>
<script type=module>import('/x.js')</script>
</head><body><div id="root"></div></body></html>`;

describe('inline script hashes', () => {
  it('finds the inline scripts that run, not the external ones nor data blocks, as written', () => {
    expect(inlineScripts(INDEX)).toEqual([
      '(function(a){document.title=a})("x")',
      '\n  console.log(1)\n',
      '',
      "import('/x.js')",
    ]);
  });

  it('hashes each non-empty one once', () => {
    expect(inlineScriptHashes(INDEX)).toEqual([
      sha('(function(a){document.title=a})("x")'),
      sha('\n  console.log(1)\n'),
      sha("import('/x.js')"),
    ]);
    expect(
      inlineScriptHashes(`${INDEX}<script>(function(a){document.title=a})("x")</script>`),
    ).toHaveLength(3);
  });
});

describe('contentSecurityPolicy', () => {
  it('allows no inline script but the hashed ones, and no framing', () => {
    const policy = contentSecurityPolicy(["'sha256-abc='"]);
    expect(policy).toContain("script-src 'self' 'sha256-abc='");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("object-src 'none'");
  });
});

describe('securityHeaders', () => {
  function app(options: Parameters<typeof securityHeaders>[0]) {
    const hono = new Hono();
    hono.use('*', securityHeaders(options));
    hono.get('/page', (c) => c.html('<p>hi</p>'));
    hono.get('/api/x', (c) => c.json({ ok: true }));
    hono.get('/boom', () => {
      throw new Error('boom');
    });
    hono.onError((_error, c) => c.json({ error: 'internal' }, 500));
    return hono;
  }

  it('sets them on pages, API answers and errors; HSTS only over https', async () => {
    const plain = app({ https: false });
    for (const url of ['/page', '/api/x', '/boom', '/missing']) {
      const response = await plain.request(url);
      expect(response.headers.get('content-security-policy'), url).toContain(
        "frame-ancestors 'none'",
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
    const secure = await app({ https: true }).request('/api/x');
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it("puts the built page's inline script hashes in the page's policy, read again after a rebuild", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'crowned-csp-'));
    const indexFile = path.join(dir, 'index.html');
    writeFileSync(indexFile, '<script>one()</script>');
    const hono = app({ https: false, indexFile });
    expect((await hono.request('/page')).headers.get('content-security-policy')).toContain(
      sha('one()'),
    );
    // The API's policy has no use for them.
    expect((await hono.request('/api/x')).headers.get('content-security-policy')).not.toContain(
      'sha256-',
    );
    writeFileSync(indexFile, '<script>two()</script>');
    utimesSync(indexFile, new Date(), new Date(Date.now() + 5000));
    const after = (await hono.request('/page')).headers.get('content-security-policy');
    expect(after).toContain(sha('two()'));
    expect(after).not.toContain(sha('one()'));
  });
});
