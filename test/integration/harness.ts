/** Shared set-up for integration suites: one real server per describe block, and API shortcuts. */
import { afterAll, beforeAll, expect } from 'vitest';
import type { ErrorBody } from '../../src/domain/errors';
import type { GameView, SubmissionView } from '../../src/domain/game';
import type { ProfileView } from '../../src/domain/profile';
import type { Item } from '../../src/domain/game';
import type { OutboxMessage } from '../../src/server/auth/mailer';
import { bordaOrder, meanOrder, schulzeOrder } from '../../src/domain/methods';
import { methodStandings, tiedGroups, type Standings } from '../../src/domain/methods-standings';
import { summarize, type Results, type Tally } from '../../src/domain/results';
import { tag, TestClient, type ApiResponse } from '../support/client';
import { startTestServer, type TestDatabase, type TestServer } from '../support/server';

export type CreatedBody = { game: GameView };
export type GameBody = {
  game: GameView;
  submissionCount: number;
  mySubmission: SubmissionView | null;
};
export type SubmitBody = { submission: SubmissionView; submissionCount: number };
export type ResultsBody = {
  results: Results & {
    method: string;
    winners: Record<string, string | null>;
    groups: string[][];
    myAgreement: number | null;
  };
};

/**
 * What `GET /:id/results` answers for a tally counted from scratch: the summary, the mean method,
 * its groups of tied items, every method's winner the tally gives (computed here with the domain's own functions), and the
 * viewer's agreement.
 */
export function resultsView(tally: Tally, items: readonly Item[], myAgreement: number | null) {
  const results = summarize(tally, items);
  return {
    ...results,
    method: 'mean',
    winners: {
      mean: meanOrder(results).winner,
      borda: bordaOrder(results).winner,
      schulze: schulzeOrder(results).winner,
    },
    groups: tiedGroups(methodStandings(results, 'mean') as Standings),
    myAgreement,
  };
}
export type EventData = {
  submissionCount: number;
  version: number;
  closed: boolean;
  resultsLocked: boolean;
  results: Results | null;
  change?: 'closed' | 'items';
};

export class Harness {
  server!: TestServer;

  get url(): string {
    return this.server.url;
  }

  /** A client with no session. */
  anonymous(): TestClient {
    return new TestClient(this.url);
  }

  /** A signed-up (e-mail + password) user with a session. */
  async user(name = 'Player'): Promise<TestClient> {
    const client = new TestClient(this.url);
    await client.signUp({ name });
    return client;
  }

  /**
   * A signed-up user who proved the e-mail by following the mailed link in this same session
   * (which the proof keeps, as opened now): what creating API tokens and webhooks needs.
   */
  async verifiedUser(name = 'Player'): Promise<TestClient> {
    const client = new TestClient(this.url);
    const signedUp = await client.signUp({ name });
    const { email } = (signedUp.body as { user: { email: string } }).user;
    await client.follow(await this.mailedLink(email, '/api/auth/verify-email'), {
      stopAt: (location) => !location.pathname.startsWith('/api/'),
    });
    return client;
  }

  /** The newest link containing `part` in a mail to `to` (the dev outbox). */
  async mailedLink(to: string, part: string): Promise<string> {
    const outbox = await this.anonymous().request<{ messages: OutboxMessage[] }>(
      'GET',
      '/api/dev/outbox',
    );
    const link = outbox.body.messages
      .filter((message) => message.to === to)
      .flatMap((message) => message.links)
      .findLast((url) => url.includes(part));
    expect(link, `a mail to ${to} with ${part}`).toBeDefined();
    return link!;
  }

  /** A guest (anonymous better-auth user) with a session. */
  async guest(): Promise<TestClient> {
    const client = new TestClient(this.url);
    await client.guest();
    return client;
  }

