// Several service instances share one PostgreSQL: one organization's meter must hold across
// all of them, because every take is one atomic statement. On PostgreSQL the takes run on
// separate connection pools (as separate instances would), so the database really
// interleaves them; on PGlite (one connection) they queue, which still checks the answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoreContext } from "../../src/store/context.js";
import { openDb, type Db } from "../../src/store/db.js";
import { gcraAdvance, gcraTake } from "../../src/store/gcra.js";
import { meterParams } from "../../src/store/meters.js";
import { dbKind, freshDb, type TestDb } from "../support/db.js";

const POOLS = 4;
const START_MS = Date.UTC(2026, 0, 15, 12, 0, 0);

let t: TestDb;
const extraDbs: Db[] = [];
let contexts: StoreContext[] = [];
let now = START_MS;

beforeAll(async () => {
  t = await freshDb();
  const dbs: Db[] = [t.db];
  if (t.url) {
    for (let i = 1; i < POOLS; i++) {
      const db = await openDb({ databaseUrl: t.url, poolSize: 8 });
      extraDbs.push(db);
      dbs.push(db);
    }
  }
  contexts = dbs.map((db, i) => ({ db, instanceId: `inst_${i}`, now: () => now }));
});
afterAll(async () => {
  for (const db of extraDbs) await db.close();
  await t?.drop();
});

describe(`SPEC rule 7: one organization-wide limit across instances (${dbKind})`, () => {
  it("120 simultaneous requests against the 120/min meter: exactly the burst of 40 is admitted", async () => {
    const m = meterParams("requests", "org_conc_a", 120);
    const results = await Promise.all(Array.from({ length: 120 }, (_, i) => gcraTake(contexts[i % contexts.length], { ...m, cost: 1 })));
    expect(results.filter((r) => r.allowed).length).toBe(40);
    for (const r of results.filter((x) => !x.allowed)) expect(r.retryAfterMs).toBe(500);
    // Admitted ones saw distinct states: remaining counts 39 … 0, each once.
    expect(results.filter((r) => r.allowed).map((r) => r.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it("concurrent settlement advances all land: 50 × 37 pages move the meter by exactly 1,850 pages", async () => {
    now = START_MS;
    const m = meterParams("pages", "org_conc_b", 12_000);
    await Promise.all(Array.from({ length: 50 }, (_, i) => gcraAdvance(contexts[i % contexts.length], { ...m, cost: 37 })));
    const { rows } = await t.db.query<{ tat_us: number }>("SELECT tat_us FROM meters WHERE org_id = $1 AND meter = $2", ["org_conc_b", "pages"]);
    expect(Number(rows[0].tat_us)).toBe(START_MS * 1000 + 1_850 * 5_000);
  });
});
