// SPEC rule 6 and 7 across service instances: two separate Node processes, each with its
// own connection pool, hammer one organization's concurrency slots on a shared PostgreSQL.
// Each child records, for every lease it got, the interval from "acquire returned" to
// "release called": the lease was certainly held throughout, so more than `limit` such
// intervals overlapping at one instant would be a violation. PGlite is one process's
// embedded database, so the test needs PostgreSQL.
//
// The two children's intervals are compared with each other, so they are read from one clock:
// the host's monotonic clock (process.hrtime), which every process on the machine shares.
// performance.timeOrigin is each process's own estimate of its start on the wall clock; two
// estimates differ by up to a millisecond or so, which once made a release in one child and
// the next acquire of that slot in the other look like a fifth overlapping lease.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countActiveLeases } from "../../src/store/leases.js";
import { freshDb, type TestDb } from "../support/db.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const LIMIT = 4;
const WORKERS_PER_PROCESS = 6;
const RUN_MS = 2_500;
const HOLD_MS_MAX = 40;
const ORG = "org_two_processes";

// The child imports the store modules as JavaScript. They are transpiled here, one file at a
// time, rather than taken from dist/ (which may be stale, or fail to build while other
// modules are mid-change); the output sits under the repository so `pg` resolves.
const modules = ["src/store/db.ts", "src/store/leases.ts", "src/store/ids.ts", "src/store/context.ts", "src/config/limits.ts"];

const CHILD = `
import { openDb } from "./src/store/db.js";
import { acquireLease, releaseLease } from "./src/store/leases.js";
const [url, org, instanceId, workers, runMs, limit, holdMsMax] = process.argv.slice(2);
const db = await openDb({ databaseUrl: url, poolSize: Number(workers) });
const ctx = { db, instanceId, now: () => Date.now() };
const clock = () => Number(process.hrtime.bigint() / 1000n) / 1000;
const held = [];
let refused = 0;
const stopAt = Date.now() + Number(runMs);
async function worker() {
  while (Date.now() < stopAt) {
    const r = await acquireLease(ctx, { orgId: org, limit: Number(limit), keyId: null, ttlMs: 60000 });
    if (!r.ok) { refused++; await new Promise((res) => setTimeout(res, 2)); continue; }
    const from = clock();
    await new Promise((res) => setTimeout(res, Math.random() * Number(holdMsMax)));
    const to = clock();
    await releaseLease(ctx, r.leaseId);
    held.push([from, to, r.slot]);
  }
}
await Promise.all(Array.from({ length: Number(workers) }, worker));
await db.close();
process.stdout.write(JSON.stringify({ held, refused }));
`;

interface ChildReport {
  held: [number, number, number][];
  refused: number;
}

function runChild(dir: string, url: string, instanceId: string): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const args = [path.join(dir, "child.mjs"), url, ORG, instanceId, String(WORKERS_PER_PROCESS), String(RUN_MS), String(LIMIT), String(HOLD_MS_MAX)];
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(JSON.parse(out) as ChildReport) : reject(new Error(`child ${instanceId} exited ${code}: ${err}`))));
  });
}

/** Most intervals covering one instant (an interval ending where another starts does not overlap it). */
function maxOverlap(intervals: [number, number][]): number {
  const edges = intervals.flatMap(([from, to]) => [[from, 1] as const, [to, -1] as const]);
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  let max = 0;
  for (const [, delta] of edges) max = Math.max(max, (open += delta));
  return max;
}

const pg = Boolean(process.env.DATABASE_URL);
describe.skipIf(!pg)(`SPEC rules 6-7: two processes sharing one PostgreSQL${pg ? "" : " (skipped: PGlite is embedded in one process; set DATABASE_URL)"}`, () => {
  let t: TestDb;
  const dir = path.join(repoRoot, "dist", `test-leases-${process.pid}`);

  beforeAll(async () => {
    t = await freshDb();
    for (const rel of modules) {
      const js = ts.transpileModule(readFileSync(path.join(repoRoot, rel), "utf8"), {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      const out = path.join(dir, rel.replace(/\.ts$/, ".js"));
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, js);
    }
    writeFileSync(path.join(dir, "child.mjs"), CHILD);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t?.drop();
  });

  it(`one organization's concurrency stays at ${LIMIT} while two processes compete for it`, async () => {
    const url = t.url as string;
    const [a, b] = await Promise.all([runChild(dir, url, "inst_proc_a"), runChild(dir, url, "inst_proc_b")]);
    const all = [...a.held, ...b.held];
    // Both processes got leases and both were refused: they really competed.
    expect(a.held.length).toBeGreaterThan(0);
    expect(b.held.length).toBeGreaterThan(0);
    expect(a.refused + b.refused).toBeGreaterThan(0);
    expect(all.every(([, , slot]) => slot >= 0 && slot < LIMIT)).toBe(true);
    const overlap = maxOverlap(all.map(([from, to]) => [from, to]));
    expect(overlap).toBeLessThanOrEqual(LIMIT);
    // And the limit was used in full, not merely respected by accident.
    expect(overlap).toBe(LIMIT);
    const clock = { db: t.db, instanceId: "inst_check", now: () => Date.now() };
    expect(await countActiveLeases(clock, ORG)).toBe(0);
  });
});
