/**
 * Crash reports from the web (issue 22: "client error reports are rate-limited and logged below
 * ERROR", decision 0034): a valid report is one `warn` line in the server's log and nothing else;
 * a malformed one is refused with a message and logs nothing; an address past its limit gets 429
 * with Retry-After while another address is still heard; no report ever writes an `error` line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_REPORTS_PER_MINUTE } from '../../src/domain/limits';
import { createLogger } from '../../src/server/platform/log';
import { tag, TestClient } from '../support/client';
import { startTestServer, testDatabases, type TestServer } from '../support/server';

type Line = { level: string; msg: string; [field: string]: unknown };

describe.each(testDatabases)('client error reports on %s', (kind) => {
  let server: TestServer;
  const lines: Line[] = [];
  const reports = () => lines.filter((line) => line.msg === 'client error');

  beforeAll(async () => {
    server = await startTestServer(kind, {
      log: createLogger('debug', { sink: (line) => lines.push(JSON.parse(line) as Line) }),
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('logs a valid report once, at warn, with what the page said', async () => {
    const client = new TestClient(server.url);
    const message = `TypeError: x is undefined ${tag()}`;
    const res = await client.request('POST', '/api/client-errors', {
      kind: 'crash',
      message,
      path: '/g/abc/play',
      stack: 'at Play (play.tsx:12)',
    });
    expect(res.status).toBe(202);
    const line = reports().find((l) => l.message === message);
    expect(line).toMatchObject({ level: 'warn', kind: 'crash', path: '/g/abc/play' });
    expect(line?.stack).toBe('at Play (play.tsx:12)');
    expect(typeof line?.requestId).toBe('string');
  });

  it.each([
    ['no kind', { message: 'm', path: '/' }],
    ['an unknown kind', { kind: 'fatal', message: 'm', path: '/' }],
    [
      'a query in the path (tokens live there)',
      { kind: 'error', message: 'm', path: '/x?token=1' },
    ],
    ['a whole URL as the path', { kind: 'error', message: 'm', path: 'https://evil.test/' }],
    ['a message over 500 characters', { kind: 'error', message: 'm'.repeat(501), path: '/' }],
    [
      'a stack over 4000 characters',
      { kind: 'error', message: 'm', path: '/', stack: 's'.repeat(4001) },
    ],
    ['an unknown field', { kind: 'error', message: 'm', path: '/', extra: 1 }],
    ['a NUL character', { kind: 'error', message: 'a\u0000b', path: '/' }],
    ['an array', [1, 2]],
  ])('refuses %s with a message and logs nothing', async (_, json) => {
    const before = reports().length;
    const res = await new TestClient(server.url).request<{ error: { message: string } }>(
      'POST',
      '/api/client-errors',
      json,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message.length).toBeGreaterThan(0);
    expect(reports().length).toBe(before);
  });

  it('refuses an address past its limit with Retry-After, and still hears another', async () => {
    const flood = new TestClient(server.url);
    const before = reports().length;
    const report = { kind: 'error', message: `flood ${tag()}`, path: '/' };
    for (let i = 0; i < CLIENT_ERROR_REPORTS_PER_MINUTE; i++) {
      const res = await flood.request('POST', '/api/client-errors', report);
      expect(res.status).toBe(202);
    }
    const refused = await flood.request('POST', '/api/client-errors', report);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(reports().length - before).toBe(CLIENT_ERROR_REPORTS_PER_MINUTE);
    const other = await new TestClient(server.url).request('POST', '/api/client-errors', report);
    expect(other.status).toBe(202);
  });

  it('never writes an error line for a report', () => {
    expect(reports().length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
  });
});
