/**
 * A game's live stream (`GET /api/games/:id/events`): the state machine behind one viewer's
 * stream. It opens with a snapshot (unless the browser already has the current version), sends a
 * `submission` frame per new version, a snapshot when the game changed (closed, items edited, new
 * owner) or events may have been missed (resync), reads the viewer's access again when it may
 * have changed (the game closed, their own final ranking), and ends with `deleted` once the game
 * is gone. Frames are encoded once per results, event and variant, however many streams send them.
 */
import type { Context } from 'hono';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/game';
import type { LiveData, Results } from '../../domain/results';
import type { Viewer } from '../auth/public';
import type { Db } from '../db/client';
import type { EventHub, HubMessage } from '../realtime/hub';
import { streamTopic, type SseStream } from '../realtime/sse';
import type { StreamLimits } from '../realtime/stream-limits';
import { gameTopic, type GameEvent } from './live';
import { currentState } from './lookup';
import { resultsAccess } from './results-access';
import type { GameState, GameStates } from './state';

export type LiveStreamDeps = {
  db: Db;
  hub: EventHub;
  states: GameStates;
  heartbeatMs: number;
  /** Open event streams per account and address. */
  streams?: StreamLimits | undefined;
};

/**
 * A live event as sent, one SSE frame encoded once per results, event and variant however many
 * streams send it (thousands of streams may watch one game). JSON never holds a raw line break,
 * so the data is one `data:` line.
 */
const frames = new WeakMap<Results, Map<string, Uint8Array>>();
const encoder = new TextEncoder();

function liveFrame(event: 'snapshot' | 'submission', results: Results, data: LiveData): Uint8Array {
  let variants = frames.get(results);
  if (!variants) {
    variants = new Map();
    frames.set(results, variants);
  }
  const key = `${event}|${data.version}|${data.closed}|${data.resultsLocked}|${data.results !== null}|${data.change ?? ''}`;
  let frame = variants.get(key);
  if (frame === undefined) {
    frame = encoder.encode(
      `event: ${event}\ndata: ${JSON.stringify(data)}\nid: ${data.version}\n\n`,
    );
    variants.set(key, frame);
  }
  return frame;
}

/** Serves one viewer's stream of the game `state` (already read, past its deadline closed). */
export async function gameLiveStream(
  c: Context,
  deps: LiveStreamDeps,
  input: { state: GameState; viewer: Viewer | null; lastEventId: number },
): Promise<Response> {
  const { db, states } = deps;
  const { viewer } = input;
  let state = input.state;
  const gameId = state.row.id;
  let access = await resultsAccess(states, state, viewer);
  let sentVersion = -1;

  const send = async (
    stream: SseStream,
    event: 'snapshot' | 'submission',
    change?: LiveData['change'],
  ) => {
    const latest = await states.get(gameId);
    if (!latest) throw new AppError('not-found', MESSAGES.gameNotFound);
    if (latest.version <= sentVersion && event === 'submission') return;
    sentVersion = latest.version;
    const results = states.results(latest);
    const data: LiveData = {
      submissionCount: results.submissions,
      // Absent while none were imported (decision 0048): streams before imports read the same.
      ...(latest.imported > 0 ? { importedCount: latest.imported } : {}),
      version: latest.version,
      closed: access.view.closed,
      resultsLocked: access.view.resultsLocked,
      results: access.visible ? results : null,
      ...(change ? { change } : {}),
    };
    await stream.write(liveFrame(event, results, data));
  };
  /** Reads the game again (state, items, this viewer's access); false once it is gone. */
  const refresh = async (): Promise<boolean> => {
    try {
      state = await currentState(db, states, gameId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not-found') return false;
      throw error;
    }
    access = await resultsAccess(states, state, viewer);
    return true;
  };
  /** Tells the page its game was deleted; the stream then ends. */
  const gone = async (stream: SseStream): Promise<'end'> => {
    await stream.writeSSE({ event: 'deleted', data: JSON.stringify({ gameId }) });
    return 'end';
  };
  /** A game deleted while a read was under way is gone too, not an error. */
  const orGone = async (
    stream: SseStream,
    task: () => Promise<void | 'end'>,
  ): Promise<void | 'end'> => {
    try {
      return await task();
    } catch (error) {
      if (error instanceof AppError && error.code === 'not-found') return gone(stream);
      throw error;
    }
  };
  const heard = async (stream: SseStream, message: HubMessage<GameEvent>) => {
    if (message.type === 'resync') {
      if (!(await refresh())) return gone(stream);
      return send(stream, 'snapshot');
    }
    if (message.type === 'game') {
      if (message.change === 'deleted' || !(await refresh())) return gone(stream);
      // A new owner changes what a viewer may see, not what the page shows.
      const change = message.change === 'owner' ? undefined : message.change;
      return send(stream, 'snapshot', change);
    }
    // The batch that closed the game unlocks results for everyone; a viewer's own final
    // ranking may unlock them for that viewer.
    if (message.closed || (viewer && message.userIds.includes(viewer.id))) {
      if (!(await refresh())) return gone(stream);
    }
    await send(stream, 'submission');
  };

  return streamTopic(
    c,
    {
      hub: deps.hub,
      topic: gameTopic(gameId),
      heartbeatMs: deps.heartbeatMs,
      limits: deps.streams,
    },
    {
      open: (stream) =>
        orGone(stream, async () => {
          if (state.version === input.lastEventId) sentVersion = state.version;
          else await send(stream, 'snapshot');
        }),
      message: (stream, message) => orGone(stream, () => heard(stream, message)),
    },
  );
}
