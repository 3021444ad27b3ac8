// One data-access interface over the two databases the service runs on: embedded PGlite
// (the zero-setup default, under DATA_DIR) and PostgreSQL through `pg` (DATABASE_URL).
// Every store module speaks SQL through `Db`; nothing else knows which one is underneath.
// Transactions are short: no transaction is ever held open across a conversion (PGlite
// has a single connection, and a PostgreSQL row lock held for a minute would serialize an
// organization's requests).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { limits } from "../config/limits.js";

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
const INT8_OID = 20;

/**
 * The database could not be reached or dropped the connection (stopped, restarting, a
 * terminated backend, a connect or statement past its timeout). An operating condition,
 * not a bug: the API answers 503 `overloaded` with Retry-After, /readyz reports not ready,
 * and the next statement connects again by itself.
 */
export class StoreUnavailableError extends Error {
  override readonly name = "StoreUnavailableError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The embedded database's data directory cannot be opened: `svc serve` exits with STORE_OPEN_EXIT_CODE. */
export class StoreOpenError extends Error {
  override readonly name = "StoreOpenError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** `svc serve`'s exit code when the store cannot be opened (EX_IOERR of sysexits.h). */
export const STORE_OPEN_EXIT_CODE = 74;

export function isStoreUnavailable(err: unknown): err is StoreUnavailableError {
  return err instanceof Error && err.name === "StoreUnavailableError";
}

/** Socket errors of a lost or refused connection. */
const CONNECTION_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ENOENT"]);
/**
 * SQLSTATEs that mean the server, not the statement: class 08 (connection exception),
 * 57P01-57P03 (admin_shutdown, crash_shutdown, cannot_connect_now), 57014 (query_canceled:
 * the statement timeout), 53300 (too_many_connections).
 */
function serverSqlState(code: string): boolean {
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "57014" || code === "53300" || code === "53100" || code === "53200";
}

/**
 * PGlite's file system errors are Emscripten ErrnoErrors: not Error instances, no message, a
 * WASI errno. The ones a data directory can meet, named for an operator.
 */
const PGLITE_ERRNOS: Readonly<Record<number, string>> = {
  2: "permission denied (EACCES)",
  29: "input/output error (EIO)",
  44: "no such file or directory (ENOENT)",
  51: "no space left on the device (ENOSPC)",
  63: "operation not permitted (EPERM)",
  69: "read-only file system (EROFS)",
};

/** A file system error of PGlite's storage, described; null for anything else. */
export function pgliteStorageError(err: unknown): string | null {
  if (typeof err !== "object" || err === null || (err as { name?: unknown }).name !== "ErrnoError") return null;
  const errno = Number((err as { errno?: unknown }).errno);
  return PGLITE_ERRNOS[errno] ?? `file system error (errno ${errno})`;
}

/** Wraps what means "the database is not there" in StoreUnavailableError; leaves the rest. */
export function classifyDbError(err: unknown): unknown {
  if (!(err instanceof Error) || isStoreUnavailable(err)) return err;
  const raw = (err as { code?: unknown }).code;
  const code = typeof raw === "string" ? raw : "";
  const message = err.message;
  const lost =
    CONNECTION_ERRNOS.has(code) ||
    serverSqlState(code) ||
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection terminated unexpectedly|Client was closed and is not queryable|the database system is (starting up|shutting down|in recovery)/i.test(message);
  return lost ? new StoreUnavailableError(`database unavailable: ${message}`, { cause: err }) : err;
}

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
  const pool = new Pool({
    connectionString: url,
    max,
    types,
    // Every bound below is a named limit: a stopped or unreachable database answers
    // within them (StoreUnavailableError → 503 overloaded) instead of hanging a request.
    statement_timeout: limits.storeStatementMsMax,
    query_timeout: limits.storeStatementMsMax + limits.storeConnectMsMax,
    connectionTimeoutMillis: limits.storeConnectMsMax,
    keepAlive: true,
  });
  // An idle client that loses its connection emits on the pool (a restart, a terminated
  // backend); pg-pool drops it and the next query connects again. Without a listener the
  // 'error' event would kill the process.
  pool.on("error", () => undefined);
  const query = async <T>(sql: string, params: readonly unknown[] = []) => {
    try {
      const r = await pool.query(sql, params as unknown[]);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    } catch (err) {
      throw classifyDbError(err);
    }
  };
  return {
    kind: "postgres",
    query,
    async transaction(fn) {
      const client = await pool.connect().catch((err: unknown) => {
        throw classifyDbError(err);
      });
      // A checked-out client has no pool listener: its connection dying mid-transaction
      // (pg_terminate_backend, a restart) emits 'error' on it, which must not be unhandled.
      // The failing statement rejects as well; the client is then discarded, not reused.
      let broken: unknown = null;
      const onError = (err: unknown) => {
        broken = err;
      };
      client.on("error", onError);
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
        // A lost connection rolled the transaction back on the server already.
        if (broken === null) await client.query("ROLLBACK").catch((e: unknown) => (broken = e));
        throw classifyDbError(err);
      } finally {
        client.off("error", onError);
        // A client whose connection failed is destroyed rather than returned to the pool.
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
    async exec(sql) {
      try {
        await pool.query(sql);
      } catch (err) {
        throw classifyDbError(err);
      }
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dir: string | null): Promise<Db> {
  const { PGlite, protocol, parse } = await import("@electric-sql/pglite");
  // node-postgres's conversion of parameters to their text (or, for bytes, binary) form:
  // the same values the PostgreSQL path sends for the same statements.
  const { prepareValue } = ((await import("pg")).default as unknown as { utils: { prepareValue: (value: unknown) => string | Buffer | null } }).utils;
  if (dir) mkdirSync(dir, { recursive: true });
  let db: InstanceType<typeof PGlite>;
  try {
    db = dir ? new PGlite(dir) : new PGlite();
    await db.waitReady;
    await db.query("SELECT 1");
  } catch (err) {
    const storage = pgliteStorageError(err);
    if (storage !== null) throw new StoreOpenError(`the PGlite data directory ${dir ?? "(memory)"} cannot be opened: ${storage}; free space or fix the directory's permissions, or point DATA_DIR elsewhere`, { cause: err });
    const reason = err instanceof Error ? err.message.split("\n")[0] : String(err);
    throw new StoreOpenError(`the PGlite data directory ${dir ?? "(memory)"} cannot be opened (corrupt or unreadable: ${reason}); restore it from a backup or point DATA_DIR elsewhere`, { cause: err });
  }
  const prepared = new PreparedStatements(db, protocol.serialize, parse.parseResults, prepareValue);
  // Inside a transaction PGlite's transaction lock is held already; outside, a statement
  // waits for any transaction to end, as PGlite's own query does.
  const wrap = (inTransaction: boolean): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      try {
        const r = await prepared.run<T>(sql, params, inTransaction);
        return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
      } catch (err) {
        // The disk filled or failed under the data directory: an operating condition (503
        // overloaded, /readyz not ready), not a bug to answer with a 500.
        const storage = pgliteStorageError(err);
        if (storage !== null) throw new StoreUnavailableError(`database unavailable: PGlite storage: ${storage}`, { cause: err });
        throw err;
      }
    },
  });
  const base = wrap(false);
  const inTransaction = wrap(true);
  return {
    kind: "pglite",
    query: base.query,
    transaction: (fn) => db.transaction(() => fn(inTransaction)),
    async exec(sql) {
      await db.exec(sql);
    },
    async close() {
      await db.close();
    },
  };
}

type PGliteInstance = InstanceType<typeof import("@electric-sql/pglite").PGlite>;
type Serialize = typeof import("@electric-sql/pglite").protocol.serialize;
type ParseResults = typeof import("@electric-sql/pglite").parse.parseResults;

/**
 * PGlite statements as named prepared statements, each parsed once per database (issue 10
 * item 5). PGlite's own query() sends Parse, Describe, Bind, Describe, Execute and Sync as
 * six calls into its WebAssembly backend and parses and plans the SQL every time; the
 * service runs a few dozen distinct statements, most of them CTEs, for every request, on
 * its main thread. Here a statement is parsed on first use and every call is one Bind,
 * Describe, Execute and Sync in one call. Parameters are untyped, as node-postgres sends
 * them, so every statement runs exactly as on PostgreSQL.
 */
class PreparedStatements {
  readonly #names = new Map<string, string>();
  #parsed = 0;

