/** Live events over SSE: snapshot, submission events, Last-Event-ID resume and heartbeats. */
import { describe, expect, it, type TestContext } from 'vitest';
import { MESSAGES } from '../../src/domain/game';
import type { SseStream, TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer, type EventData } from './harness';

// Tests run concurrently (much of their time is spent waiting for heartbeats); each closes its
// own streams when it finishes.
describe.concurrent.each(testDatabases)('events on %s', (kind) => {
  const h = useServer(kind);

  async function connect(
    t: TestContext,
    client: TestClient,
    gameId: string,
    lastEventId?: number,
  ): Promise<SseStream> {
    const stream = await client.events(`/api/games/${gameId}/events`, { lastEventId });
    t.onTestFinished(() => stream.close());
    return stream;
  }

  async function nextData(
    stream: SseStream,
    event: string,
  ): Promise<{ id: string | undefined; data: EventData }> {
    const message = await stream.nextEvent(5000);
    expect(message.event).toBe(event);
    return { id: message.id, data: JSON.parse(message.data) as EventData };
  }

  it('sends a snapshot on connect with the version as its id', async (t) => {
    const owner = await h.user();
    const game = await h.createGame(owner);
    await h.submit(await h.guest(), game.id, ids(game));

    const stream = await connect(t, owner, game.id);
    expect(stream.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const snapshot = await nextData(stream, 'snapshot');
    expect(snapshot.id).toBe('1');
    expect(snapshot.data.version).toBe(1);
    expect(snapshot.data.submissionCount).toBe(1);
    expect(snapshot.data.results?.submissions).toBe(1);

    const anonymous = await connect(t, h.anonymous(), game.slug);
    const hidden = await nextData(anonymous, 'snapshot');
    expect(hidden).toEqual({
      id: '1',
      data: { submissionCount: 1, version: 1, closed: false, resultsLocked: false, results: null },
    });
  });

  it('answers 404 for an unknown game', async () => {
    const response = await h.anonymous().request('GET', '/api/games/no-such-game/events');
    expect(response.status).toBe(404);
    expect(response.body).toEqual(errorOf('not-found', MESSAGES.gameNotFound));
  });

  it('pushes submissions: results for the owner, none for a viewer until they submit', async (t) => {
    const owner = await h.user();
    const game = await h.createGame(owner);
    const viewer = await h.guest();
    const ownerStream = await connect(t, owner, game.id);
    const viewerStream = await connect(t, viewer, game.id);
    expect((await nextData(ownerStream, 'snapshot')).data).toMatchObject({
      version: 0,
      submissionCount: 0,
    });
    expect((await nextData(viewerStream, 'snapshot')).data).toEqual({
      version: 0,
      submissionCount: 0,
      closed: false,
      resultsLocked: false,
      results: null,
    });

    const ranking = ids(game);
    expect((await h.submit(await h.guest(), game.id, ranking)).status).toBe(200);
    const toOwner = await nextData(ownerStream, 'submission');
    expect(toOwner.id).toBe('1');
    expect(toOwner.data.submissionCount).toBe(1);
    expect(toOwner.data.results?.submissions).toBe(1);
    expect(toOwner.data.results?.items.map((item) => item.id)).toEqual(ranking);
    const toViewer = await nextData(viewerStream, 'submission');
    expect(toViewer).toEqual({
      id: '1',
      data: { submissionCount: 1, version: 1, closed: false, resultsLocked: false, results: null },
    });

    // The viewer submits: their own stream now carries results.
    expect((await h.submit(viewer, game.id, ranking)).status).toBe(200);
    const own = await nextData(viewerStream, 'submission');
    expect(own.id).toBe('2');
    expect(own.data.submissionCount).toBe(2);
    expect(own.data.results?.submissions).toBe(2);
    expect((await nextData(ownerStream, 'submission')).data.submissionCount).toBe(2);

    // A resubmission is an event too (new version, same count).
    expect((await h.submit(viewer, game.id, [...ranking].reverse())).status).toBe(200);
    const again = await nextData(viewerStream, 'submission');
    expect(again.id).toBe('3');
    expect(again.data.submissionCount).toBe(2);
  });

  it('resumes from Last-Event-ID: no snapshot when current, a snapshot when behind', async (t) => {
    const owner = await h.user();
    const game = await h.createGame(owner);
    const ranking = ids(game);
    await h.submit(await h.guest(), game.id, ranking);
    await h.submit(await h.guest(), game.id, ranking);

    const current = await connect(t, owner, game.id, 2);
    expect(current.status).toBe(200);
    const quiet = await current.collect(1300);
    expect(quiet.filter((message) => message.kind === 'event')).toEqual([]);
    expect(quiet.length).toBeGreaterThan(0); // a heartbeat shows the stream is alive

    const behind = await connect(t, owner, game.id, 1);
    expect(await nextData(behind, 'snapshot')).toMatchObject({
      id: '2',
      data: { version: 2, submissionCount: 2 },
    });

    // The resumed stream still gets what happens next.
    await h.submit(await h.guest(), game.id, ranking);
    expect(await nextData(current, 'submission')).toMatchObject({
      id: '3',
      data: { submissionCount: 3 },
    });
    expect(await nextData(behind, 'submission')).toMatchObject({
      id: '3',
      data: { submissionCount: 3 },
    });

    const garbage = await connect(t, owner, game.id, Number.NaN);
    expect(await nextData(garbage, 'snapshot')).toMatchObject({ id: '3' });
  });

  it('sends heartbeat comments while nothing happens', async (t) => {
    const owner = await h.user();
    const game = await h.createGame(owner);
    const stream = await connect(t, h.anonymous(), game.id);
    await nextData(stream, 'snapshot');
    const first = await stream.next(2500);
    expect(first).toEqual({ kind: 'comment', text: 'heartbeat' });
    const second = await stream.next(2500);
    expect(second).toEqual({ kind: 'comment', text: 'heartbeat' });
  });

  // Sequential and last: it counts every stream of this server, so the others must be done.
  it.sequential('forgets a stream once the client goes away', async (t) => {
    const hub = h.server.hub;
    await t.expect.poll(() => hub.subscriberCount(), { timeout: 3000 }).toBe(0);
    const owner = await h.user();
    const game = await h.createGame(owner);
    const stream = await connect(t, owner, game.id);
    await nextData(stream, 'snapshot');
    t.expect(hub.subscriberCount()).toBe(1);
    stream.close();
    await t.expect.poll(() => hub.subscriberCount(), { timeout: 3000 }).toBe(0);
  });
});
