// Idempotency records (SPEC.md §States and transitions, "Idempotency record"). Scoped to
// the organization, not the key (Authentication rule 10); a record lives 25 hours from its
// claim, after which it behaves as absent.
//
//   none ──claim──▶ in_progress ──complete──▶ completed ──25 h──▶ none
//                        │ abandon, or lease passes
//                        ▼
//                      none
//
// In-progress records name the instance running them: once that instance's heartbeat is
// stale (limits.instanceHeartbeatStaleMs, the window its holds are released in) the next
// claim takes the key over without waiting for the lease.
//
// In-progress records carry a lease: lease_until = claim time + the request wall clock
// (60 s, hard) + a grace (settlement, writing the response, clock skew between instances).
// A request that dies without completing or abandoning (a crashed instance) leaves a record
// whose lease passes; the next claim of that key takes it over, like an abandoned one, with
// whatever fingerprint it carries. A live lease answers in_progress at once: a second request
// never waits on the first.
//
// Claims carry a claim id; completing or abandoning needs it, so a request that somehow
// outlived its lease cannot overwrite the record of the request that took it over.
import { limits } from "../config/limits.js";
import { errorEntry, type ErrorCode } from "../errors/catalogue.js";
import type { StoreContext } from "./context.js";
import { deleteInBatches } from "./purge.js";
import { assertDigest, validateIdempotencyKey } from "./canonical.js";
import { randomBase62 } from "./ids.js";

export type ClaimResult =
  | { state: "claimed"; claimId: string }
  /** 409 idempotency_in_progress with Retry-After: 1. */
  | { state: "in_progress"; retryAfterMs: number }
  /** The stored response; the API adds `Idempotency-Replayed: true` and bills nothing. */
  | { state: "replay"; status: number; headers: Record<string, string>; body: string }
  /** 409 idempotency_conflict: the key was used for a different request. */
  | { state: "conflict" };

export type FinishResult = { ok: true } | { ok: false; code: "claim_lost" };

export interface ClaimInput {
  orgId: string;
  key: string;
  /** requestFingerprint(...) of this request. */
  fingerprint: string;
}

export interface CompleteInput {
  orgId: string;
  key: string;
  claimId: string;
  status: number;
  /** Headers that describe the result (content type, x-svc-*, x-credits-*), to be replayed. */
  headers: Record<string, string>;
  /** The response body exactly as sent (JSON text or Markdown). */
  body: string;
  /** The hold this request settled (null: nothing held, a test key), in the same transaction. */
  holdId?: string | null;
}

export interface AbandonInput {
  orgId: string;
  key: string;
  claimId: string;
}

/** Claim ids only need to be unique per key; 16 base62 characters (~95 bits) are plenty. */
const CLAIM_ID_CHARS = 16;
/**
 * A claim that finds the row gone between its upsert and its read (abandoned or purged in
 * between) tries again; twice more is enough because the next upsert inserts.
 */
const CLAIM_ATTEMPTS_MAX = 3;

export function idempotencyLeaseMs(): number {
  return limits.requestWallMsMax + limits.idempotencyLeaseGraceMs;
}

interface RecordRow {
  fingerprint: string;
  state: "in_progress" | "completed";
  lease_until_ms: number;
  expires_ms: number;
  status: number | null;
  headers: Record<string, string> | string | null;
  body: string | null;
}

/**
 * One atomic statement takes the key when it is free: absent, expired (created 25 h ago or
 * more) or an in-progress record whose lease has passed. Concurrent claims of one key get
 * exactly one "claimed": PostgreSQL re-checks the WHERE of ON CONFLICT DO UPDATE against the
 * row the winner committed. When the statement takes nothing, a read says why.
 */
export async function claimIdempotencyKey(ctx: StoreContext, input: ClaimInput): Promise<ClaimResult> {
  // The API validated the header and computed the fingerprint; check both again on the write path.
  if (!validateIdempotencyKey(input.key).ok) throw new TypeError("claimIdempotencyKey: invalid key (validate it first)");
  assertDigest(input.fingerprint);
  const now = ctx.now();
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS_MAX; attempt++) {
    const claimId = randomBase62(CLAIM_ID_CHARS);
    const taken = await ctx.db.query(
      `INSERT INTO idempotency_keys AS r (org_id, key, fingerprint, claim_id, state, lease_until, created_at, expires_at, instance_id)
       VALUES ($1, $2, $3, $4, 'in_progress', $5::timestamptz, $6::timestamptz, $7::timestamptz, $8)
       ON CONFLICT (org_id, key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, claim_id = EXCLUDED.claim_id, state = 'in_progress',
             lease_until = EXCLUDED.lease_until, status = NULL, headers = NULL, body = NULL,
             created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at,
             instance_id = EXCLUDED.instance_id, hold_id = NULL
         WHERE r.expires_at <= EXCLUDED.created_at
            OR (r.state = 'in_progress' AND r.lease_until <= EXCLUDED.created_at)
            OR (r.state = 'in_progress' AND r.instance_id IN (SELECT id FROM instances WHERE heartbeat_at < $9::timestamptz))
       RETURNING r.claim_id`,
      [
        input.orgId,
        input.key,
        input.fingerprint,
        claimId,
        iso(now + idempotencyLeaseMs()),
        iso(now),
        iso(now + limits.idempotencyWindowMs),
        ctx.instanceId,
        iso(now - limits.instanceHeartbeatStaleMs),
      ],
    );
    if (taken.rows.length === 1) return { state: "claimed", claimId };

    const found = await ctx.db.query<RecordRow & { holder_dead: boolean }>(
      `SELECT fingerprint, state, status, headers, body,
              floor(extract(epoch FROM lease_until) * 1000)::bigint AS lease_until_ms,
              floor(extract(epoch FROM expires_at) * 1000)::bigint AS expires_ms,
              instance_id IN (SELECT id FROM instances WHERE heartbeat_at < $3::timestamptz) AS holder_dead
         FROM idempotency_keys WHERE org_id = $1 AND key = $2`,
      [input.orgId, input.key, iso(now - limits.instanceHeartbeatStaleMs)],
    );
    const row = found.rows[0];
    // Gone, expired or stale since the upsert looked: the key is free, so claim again.
    if (!row || row.expires_ms <= now || (row.state === "in_progress" && (row.lease_until_ms <= now || row.holder_dead === true))) continue;
    if (row.fingerprint !== input.fingerprint) return { state: "conflict" };
    if (row.state === "in_progress") return { state: "in_progress", retryAfterMs: limits.idempotencyRetryAfterMs };
    return { state: "replay", ...storedResponse(row) };
  }
  // The key keeps changing hands under us: answer as a busy key, which the client retries.
  return { state: "in_progress", retryAfterMs: limits.idempotencyRetryAfterMs };
}

