// What every store operation needs: the database, a clock (injected so tests can move
// time), and this service instance's id (holds and leases name their owner, so a crashed
// instance's can be released by the others).
import type { Db, Queryable } from "./db.js";
import type { PendingReleases } from "./pending_releases.js";

/** The steps of a conversion's commit (settlement.ts), where a test may inject a failure. */
export type CommitStep = "settle" | "conversion" | "cache" | "usage" | "idempotency";

export interface StoreContext {
  db: Db;
  /** Epoch milliseconds. */
  now(): number;
  instanceId: string;
  /**
   * Test-only fault hook: called after each step of a conversion's commit; a throw aborts
   * the transaction there. Never set by openStore (production); test/support sets it.
   */
  faults?: (step: CommitStep) => void;
  /**
   * Leases, holds and claims whose give-back failed while the database was away, tried again
   * until it answers (pending_releases.ts). Made on first use when absent.
   */
  releases?: PendingReleases;
}

/**
 * The same context inside one open transaction: every store function given it writes
 * through `tx`, and a nested `transaction` joins the open one (so settleHold's own
 * transaction becomes part of the caller's).
 */
export function inTransaction(ctx: StoreContext, tx: Queryable): StoreContext {
  const db: Db = {
    kind: ctx.db.kind,
    query: (sql, params) => tx.query(sql, params),
    transaction: (fn) => fn(tx),
    exec: () => Promise.reject(new Error("exec inside a transaction")),
    close: () => Promise.reject(new Error("close inside a transaction")),
  };
  return { ...ctx, db };
}

export function systemClock(): number {
  return Date.now();
}
