// Opens the configured database, migrates it, and builds the store context.
//
// `svc serve` opens it with `waitForDatabase` (issue 12 item 1: database loss is an operating
// condition, at start as later): a PostgreSQL server that is down or refusing connections
// does not stop the process. The store comes back not ready — every statement fails with
// StoreUnavailableError, which the API answers 503 `overloaded` and /readyz reports — while
// connecting and migrating are tried again with backoff, one log line per attempt; once they
// succeed the store is ready and the service serves by itself. A database that answers but
// refuses the service on the first attempt (a wrong password, a missing database) is a
// configuration error: StoreOpenError, a one-line message and exit code 74, as a PGlite data
// directory that cannot be opened is.
import { randomBytes } from "node:crypto";
import type { Env } from "../config/env.js";
import { limits } from "../config/limits.js";
import { systemClock, type StoreContext } from "./context.js";
import { isStoreUnavailable, openDb, pgliteStorageError, StoreOpenError, StoreUnavailableError, type Db } from "./db.js";
import { migrate } from "./migrations.js";
import { pendingReleases } from "./pending_releases.js";

export interface OpenStore {
  ctx: StoreContext;
  /** False until the database answered and is migrated (and `onReady` ran). */
  isReady(): boolean;
  /** Resolves when ready; at once unless opened with `waitForDatabase` and the database was away. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /** Keep trying while the database is unreachable instead of failing (`svc serve`). */
  waitForDatabase?: boolean;
  /** Runs once migrated, before the store is ready (registering the instance); retried with it. */
  onReady?: (ctx: StoreContext) => Promise<void>;
  /** One line per failed attempt to reach the database. */
  log?: (line: string) => void;
}

export async function openStore(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">, options: OpenStoreOptions = {}): Promise<OpenStore> {
  const inner = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const state = { ready: false, attempt: 0, down: false };
  const ctx: StoreContext = { db: inner, now: systemClock, instanceId: `inst_${randomBytes(8).toString("hex")}` };
  const prepare = async () => {
    state.attempt++;
    await migrate(inner);
    // On the database itself: the context's own is refused until this succeeds.
    await options.onReady?.({ ...ctx, db: inner });
    state.ready = true;
  };
  const close = () => inner.close();
  if (inner.kind === "pglite") {
    await prepare().catch(async (err: unknown) => {
      await inner.close().catch(() => undefined);
      throw new StoreOpenError(`the PGlite database under ${env.DATA_DIR ?? "./.data"} cannot be prepared (${firstLine(err)}); check the disk has space and the directory is writable`, { cause: err });
    });
    return { ctx, isReady: () => true, ready: Promise.resolve(), close };
  }
  ctx.db = watchDb(inner, state, () => void pendingReleases(ctx).drain());
  try {
    await prepare();
    return { ctx, isReady: () => state.ready, ready: Promise.resolve(), close };
  } catch (err) {
    if (!isStoreUnavailable(err)) {
      await inner.close().catch(() => undefined);
      throw new StoreOpenError(`the PostgreSQL database refused the service (${firstLine(err)}); check DATABASE_URL`, { cause: err });
    }
    if (!options.waitForDatabase) {
      await inner.close().catch(() => undefined);
      throw err;
    }
    options.log?.(attemptLine(state.attempt, err, backoffMs(state.attempt)));
  }
  let stopped = false;
  const ready = (async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, backoffMs(state.attempt)));
      if (stopped) return;
      try {
        await prepare();
        options.log?.(JSON.stringify({ msg: "database reachable: serving", attempts: state.attempt }));
        return;
      } catch (err) {
        // The database answered but something failed: logged and tried again like an outage
        // (a database still being restored or created is not a reason to exit).
        options.log?.(attemptLine(state.attempt, err, backoffMs(state.attempt)));
      }
    }
  })();
  return {
    ctx,
    isReady: () => state.ready,
    ready,
    close: async () => {
      stopped = true;
      await close();
    },
  };
}

/** Wait before attempt `n + 1`: doubling from the minimum, capped so a returning database is seen soon. */
function backoffMs(n: number): number {
  return Math.min(limits.storeStartRetryMsMax, limits.storeStartRetryMsMin * 2 ** Math.max(0, n - 1));
}

function firstLine(err: unknown): string {
  return pgliteStorageError(err) ?? (err instanceof Error ? err.message : String(err)).split("\n")[0];
}

function attemptLine(attempt: number, err: unknown, retryInMs: number): string {
  return JSON.stringify({ msg: "database not reachable: not ready, retrying", attempt, retry_in_ms: retryInMs, reason: firstLine(err) });
}

/**
 * The PostgreSQL store as the service uses it: refused with StoreUnavailableError until it is
 * ready (nothing runs against an unmigrated schema), and watched for its return after a
 * failure — the first statement that succeeds then calls `recovered` (the pending releases
 * are given back at once).
 */
function watchDb(inner: Db, state: { ready: boolean; attempt: number; down: boolean }, recovered: () => void): Db {
  const watch = async <T>(run: () => Promise<T>): Promise<T> => {
    if (!state.ready) throw new StoreUnavailableError(`database unavailable: not reachable since start (attempt ${state.attempt})`);
    try {
      const result = await run();
      if (state.down) {
        state.down = false;
        recovered();
      }
      return result;
    } catch (err) {
      if (isStoreUnavailable(err)) state.down = true;
      throw err;
    }
  };
  return {
    kind: inner.kind,
    query: <T>(sql: string, params?: readonly unknown[]) => watch(() => inner.query<T>(sql, params)),
    transaction: <T>(fn: Parameters<Db["transaction"]>[0]) => watch(() => inner.transaction(fn as never) as Promise<T>),
    exec: (sql) => watch(() => inner.exec(sql)),
    close: () => inner.close(),
  };
}
