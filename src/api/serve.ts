// `svc serve` / `npm start`: the store (PGlite by default), the engine pool, the HTTP API,
// the background sweeps, and a graceful shutdown that drains in-flight requests and gives
// back their leases and holds.
import { availableParallelism } from "node:os";
import { createServer, type AddressInfo, type Server } from "node:net";
import { adminSocketPath, serveAdminSocket } from "../admin/socket.js";
import type { Env } from "../config/env.js";
import { EnginePool } from "../engine/pool/pool.js";
import { heartbeat, registerInstance, retireInstance, sweepHolds } from "../store/credits.js";
import { purgeConversions } from "../store/conversions.js";
import { purgePageImages } from "../store/page_images.js";
import { purgeIdempotency } from "../store/idempotency.js";
import { releaseInstanceLeases } from "../store/leases.js";
import { expireGoodwill } from "../store/lots.js";
import { openStore } from "../store/open_store.js";
import { purgeKeyReveals } from "../store/key_reveals.js";
import { purgeResultCache } from "../store/result_cache.js";
import { PendingReleases } from "../store/pending_releases.js";
import { buildApp } from "./app.js";

/** How often this instance proves it is alive: a stale heartbeat frees its holds. */
const HEARTBEAT_INTERVAL_MS = 5_000;
/** How often expired holds, goodwill, idempotency records, results and cache entries are swept. */
const SWEEP_INTERVAL_MS = 10_000;
/** In-flight requests get this long to finish at shutdown: one request wall clock. */
const DRAIN_MS_MAX = 65_000;
/** During the drain, connections that went idle are closed this often. */
const IDLE_SWEEP_MS = 100;

export interface RunningService {
  url: string;
  close(): Promise<void>;
}

/** A port the OS has free on `host` now (listen on port 0, read it, close). */
async function freePort(host: string): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(0, host, resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function serve(env: Env, log: (line: string) => void = (l) => process.stderr.write(l + "\n")): Promise<RunningService> {
  // The database may be away at start (issue 12 item 1): the service listens anyway and
  // answers 503 `overloaded` until openStore's retries reach it; the instance registers then.
  const store = await openStore(env, { waitForDatabase: true, onReady: registerInstance, log });
  const pool = new EnginePool({ threads: env.ENGINE_THREADS ?? availableParallelism() });
  // PORT=0 lets the OS choose. {base_url} (mailed links, checkout return addresses, the
  // sandbox's webhook) must name the port actually served, so choose before building the app.
  const port = env.PORT === 0 && env.PUBLIC_BASE_URL === undefined ? await freePort(env.HOST) : env.PORT;
  const baseUrl = env.PUBLIC_BASE_URL ?? `http://localhost:${port}`;
  const app = await buildApp({ store: store.ctx, pool, env, baseUrl });
  // Listen once the engine's threads are warm (src/engine/pool/warm_up.ts, bounded by
  // limits.workerWarmUpWallMsMax): an orchestrator routes to an instance once it answers, and
  // the first requests then run on compiled code rather than paying for the JIT.
  await pool.warmedUp();
  // Set before the first request: give-backs that failed while the database was away
  // (src/store/pending_releases.ts); what their deadline or the queue's bound gives up is left
  // to the expiry sweeps, and said so.
  store.ctx.releases = new PendingReleases(store.ctx.now, (d) =>
    app.log.warn({ kind: d.release.kind, id: d.release.id, reason: d.reason, err: d.err }, "gave up retrying a release; its expiry frees it"),
  );
  const address = await app.listen({ port, host: env.HOST });
  let admin: Server | null = null;
  if (!env.DATABASE_URL) admin = await serveAdminSocket(store.ctx, adminSocketPath(env.DATA_DIR));
  log(JSON.stringify({ msg: "svc-md listening", address, database: store.ctx.db.kind, ready: store.isReady(), engine_threads: pool.stats().threads, engine_warm_up_pages: pool.stats().warmUpPages, instance: store.ctx.instanceId }));

  const background = (name: string, fn: () => Promise<unknown>) => () => {
    // Not yet ready: openStore's own attempts are logged, once each.
    if (!store.isReady()) return;
    fn().catch((err: unknown) => app.log.error({ err, task: name }, "background task failed"));
  };
  const timers = [
    setInterval(background("heartbeat", () => heartbeat(store.ctx)), HEARTBEAT_INTERVAL_MS),
    setInterval(
      background("sweep", async () => {
        await sweepHolds(store.ctx);
        await expireGoodwill(store.ctx);
        await purgeIdempotency(store.ctx);
        await purgeConversions(store.ctx);
        await purgePageImages(store.ctx);
        await purgeResultCache(store.ctx);
        await purgeKeyReveals(store.ctx);
      }),
      SWEEP_INTERVAL_MS,
    ),
  ];
  timers.forEach((t) => t.unref());

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      timers.forEach(clearInterval);
      admin?.close();
      // Fastify stops accepting and waits for in-flight requests; they release their own
      // holds and leases. What a stuck request still holds is given back below.
      // A keep-alive connection whose request finishes during the drain goes idle after
      // close() closed the idle ones, and would hold the drain open until its keep-alive
      // timeout (72 s in Fastify): close such connections as they go idle.
      const idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      await Promise.race([app.close(), new Promise((r) => setTimeout(r, DRAIN_MS_MAX).unref())]);
      clearInterval(idleSweep);
      // What failed to be given back is tried a last time; retiring then frees the rest.
      store.ctx.releases?.stop();
      await store.ctx.releases?.drain().catch(() => undefined);
      await retireInstance(store.ctx).catch(() => undefined);
      await releaseInstanceLeases(store.ctx).catch(() => undefined);
      await pool.close();
      await store.close();
    })());
  return { url: address, close };
}
