// Liveness and readiness for orchestrators: /healthz answers while the process runs;
// /readyz also checks the database and that the engine queue has room.
import type { FastifyInstance } from "fastify";
import { limits } from "../../config/limits.js";
import { ApiError } from "../../errors/catalogue.js";
import type { ApiDeps } from "../types.js";

/** Ready only while the engine's waiting work is below this share of its queue. */
const READY_QUEUE_SHARE_MAX = 0.9;

export function registerHealthRoutes(app: FastifyInstance, deps: ApiDeps): void {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async () => {
    try {
      await deps.store.db.query("SELECT 1");
    } catch {
      throw new ApiError("overloaded", { message: "The database is not reachable; this instance is not ready.", retryAfterMs: 1_000 });
    }
    const pool = deps.pool.stats();
    if (pool.queued >= READY_QUEUE_SHARE_MAX * limits.poolQueueMax) {
      throw new ApiError("overloaded", { message: "The conversion queue is full; this instance is not ready.", retryAfterMs: 1_000 });
    }
    return { status: "ready", database: deps.store.db.kind, engine: pool };
  });
}
