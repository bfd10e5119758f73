/**
 * The drain (issue 22, row 15; decision 0016): on SIGTERM every request that reached the server
 * gets a complete HTTP answer, never a reset. The real server runs as a child process (the bundle
 * `npm start` runs); 20 raw TCP connections send requests around the signal: keep-alive
 * connections used before and again after it, connections opened before it and first used after
 * it, guest sign-ins (writes) sent just before and after it, and pipelined requests. Three rounds,
 * each with the requests sent at a different moment after the signal.
 */
import { rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPgliteTemplate,
  buildServer,
  pgliteTemplateStale,
} from '../../scripts/build-server.mjs';
import { PROJECT_ROOT } from '../../src/server/platform/project-root';
import { randomIp, tag } from '../support/client';
import { freePort } from '../support/server';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bundle = path.join(PROJECT_ROOT, `dist/server/test-drain-${tag()}.mjs`);

beforeAll(async () => {
  await buildServer(bundle);
  // What `npm start` prepares too: a new embedded database starts from it in about 2 s.
  if (pgliteTemplateStale()) await buildPgliteTemplate();
}, 120_000);
afterAll(async () => {
  await rm(bundle, { force: true });
  await rm(`${bundle}.map`, { force: true });
});

type Child = ServerProcess;

const startChild = async (): Promise<Child> =>
  startServerProcess(bundle, await freePort(), { DATA_DIR: 'memory' });

type Response = { status: number; headers: Record<string, string> };

/**
 * The complete HTTP/1.1 responses at the start of `data` (Content-Length or chunked bodies; a
 * body that runs to the end of the connection counts once the connection has ended).
 */
function completeResponses(data: Buffer, ended: boolean): Response[] {
  const responses: Response[] = [];
  let at = 0;
  for (;;) {
    const headEnd = data.indexOf('\r\n\r\n', at);
    if (headEnd < 0) return responses;
    const [statusLine = '', ...lines] = data.subarray(at, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    let next = headEnd + 4;
    if (status < 200 || status === 204 || status === 304) {
      // No body.
    } else if (headers['content-length'] !== undefined) {
      next += Number(headers['content-length']);
      if (next > data.length) return responses;
    } else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
      for (;;) {
        const lineEnd = data.indexOf('\r\n', next);
        if (lineEnd < 0) return responses;
        const size = parseInt(data.subarray(next, lineEnd).toString('latin1'), 16);
        next = lineEnd + 2 + size + 2;
        if (next > data.length) return responses;
        if (size === 0) break;
      }
    } else {
      if (!ended) return responses;
      next = data.length;
    }
    if (status >= 200) responses.push({ status, headers });
    at = next;
  }
}

type Connection = {
  socket: net.Socket;
  sent: number;
  done: Promise<void>;
  errors: string[];
  data(): Buffer;
  ended(): boolean;
};

function open(port: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const errors: string[] = [];
    let ended = false;
    const done = new Promise<void>((settle) => socket.once('close', () => settle()));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => (ended = true));
    socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
    socket.once('connect', () =>
      resolve({
        socket,
        sent: 0,
        done,
        errors,
        data: () => Buffer.concat(chunks),
        ended: () => ended,
      }),
    );
    socket.once('error', reject);
  });
}

function send(connection: Connection, requests: string[]): void {
  connection.sent += requests.length;
  connection.socket.write(requests.join(''));
}

/** One round: 20 connections around the signal; what each connection got. */
async function round(child: Child, delayMs: number) {
  const host = `localhost:${child.port}`;
  const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`;
  // A guest sign-in: a write (user and session rows) that takes the server a moment.
  const guest = () =>
    `POST /api/auth/sign-in/anonymous HTTP/1.1\r\nHost: ${host}\r\n` +
    `Origin: http://${host}\r\nContent-Type: application/json\r\n` +
    `X-Forwarded-For: ${randomIp()}\r\nContent-Length: 2\r\n\r\n{}`;
  const connections = await Promise.all(Array.from({ length: 20 }, () => open(child.port)));
  const warm = connections.slice(0, 4);
  const fresh = connections.slice(4, 8);
  const before = connections.slice(8, 12);
  const writesAfter = connections.slice(12, 16);
  const pipelined = connections.slice(16, 20);
  // Keep-alive connections the server has served once already.
  for (const connection of warm) send(connection, [get('/api/health')]);
  await expect
    .poll(() => warm.every((c) => completeResponses(c.data(), false).length === 1))
    .toBe(true);

  for (const connection of before) send(connection, [guest(), get('/api/ready')]);
  child.process.kill('SIGTERM');
  if (delayMs > 0) await sleep(delayMs);
  for (const connection of warm) send(connection, [get('/api/ready')]);
  for (const connection of fresh) send(connection, [get('/api/health')]);
  for (const connection of writesAfter) send(connection, [guest()]);
  for (const connection of pipelined) {
    send(connection, [get('/api/health'), guest(), get('/api/ready')]);
  }

  const exit = await child.exited;
  await Promise.all(connections.map((c) => c.done));
  const outcomes = connections.map((c) => {
    const responses = completeResponses(c.data(), c.ended());
    return {
      errors: c.errors,
      answered: responses.length,
      sent: c.sent,
      wrong: responses.filter(
        (r) => r.status !== 200 && !(r.status === 503 && r.headers.connection === 'close'),
      ),
    };
  });
  return { exit, outcomes };
}

describe('SIGTERM with requests arriving around it', () => {
  const children: Child[] = [];
  afterAll(() => {
    for (const child of children)
      if (child.process.exitCode === null) child.process.kill('SIGKILL');
  });

  it('answers every request that reached the server (its result, or 503 + Connection: close); none is reset', async () => {
    // Requests sent at once after the signal, then after the server has begun its drain; one
    // server process per round, started together.
    const delays = [0, 30, 250];
    children.push(...(await Promise.all(delays.map(() => startChild()))));
    for (const [index, delayMs] of delays.entries()) {
      const child = children[index]!;
      const { exit, outcomes } = await round(child, delayMs);
      const label = `requests sent ${delayMs} ms after SIGTERM`;
      expect(exit, `${label}: exit\n${child.output()}`).toEqual({ code: 0, signal: null });
      expect(
        outcomes.flatMap((o) => o.errors),
        `${label}: socket errors`,
      ).toEqual([]);
      expect(
        outcomes.map((o) => o.answered),
        `${label}: complete answers per connection`,
      ).toEqual(outcomes.map((o) => o.sent));
      expect(
        outcomes.flatMap((o) => o.wrong),
        `${label}: other answers`,
      ).toEqual([]);
    }
  });
});
