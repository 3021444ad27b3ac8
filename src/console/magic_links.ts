// Sign-in links (SPEC.md rule 4, DECISIONS.md §Console and payments): one link signs up or
// signs in; single use; 15 minutes; stored hashed; bound to the browser that asked for it.
//
// The binding: the requesting browser holds a random nonce in the svc_link cookie and the
// link's row keeps the nonce's SHA-256. A link used with any other nonce, or none, is
// refused, so a token that leaks (a forwarded mail, a log, a mail scanner's history) is
// worth nothing without the browser that asked for it.
//
// Using a link is one statement (UPDATE … WHERE used_at IS NULL AND expires_at > now
// RETURNING): of two concurrent uses exactly one wins. The browser check comes after the
// link is spent, so an attempt from the wrong browser burns the link as well: a link is
// tried once, full stop, and the customer asks for a new one from the right browser.
import { limits } from "../config/limits.js";
import type { StoreContext } from "../store/context.js";
import { digestsEqual } from "../store/key_format.js";
import { normalizeEmail } from "../store/orgs.js";
import { isToken, randomToken, tokenDigest } from "./csrf.js";

const iso = (ms: number) => new Date(ms).toISOString();

/** Creates a link for `email` bound to the browser whose nonce hashes to `browserHash`; returns its token. */
export async function createMagicLink(ctx: StoreContext, email: string, browserHash: string): Promise<string> {
  const now = ctx.now();
  const token = randomToken();
  await ctx.db.query(
    `INSERT INTO magic_links (token_hash, email, browser_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [tokenDigest(token), normalizeEmail(email), browserHash, iso(now), iso(now + limits.magicLinkTtlMs)],
  );
  await purgeMagicLinks(ctx);
  return token;
}

export type LinkRefusal = "unknown" | "used" | "expired" | "other_browser";
export type ConsumeResult = { ok: true; email: string } | { ok: false; reason: LinkRefusal };

/**
 * Spends a link. `browserNonce` is the svc_link cookie of the browser presenting it. On
 * refusal, `reason` says why, for the error page: the holder of a token already knows it
 * exists, so naming the reason tells an attacker nothing new.
 */
export async function consumeMagicLink(ctx: StoreContext, token: unknown, browserNonce: string | undefined): Promise<ConsumeResult> {
  if (!isToken(token)) return { ok: false, reason: "unknown" };
  const now = iso(ctx.now());
  const tokenHash = tokenDigest(token);
  const spent = await ctx.db.query<{ email: string; browser_hash: string }>(
    `UPDATE magic_links SET used_at = $2
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
      RETURNING email, browser_hash`,
    [tokenHash, now],
  );
  const row = spent.rows[0];
  if (row !== undefined) {
    const sameBrowser = isToken(browserNonce) && digestsEqual(row.browser_hash, tokenDigest(browserNonce));
    return sameBrowser ? { ok: true, email: row.email } : { ok: false, reason: "other_browser" };
  }
  const seen = await ctx.db.query<{ used_at: Date | null }>("SELECT used_at FROM magic_links WHERE token_hash = $1", [tokenHash]);
  const existing = seen.rows[0];
  if (existing === undefined) return { ok: false, reason: "unknown" };
  return { ok: false, reason: existing.used_at !== null ? "used" : "expired" };
}

/**
 * Whether a link could be used by this browser now: the confirmation page's check, which
 * spends nothing. A link opened in the wrong browser is refused here without being spent,
 * so the customer can still open it in the right one; POST /console/auth then decides.
 */
export async function checkMagicLink(ctx: StoreContext, token: unknown, browserNonce: string | undefined): Promise<ConsumeResult> {
  if (!isToken(token)) return { ok: false, reason: "unknown" };
  const r = await ctx.db.query<{ email: string; browser_hash: string; used_at: Date | null; expires_at: Date }>(
    "SELECT email, browser_hash, used_at, expires_at FROM magic_links WHERE token_hash = $1",
    [tokenDigest(token)],
  );
  const row = r.rows[0];
  if (row === undefined) return { ok: false, reason: "unknown" };
  if (row.used_at !== null) return { ok: false, reason: "used" };
  if (new Date(row.expires_at).getTime() <= ctx.now()) return { ok: false, reason: "expired" };
  if (!isToken(browserNonce) || !digestsEqual(row.browser_hash, tokenDigest(browserNonce))) return { ok: false, reason: "other_browser" };
  return { ok: true, email: row.email };
}

/** Deletes a bounded batch of links past their retention; called on each new link. */
export async function purgeMagicLinks(ctx: StoreContext): Promise<number> {
  const r = await ctx.db.query(
    `DELETE FROM magic_links WHERE token_hash IN (
       SELECT token_hash FROM magic_links WHERE expires_at <= $1 LIMIT $2)`,
    [iso(ctx.now() - limits.magicLinkRetentionMs), limits.consolePurgeRowsMax],
  );
  return r.rowCount;
}
