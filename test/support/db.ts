// A fresh database for one test file. Without DATABASE_URL: an in-memory PGlite database.
// With DATABASE_URL (CI's second run): a new PostgreSQL database created on that server
// and dropped afterwards, so test files never share state. Either way migrated.
import { randomBytes } from "node:crypto";
import { openDb, type Db } from "../../src/store/db.js";
import { migrate } from "../../src/store/migrations.js";
import type { StoreContext } from "../../src/store/context.js";

export const dbKind: "pglite" | "postgres" = process.env.DATABASE_URL ? "postgres" : "pglite";

export interface TestDb {
  db: Db;
  /** The connection string of the fresh database (PostgreSQL only), for second processes. */
  url: string | null;
  drop(): Promise<void>;
}

export async function freshDb(): Promise<TestDb> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const db = await openDb({ memory: true });
    await migrate(db);
    return { db, url: null, drop: () => db.close() };
  }
  const name = `svc_test_${randomBytes(6).toString("hex")}`;
  const admin = await openDb({ databaseUrl: base, poolSize: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  await migrate(db);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

/** A store context over `db` with a clock the test moves by hand. */
export function manualClock(db: Db, startMs = Date.UTC(2026, 0, 15, 12, 0, 0)): StoreContext & { advance(ms: number): void; set(ms: number): void } {
  let now = startMs;
  return {
    db,
    instanceId: "inst_test",
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    set(ms: number) {
      now = ms;
    },
  };
}
