import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { isTransactionConflict, sqlStateOf } from '../db/client';
import { createLogger } from '../platform/log';
import { createErrorHandler, isDatabaseUnavailable } from './errors';

/** An error like pg's: a message, and a SQLSTATE or errno in `code`. */
function pgError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}

/** Drizzle's wrapper: the query and its parameters in the message, the driver's error as cause. */
function drizzleError(cause: unknown, params = ''): Error {
  return Object.assign(new Error(`Failed query: select 1\nparams: ${params}`), {
    query: 'select 1',
    params: [],
    cause,
  });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['admin_shutdown', pgError('terminating connection due to administrator command', '57P01')],
    ['crash_shutdown', pgError('terminating connection due to crash', '57P02')],
    ['cannot_connect_now', pgError('the database system is shutting down', '57P03')],
    ['connection_failure', pgError('connection failure', '08006')],
    ['a reset socket', pgError('read ECONNRESET', 'ECONNRESET')],
    ['a refused connection', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a lost connection', pgError('Connection terminated unexpectedly')],
    ['a broken client', pgError('Client has encountered a connection error and is not queryable')],
    ['an ended pool', pgError('Cannot use a pool after calling end on the pool')],
    ['a closed PGlite', pgError('PGlite is closed')],
  ])('is true for %s, bare or wrapped by Drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(drizzleError(error))).toBe(true);
  });

  it('is false for errors in the request or the data', () => {
    expect(isDatabaseUnavailable(pgError('duplicate key value', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('syntax error', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });

  it('does not read the parameters Drizzle quotes as the cause', () => {
    const error = drizzleError(pgError('duplicate key value', '23505'), 'Connection terminated');
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('survives a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe('transaction conflicts', () => {
  it('tells deadlocks and serialization failures, through Drizzle’s wrapper', () => {
    expect(isTransactionConflict(drizzleError(pgError('deadlock detected', '40P01')))).toBe(true);
    expect(isTransactionConflict(pgError('could not serialize access', '40001'))).toBe(true);
    expect(isTransactionConflict(pgError('duplicate key value', '23505'))).toBe(false);
    expect(isTransactionConflict(pgError('broken pipe', 'EPIPE'))).toBe(false);
    expect(sqlStateOf(drizzleError(pgError('fk', '23503')))).toBe('23503');
    expect(sqlStateOf(pgError('broken pipe', 'EPIPE'))).toBeUndefined();
  });

  it('answers a statement that lost a deadlock with 409, not 500', async () => {
    const app = new Hono()
      .get('/', () => {
        throw drizzleError(pgError('deadlock detected', '40P01'));
      })
      .onError(createErrorHandler(createLogger('silent')));
    const response = await app.request('/');
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('aborted');
  });
});
