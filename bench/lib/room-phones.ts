/**
 * The phones of bench/room.ts, spread over worker processes: one process playing ten thousand
 * phones (their requests, streams and JSON) fell behind its own schedule (8,494 of 10,000 joins
 * sent more than 100 ms late), so what was measured was the client. Each worker is this file
 * under tsx, with its own share of the phones (their guests, addresses and endpoints), told what
 * to do over IPC; it answers raw samples (stats.ts Recorder.toSamples) that the parent merges.
 * Arrivals keep one schedule across workers: phone i's arrival is at start + i × gap, the start
 * an epoch time every process reads alike (performance.timeOrigin + performance.now()).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HttpClient, SseConnection, type HttpResponse } from './http';
import { mapLimit, openLoopShare, Recorder, stopSignal, type Samples } from './stats';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const START_TIMEOUT_MS = 30_000;

/** A time every process on the machine reads alike (ms since the epoch, sub-ms precision). */
export const epochNow = () => performance.timeOrigin + performance.now();

export type PhoneSpec = { index: number; ip: string; cookie: string; port: number };

export type LoopSamples = { fromArrival: Samples; fromSent: Samples; lateStarts: number };

type Command =
  | {
      type: 'init';
      origin: string;
      phones: PhoneSpec[];
      socketsPerEndpoint: number;
      inFlight: number;
    }
  | {
      type: 'join';
      code: string;
      /** Epoch ms of arrival 0; arrivals over `seconds` for `count` phones in all workers. */
      start: number;
      seconds: number;
      count: number;
      streamsOnJoin: boolean;
    }
  | { type: 'streams'; code: string; streamsOnJoin: boolean; atOnce: number }
  | { type: 'arm'; phase: string }
  | { type: 'collect'; clicked: number; timeoutMs: number }
  | {
      type: 'submit';
      gameId: string;
      itemIds: string[];
      start: number;
      seconds: number;
      count: number;
    }
  | { type: 'close' };

export type Replies = {
  init: Record<string, never>;
  join: { joins: LoopSamples; joined: number };
  streams: { opening: Samples; joinEvents: number };
  arm: Record<string, never>;
  collect: { fromClick: Samples };
  submit: { submissions: LoopSamples };
  close: { failures: Samples };
};

type Envelope = { id: number; command: Command };
type Answer = { id: number; reply?: unknown; error?: string };

export type PhoneWorker = {
  pid: number;
  ask<C extends Command>(command: C): Promise<Replies[C['type']]>;
  stop(): Promise<void>;
};

