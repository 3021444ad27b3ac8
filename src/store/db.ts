// One data-access interface over the two databases the service runs on: embedded PGlite
// (the zero-setup default, under DATA_DIR) and PostgreSQL through `pg` (DATABASE_URL).
// Every store module speaks SQL through `Db`; nothing else knows which one is underneath.
// Transactions are short: no transaction is ever held open across a conversion (PGlite
// has a single connection, and a PostgreSQL row lock held for a minute would serialize an
// organization's requests).
import { mkdirSync } from "node:fs";
import path from "node:path";

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface DbConfig {
  /** postgres://… selects PostgreSQL; absent selects PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite only: keep the database in memory (tests). */
  memory?: boolean;
  /** PostgreSQL only: connections in the pool. */
  poolSize?: number;
}

/** PostgreSQL connections per service instance. */
const PG_POOL_SIZE_DEFAULT = 10;
/** A statement running longer than this is cancelled: every store statement is a short step. */
const STATEMENT_TIMEOUT_MS = 10_000;
const INT8_OID = 20;

export async function openDb(config: DbConfig): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.poolSize ?? PG_POOL_SIZE_DEFAULT);
  return openPglite(config.memory ? null : path.resolve(config.dataDir ?? "./.data", "pglite"));
}

async function openPostgres(url: string, max: number): Promise<Db> {
  const pg = await import("pg");
  const Pool = pg.default.Pool;
  // Credits and counters are int8; they stay far below 2^53, so numbers are safe and
  // match what PGlite returns.
  const types = {
    getTypeParser(oid: number, format?: "text" | "binary") {
      if (oid === INT8_OID) return (value: string) => Number(value);
      return pg.default.types.getTypeParser(oid, format as "text");
    },
  };
  const pool = new Pool({ connectionString: url, max, types, statement_timeout: STATEMENT_TIMEOUT_MS });
  // An idle client that loses its connection emits on the pool; the next query reconnects.
  pool.on("error", () => undefined);
  const query = async <T>(sql: string, params: readonly unknown[] = []) => {
    const r = await pool.query(sql, params as unknown[]);
    return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
  };
  return {
    kind: "postgres",
    query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const tx: Queryable = {
          async query<T>(sql: string, params: readonly unknown[] = []) {
            const r = await client.query(sql, params as unknown[]);
            return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
          },
        };
        const result = await fn(tx);
        await client.query("COMMIT");
        return result;
      } catch (err) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dir: string | null): Promise<Db> {
  const { PGlite } = await import("@electric-sql/pglite");
  if (dir) mkdirSync(dir, { recursive: true });
  const db = dir ? new PGlite(dir) : new PGlite();
  await db.waitReady;
  const wrap = (q: { query: typeof db.query }): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await q.query<T>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
  });
  const base = wrap(db);
  return {
    kind: "pglite",
    query: base.query,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async exec(sql) {
      await db.exec(sql);
    },
    async close() {
      await db.close();
    },
  };
}
