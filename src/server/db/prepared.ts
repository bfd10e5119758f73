/**
 * Statements the server runs many times a second with the same text (a hot game's submission
 * batch): composed once with `sql.placeholder` for every value, turned into text once, then run
 * with each call's values. On PostgreSQL, when no transaction-mode pooler sits in front
 * (decision 0079), the text is a named prepared statement: each pooled connection parses and
 * plans it once instead of at every batch, and the server does not walk Drizzle's fragments per
 * call either. In a transaction, and on PGlite, the same text is sent with its values.
 */
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { rows } from './rows';

const dialect = new PgDialect();

/** Top-level databases whose pool may name statements (openDatabase decides, client.ts). */
const naming = new WeakSet<object>();

/** A database or a transaction of it (client.ts's Db and Tx): what a statement runs on. */
type Target = { execute(query: SQL): PromiseLike<unknown> };

/** Lets `db`'s pool keep named prepared statements (its connections reach PostgreSQL itself). */
export function allowNamedStatements(db: Target): void {
  naming.add(db);
}

type Compiled = { text: string; params: unknown[]; pieces: string[] };

type Row = Record<string, unknown>;

/** A pooled PostgreSQL client or PGlite: both answer `query(text, values)` with `{ rows }`. */
type Queryable = { query(text: string, values: unknown[]): Promise<{ rows: Row[] }> };

export class PreparedSql {
  private compiled: Compiled | null = null;

  /** `name` is unique per statement text (a statement's shape gives its own). */
  constructor(
    readonly name: string,
    private readonly compose: () => SQL,
  ) {}

  /** Runs the statement with `values` (one per placeholder name); answers its rows. */
  async run(target: Target, values: Record<string, unknown>): Promise<Row[]> {
    const { text, params, pieces } = this.compile();
    const filled = fillPlaceholders(params, values);
    const client = (target as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) {
      const result = naming.has(target)
        ? await client.query<Row>({ name: this.name, text, values: filled })
        : await client.query<Row>(text, filled);
      return result.rows;
    }
    if (client !== undefined) return (await (client as Queryable).query(text, filled)).rows;
    // A transaction: its own connection, through Drizzle (the same text and values).
    const strings = Object.assign([...pieces], { raw: pieces });
    return rows<Row>(await target.execute(sql(strings, ...filled)));
  }

  private compile(): Compiled {
    if (this.compiled) return this.compiled;
    const { sql: text, params } = dialect.sqlToQuery(this.compose());
    const pieces = text.split(/\$\d+/);
    if (pieces.length !== params.length + 1) {
      throw new Error(`${this.name}: its text must name each parameter once as $n`);
    }
    this.compiled = { text, params, pieces };
    return this.compiled;
  }
}
