// The credit ledger (SPEC.md §Where credit information is reported, DECISIONS.md §Ledger):
// the authoritative, append-only, hash-chained record of every credit movement of an
// organization. Each entry's `entry_hash` is SHA-256 of `prev_hash + "\n" + canonical JSON
// of the entry without entry_hash`, so a client holding the newest hash can check every
// older entry.
//
// Writing goes through a LedgerBook: open it on the organization row locked FOR UPDATE (the
// lock orders appends, so seq and prev_hash never race), append entries, then save(), which
// writes the balance, debt and chain head back in one UPDATE. The organization's
// credit_balance is therefore only ever moved together with an entry: balance = SUM(credits).
//
// Paired checks (TIGER_STYLE): `checkTransition` and the hash are asserted on write, after
// the row is read back through RETURNING (a value the database would store differently
// than it was hashed fails inside the transaction), and verifyLedger recomputes both from
// rows read back later.
import { limits } from "../config/limits.js";
import { assert, assertCredits } from "./assert.js";
import { canonicalJson, sha256Hex } from "./canonical.js";
import type { Queryable } from "./db.js";
import { newId } from "./ids.js";
import { refuse, type Refusal } from "./refusal.js";

export const ledgerKinds = ["purchase", "bonus", "charge", "refund", "clawback", "goodwill", "expiry", "debt_settlement"] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/** prev_hash of an organization's first entry. */
export const GENESIS_HASH = "0".repeat(64);

export interface LedgerEntry {
  object: "ledger_entry";
  id: string;
  seq: number;
  created_at: string;
  kind: LedgerKind;
  /** Signed: positive adds to the balance. */
  credits: number;
  balance_after: number;
  debt_after: number;
  rate_card_version: number;
  reference: string | null;
  request_id: string | null;
  prev_hash: string;
  entry_hash: string;
}

const HASH_HEX = /^[0-9a-f]{64}$/;
const REFERENCE = /^(conv|toc|pur)_[0-9A-Za-z]+$/;

/** entry_hash of an entry: its own entry_hash, if present, is left out. */
export function entryHash(entry: Omit<LedgerEntry, "entry_hash"> | LedgerEntry): string {
  const { entry_hash: _ignored, ...rest } = entry as LedgerEntry;
  return sha256Hex(`${rest.prev_hash}\n${canonicalJson(rest)}`);
}

/**
 * Why `entry` cannot follow a ledger whose balance and debt were `prev`, or null when it
 * can. Positive kinds add, spending kinds take, only a clawback adds debt and only a debt
 * settlement pays it.
 */
export function checkTransition(prev: { balance: number; debt: number }, entry: LedgerEntry): string | null {
  if (!Number.isSafeInteger(entry.credits)) return "credits is not an integer";
  if (entry.balance_after !== prev.balance + entry.credits) return `balance_after ${entry.balance_after} is not ${prev.balance} + ${entry.credits}`;
  if (entry.balance_after < 0 || entry.debt_after < 0) return "negative balance or debt";
  const positive = entry.kind === "purchase" || entry.kind === "bonus" || entry.kind === "goodwill";
  if (positive && entry.credits <= 0) return `${entry.kind} must add credits`;
  if (!positive && entry.kind !== "clawback" && entry.credits >= 0) return `${entry.kind} must take credits`;
  if (entry.kind === "clawback" && entry.credits > 0) return "clawback must not add credits";
  if (entry.kind === "clawback") {
    if (entry.debt_after < prev.debt) return "clawback must not reduce debt";
  } else {
    const expectedDebt = entry.kind === "debt_settlement" ? prev.debt + entry.credits : prev.debt;
    if (entry.debt_after !== expectedDebt) return `debt_after ${entry.debt_after} does not follow ${prev.debt} for ${entry.kind}`;
  }
  if (entry.reference !== null && !REFERENCE.test(entry.reference)) return "reference is not a conv_, toc_ or pur_ id";
  return null;
}

/** A stored row: the wire entry without `object`, with the driver's timestamp. */
type LedgerRow = Omit<LedgerEntry, "object" | "created_at"> & { created_at: Date | string };

const ENTRY_COLUMNS = "id, seq, created_at, kind, credits, balance_after, debt_after, rate_card_version, reference, request_id, prev_hash, entry_hash";

/** The wire form of a stored row (GET /v1/credits/ledger). */
export function toWireEntry(row: LedgerRow): LedgerEntry {
  return {
    object: "ledger_entry",
    id: row.id,
    seq: Number(row.seq),
    created_at: new Date(row.created_at).toISOString(),
    kind: row.kind,
    credits: Number(row.credits),
    balance_after: Number(row.balance_after),
    debt_after: Number(row.debt_after),
    rate_card_version: Number(row.rate_card_version),
    reference: row.reference,
    request_id: row.request_id,
    prev_hash: row.prev_hash,
    entry_hash: row.entry_hash,
  };
}

