// Deleting expired rows without long statements: bounded batches, a bounded number of them
// per sweep, so one sweep never holds locks or the single PGlite connection for long.
import { limits } from "../config/limits.js";
import type { StoreContext } from "./context.js";

/**
 * Runs `deleteSql` ($1 = now as an ISO timestamp, $2 = batch size; it must delete at most
 * $2 rows) until a batch comes back short. `more` says a further sweep has work.
 */
export async function deleteInBatches(ctx: StoreContext, deleteSql: string): Promise<{ deleted: number; more: boolean }> {
  const now = new Date(ctx.now()).toISOString();
  let deleted = 0;
  for (let batch = 0; batch < limits.purgeBatchesPerRunMax; batch++) {
    const r = await ctx.db.query(deleteSql, [now, limits.purgeBatchRowsMax]);
    deleted += r.rowCount;
    if (r.rowCount < limits.purgeBatchRowsMax) return { deleted, more: false };
  }
  return { deleted, more: true };
}
