// Opens the configured database, migrates it, and builds the store context.
import { randomBytes } from "node:crypto";
import type { Env } from "../config/env.js";
import { systemClock, type StoreContext } from "./context.js";
import { openDb } from "./db.js";
import { migrate } from "./migrations.js";

export interface OpenStore {
  ctx: StoreContext;
  close(): Promise<void>;
}

export async function openStore(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">): Promise<OpenStore> {
  const db = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await migrate(db);
  const ctx: StoreContext = { db, now: systemClock, instanceId: `inst_${randomBytes(8).toString("hex")}` };
  return { ctx, close: () => db.close() };
}
