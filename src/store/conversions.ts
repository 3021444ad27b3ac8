// Stored conversions behind GET /v1/conversions/{id} (DECISIONS.md): the body of the
// original 200, free to fetch for 24 hours, then 410 result_expired. An id of another
// organization or of the other environment answers exactly as an unknown id does
// (SPEC.md §Authentication rule 8): one query filters by all three, so the code cannot
// tell them apart either.
//
// Expiry keeps a tombstone: the body is dropped at 24 h but the row stays for
// `conversionTombstoneRetentionMs`, so an expired id answers 410 rather than 404 for a
// month. After that the row goes and the id answers 404 like any unknown id.
import { limits } from "../config/limits.js";
import type { StoreContext } from "./context.js";
import { assertKeyEnv, type KeyEnv } from "./key_format.js";

export interface StoreConversionInput {
  /** `conv_<id>`. */
  id: string;
  orgId: string;
  env: KeyEnv;
  /** The JSON text of the 200 Conversion, exactly as it was sent. */
  body: string;
}

export interface ConversionRef {
  id: string;
  orgId: string;
  env: KeyEnv;
}

export type GetConversionResult =
  | { ok: true; body: string; createdAtMs: number; expiresAtMs: number }
  /** 410: the id was this caller's, but its 24 hours have passed. */
  | { ok: false; code: "result_expired" }
  /** 404: unknown, another organization's, or the other environment's. */
  | { ok: false; code: "not_found" };

const CONVERSION_ID = /^conv_[0-9A-Za-z]{1,64}$/;

export async function storeConversion(ctx: StoreContext, input: StoreConversionInput): Promise<{ expiresAtMs: number }> {
  if (!CONVERSION_ID.test(input.id)) throw new TypeError("storeConversion: id must be conv_<base62>");
  assertKeyEnv(input.env);
  const now = ctx.now();
  const expiresAtMs = now + limits.conversionRetentionMs;
  // A duplicate id is a programmer error (ids carry 95 random bits): the primary key throws.
  await ctx.db.query(
    `INSERT INTO conversions (id, org_id, env, body, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz)`,
    [input.id, input.orgId, input.env, input.body, iso(now), iso(expiresAtMs)],
  );
  return { expiresAtMs };
}

interface ConversionRow {
  body: string | null;
  created_ms: number;
  expires_ms: number;
}

export async function getConversion(ctx: StoreContext, ref: ConversionRef): Promise<GetConversionResult> {
  const r = await ctx.db.query<ConversionRow>(
    `SELECT body,
            floor(extract(epoch FROM created_at) * 1000)::bigint AS created_ms,
            floor(extract(epoch FROM expires_at) * 1000)::bigint AS expires_ms
       FROM conversions WHERE id = $1 AND org_id = $2 AND env = $3`,
    [ref.id, ref.orgId, ref.env],
  );
  const row = r.rows[0];
  if (!row) return { ok: false, code: "not_found" };
  // Expired by the clock even when the purge has not dropped the body yet.
  if (row.body === null || row.expires_ms <= ctx.now()) return { ok: false, code: "result_expired" };
  return { ok: true, body: row.body, createdAtMs: row.created_ms, expiresAtMs: row.expires_ms };
}

/**
 * Drops the bodies of expired conversions (leaving tombstones) and deletes tombstones past
 * their retention, at most `purgeBatchRowsMax` rows per statement and
 * `purgeBatchesPerRunMax` statements per call; `more` says a further call has work.
 */
export async function purgeConversions(ctx: StoreContext): Promise<{ tombstoned: number; deleted: number; more: boolean }> {
  const now = ctx.now();
  const batch = limits.purgeBatchRowsMax;
  let tombstoned = 0;
  let deleted = 0;
  let statements = 0;
  let tombstoning = true;
  while (statements < limits.purgeBatchesPerRunMax) {
    statements++;
    if (tombstoning) {
      const r = await ctx.db.query(
        `UPDATE conversions SET body = NULL WHERE id IN (
           SELECT id FROM conversions WHERE expires_at <= $1::timestamptz AND body IS NOT NULL LIMIT $2)`,
        [iso(now), batch],
      );
      tombstoned += r.rowCount;
      if (r.rowCount < batch) tombstoning = false;
      continue;
    }
    const r = await ctx.db.query(
      `DELETE FROM conversions WHERE id IN (
         SELECT id FROM conversions WHERE expires_at <= $1::timestamptz LIMIT $2)`,
      [iso(now - limits.conversionTombstoneRetentionMs), batch],
    );
    deleted += r.rowCount;
    if (r.rowCount < batch) return { tombstoned, deleted, more: false };
  }
  return { tombstoned, deleted, more: true };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
