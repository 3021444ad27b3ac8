// The one-time slot between creating a key and showing it (issue 12 item 6): the console's
// POST stores the key here and redirects (POST-redirect-GET); the page it redirects to takes
// it, which deletes it, so a reload shows nothing and mints nothing. Stored in the database so
// that any instance can serve the GET; bound to the console session that created it; expired
// after limits.keyRevealMsMax whether or not it was shown.
//
// The key is stored sealed, never as plaintext (issue 12): AES-256-GCM under a key the console
// derives from its secret (src/console/csrf.ts `subkey`), which the database never sees, with
// the slot id, the session and the key id as associated data (a sealed value copied to another
// row does not open). A database dump or backup taken in those two minutes holds no live key.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { randomBase62 } from "./ids.js";
import { limits } from "../config/limits.js";
import type { StoreContext } from "./context.js";

export interface KeyReveal {
  keyId: string;
  name: string;
  plaintext: string;
  hint: string;
}

/** AES-256-GCM: a 32-byte key, a fresh 12-byte nonce per slot (GCM's standard size), a 16-byte tag. */
export const REVEAL_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SLOT_ID_CHARS = 32;
const SLOT_ID = new RegExp(`^[0-9A-Za-z]{${SLOT_ID_CHARS}}$`);

function associated(id: string, sessionHash: string, keyId: string): Buffer {
  return Buffer.from(`key_reveal\n${id}\n${sessionHash}\n${keyId}`, "utf8");
}

/** base64url(nonce ‖ tag ‖ ciphertext). */
function seal(sealKey: Buffer, aad: Buffer, plaintext: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", sealKey, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url");
}

/** The plaintext, or null when the value does not open under this key and data (another secret, tampering). */
function open(sealKey: Buffer, aad: Buffer, sealed: string): string | null {
  const raw = Buffer.from(sealed, "base64url");
  if (raw.length <= NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealKey, raw.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

function checkKey(sealKey: Buffer): void {
  if (sealKey.length !== REVEAL_KEY_BYTES) throw new RangeError(`key reveal seal key must be ${REVEAL_KEY_BYTES} bytes (${sealKey.length})`);
}

/** Stores a reveal for `sessionHash`, sealed under `sealKey`; returns the slot's id (unguessable, 32 base62). */
export async function putKeyReveal(ctx: StoreContext, sealKey: Buffer, sessionHash: string, reveal: KeyReveal): Promise<string> {
  checkKey(sealKey);
  const id = randomBase62(SLOT_ID_CHARS);
  const now = ctx.now();
  // Expired slots of any session are cleared on the way: they are never shown.
  await ctx.db.query("DELETE FROM key_reveals WHERE expires_at <= $1", [new Date(now).toISOString()]);
  await ctx.db.query(
    "INSERT INTO key_reveals (id, session_hash, key_id, name, sealed, hint, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    [id, sessionHash, reveal.keyId, reveal.name, seal(sealKey, associated(id, sessionHash, reveal.keyId), reveal.plaintext), reveal.hint, new Date(now + limits.keyRevealMsMax).toISOString()],
  );
  return id;
}

/**
 * Takes (deletes and returns) the reveal `id` of this session, if it is there, fresh, and
 * opens under `sealKey` (one that does not — sealed by an instance with another console
 * secret — is deleted all the same: it could never be shown).
 */
export async function takeKeyReveal(ctx: StoreContext, sealKey: Buffer, sessionHash: string, id: string): Promise<KeyReveal | null> {
  checkKey(sealKey);
  // Only ids putKeyReveal makes reach the database: a hostile one (a NUL, which PostgreSQL
  // cannot hold in text) is simply not a slot.
  if (!SLOT_ID.test(id)) return null;
  const r = await ctx.db.query<{ key_id: string; name: string; sealed: string; hint: string; expires_at: Date | string }>(
    "DELETE FROM key_reveals WHERE id = $1 AND session_hash = $2 RETURNING key_id, name, sealed, hint, expires_at",
    [id, sessionHash],
  );
  const row = r.rows[0];
  if (!row || new Date(row.expires_at).getTime() <= ctx.now()) return null;
  const plaintext = open(sealKey, associated(id, sessionHash, row.key_id), row.sealed);
  if (plaintext === null) return null;
  return { keyId: row.key_id, name: row.name, plaintext, hint: row.hint };
}

/** Deletes expired slots (the background sweep): an unshown key does not outlive its expiry. */
export async function purgeKeyReveals(ctx: StoreContext): Promise<number> {
  const r = await ctx.db.query("DELETE FROM key_reveals WHERE expires_at <= $1", [new Date(ctx.now()).toISOString()]);
  return r.rowCount ?? 0;
}
