/**
 * The API's document (issue 15): /api/openapi.json is valid OpenAPI 3.1 and has every /api route
 * of the app (and nothing the app lacks), with its auth and its error envelope; /api/docs shows
 * every operation. That responses match the document is checked on every response of the whole
 * integration suite (test/support/server.ts turns the check on); the last block shows that the
 * check really fails a response that does not match.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { openApiPath, type OpenApiDocument } from '../../src/server/api-docs/document';
import { responseCheck } from '../../src/server/api-docs/check-responses';
import { createLogger } from '../../src/server/platform/log';
import { testDatabases } from '../support/server';
import { useServer } from './harness';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

describe.each(testDatabases)('the OpenAPI document on %s', (kind) => {
  const h = useServer(kind);
  let document: OpenApiDocument;

  it('is valid OpenAPI 3.1', async () => {
    const response = await h.anonymous().request<OpenApiDocument>('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    document = response.body;
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every /api route of the app, and no route the app lacks', () => {
    const routes = new Set(
      h.server.routes
        .filter((route) => route.path.startsWith('/api/') && !route.path.includes('*'))
        .filter((route) => METHODS.includes(route.method))
        .map((route) => `${route.method} ${openApiPath(route.path)}`),
    );
    expect(routes.size).toBeGreaterThan(40);
    const documented = new Set(
      Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
        Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect([...routes].filter((route) => !documented.has(route))).toEqual([]);
    const ownRoutes = [...documented].filter((route) => !route.includes(' /api/auth/'));
    expect(ownRoutes.filter((route) => !routes.has(route))).toEqual([]);
  });

  it('says who may call each operation and documents its errors as { error: { code, message } }', () => {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, value] of Object.entries(item ?? {})) {
        const operation = value as {
          summary?: string;
          tags?: string[];
          security?: Record<string, string[]>[];
          responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
        };
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.summary, where).toBeTruthy();
        expect(operation.tags?.length, where).toBe(1);
        expect(operation.security?.length, where).toBeGreaterThan(0);
        if (path.startsWith('/api/auth/')) continue;
        expect(operation.responses?.['400'], where).toBeDefined();
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (Number(status) < 400) continue;
          expect(response.content?.['application/json']?.schema, `${where} ${status}`).toEqual({
            $ref: '#/components/schemas/Error',
          });
        }
      }
    }
    const error = document.components?.schemas?.Error as {
      properties: { error: { properties: Record<string, { enum?: string[] }> } };
    };
    expect(error.properties.error.properties.code?.enum).toEqual(
      expect.arrayContaining([
        'invalid-argument',
        'unauthenticated',
        'permission-denied',
        'not-found',
        'aborted',
        'resource-exhausted',
        'internal',
        'unavailable',
        'deadline-exceeded',
      ]),
    );
    expect(error.properties.error.properties.requestId).toBeDefined();
    // Admin routes are cookie-only and marked; token routes name the bearer scheme.
    const overview = document.paths?.['/api/admin/overview']?.get as Record<string, unknown>;
    expect(overview['x-admin-only']).toBe(true);
    expect(overview.security).toEqual([{ cookieAuth: [] }]);
    expect(document.paths?.['/api/games/{id}']?.get?.security).toEqual([
      {},
      { cookieAuth: [] },
      { bearerAuth: [] },
    ]);
    // Request bodies come from the routes' own validators.
    const create = document.paths?.['/api/games']?.post?.requestBody as {
      content: Record<string, { schema: { properties: Record<string, unknown> } }>;
    };
    expect(Object.keys(create.content['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['prompt', 'items', 'sizeLimit', 'deadlineAt', 'publish']),
    );
  });

  it('has a readable reference page at /api/docs with every operation', async () => {
    const response = await fetch(`${h.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of Object.keys(item ?? {})) {
        const escaped = path.replaceAll('&', '&amp;');
        expect(html, `${method} ${path}`).toContain(
          `${method.toUpperCase()}</span> <code class="path">${escaped}</code>`,
        );
      }
    }
    expect(html).not.toMatch(/<script/i);
  });
});

describe('the response check', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/api/things/{id}': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { thing: { $ref: '#/components/schemas/Thing' } },
                    required: ['thing'],
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Thing: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      },
    },
  } as OpenApiDocument;
  const app = new Hono();
  app.use(
    '/api/*',
    responseCheck(createLogger('silent'))(async () => document),
  );
  app.get('/api/things/:id', (c) =>
    c.req.param('id') === 'good'
      ? c.json({ thing: { n: 1 } })
      : c.req.param('id') === 'gone'
        ? c.json({ error: { code: 'not-found', message: 'No' } }, 404)
        : c.json({ thing: { n: 'one' } }),
  );
  app.get('/api/undocumented', (c) => c.json({ ok: true }));

  it('passes a response that matches and fails one that does not, naming the mismatch', async () => {
    expect((await app.request('/api/things/good')).status).toBe(200);
    const bad = await app.request('/api/things/bad');
    expect(bad.status).toBe(500);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(
      /GET \/api\/things\/\{id\} 200: \/thing\/n must be number/,
    );
  });

  it('fails a status the document does not list, and a route it does not have', async () => {
    expect((await app.request('/api/things/gone')).status).toBe(500);
    expect((await app.request('/api/undocumented')).status).toBe(500);
  });
});