  constructor(
    private readonly db: PGliteInstance,
    private readonly serialize: Serialize,
    private readonly parseResults: ParseResults,
    private readonly prepareValue: (value: unknown) => string | Buffer | null,
  ) {}

  async run<T>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<{ rows: T[]; affectedRows?: number }> {
    const statement = async () => {
      let name = this.#names.get(sql);
      const parse = name === undefined;
      // The unnamed statement is replaced by the next Parse: nothing to keep or close.
      const keep = parse && this.#names.size < limits.pglitePreparedMax;
      if (name === undefined) name = keep ? `svc_${++this.#parsed}` : "";
      const messages = [
        ...(parse ? [this.serialize.parse({ name, text: sql, types: [] })] : []),
        this.serialize.bind({ statement: name, values: params.map((value) => this.prepareValue(value)) }),
        this.serialize.describe({ type: "P" }),
        this.serialize.execute({}),
        this.serialize.sync(),
      ];
      try {
        const replies = await this.db.execProtocolStream(concatBytes(messages), { syncToFs: false });
        if (keep) this.#names.set(sql, name);
        if (!inTransaction) await this.db.syncToFs();
        return this.parseResults(replies, this.db.parsers)[0] as unknown as { rows: T[]; affectedRows?: number };
      } catch (err) {
        // The statement may have been parsed before Bind or Execute failed: drop it, so a
        // failing first call leaves nothing behind under a name that is never used again.
        if (keep) await this.db.execProtocolStream(concatBytes([this.serialize.close({ type: "S", name }), this.serialize.sync()]), { syncToFs: false }).catch(() => undefined);
        throw err;
      }
    };
    const exclusive = () => this.db._runExclusiveQuery(statement);
    return inTransaction ? exclusive() : this.db._runExclusiveTransaction(exclusive);
  }
}

function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.byteLength;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