/** The organization row as a ledger writer sees it, locked for the transaction. */
export interface LockedOrg {
  id: string;
  status: "active" | "suspended";
  credit_balance: number;
  credits_held: number;
  debt_credits: number;
  ledger_seq: number;
  ledger_head: string;
  rate_card_version: number;
}

/** The LockedOrg columns, qualified by `alias`, for statements that lock through a join. */
export function lockedOrgColumns(alias: string): string {
  return ["id", "status", "credit_balance", "credits_held", "debt_credits", "ledger_seq", "ledger_head", "rate_card_version"].map((c) => `${alias}.${c}`).join(", ");
}

/**
 * Locks the organization row for the rest of the transaction; null when there is none.
 * NO KEY UPDATE (what a plain UPDATE of these columns takes) still lets other transactions
 * insert rows that reference the organization (usage records, keys) while the book is open.
 */
export async function lockOrg(tx: Queryable, orgId: string): Promise<LockedOrg | null> {
  const r = await tx.query<LockedOrg>(
    `SELECT ${lockedOrgColumns("orgs")} FROM orgs WHERE id = $1 FOR NO KEY UPDATE`,
    [orgId],
  );
  return r.rows[0] ?? null;
}

export interface EntryDraft {
  kind: LedgerKind;
  credits: number;
  /** Clawback only: credits owed because the available balance could not cover them. */
  debtAdded?: number;
  reference?: string | null;
  requestId?: string | null;
  /** Defaults to the organization's version; a charge passes its hold's pinned version. */
  rateCardVersion?: number;
}

/** In-memory mirror of a locked organization's credit columns, written back by save(). */
export class LedgerBook {
  readonly entries: LedgerEntry[] = [];
  balance: number;
  held: number;
  debt: number;
  lifetimeChargedAdded = 0;
  private seq: number;
  private head: string;
  private readonly startSeq: number;
  private saved = false;

  constructor(
    readonly tx: Queryable,
    readonly org: LockedOrg,
    readonly nowMs: number,
  ) {
    this.balance = org.credit_balance;
    this.held = org.credits_held;
    this.debt = org.debt_credits;
    this.seq = org.ledger_seq;
    this.head = org.ledger_head;
    this.startSeq = org.ledger_seq;
  }

  /** Credits neither spent nor reserved by an in-flight request. */
  get available(): number {
    return this.balance - this.held;
  }

  async append(draft: EntryDraft): Promise<LedgerEntry> {
    assert(!this.saved, "ledger book already saved");
    const debtAdded = draft.debtAdded ?? 0;
    assertCredits(debtAdded, "debtAdded");
    assert(debtAdded === 0 || draft.kind === "clawback", "only a clawback adds debt");
    const body: Omit<LedgerEntry, "entry_hash"> = {
      object: "ledger_entry",
      id: newId("led", this.nowMs),
      seq: this.seq + 1,
      created_at: new Date(this.nowMs).toISOString(),
      kind: draft.kind,
      credits: draft.credits,
      balance_after: this.balance + draft.credits,
      debt_after: draft.kind === "debt_settlement" ? this.debt + draft.credits : this.debt + debtAdded,
      rate_card_version: draft.rateCardVersion ?? this.org.rate_card_version,
      reference: draft.reference ?? null,
      request_id: draft.requestId ?? null,
      prev_hash: this.head,
    };
    const entry: LedgerEntry = { ...body, entry_hash: entryHash(body) };
    const problem = checkTransition({ balance: this.balance, debt: this.debt }, entry);
    assert(problem === null, `ledger entry rejected: ${problem}`);
    const r = await this.tx.query<LedgerRow>(
      `INSERT INTO ledger_entries (org_id, ${ENTRY_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       RETURNING ${ENTRY_COLUMNS}`,
      [this.org.id, entry.id, entry.seq, entry.created_at, entry.kind, entry.credits, entry.balance_after, entry.debt_after,
        entry.rate_card_version, entry.reference, entry.request_id, entry.prev_hash, entry.entry_hash],
    );
    const stored = toWireEntry(r.rows[0]);
    assert(entryHash(stored) === entry.entry_hash, `ledger entry ${entry.id} does not hash the same once stored`);
    this.entries.push(stored);
    this.seq = entry.seq;
    this.head = entry.entry_hash;
    this.balance = entry.balance_after;
    this.debt = entry.debt_after;
    return stored;
  }

  /** Writes balance, held, debt, lifetime and the chain head back to the locked row. */
  async save(): Promise<void> {
    assert(!this.saved, "ledger book already saved");
    assert(this.held >= 0 && this.held <= this.balance, `held ${this.held} outside 0..balance ${this.balance}`);
    assert(this.debt === 0 || this.available === 0, "credits were left available while debt is owed");
    assertCredits(this.lifetimeChargedAdded, "lifetime charged");
    const r = await this.tx.query(
      `UPDATE orgs SET credit_balance = $2, credits_held = $3, debt_credits = $4,
              lifetime_credits_charged = lifetime_credits_charged + $5, ledger_seq = $6, ledger_head = $7
        WHERE id = $1 AND ledger_seq = $8`,
      [this.org.id, this.balance, this.held, this.debt, this.lifetimeChargedAdded, this.seq, this.head, this.startSeq],
    );
    // 0 rows: someone appended without holding the row lock, which lockOrg makes impossible.
    assert(r.rowCount === 1, `organization ${this.org.id} ledger moved under a locked book`);
    this.saved = true;
  }
}

