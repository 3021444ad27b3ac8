// Canonical JSON, the "same request" fingerprint (DECISIONS.md §Requests) and Idempotency-Key
// validity (SPEC.md §Limits: 1 to 255 printable ASCII characters). Pure functions: no database.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { canonicalJson, requestFingerprint, sha256Hex, validateIdempotencyKey } from "../../src/store/canonical.js";

const PDF_A = sha256Hex("pdf a");
const PDF_B = sha256Hex("pdf b");

describe("canonicalJson: UTF-8, keys sorted at every depth, no whitespace (DECISIONS.md ledger hash rule)", () => {
  it("sorts keys at every depth and writes no whitespace", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: "x" } })).toBe('{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}');
  });

  it("equals JSON.stringify of the key-sorted value for ordinary keys", () => {
    const entry = { seq: 2, kind: "charge", credits: -5, balance_after: 95, reference: null, created_at: "2026-01-15T12:00:00.000Z" };
    const sorted = Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : 1)));
    expect(canonicalJson(entry)).toBe(JSON.stringify(sorted));
  });

  it("orders integer-like keys as strings, as other languages sort them", () => {
    expect(canonicalJson({ "2": "b", "10": "a", x: 1 })).toBe('{"10":"a","2":"b","x":1}');
  });

  it("leaves out undefined members and writes undefined array items as null, like JSON.stringify", () => {
    expect(canonicalJson({ a: undefined, b: [undefined, 1] })).toBe('{"b":[null,1]}');
  });

  it("escapes strings as JSON.stringify does and keeps non-ASCII as UTF-8 text", () => {
    expect(canonicalJson({ s: 'é"\n\u0001😀' })).toBe(JSON.stringify({ s: 'é"\n\u0001😀' }));
  });

  it("refuses values JSON cannot carry exactly", () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalJson({ a: Infinity })).toThrow(TypeError);
    expect(() => canonicalJson({ a: 1n })).toThrow(TypeError);
    expect(() => canonicalJson(new Map())).toThrow(TypeError);
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(TypeError);
  });

  it("property: parses back to the same value, and key order never changes the text", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(reverseKeys(value))).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

/** The same value with every object's keys inserted in reverse order. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reverseKeys(v)]));
  }
  return value;
}

describe('DECISIONS.md "same request": endpoint, canonical options, PDF SHA-256, key environment', () => {
  const base = { endpoint: "POST /v1/convert", canonicalOptions: { pages: "1-5", normalize: { unicode: "nfc", dehyphenate: true } }, pdfSha256: PDF_A, env: "live" as const };

  it("is a lowercase hex SHA-256", () => {
    expect(requestFingerprint(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("option key order is irrelevant, at every depth", () => {
    const reordered = { ...base, canonicalOptions: { normalize: { dehyphenate: true, unicode: "nfc" }, pages: "1-5" } };
    expect(requestFingerprint(reordered)).toBe(requestFingerprint(base));
  });

  it("each of the four parts matters: endpoint, options, PDF bytes, environment", () => {
    const fp = requestFingerprint(base);
    expect(requestFingerprint({ ...base, endpoint: "POST /v1/toc" })).not.toBe(fp);
    expect(requestFingerprint({ ...base, canonicalOptions: { ...base.canonicalOptions, pages: "1-6" } })).not.toBe(fp);
    expect(requestFingerprint({ ...base, pdfSha256: PDF_B })).not.toBe(fp);
    expect(requestFingerprint({ ...base, env: "test" })).not.toBe(fp);
  });

  it("refuses a digest that is not lowercase hex SHA-256 and an unknown environment (programmer errors)", () => {
    expect(() => requestFingerprint({ ...base, pdfSha256: PDF_A.toUpperCase() })).toThrow(TypeError);
    expect(() => requestFingerprint({ ...base, env: "prod" as "live" })).toThrow(TypeError);
  });
});

describe("SPEC.md §Limits: Idempotency-Key is 1 to 255 printable ASCII characters", () => {
  const refused = { ok: false, code: "invalid_parameter_type", param: "headers.idempotency-key" };

  it("accepts 1 and 255 characters, spaces and every printable character", () => {
    expect(validateIdempotencyKey("a")).toEqual({ ok: true, key: "a" });
    expect(validateIdempotencyKey("k".repeat(limits.idempotencyKeyCharsMax)).ok).toBe(true);
    let printable = "";
    for (let c = 0x20; c <= 0x7e; c++) printable += String.fromCharCode(c);
    expect(validateIdempotencyKey(printable).ok).toBe(true);
    expect(validateIdempotencyKey("order 42 / retry").ok).toBe(true);
  });

  it("refuses 0 characters", () => {
    expect(validateIdempotencyKey("")).toMatchObject(refused);
  });

  it("refuses 256 characters", () => {
    expect(validateIdempotencyKey("k".repeat(limits.idempotencyKeyCharsMax + 1))).toMatchObject(refused);
  });

  it("refuses non-ASCII characters", () => {
    for (const key of ["clé", "key\u00a0", "emoji😀", "\u00ff"]) expect(validateIdempotencyKey(key)).toMatchObject(refused);
  });

  it("refuses control characters, DEL included", () => {
    for (const key of ["a\tb", "a\nb", "a\u0000", "\u001f", "a\u007f"]) expect(validateIdempotencyKey(key)).toMatchObject(refused);
  });

  it("never quotes the key in its message", () => {
    const r = validateIdempotencyKey("secret\u0001value");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).not.toContain("secret");
  });

  it("property: accepted exactly when 1..255 characters all in 0x20..0x7E", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (s) => {
        const expected = s.length >= 1 && s.length <= 255 && [...s].every((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) <= 0x7e);
        expect(validateIdempotencyKey(s).ok).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});
