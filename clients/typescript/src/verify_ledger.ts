// verifyLedger: recomputes the hash chain of GET /v1/credits/ledger as DECISIONS.md §Ledger
// defines it, with the service's own code (src/generated/ledger.ts and canonical.ts are
// generated from src/store/ledger.ts and src/store/canonical.ts): each entry's prev_hash is
// the previous entry's entry_hash (64 zeros for the first), and entry_hash is the SHA-256 of
// `prev_hash + "\n" +` the entry's canonical JSON without entry_hash.
import { entryHash, GENESIS_HASH, type LedgerEntry } from "./generated/ledger.js";

export type LedgerVerification =
  | { ok: true; entries: number; head: string }
  | {
      ok: false;
      /** Position of the first entry that breaks the chain, 0-based. */
      index: number;
      entry_id: string;
      /** What the chain says the field should be. */
      expected: string;
      /** What the entry carries. */
      actual: string;
      /** Which link broke: the entry's own hash, or its link to the one before. */
      field: "entry_hash" | "prev_hash";
    };

/**
 * Checks `entries`, oldest first, from the start of the organization's chain (or from
 * `prevHash`, the entry_hash of the entry before the first one given). Reports the first
 * break; accepts an array or an async iterator such as `client.ledger()`.
 */
export async function verifyLedger(
  entries: Iterable<LedgerEntry> | AsyncIterable<LedgerEntry>,
  options: { prevHash?: string } = {},
): Promise<LedgerVerification> {
  let prev = options.prevHash ?? GENESIS_HASH;
  let index = 0;
  for await (const entry of entries) {
    if (entry.prev_hash !== prev) return { ok: false, index, entry_id: entry.id, expected: prev, actual: entry.prev_hash, field: "prev_hash" };
    const recomputed = entryHash(entry);
    if (recomputed !== entry.entry_hash) return { ok: false, index, entry_id: entry.id, expected: recomputed, actual: entry.entry_hash, field: "entry_hash" };
    prev = entry.entry_hash;
    index++;
  }
  return { ok: true, entries: index, head: prev };
}
