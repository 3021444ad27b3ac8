// The result cache (SPEC.md behaviour rule 4, DECISIONS.md §Conversion): a conversion's
// stored body is reused for 24 hours when the same organization, in the same environment,
// converts the same PDF with the same options on the same pinned engine. A hit is billed
// at full rate by the caller and reported as `usage.cache: "hit"`.
//
// Isolation is enforced twice: the organization and environment are inside the hashed key
// and are also columns of the primary key that every lookup filters on, and the stored
// conversion must belong to the same organization and environment. Nothing is cached for a
// password-protected document: the password is not part of the key (the store never sees
// it), so a cached result would reach a caller who does not know it.
import { limits } from "../config/limits.js";
import { assertDigest, canonicalJson, sha256Hex } from "./canonical.js";
import type { StoreContext } from "./context.js";
import { assertKeyEnv, type KeyEnv } from "./key_format.js";
import { deleteInBatches } from "./purge.js";

export interface CacheKeyInput {
  orgId: string;
  env: KeyEnv;
  /** Lowercase hex SHA-256 of the PDF bytes. */
  pdfSha256: string;
  /**
   * The options as parsed, including whether any option was sent at all: the shortest form
   * of request answers `pages: null, links: null`, so it must not share an entry with an
   * explicit-defaults request. Key order is irrelevant.
   */
  canonicalOptions: unknown;
  /** The resolved engine version (`svc-md-1.0.0`), never the alias (`svc-md-1`): the alias floats. */
  pinnedEngine: string;
  /** A document password was supplied: no cache. */
  passwordGiven: boolean;
}

/**
 * The form of a pinned engine version (DECISIONS.md §Conversion: the alias is `svc-md-1`,
 * a pinned version `svc-md-1.Y.Z`). The caller resolves the alias (src/engine/version.ts);
 * the store only checks that it was resolved.
 */
const PINNED_ENGINE = /^svc-md-\d+\.\d+\.\d+$/;

/** The cache key, or null when this request must not use the cache at all. */
export function cacheKey(input: CacheKeyInput): string | null {
  if (input.passwordGiven) return null;
  assertKeyEnv(input.env);
  assertDigest(input.pdfSha256);
  if (!PINNED_ENGINE.test(input.pinnedEngine)) throw new TypeError("cacheKey: pass the resolved engine version, not the alias");
  return sha256Hex(
    canonicalJson({
      env: input.env,
      options: input.canonicalOptions,
      org: input.orgId,
      pdf_sha256: input.pdfSha256,
      pinned_engine: input.pinnedEngine,
    }),
  );
}

export interface CacheRef {
  orgId: string;
  env: KeyEnv;
  cacheKey: string;
}

export type CacheLookup =
  | { hit: true; conversionId: string; body: string }
  | { hit: false };

/** A fresh entry whose conversion is still stored (neither 24-hour window passed). */
export async function lookupCache(ctx: StoreContext, ref: CacheRef): Promise<CacheLookup> {
  const now = iso(ctx.now());
  const r = await ctx.db.query<{ conversion_id: string; body: string }>(
    `SELECT rc.conversion_id, c.body
       FROM result_cache rc
       JOIN conversions c ON c.id = rc.conversion_id AND c.org_id = rc.org_id AND c.env = rc.env
      WHERE rc.org_id = $1 AND rc.env = $2 AND rc.cache_key = $3
        AND rc.expires_at > $4::timestamptz AND c.expires_at > $4::timestamptz AND c.body IS NOT NULL`,
    [ref.orgId, ref.env, ref.cacheKey, now],
  );
  const row = r.rows[0];
  return row ? { hit: true, conversionId: row.conversion_id, body: row.body } : { hit: false };
}

export interface StoreCacheInput extends CacheRef {
  /** A conversion already stored with storeConversion for the same organization and env. */
  conversionId: string;
}

/**
 * Points the key at a stored conversion for `resultCacheTtlMs`, capped at the conversion's
 * own expiry. A newer conversion of the same key replaces the older entry.
 */
export async function storeCache(ctx: StoreContext, input: StoreCacheInput): Promise<void> {
  const now = ctx.now();
  const r = await ctx.db.query(
    `INSERT INTO result_cache (org_id, env, cache_key, conversion_id, created_at, expires_at)
     SELECT c.org_id, c.env, $3, c.id, $4::timestamptz, LEAST($5::timestamptz, c.expires_at)
       FROM conversions c WHERE c.id = $6 AND c.org_id = $1 AND c.env = $2 AND c.body IS NOT NULL
     ON CONFLICT (org_id, env, cache_key) DO UPDATE
       SET conversion_id = EXCLUDED.conversion_id, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at`,
    [input.orgId, input.env, input.cacheKey, iso(now), iso(now + limits.resultCacheTtlMs), input.conversionId],
  );
  // The caller stores the conversion first; anything else is a programmer error.
  if (r.rowCount !== 1) throw new Error("storeCache: the conversion is not stored for this organization and environment");
}

/** Deletes expired entries in bounded batches; `more` says a further call has work. */
export function purgeResultCache(ctx: StoreContext): Promise<{ deleted: number; more: boolean }> {
  return deleteInBatches(
    ctx,
    `DELETE FROM result_cache WHERE (org_id, env, cache_key) IN (
       SELECT org_id, env, cache_key FROM result_cache WHERE expires_at <= $1::timestamptz LIMIT $2)`,
  );
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
