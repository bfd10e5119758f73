import { describe, expect, it } from 'vitest';
import { createLogger, logLine } from '../platform/log';

describe('logger', () => {
  it('writes one JSON line per event: fields of an object, the message of an error', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(JSON.parse(logLine('info', 'request', { requestId: 'r1', status: 200 }, at))).toEqual({
      time: '2026-01-02T03:04:05.000Z',
      level: 'info',
      msg: 'request',
      requestId: 'r1',
      status: 200,
    });
    expect(JSON.parse(logLine('warn', 'lost', new Error('boom'), at))).toMatchObject({
      level: 'warn',
      msg: 'lost',
      error: 'boom',
    });
    expect(JSON.parse(logLine('error', 'odd', [1, 2], at))).toMatchObject({ detail: [1, 2] });
    // An object cannot replace the line's own fields.
    expect(JSON.parse(logLine('info', 'm', { level: 'error', msg: 'x', time: 1 }, at))).toEqual({
      time: '2026-01-02T03:04:05.000Z',
      level: 'info',
      msg: 'm',
    });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(JSON.parse(logLine('info', 'cycle', cyclic, at))).toMatchObject({ msg: 'cycle' });
  });

  it('writes only at or above its level, to its sink, a line each', () => {
    const lines: string[] = [];
    const log = createLogger('warn', { sink: (line) => lines.push(line) });
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e', { a: 1 });
    expect(lines.map((line) => JSON.parse(line) as { msg: string })).toMatchObject([
      { level: 'warn', msg: 'w' },
      { level: 'error', msg: 'e', a: 1 },
    ]);
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
  });
});
