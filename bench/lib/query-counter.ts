/**
 * Counts the SQL statements every `pg` client in this process sends (the server runs in-process),
 * so each phase can print statements per request; `trace` also keeps their text for one request.
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

/** The statements sent while `fn` runs (meaningful only when nothing else is running). */
export async function traceQueries(fn: () => Promise<void>): Promise<string[]> {
  const statements: string[] = [];
  traced = statements;
  try {
    await fn();
  } finally {
    traced = undefined;
  }
  return statements;
}
