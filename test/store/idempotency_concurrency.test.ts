// Concurrent claims of one key get exactly one "claimed" (SPEC.md idempotency record: the
// second request while the first is in progress gets 409). On PostgreSQL the claims run on
// separate connection pools, so the database really interleaves them; on PGlite (one
// connection) they are queued, which still checks the answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { requestFingerprint, sha256Hex } from "../../src/store/canonical.js";
import type { StoreContext } from "../../src/store/context.js";
import { openDb, type Db } from "../../src/store/db.js";
import { claimIdempotencyKey, completeIdempotencyKey, idempotencyLeaseMs, type ClaimResult } from "../../src/store/idempotency.js";
import { dbKind, freshDb, type TestDb } from "../support/db.js";

const ORG = "org_idem_conc";
const POOLS = 4;
const CLAIMS_PER_ROUND = 24;
const ROUNDS = 8;
const START_MS = Date.UTC(2026, 0, 15, 12, 0, 0);

const fp = (pages: string) => requestFingerprint({ endpoint: "POST /v1/convert", canonicalOptions: { pages }, pdfSha256: sha256Hex("pdf"), env: "live" });

let t: TestDb;
const extraDbs: Db[] = [];
let contexts: StoreContext[] = [];
let now = START_MS;

beforeAll(async () => {
  t = await freshDb();
  await t.db.query("INSERT INTO orgs (id, email) VALUES ($1, $2)", [ORG, "conc@idem.test"]);
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

async function race(key: string, fingerprintOf: (i: number) => string): Promise<ClaimResult[]> {
  return Promise.all(
    Array.from({ length: CLAIMS_PER_ROUND }, (_, i) =>
      claimIdempotencyKey(contexts[i % contexts.length], { orgId: ORG, key, fingerprint: fingerprintOf(i) }),
    ),
  );
}

describe(`concurrent claims of one key (${dbKind})`, () => {
  it("a fresh key: exactly one claimed, every other same request in_progress", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const results = await race(`fresh-${round}`, () => fp("1-5"));
      expect(results.filter((r) => r.state === "claimed")).toHaveLength(1);
      expect(results.filter((r) => r.state === "in_progress")).toHaveLength(CLAIMS_PER_ROUND - 1);
    }
  });

  it("mixed requests: exactly one claimed; the rest in_progress if same as the winner, else conflict", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const fps = Array.from({ length: CLAIMS_PER_ROUND }, (_, i) => fp(i % 2 === 0 ? "1-5" : "2-9"));
      const results = await race(`mixed-${round}`, (i) => fps[i]);
      const winners = results.flatMap((r, i) => (r.state === "claimed" ? [i] : []));
      expect(winners).toHaveLength(1);
      const winnerFp = fps[winners[0]];
      results.forEach((r, i) => {
        if (i !== winners[0]) expect(r.state).toBe(fps[i] === winnerFp ? "in_progress" : "conflict");
      });
    }
  });

  it("a stale lease or an expired record: exactly one request takes it over", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const staleKey = `stale-${round}`;
      const expiredKey = `expired-${round}`;
      const first = await claimIdempotencyKey(contexts[0], { orgId: ORG, key: expiredKey, fingerprint: fp("1-5") });
      if (first.state !== "claimed") throw new Error(first.state);
      await completeIdempotencyKey(contexts[0], { orgId: ORG, key: expiredKey, claimId: first.claimId, status: 200, headers: {}, body: "{}" });
      expect((await claimIdempotencyKey(contexts[0], { orgId: ORG, key: staleKey, fingerprint: fp("1-5") })).state).toBe("claimed");
      now += Math.max(idempotencyLeaseMs(), limits.idempotencyWindowMs);
      for (const key of [staleKey, expiredKey]) {
        const results = await race(key, () => fp("1-5"));
        expect(results.filter((r) => r.state === "claimed"), key).toHaveLength(1);
        expect(results.filter((r) => r.state === "in_progress"), key).toHaveLength(CLAIMS_PER_ROUND - 1);
      }
    }
  });
});
