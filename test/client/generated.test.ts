// The client's generated code is the service's: the committed src/generated/ matches what
// scripts/generate.mjs makes from the service now, and the canonical form and entry hash the
// client runs agree with the service's own functions on arbitrary values (the pattern of
// the TypeScript/Rust kernel agreement test).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson as clientCanonicalJson, entryHash as clientEntryHash, errorCatalogue, ledgerKinds as clientLedgerKinds, type LedgerEntry } from "@svc-md/client";
import { errorCodes, errorEntry } from "../../src/errors/catalogue.js";
import { canonicalJson } from "../../src/store/canonical.js";
import { entryHash, ledgerKinds } from "../../src/store/ledger.js";

const clientDir = path.resolve(import.meta.dirname, "../../clients/typescript");

describe("clients/typescript/src/generated", () => {
  it("is what scripts/generate.mjs makes from the service now", async () => {
    const run = await promisify(execFile)(process.execPath, [path.join(clientDir, "scripts/generate.mjs"), "--check"], { cwd: clientDir }).catch((e: { code: number; stderr: string }) => e);
    expect("stderr" in run ? run.stderr : "").toBe("");
  });

  it("carries every catalogue code with its type, status and retryability", () => {
    expect(Object.keys(errorCatalogue).sort()).toEqual([...errorCodes].sort());
    for (const code of errorCodes) {
      const { type, status, retryable } = errorEntry(code);
      expect(errorCatalogue[code]).toEqual({ type, status, retryable });
    }
  });

  it("canonicalJson and entryHash agree with the service's on arbitrary values", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(clientCanonicalJson(value)).toBe(canonicalJson(value));
      }),
      { numRuns: 300 },
    );
    expect(clientLedgerKinds).toEqual(ledgerKinds);
    const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("hex"));
    const entry = fc.record({
      object: fc.constant("ledger_entry" as const),
      id: fc.string(),
      seq: fc.nat(),
      created_at: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      kind: fc.constantFrom(...ledgerKinds),
      credits: fc.integer(),
      balance_after: fc.nat(),
      debt_after: fc.nat(),
      rate_card_version: fc.constant(1),
      reference: fc.option(fc.string(), { nil: null }),
      request_id: fc.option(fc.string(), { nil: null }),
      prev_hash: hex64,
      entry_hash: hex64,
    });
    fc.assert(
      fc.property(entry, (e: LedgerEntry) => {
        expect(clientEntryHash(e)).toBe(entryHash(e));
      }),
      { numRuns: 300 },
    );
  });
});
