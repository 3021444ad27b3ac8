// The console's one-time key reveal slot (issue 12 item 6) holds the created key sealed
// (AES-256-GCM, src/store/key_reveals.ts), never as plaintext: a dump of the table in its two
// minutes holds no live key. Taken once; a slot opens only under its own key, session and id.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { purgeKeyReveals, putKeyReveal, REVEAL_KEY_BYTES, takeKeyReveal } from "../../src/store/key_reveals.js";
import { freshDb, manualClock, type TestDb } from "../support/db.js";

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(async () => {
  await t.drop();
});

const PLAINTEXT = `svc_sk_live_${"A1b2C3d4E5".repeat(3)}f6G7h8I9j0`;
const reveal = { keyId: "key_reveal_test", name: "CI", plaintext: PLAINTEXT, hint: "svc_sk_live_…j0" };
const sessionHash = "a".repeat(64);

describe("key reveal slots (issue 12)", () => {
  it("stores no plaintext: no column of the row holds the key or its secret part", async () => {
    const ctx = manualClock(t.db);
    const sealKey = randomBytes(REVEAL_KEY_BYTES);
    const id = await putKeyReveal(ctx, sealKey, sessionHash, reveal);
    const row = (await t.db.query("SELECT * FROM key_reveals WHERE id = $1", [id])).rows[0];
    const dumped = JSON.stringify(row);
    expect(dumped).not.toContain(PLAINTEXT);
    expect(dumped).not.toContain(PLAINTEXT.slice("svc_sk_live_".length, -2));
    expect(Object.keys(row!)).not.toContain("plaintext");
    // Taken once, then gone.
    expect((await takeKeyReveal(ctx, sealKey, sessionHash, id))?.plaintext).toBe(PLAINTEXT);
    expect(await takeKeyReveal(ctx, sealKey, sessionHash, id)).toBeNull();
  });

  it("opens only under its own seal key, session and slot id", async () => {
    const ctx = manualClock(t.db);
    const sealKey = randomBytes(REVEAL_KEY_BYTES);
    // Another console secret: not shown, and the slot is spent.
    const a = await putKeyReveal(ctx, sealKey, sessionHash, reveal);
    expect(await takeKeyReveal(ctx, randomBytes(REVEAL_KEY_BYTES), sessionHash, a)).toBeNull();
    expect(await takeKeyReveal(ctx, sealKey, sessionHash, a)).toBeNull();
    // A sealed value copied into another slot (same session) does not open there.
    const b = await putKeyReveal(ctx, sealKey, sessionHash, reveal);
    const c = await putKeyReveal(ctx, sealKey, sessionHash, { ...reveal, plaintext: "other" });
    await t.db.query("UPDATE key_reveals SET sealed = (SELECT sealed FROM key_reveals WHERE id = $1) WHERE id = $2", [b, c]);
    expect(await takeKeyReveal(ctx, sealKey, sessionHash, c)).toBeNull();
    // Tampered: one byte of the ciphertext changed.
    const sealed = (await t.db.query<{ sealed: string }>("SELECT sealed FROM key_reveals WHERE id = $1", [b])).rows[0].sealed;
    const raw = Buffer.from(sealed, "base64url");
    raw[raw.length - 1] ^= 1;
    await t.db.query("UPDATE key_reveals SET sealed = $2 WHERE id = $1", [b, raw.toString("base64url")]);
    expect(await takeKeyReveal(ctx, sealKey, sessionHash, b)).toBeNull();
    // Another session cannot take it (and leaves it for its own).
    const d = await putKeyReveal(ctx, sealKey, sessionHash, reveal);
    expect(await takeKeyReveal(ctx, sealKey, "b".repeat(64), d)).toBeNull();
    expect((await takeKeyReveal(ctx, sealKey, sessionHash, d))?.plaintext).toBe(PLAINTEXT);
  });

  it("refuses a seal key of the wrong size; an expired slot is not shown and is purged", async () => {
    const ctx = manualClock(t.db);
    await expect(putKeyReveal(ctx, randomBytes(16), sessionHash, reveal)).rejects.toThrow(RangeError);
    const sealKey = randomBytes(REVEAL_KEY_BYTES);
    const id = await putKeyReveal(ctx, sealKey, sessionHash, reveal);
    ctx.advance(limits.keyRevealMsMax);
    expect(await purgeKeyReveals(ctx)).toBeGreaterThanOrEqual(1);
    expect(await takeKeyReveal(ctx, sealKey, sessionHash, id)).toBeNull();
  });

  it("a hostile slot id (NUL, a lone surrogate, too long) is no slot, never a database error (issue 12 item 3)", async () => {
    const ctx = manualClock(t.db);
    const sealKey = randomBytes(REVEAL_KEY_BYTES);
    for (const id of ["\u0000".repeat(32), "\ud800", "a".repeat(5000), "", "a".repeat(31) + "\u0000"]) {
      expect(await takeKeyReveal(ctx, sealKey, sessionHash, id)).toBeNull();
    }
  });
});