  /** Creates a game; `extra` adds to the body (closing rules: sizeLimit, deadlineAt, publish). */
  async createGame(
    owner: TestClient,
    items: string[] = ['Alpha', 'Bravo', 'Charlie'],
    prompt = `Test game ${tag()}`,
    extra: Record<string, unknown> = {},
  ): Promise<GameView> {
    const response = await owner.request<CreatedBody>('POST', '/api/games', {
      prompt,
      items,
      ...extra,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.game;
  }

  async submit(
    client: TestClient,
    gameId: string,
    ranking: unknown,
    extra: Record<string, unknown> = {},
  ): Promise<ApiResponse<SubmitBody>> {
    return client.request<SubmitBody>(
      'PUT',
      `/api/games/${encodeURIComponent(gameId)}/submission`,
      {
        ranking,
        ...extra,
      },
    );
  }

  async getGame(client: TestClient, idOrSlug: string): Promise<ApiResponse<GameBody>> {
    return client.request<GameBody>('GET', `/api/games/${encodeURIComponent(idOrSlug)}`);
  }

  async results(client: TestClient, gameId: string): Promise<ApiResponse<ResultsBody>> {
    return client.request<ResultsBody>('GET', `/api/games/${encodeURIComponent(gameId)}/results`);
  }

  /** The client's own profile (GET /api/me); fails the test when there is none. */
  async me(client: TestClient): Promise<ProfileView> {
    const response = await client.request<{ profile: ProfileView | null }>('GET', '/api/me');
    expect(response.status).toBe(200);
    expect(response.body.profile, 'a profile for this client').not.toBeNull();
    return response.body.profile as ProfileView;
  }
}

/**
 * Starts one server for the enclosing describe block and stops it afterwards; `env` adds to or
 * overrides the test configuration (e.g. ADMIN_EMAILS, SMTP_URL), or is computed just before start.
 */
export function useServer(
  kind: TestDatabase,
  options: { env?: Record<string, string> | (() => Record<string, string>) } = {},
): Harness {
  const harness = new Harness();
  beforeAll(async () => {
    const env = typeof options.env === 'function' ? options.env() : options.env;
    harness.server = await startTestServer(kind, { env });
  });
  afterAll(async () => {
    await harness.server?.close();
  });
  return harness;
}

export function errorOf(code: ErrorBody['error']['code'], message: string): ErrorBody {
  return { error: { code, message } };
}

/** Ids of a game's items in the given label order (or the game's own order). */
export function ids(game: GameView, labels?: string[]): string[] {
  if (!labels) return game.items.map((item) => item.id);
  return labels.map((label) => {
    const item = game.items.find((candidate) => candidate.label === label);
    if (!item) throw new Error(`no item ${label}`);
    return item.id;
  });
}

/** A uniformly random permutation. */
export function shuffled<T>(list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * Statements sent to the database while `run` runs that carry `needle` among their text or
 * parameters (a game's id, a room's code): what is served from memory names it in none, and the
 * instance's own timers and other tests' requests do not name it. Statements inside transactions
 * are not counted (see `statementsWhere` for those too).
 */
export async function statementsNaming(
  h: Harness,
  needle: string | ((statement: string) => boolean),
  run: () => Promise<void>,
) {
  const matches =
    typeof needle === 'string' ? (statement: string) => statement.includes(needle) : needle;
  const raw = h.server.database.raw;
  const listeners = statementListeners(raw.kind === 'pglite' ? raw.client : raw.pool);
  let count = 0;
  const listener = (statement: string) => {
    if (matches(statement)) count++;
  };
  listeners.add(listener);
  try {
    await run();
  } finally {
    listeners.delete(listener);
  }
  return count;
}

/**
 * Who hears each statement sent through `target`'s own `query`: one wrapper per target, left in
 * place, so that counts running at once (concurrent tests) neither undo nor hide each other's,
 * as wrapping and restoring `query` around each did.
 */
const listenersOf = new WeakMap<object, Set<(statement: string) => void>>();

function statementListeners(target: object): Set<(statement: string) => void> {
  let listeners = listenersOf.get(target);
  if (listeners) return listeners;
  listeners = new Set();
  heardThrough(target as Queryable, listeners);
  listenersOf.set(target, listeners);
  return listeners;
}

/** Wraps `target.query` so that `listeners` hear each statement (text and parameters, as JSON). */
function heardThrough(target: Queryable, listeners: Set<(statement: string) => void>): void {
  const original = target.query;
  target.query = function (this: unknown, ...args: unknown[]) {
    if (listeners.size > 0) {
      const statement = JSON.stringify(args);
      for (const listener of listeners) listener(statement);
    }
    return original.apply(this, args);
  };
}

type Queryable = { query: (...args: unknown[]) => Promise<unknown> };

/**
 * Every statement sent while `run` runs, inside transactions too, whose text and parameters (as
 * JSON) pass `test`: PGlite's queries and those of each transaction it opens; PostgreSQL's at
 * its pool's connections (what a pool's own query and a transaction's both go through).
 */
export async function statementsWhere(
  h: Harness,
  test: (text: string) => boolean,
  run: () => Promise<void>,
) {
  const raw = h.server.database.raw;
  const listeners =
    raw.kind === 'pglite'
      ? everyPgliteStatement(raw.client as unknown as PgliteClient)
      : statementListeners(
          (raw.pool as unknown as { Client: { prototype: Queryable } }).Client.prototype,
        );
  let count = 0;
  const listener = (statement: string) => {
    if (test(statement)) count++;
  };
  listeners.add(listener);
  try {
    await run();
  } finally {
    listeners.delete(listener);
  }
  return count;
}

type PgliteClient = Queryable & {
  transaction: (callback: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
};

/** Who hears each statement PGlite runs, its transactions' too (one wrapper, left in place). */
function everyPgliteStatement(client: PgliteClient): Set<(statement: string) => void> {
  const known = listenersOf.get(client.transaction);
  if (known) return known;
  const listeners = statementListeners(client);
  const transaction = client.transaction;
  client.transaction = function (this: unknown, callback) {
    return transaction.call(this, (tx) => {
      heardThrough(tx, listeners);
      return callback(tx);
    });
  };
  listenersOf.set(client.transaction, listeners);
  return listeners;
}