export type VerifyResult = { ok: true; entries: number; head: string } | { ok: false; seq: number; problem: string };

/**
 * Recomputes an organization's whole chain from stored rows: contiguous seq, each prev_hash
 * the previous entry_hash, each entry_hash recomputed, each balance and debt following the
 * last, and the organization's balance, debt and head matching the newest entry.
 */
export async function verifyLedger(db: Queryable, orgId: string): Promise<VerifyResult> {
  const org = (await db.query<{ credit_balance: number; debt_credits: number; ledger_seq: number; ledger_head: string }>(
    "SELECT credit_balance, debt_credits, ledger_seq, ledger_head FROM orgs WHERE id = $1",
    [orgId],
  )).rows[0];
  assert(org !== undefined, `no organization ${orgId}`);
  let prev = { seq: 0, hash: GENESIS_HASH, balance: 0, debt: 0 };
  const batch = limits.ledgerVerifyBatchRowsMax;
  // Bounded: one more batch than the organization's sequence needs, then a final check.
  const batchesMax = Math.floor(org.ledger_seq / batch) + 2;
  for (let i = 0; i < batchesMax; i++) {
    const rows = (await db.query<LedgerRow>(
      `SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE org_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [orgId, prev.seq, batch],
    )).rows;
    for (const row of rows) {
      const e = toWireEntry(row);
      if (e.seq !== prev.seq + 1) return { ok: false, seq: e.seq, problem: `seq follows ${prev.seq}` };
      if (e.prev_hash !== prev.hash) return { ok: false, seq: e.seq, problem: "prev_hash is not the previous entry_hash" };
      if (!HASH_HEX.test(e.entry_hash) || entryHash(e) !== e.entry_hash) return { ok: false, seq: e.seq, problem: "entry_hash does not match the entry" };
      const problem = checkTransition(prev, e);
      if (problem !== null) return { ok: false, seq: e.seq, problem };
      prev = { seq: e.seq, hash: e.entry_hash, balance: e.balance_after, debt: e.debt_after };
    }
    if (rows.length < batch) break;
  }
  if (org.ledger_seq !== prev.seq || org.ledger_head !== prev.hash) return { ok: false, seq: prev.seq, problem: "organization's chain head is not the newest entry" };
  if (org.credit_balance !== prev.balance || org.debt_credits !== prev.debt) return { ok: false, seq: prev.seq, problem: "organization's balance or debt is not the newest entry's" };
  return { ok: true, entries: prev.seq, head: prev.hash };
}

export interface LedgerList {
  object: "list";
  data: LedgerEntry[];
  has_more: boolean;
  next_cursor: string | null;
}

/**
 * One page of the ledger in ascending seq after the entry `starting_after`. `limit` is
 * validated by the route (1..ledgerListLimitMax, else 400 invalid_parameter_type); a cursor
 * that is not an entry of this organization is refused the same way, param starting_after.
 */
export async function listLedger(
  db: Queryable,
  orgId: string,
  options: { limit?: number; starting_after?: string | null } = {},
): Promise<{ ok: true; list: LedgerList } | Refusal<"unknown_cursor">> {
  const limit = options.limit ?? limits.ledgerListLimitDefault;
  assert(Number.isSafeInteger(limit) && limit >= 1 && limit <= limits.ledgerListLimitMax, `ledger limit ${limit} out of range`);
  let afterSeq = 0;
  if (options.starting_after) {
    const r = await db.query<{ seq: number }>("SELECT seq FROM ledger_entries WHERE org_id = $1 AND id = $2", [orgId, options.starting_after]);
    if (r.rows.length === 0) {
      const message = "starting_after is not the id of an entry of this ledger. Pass next_cursor from the previous page.";
      return refuse("unknown_cursor", "invalid_parameter_type", "starting_after", message, {});
    }
    afterSeq = r.rows[0].seq;
  }
  const rows = (await db.query<LedgerRow>(
    `SELECT ${ENTRY_COLUMNS} FROM ledger_entries WHERE org_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
    [orgId, afterSeq, limit + 1],
  )).rows;
  const hasMore = rows.length > limit;
  // Served as stored, without re-hashing: a damaged row must reach the client, whose own
  // verification (and verifyLedger) will flag it, rather than turn the endpoint into a 500.
  const data = rows.slice(0, limit).map(toWireEntry);
  return { ok: true, list: { object: "list", data, has_more: hasMore, next_cursor: hasMore ? data[data.length - 1].id : null } };
}
