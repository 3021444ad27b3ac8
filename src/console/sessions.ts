// Console sessions: a random token in the svc_session cookie, its SHA-256 in
// console_sessions. A session ends at the first of: sign-out (the row is deleted), 12 hours
// without a request (idle), 7 days after sign-in (absolute). Every sign-in makes a new
// token, so a token planted in a browser before sign-in (session fixation) is never
// promoted to a signed-in one.
import { limits } from "../config/limits.js";
import type { StoreContext } from "../store/context.js";
import { getOrg, type Org } from "../store/orgs.js";
import { isToken, randomToken, tokenDigest } from "./csrf.js";

export interface ConsoleSession {
  tokenHash: string;
  org: Org;
  expiresAtMs: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Opens a session for `orgId`; returns the cookie's token (stored nowhere) and its digest. */
export async function createSession(ctx: StoreContext, orgId: string): Promise<{ token: string; tokenHash: string }> {
  const now = ctx.now();
  const token = randomToken();
  const tokenHash = tokenDigest(token);
  await ctx.db.query(
    `INSERT INTO console_sessions (token_hash, org_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $3, $4)`,
    [tokenHash, orgId, iso(now), iso(now + limits.consoleSessionAbsoluteMs)],
  );
  await purgeExpiredSessions(ctx);
  return { token, tokenHash };
}

/**
 * The live session a cookie names, or null (absent, malformed, unknown, idle too long, past
 * its absolute end). Marks the session seen, at most once per touch interval, so browsing
 * keeps it alive without a write per page.
 */
export async function findSession(ctx: StoreContext, token: string | undefined): Promise<ConsoleSession | null> {
  if (!isToken(token)) return null;
  const now = ctx.now();
  const tokenHash = tokenDigest(token);
  const r = await ctx.db.query<{ org_id: string; expires_at: Date; last_seen_at: Date }>(
    `SELECT org_id, expires_at, last_seen_at FROM console_sessions
      WHERE token_hash = $1 AND expires_at > $2 AND last_seen_at > $3`,
    [tokenHash, iso(now), iso(now - limits.consoleSessionIdleMs)],
  );
  const row = r.rows[0];
  if (row === undefined) return null;
  const org = await getOrg(ctx, row.org_id);
  if (org === null) return null;
  if (now - new Date(row.last_seen_at).getTime() >= limits.consoleSessionTouchIntervalMs) {
    await ctx.db.query("UPDATE console_sessions SET last_seen_at = $2 WHERE token_hash = $1", [tokenHash, iso(now)]);
  }
  return { tokenHash, org, expiresAtMs: new Date(row.expires_at).getTime() };
}

/** Sign-out: the row goes, so the token is worthless even if the cookie survives somewhere. */
export async function deleteSession(ctx: StoreContext, tokenHash: string): Promise<void> {
  await ctx.db.query("DELETE FROM console_sessions WHERE token_hash = $1", [tokenHash]);
}

/** Deletes a bounded batch of ended sessions (absolute or idle); called on each sign-in. */
export async function purgeExpiredSessions(ctx: StoreContext): Promise<number> {
  const now = ctx.now();
  const r = await ctx.db.query(
    `DELETE FROM console_sessions WHERE token_hash IN (
       SELECT token_hash FROM console_sessions WHERE expires_at <= $1 OR last_seen_at <= $2 LIMIT $3)`,
    [iso(now), iso(now - limits.consoleSessionIdleMs), limits.consolePurgeRowsMax],
  );
  return r.rowCount;
}