/** Starts a worker process (tsx) and resolves once it answers. */
export async function startPhoneWorker(): Promise<PhoneWorker> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, 'phones'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  child.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (answer.error !== undefined) waiting?.reject(new Error(`phone worker: ${answer.error}`));
    else waiting?.resolve(answer.reply);
  });
  child.once('exit', (code) => {
    for (const waiting of pending.values()) {
      waiting.reject(new Error(`the phone worker exited (${String(code)})`));
    }
    pending.clear();
  });
  const ask = <C extends Command>(command: C) =>
    new Promise<Replies[C['type']]>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, command } satisfies Envelope);
    });
  await within(
    new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`the phone worker exited (${String(code)})`)));
    }),
    START_TIMEOUT_MS,
  );
  return {
    pid: child.pid ?? 0,
    ask,
    stop: () => stopChild(child, exited),
  };
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** `promise`, or a rejection after `ms` (its timer cleared, so it holds no exit back). */
export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`nothing within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------------------------
// In the worker: its phones

const PHASE = /"phase":"([a-z]+)"/;

type Phone = PhoneSpec & { api: HttpClient; stream?: SseConnection };

class Phones {
  private phones: Phone[] = [];
  private origin = '';
  private inFlight = 64;
  private readonly clients = new Map<number, HttpClient>();
  /** The phase each phone's stream last told, by its place in `phones`. */
  private phases: (string | undefined)[] = [];
  private awaited: { phase: string; at: Float64Array; count: number; done(): void } | undefined;
  private armed: Promise<void> | undefined;
  private joinEvents = 0;
  private readonly failures = new Recorder();
  private opening = new Recorder();
  private openings: Promise<void>[] = [];

  init(command: Extract<Command, { type: 'init' }>): Replies['init'] {
    this.origin = command.origin;
    this.inFlight = command.inFlight;
    this.phones = command.phones.map((spec) => {
      let api = this.clients.get(spec.port);
      if (!api) {
        api = new HttpClient('127.0.0.1', spec.port, 'http', command.socketsPerEndpoint);
        this.clients.set(spec.port, api);
      }
      return { ...spec, api };
    });
    this.phases = new Array<string | undefined>(this.phones.length);
    return {};
  }

  private headers(phone: Phone) {
    return { origin: this.origin, cookie: phone.cookie, 'x-forwarded-for': phone.ip };
  }

  private openStream(phone: Phone, at: number, code: string): Promise<void> {
    const began = performance.now();
    let snapshot!: () => void;
    const first = new Promise<void>((resolve) => (snapshot = resolve));
    const stream = new SseConnection(
      '127.0.0.1',
      phone.port,
      `/api/rooms/${code}/events`,
      { cookie: phone.cookie, 'x-forwarded-for': phone.ip },
      (event) => {
        if (event.event === 'join') this.joinEvents += 1;
        if (event.event !== 'room') return;
        this.onRoomEvent(at, event.data, event.at);
        snapshot();
      },
      (error) => this.failures.error(error),
    );
    phone.stream = stream;
    return (async () => {
      try {
        await stream.opened;
        await within(first, 30_000);
        this.opening.ok(performance.now() - began);
      } catch (error) {
        this.opening.error(error);
      }
    })();
  }

  private onRoomEvent(at: number, data: string, arrived: number): void {
    const phase = PHASE.exec(data)?.[1];
    this.phases[at] = phase;
    const awaited = this.awaited;
    if (!awaited || phase !== awaited.phase || !Number.isNaN(awaited.at[at]!)) return;
    awaited.at[at] = performance.timeOrigin + arrived;
    if (++awaited.count === this.phones.length) awaited.done();
  }

  async join(command: Extract<Command, { type: 'join' }>): Promise<Replies['join']> {
    let joined = 0;
    const at = new Map(this.phones.map((phone, i) => [phone.index, i]));
    this.opening = new Recorder();
    this.openings = [];
    const share = await openLoopShare(
      this.phones.map((phone) => phone.index),
      {
        count: command.count,
        seconds: command.seconds,
        start: command.start - performance.timeOrigin,
      },
      this.inFlight,
      async (index) => {
        const i = at.get(index)!;
        const phone = this.phones[i]!;
        const res = await phone.api.request('POST', `/api/rooms/${command.code}/join`, {
          json: { name: `Phone ${index + 1}` },
          headers: this.headers(phone),
        });
        failUnless(res, 201, 'join');
        joined += 1;
        // As a phone does: its stream opens once it is in (not counted in the join's time).
        if (command.streamsOnJoin) this.openings.push(this.openStream(phone, i, command.code));
      },
    );
    return { joins: loopSamples(share), joined };
  }

  async streams(command: Extract<Command, { type: 'streams' }>): Promise<Replies['streams']> {
    if (command.streamsOnJoin) await Promise.all(this.openings);
    else {
      this.opening = new Recorder();
      await mapLimit(this.phones, command.atOnce, (phone, i) =>
        this.openStream(phone, i, command.code),
      );
    }
    return { opening: this.opening.toSamples(), joinEvents: this.joinEvents };
  }

  arm(command: Extract<Command, { type: 'arm' }>): Replies['arm'] {
    const at = new Float64Array(this.phones.length).fill(Number.NaN);
    let done!: () => void;
    this.armed = new Promise<void>((resolve) => (done = resolve));
    this.awaited = { phase: command.phase, at, count: 0, done };
    if (this.phones.length === 0) done();
    return {};
  }

  async collect(command: Extract<Command, { type: 'collect' }>): Promise<Replies['collect']> {
    const awaited = this.awaited;
    if (!awaited) throw new Error('collect before arm');
    const left = command.clicked + command.timeoutMs - epochNow();
    await within(this.armed!, Math.max(0, left)).catch(() => undefined);
    this.awaited = undefined;
    const recorder = new Recorder();
    for (const arrived of awaited.at) {
      if (Number.isNaN(arrived)) {
        recorder.error(new Error(`no ${awaited.phase} event within ${command.timeoutMs / 1000} s`));
      } else recorder.ok(arrived - command.clicked);
    }
    return { fromClick: recorder.toSamples() };
  }

  async submit(command: Extract<Command, { type: 'submit' }>): Promise<Replies['submit']> {
    const byIndex = new Map(this.phones.map((phone) => [phone.index, phone]));
    const share = await openLoopShare(
      this.phones.map((phone) => phone.index),
      {
        count: command.count,
        seconds: command.seconds,
        start: command.start - performance.timeOrigin,
      },
      this.inFlight,
      async (index) => {
        const phone = byIndex.get(index)!;
        const res = await phone.api.request('PUT', `/api/games/${command.gameId}/submission`, {
          json: { ranking: shuffled(command.itemIds) },
          headers: this.headers(phone),
        });
        failUnless(res, 200, 'submission');
      },
    );
    return { submissions: loopSamples(share) };
  }

  close(): Replies['close'] {
    for (const phone of this.phones) phone.stream?.close();
    for (const api of this.clients.values()) api.close();
    return { failures: this.failures.toSamples() };
  }
}

function loopSamples(share: Awaited<ReturnType<typeof openLoopShare>>): LoopSamples {
  return {
    fromArrival: share.fromArrival.toSamples(),
    fromSent: share.fromSent.toSamples(),
    lateStarts: share.lateStarts,
  };
}

function failUnless(res: HttpResponse, status: number, what: string): void {
  if (res.status !== status)
    throw new Error(`${what}: HTTP ${res.status} ${res.body.slice(0, 120)}`);
}

function shuffled<T>(values: readonly T[]): T[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function runWorker(): Promise<void> {
  const phones = new Phones();
  const handle = async (command: Command): Promise<unknown> => {
    switch (command.type) {
      case 'init':
        return phones.init(command);
      case 'join':
        return phones.join(command);
      case 'streams':
        return phones.streams(command);
      case 'arm':
        return phones.arm(command);
      case 'collect':
        return phones.collect(command);
      case 'submit':
        return phones.submit(command);
      case 'close':
        return phones.close();
    }
  };
  process.on('message', (envelope: Envelope) => {
    handle(envelope.command).then(
      (reply) => process.send?.({ id: envelope.id, reply } satisfies Answer),
      (error: unknown) =>
        process.send?.({
          id: envelope.id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies Answer),
    );
  });
  process.once('SIGTERM', () => {
    stopSignal.stopped = true;
    phones.close();
    process.exit(0);
  });
  // The parent's Ctrl-C reaches the whole group: the parent decides when to stop.
  process.on('SIGINT', () => undefined);
  process.send?.({ id: -1, reply: 'ready' } satisfies Answer);
}

if (process.argv[1] === SELF && process.argv[2] === 'phones') {
  runWorker().catch((error: unknown) => {
    process.stderr.write(
      `phone worker: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
