// Canonical JSON and the digests built on it. One rule serves three consumers, so that a
// request's idempotency fingerprint, its result-cache key and a ledger entry's hash are
// all computed the same way (DECISIONS.md: "UTF-8, keys sorted at every depth, no
// whitespace"):
// - object keys sorted by UTF-16 code units (Array.prototype.sort's default, and RFC 8785's
//   order), at every depth;
// - no whitespace; strings and numbers exactly as JSON.stringify writes them;
// - members whose value is undefined are left out, as JSON.stringify does.
// It differs from `JSON.stringify(sortedCopy)` only for integer-like keys ("10" < "2"
// here; a JavaScript object would put "2" first), which is what a client sorting keys in
// another language gets too.
import { createHash } from "node:crypto";
import { limits } from "../config/limits.js";
import { assertKeyEnv, type KeyEnv } from "./key_format.js";
import { refuse, type Refusal } from "./refusal.js";

/** Nesting beyond this is a cycle or a programmer error: request options are 2 deep. */
const CANONICAL_DEPTH_MAX = 64;

type Frame =
  | { kind: "array"; items: readonly unknown[]; index: number }
  | { kind: "object"; source: Record<string, unknown>; keys: string[]; index: number };

/** The canonical JSON text of `value`. Throws on values JSON cannot carry exactly. */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  // Written without recursion: values are emitted in order, containers push a frame.
  const emit = (raw: unknown): void => {
    const v = toJsonValue(raw);
    if (v === null || typeof v !== "object") {
      out.push(scalar(v));
      return;
    }
    if (stack.length >= CANONICAL_DEPTH_MAX) throw new TypeError(`canonicalJson: nesting deeper than ${CANONICAL_DEPTH_MAX}`);
    if (Array.isArray(v)) {
      out.push("[");
      stack.push({ kind: "array", items: v, index: 0 });
      return;
    }
    const source = v as Record<string, unknown>;
    const keys = Object.keys(source).filter((k) => source[k] !== undefined).sort();
    out.push("{");
    stack.push({ kind: "object", source, keys, index: 0 });
  };
  if (value === undefined) throw new TypeError("canonicalJson: undefined is not JSON");
  emit(value);
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.kind === "array") {
      if (top.index === top.items.length) {
        out.push("]");
        stack.pop();
        continue;
      }
      if (top.index > 0) out.push(",");
      const item = top.items[top.index++];
      // As JSON.stringify: an undefined array element is written as null.
      emit(item === undefined ? null : item);
    } else {
      if (top.index === top.keys.length) {
        out.push("}");
        stack.pop();
        continue;
      }
      if (top.index > 0) out.push(",");
      const key = top.keys[top.index++];
      out.push(JSON.stringify(key), ":");
      emit(top.source[key]);
    }
  }
  return out.join("");
}

function toJsonValue(v: unknown): unknown {
  // Dates and other objects with toJSON serialize as JSON.stringify would serialize them.
  if (v !== null && typeof v === "object" && typeof (v as { toJSON?: unknown }).toJSON === "function") {
    return (v as { toJSON(): unknown }).toJSON();
  }
  if (v !== null && typeof v === "object" && !Array.isArray(v)) {
    const proto = Object.getPrototypeOf(v);
    // A Map or class instance would silently become {}: two different values, one digest.
    if (proto !== Object.prototype && proto !== null) throw new TypeError("canonicalJson: only plain objects and arrays");
  }
  return v;
}

function scalar(v: unknown): string {
  switch (typeof v) {
    case "string":
    case "boolean":
      return JSON.stringify(v);
    case "number":
      // JSON.stringify writes NaN and Infinity as null: a digest must not conflate them.
      if (!Number.isFinite(v)) throw new TypeError("canonicalJson: non-finite number");
      return JSON.stringify(v);
    case "object":
      return "null";
    default:
      throw new TypeError(`canonicalJson: ${typeof v} is not JSON`);
  }
}

/** Lowercase hex SHA-256 of text (as UTF-8) or of bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  const hash = createHash("sha256");
  if (typeof data === "string") hash.update(data, "utf8");
  else hash.update(data);
  return hash.digest("hex");
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface FingerprintInput {
  /** The operation, as `METHOD /path` (`POST /v1/convert`). */
  endpoint: string;
  /**
   * The options after parsing (defaults applied by the caller, so an explicit default and
   * an omitted one are the same request). Key order is irrelevant.
   */
  canonicalOptions: unknown;
  /** Lowercase hex SHA-256 of the PDF bytes. */
  pdfSha256: string;
  env: KeyEnv;
}

/**
 * DECISIONS.md "same request": same endpoint, canonical options, PDF digest and key
 * environment. Changing this composition changes every fingerprint, so records claimed
 * before a deploy would answer idempotency_conflict for up to 25 hours: treat it as frozen.
 */
export function requestFingerprint(input: FingerprintInput): string {
  assertDigest(input.pdfSha256);
  assertKeyEnv(input.env);
  return sha256Hex(
    canonicalJson({ endpoint: input.endpoint, env: input.env, options: input.canonicalOptions, pdf_sha256: input.pdfSha256 }),
  );
}

export function assertDigest(hex: string): void {
  if (!SHA256_HEX.test(hex)) throw new TypeError("expected a lowercase hex SHA-256");
}

export const IDEMPOTENCY_KEY_PARAM = "headers.idempotency-key";

export type IdempotencyKeyCheck = { ok: true; key: string } | Refusal<"idempotency_key_invalid">;

const PRINTABLE_FIRST = 0x20;
const PRINTABLE_LAST = 0x7e;

/**
 * SPEC.md: 1 to 255 printable ASCII characters (0x20–0x7E). The message never quotes the
 * key: it is caller input and may hold anything.
 */
export function validateIdempotencyKey(raw: string): IdempotencyKeyCheck {
  const refuseKey = (why: string): IdempotencyKeyCheck =>
    refuse(
      "idempotency_key_invalid",
      "invalid_parameter_type",
      IDEMPOTENCY_KEY_PARAM,
      `Idempotency-Key ${why}. Send 1 to ${limits.idempotencyKeyCharsMax} printable ASCII characters (0x20 to 0x7E), for example a UUID.`,
    );
  if (raw.length === 0) return refuseKey("is empty");
  if (raw.length > limits.idempotencyKeyCharsMax) return refuseKey(`is ${raw.length} characters long`);
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < PRINTABLE_FIRST || c > PRINTABLE_LAST) return refuseKey(`contains a character outside printable ASCII at position ${i + 1}`);
  }
  return { ok: true, key: raw };
}
