// The one-time slot between creating a key and showing it (issue 12 item 6): the console's
// POST stores the plaintext here and redirects (POST-redirect-GET); the page it redirects to
// takes it, which deletes it, so a reload shows nothing and mints nothing. Stored in the
// database so that any instance can serve the GET; bound to the console session that created
// it; expired after limits.keyRevealMsMax whether or not it was shown.
import { randomBase62 } from "./ids.js";
import { limits } from "../config/limits.js";
import type { StoreContext } from "./context.js";

export interface KeyReveal {
  keyId: string;
  name: string;
  plaintext: string;
  hint: string;
}

/** Stores a reveal for `sessionHash`; returns the slot's id (unguessable, 32 base62). */
export async function putKeyReveal(ctx: StoreContext, sessionHash: string, reveal: KeyReveal): Promise<string> {
  const id = randomBase62(32);
  const now = ctx.now();
  // Expired slots of any session are cleared on the way: they are never shown.
  await ctx.db.query("DELETE FROM key_reveals WHERE expires_at <= $1", [new Date(now).toISOString()]);
  await ctx.db.query(
    "INSERT INTO key_reveals (id, session_hash, key_id, name, plaintext, hint, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    [id, sessionHash, reveal.keyId, reveal.name, reveal.plaintext, reveal.hint, new Date(now + limits.keyRevealMsMax).toISOString()],
  );
  return id;
}

/** Takes (deletes and returns) the reveal `id` of this session, if it is there and fresh. */
export async function takeKeyReveal(ctx: StoreContext, sessionHash: string, id: string): Promise<KeyReveal | null> {
  const r = await ctx.db.query<{ key_id: string; name: string; plaintext: string; hint: string; expires_at: Date | string }>(
    "DELETE FROM key_reveals WHERE id = $1 AND session_hash = $2 RETURNING key_id, name, plaintext, hint, expires_at",
    [id, sessionHash],
  );
  const row = r.rows[0];
  if (!row || new Date(row.expires_at).getTime() <= ctx.now()) return null;
  return { keyId: row.key_id, name: row.name, plaintext: row.plaintext, hint: row.hint };
}

/** Deletes expired slots (the background sweep): an unshown plaintext does not outlive its expiry. */
export async function purgeKeyReveals(ctx: StoreContext): Promise<number> {
  const r = await ctx.db.query("DELETE FROM key_reveals WHERE expires_at <= $1", [new Date(ctx.now()).toISOString()]);
  return r.rowCount ?? 0;
}
