/**
 * Counts the SQL statements every `pg` client in this process sends (a server running in this
 * process, or a child server through query-counter-ipc.ts), so each phase can print statements
 * per request; tracing also keeps their text for one request.
 * Bench-only instrumentation: it wraps pg.Client.prototype.query and changes nothing else.
 */
import pg from 'pg';

type QueryFn = (this: unknown, ...args: unknown[]) => unknown;

const proto = pg.Client.prototype as unknown as { query: QueryFn };
const original = proto.query;
let count = 0;
let traced: string[] | undefined;

proto.query = function (this: unknown, ...args: unknown[]): unknown {
  count += 1;
  if (traced) traced.push(sqlText(args[0]));
  return original.apply(this, args);
};

function sqlText(first: unknown): string {
  const text =
    typeof first === 'string'
      ? first
      : first && typeof first === 'object' && 'text' in first
        ? String((first as { text: unknown }).text)
        : '<unknown>';
  return text.replace(/\s+/g, ' ').trim();
}

export function queryCount(): number {
  return count;
}

/** Starts keeping the text of the statements sent from now on. */
export function startTrace(): void {
  traced = [];
}

/** The statements sent since startTrace (meaningful only when nothing else is running). */
export function stopTrace(): string[] {
  const statements = traced ?? [];
  traced = undefined;
  return statements;
}
