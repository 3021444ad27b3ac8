// DECISIONS.md §Ledger: entries are append-only and hash-chained; entry_hash = SHA-256 of
// prev_hash + "\n" + the entry's JSON with keys sorted and entry_hash left out; the first
// prev_hash is 64 zeros; GET /v1/credits/ledger pages in ascending seq.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { placeHold, settleHold } from "../../src/store/credits.js";
import { GENESIS_HASH, LedgerBook, listLedger, lockOrg, verifyLedger, type LedgerEntry } from "../../src/store/ledger.js";
import { grantGoodwill } from "../../src/store/lots.js";
import { settlePurchase } from "../../src/store/payments.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";
import { expectInvariants, insertOrg } from "./credits.fixtures.js";

let t: TestDb;
let ctx: ReturnType<typeof manualClock>;

beforeAll(async () => {
  t = await freshDb();
  ctx = manualClock(t.db);
});
afterAll(async () => t?.drop());

/** The verification a client does, written from DECISIONS.md alone (no store code). */
function clientHash(e: LedgerEntry): string {
  const { entry_hash: _omitted, ...rest } = e;
  const sorted = Object.fromEntries(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return createHash("sha256").update(`${e.prev_hash}\n${JSON.stringify(sorted)}`, "utf8").digest("hex");
}

/** An organization with a few entries of several kinds. */
async function orgWithHistory(): Promise<string> {
  const orgId = await insertOrg(t.db, ctx.now());
  await settlePurchase(ctx, { orgId, packUsd: 100, currency: "usd", processor: "sandbox", processorRef: `pi_${orgId}`, eventId: `evt_${orgId}` });
  ctx.advance(1_234);
  await grantGoodwill(ctx, orgId, 500);
  for (const charged of [3, 0, 7]) {
    const hold = await placeHold(ctx, { orgId, requestId: `req_${charged}${orgId}`, credits: 10, rateCardVersion: 1 });
    if (!hold.ok) throw new Error(hold.code);
    ctx.advance(17);
    await settleHold(ctx, hold.holdId, { charged, reference: `conv_${charged}x` });
  }
  return orgId;
}

async function allEntries(orgId: string): Promise<LedgerEntry[]> {
  const r = await listLedger(t.db, orgId, { limit: limits.ledgerListLimitMax });
  if (!r.ok) throw new Error(r.code);
  return r.list.data;
}

describe("ledger entries: shape and hash chain", () => {
  it("carries DECISIONS.md's fields, created_at with milliseconds at the clock's instant", async () => {
    const orgId = await orgWithHistory();
    const entries = await allEntries(orgId);
    expect(entries.map((e) => e.kind)).toEqual(["purchase", "bonus", "goodwill", "charge", "charge"]);
    const first = entries[0];
    expect(Object.keys(first).sort()).toEqual(
      ["balance_after", "created_at", "credits", "debt_after", "entry_hash", "id", "kind", "object", "prev_hash", "rate_card_version", "reference", "request_id", "seq"].sort(),
    );
    expect(first).toMatchObject({ object: "ledger_entry", seq: 1, kind: "purchase", credits: 200_000, balance_after: 200_000, debt_after: 0, rate_card_version: 1, request_id: null, prev_hash: GENESIS_HASH });
    expect(first.id).toMatch(/^led_/);
    expect(first.reference).toMatch(/^pur_/);
    expect(first.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const charge = entries[3];
    expect(charge).toMatchObject({ credits: -3, reference: "conv_3x", request_id: expect.stringMatching(/^req_3/) });
    expect(Date.parse(charge.created_at) - Date.parse(entries[2].created_at)).toBe(17);
  });

  it("a charge of 0 writes no entry (settle with nothing billed)", async () => {
    const orgId = await orgWithHistory();
    expect((await allEntries(orgId)).filter((e) => e.kind === "charge").map((e) => e.credits)).toEqual([-3, -7]);
  });

  it("entry_hash is what a client computes from the entry; prev_hash links each to the one before", async () => {
    const orgId = await orgWithHistory();
    const entries = await allEntries(orgId);
    let prev = GENESIS_HASH;
    for (const [i, e] of entries.entries()) {
      expect(e.seq).toBe(i + 1);
      expect(e.prev_hash).toBe(prev);
      expect(e.entry_hash).toBe(clientHash(e));
      prev = e.entry_hash;
    }
    expect(await verifyLedger(t.db, orgId)).toEqual({ ok: true, entries: entries.length, head: prev });
    await expectInvariants(t.db, orgId);
  });

  it("is append-only in the database: UPDATE, DELETE and TRUNCATE fail", async () => {
    const orgId = await orgWithHistory();
    await expect(t.db.query("UPDATE ledger_entries SET credits = 1 WHERE org_id = $1", [orgId])).rejects.toThrow(/append-only/);
    await expect(t.db.query("DELETE FROM ledger_entries WHERE org_id = $1", [orgId])).rejects.toThrow(/append-only/);
    await expect(t.db.query("TRUNCATE ledger_entries CASCADE")).rejects.toThrow(/append-only/);
  });

  it("an append without the organization's row lock cannot save (the chain head moved)", async () => {
    const orgId = await insertOrg(t.db, ctx.now());
    await expect(
      t.db.transaction(async (tx) => {
        const org = await lockOrg(tx, orgId);
        const book = new LedgerBook(tx, org!, ctx.now());
        await book.append({ kind: "goodwill", credits: 5 });
        await tx.query("UPDATE orgs SET ledger_seq = ledger_seq + 1 WHERE id = $1", [orgId]);
        await book.save();
      }),
    ).rejects.toThrow(/moved under a locked book/);
    await expectInvariants(t.db, orgId);
  });
});

describe("verifyLedger detects tampering with any stored value", () => {
  const tamper: Array<[string, string]> = [
    ["credits", "credits = credits + 1"],
    ["balance_after", "balance_after = balance_after + 1"],
    ["debt_after", "debt_after = debt_after + 1"],
    ["kind", "kind = 'bonus'"],
    ["created_at", "created_at = created_at + interval '1 millisecond'"],
    ["reference", "reference = 'pur_forged'"],
    ["request_id", "request_id = 'req_forged'"],
    ["rate_card_version", "rate_card_version = 2"],
    ["id", "id = 'led_forged'"],
    ["prev_hash", "prev_hash = repeat('1', 64)"],
    ["entry_hash", "entry_hash = repeat('2', 64)"],
    ["seq (a row deleted)", "DELETE"],
  ];
  for (const [column, change] of tamper) {
    it(`${column}`, async () => {
      const orgId = await orgWithHistory();
      expect(await verifyLedger(t.db, orgId)).toMatchObject({ ok: true });
      // As the table owner: the append-only trigger is what stops everyone else.
      await t.db.query("ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_update");
      try {
        const sql = change === "DELETE" ? "DELETE FROM ledger_entries WHERE org_id = $1 AND seq = 3" : `UPDATE ledger_entries SET ${change} WHERE org_id = $1 AND seq = 3`;
        const r = await t.db.query(sql, [orgId]);
        expect(r.rowCount).toBe(1);
      } finally {
        await t.db.query("ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_no_update");
      }
      const v = await verifyLedger(t.db, orgId);
      expect(v.ok).toBe(false);
      if (!v.ok) expect(v.seq).toBeGreaterThanOrEqual(3);
    });
  }

  it("a removed newest entry (the chain still links) no longer matches the organization's head", async () => {
    const orgId = await orgWithHistory();
    await t.db.query("ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_update");
    try {
      await t.db.query("DELETE FROM ledger_entries WHERE org_id = $1 AND seq = (SELECT max(seq) FROM ledger_entries WHERE org_id = $1)", [orgId]);
    } finally {
      await t.db.query("ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_no_update");
    }
    expect(await verifyLedger(t.db, orgId)).toMatchObject({ ok: false, problem: expect.stringMatching(/head/) });
  });
});

describe("listLedger: limit 1..1000, starting_after, ascending seq", () => {
  it("pages through every entry once, in order, with has_more and next_cursor", async () => {
    const orgId = await orgWithHistory();
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const r = await listLedger(t.db, orgId, { limit: 2, starting_after: cursor });
      if (!r.ok) throw new Error(r.code);
      expect(r.list.object).toBe("list");
      seen.push(...r.list.data.map((e) => e.seq));
      expect(r.list.next_cursor).toBe(r.list.has_more ? r.list.data[r.list.data.length - 1].id : null);
      if (!r.list.has_more) break;
      cursor = r.list.next_cursor;
    }
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it("defaults to 100 entries and refuses a cursor from another organization", async () => {
    const a = await orgWithHistory();
    const b = await orgWithHistory();
    const r = await listLedger(t.db, a);
    expect(r.ok && r.list.data.length).toBe(5);
    const foreign = (await allEntries(b))[0].id;
    expect(await listLedger(t.db, a, { starting_after: foreign })).toMatchObject({ ok: false, reason: "unknown_cursor", code: "invalid_parameter_type", param: "starting_after" });
    await expect(listLedger(t.db, a, { limit: 0 })).rejects.toThrow(/out of range/);
    await expect(listLedger(t.db, a, { limit: limits.ledgerListLimitMax + 1 })).rejects.toThrow(/out of range/);
  });
});
