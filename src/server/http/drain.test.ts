import { createServer, type Server } from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpDrain } from './drain';

/** Holds the thread as a starved process or a long synchronous step does. */
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

describe('HttpDrain', () => {
  let server: Server | undefined;
  afterEach(() => server?.closeAllConnections());

  it('answers a request that arrived before the grace ended, though the process was busy past it', async () => {
    const drain = new HttpDrain();
    server = createServer(drain.wrap((_req, res) => res.end('ok')));
    drain.attach(server);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const errors: string[] = [];
    let data = '';
    socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    // A keep-alive connection the server has served once: idle when the drain begins.
    socket.write('GET / HTTP/1.1\r\nHost: test\r\n\r\n');
    await expect.poll(() => data).toMatch(/ok$/);
    data = '';

    const drained = drain.drain({ timeoutMs: 5000, idleGraceMs: 50 });
    await new Promise((resolve) => setImmediate(resolve));
    // The request reaches the server's socket within the grace; the process gets to read it only
    // after the grace is over.
    socket.write('GET / HTTP/1.1\r\nHost: test\r\n\r\n');
    busy(150);

    await drained;
    await closed;
    expect(errors).toEqual([]);
    expect(data).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(data).toMatch(/\r\nConnection: close\r\n/i);
  });
});