function storedResponse(row: RecordRow): { status: number; headers: Record<string, string>; body: string } {
  // The table's CHECK guarantees all three on a completed row; check again on the read path.
  if (row.status === null || row.headers === null || row.body === null) throw new Error("idempotency: completed record without its response");
  const headers = typeof row.headers === "string" ? (JSON.parse(row.headers) as Record<string, string>) : row.headers;
  return { status: row.status, headers, body: row.body };
}

/** Stores the final response of a claimed request; later claims of the same request replay it. */
export async function completeIdempotencyKey(ctx: StoreContext, input: CompleteInput): Promise<FinishResult> {
  if (!Number.isInteger(input.status) || input.status < 100 || input.status > 599) throw new RangeError(`idempotency: status ${input.status}`);
  const r = await ctx.db.query(
    `UPDATE idempotency_keys SET state = 'completed', status = $4, headers = $5::jsonb, body = $6, hold_id = $7
      WHERE org_id = $1 AND key = $2 AND claim_id = $3 AND state = 'in_progress'`,
    [input.orgId, input.key, input.claimId, input.status, JSON.stringify(input.headers), input.body, input.holdId ?? null],
  );
  return r.rowCount === 1 ? { ok: true } : { ok: false, code: "claim_lost" };
}

/** Deletes a claimed, in-progress record: the key is free again at once. */
export async function abandonIdempotencyKey(ctx: StoreContext, input: AbandonInput): Promise<FinishResult> {
  const r = await ctx.db.query(
    `DELETE FROM idempotency_keys WHERE org_id = $1 AND key = $2 AND claim_id = $3 AND state = 'in_progress'`,
    [input.orgId, input.key, input.claimId],
  );
  return r.rowCount === 1 ? { ok: true } : { ok: false, code: "claim_lost" };
}

/**
 * Codes whose outcome depends on the account's state rather than on the request: a retry
 * with the same key after a top-up, unsuspension or policy change must run again, so these
 * are never stored even though they are not `retryable`.
 */
const ACCOUNT_STATE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "insufficient_credits",
  "account_delinquent",
  "account_suspended",
  "debug_not_permitted",
  "feature_not_enabled",
  "insufficient_scope",
  "ip_not_allowed",
  "missing_api_key",
  "invalid_api_key",
  "revoked_api_key",
  "expired_api_key",
]);

/**
 * What to do with a claimed request's response: "complete" stores it for replay, "abandon"
 * deletes the claim. Stored: 2xx, and every error the request itself determines (422
 * document and page-range errors, 413 too_many_pages, 404 engine_not_found, 403
 * pdf_extraction_not_permitted…): repeating them would redo the work and answer the same.
 * Not stored: anything retryable (429, 5xx, 504 conversion_timeout, idempotency_in_progress)
 * and the account-state codes above, so the retry SPEC.md's retry rules invite can succeed.
 */
export function idempotencyDisposition(status: number, code: ErrorCode | null): "complete" | "abandon" {
  if (status >= 200 && status < 300) return "complete";
  if (status >= 500 || code === null) return "abandon";
  if (errorEntry(code).retryable || ACCOUNT_STATE_CODES.has(code)) return "abandon";
  return "complete";
}

/**
 * Deletes records past their 25 hours, at most `purgeBatchRowsMax` per statement and
 * `purgeBatchesPerRunMax` statements per call; `more` says a further call has work.
 */
export function purgeIdempotency(ctx: StoreContext): Promise<{ deleted: number; more: boolean }> {
  return deleteInBatches(
    ctx,
    `DELETE FROM idempotency_keys WHERE (org_id, key) IN (
       SELECT org_id, key FROM idempotency_keys WHERE expires_at <= $1::timestamptz LIMIT $2)`,
  );
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
