// What every store operation needs: the database, a clock (injected so tests can move
// time), and this service instance's id (holds and leases name their owner, so a crashed
// instance's can be released by the others).
import type { Db } from "./db.js";

export interface StoreContext {
  db: Db;
  /** Epoch milliseconds. */
  now(): number;
  instanceId: string;
}

export function systemClock(): number {
  return Date.now();
}
