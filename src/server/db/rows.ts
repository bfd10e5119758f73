/** The rows of a raw `db.execute(sql…)`: both drivers (PGlite, node-postgres) answer `{ rows }`. */
export function rows<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
