// An API under test: the real app over a fresh database (PGlite, or PostgreSQL when
// DATABASE_URL is set) and a real engine pool, plus helpers to create funded accounts.
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/api/app.js";
import type { ApiDeps } from "../../src/api/types.js";
import { parseEnv } from "../../src/config/env.js";
import { EnginePool } from "../../src/engine/pool/pool.js";
import type { StoreContext } from "../../src/store/context.js";
import type { KeyEnv } from "../../src/store/key_format.js";
import { createKey, type Scope } from "../../src/store/keys.js";
import { grantGoodwill } from "../../src/store/lots.js";
import { createOrg } from "../../src/store/orgs.js";
import { freshDb, type TestDb } from "./db.js";

export interface TestApi {
  app: FastifyInstance;
  deps: ApiDeps;
  store: StoreContext;
  db: TestDb;
  /** A new organization with `credits` goodwill credits and one key. */
  account(opts?: { credits?: number; env?: KeyEnv; scopes?: Scope[]; ipAllow?: string[] }): Promise<{ orgId: string; key: string; keyId: string; hint: string }>;
  close(): Promise<void>;
}

let accounts = 0;
const CLOSE_GRACE_MS = 5_000;

export async function startTestApi(options: { threads?: number; now?: () => number; logLevel?: string; logStream?: { write(line: string): void } } = {}): Promise<TestApi> {
  const db = await freshDb();
  const store: StoreContext = { db: db.db, now: options.now ?? Date.now, instanceId: "inst_api_test" };
  // No warm-up: these apps test the API, not the engine's speed, and a pool's warm-up would
  // spend the shared cores in the background of every test (test/engine/pool_warm_up.test.ts
  // covers it).
  const pool = new EnginePool({ threads: options.threads ?? 2, warmUp: false });
  const env = parseEnv({ LOG_LEVEL: options.logLevel ?? "silent", DATA_DIR: "/nonexistent-in-tests" } as NodeJS.ProcessEnv);
  const deps: ApiDeps = { store, pool, env, baseUrl: "http://svc.test" };
  const app = await buildApp(deps, { logStream: options.logStream });
  return {
    app,
    deps,
    store,
    db,
    async account(opts = {}) {
      accounts += 1;
      const org = await createOrg(store, { email: `client${accounts}-${Date.now()}@example.com` });
      if (!org.ok) throw new Error(`createOrg: ${org.message}`);
      if ((opts.credits ?? 0) > 0) await grantGoodwill(store, org.org.id, opts.credits!);
      const key = await createKey(store, { orgId: org.org.id, name: "test", env: opts.env ?? "live", scopes: opts.scopes, ipAllow: opts.ipAllow });
      if (!key.ok) throw new Error(`createKey: ${key.message}`);
      return { orgId: org.org.id, key: key.key, keyId: key.key_id, hint: key.hint };
    },
    async close() {
      // Raw-socket tests can leave a connection half-open; past a short grace they are cut so
      // a loaded machine cannot run the close into the hook timeout.
      const force = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
      await app.close();
      clearTimeout(force);
      await pool.close();
      await db.drop();
    },
  };
}
