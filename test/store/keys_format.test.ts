// Key format (DECISIONS.md §Auth, keys, scopes; SPEC.md §Authentication rule 2): each test
// is named by the rule it checks. No database here; keys.test.ts covers the stored side.
import { crc32 } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KEY_CHARS, digestsEqual, generateKey, keyDigest, keyHint, keyPrefixes, parseKey } from "../../src/store/key_format.js";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

describe("key format: prefix, 32 random base62, 6 base62 of CRC32", () => {
  it("a live key is svc_sk_live_ + 38 base62 characters, 50 in all", () => {
    const key = generateKey("live");
    expect(key).toMatch(/^svc_sk_live_[0-9A-Za-z]{38}$/);
    expect(key).toHaveLength(KEY_CHARS);
    expect(KEY_CHARS).toBe(50);
  });

  it("the prefix names the environment: svc_sk_test_ keys parse as test, svc_sk_live_ as live", () => {
    expect(generateKey("test").startsWith(keyPrefixes.test)).toBe(true);
    expect(parseKey(generateKey("test"))).toEqual({ env: "test" });
    expect(parseKey(generateKey("live"))).toEqual({ env: "live" });
  });

  it("the checksum is CRC32 of the whole preceding string, as 6 base62 digits", () => {
    const key = generateKey("live");
    let n = crc32(key.slice(0, 44));
    let expected = "";
    for (let i = 0; i < 6; i++) {
      expected = BASE62[n % 62] + expected;
      n = Math.floor(n / 62);
    }
    expect(key.slice(44)).toBe(expected);
  });

  it("the random part differs between keys (no two of 1,000 alike)", () => {
    const seen = new Set(Array.from({ length: 1_000 }, () => generateKey("live").slice(12, 44)));
    expect(seen.size).toBe(1_000);
  });

  it("a one-character change anywhere fails the checksum or the prefix (property)", () => {
    const key = generateKey("live");
    fc.assert(
      fc.property(fc.nat({ max: KEY_CHARS - 1 }), fc.constantFrom(...BASE62, "_"), (pos, ch) => {
        fc.pre(key[pos] !== ch);
        const changed = key.slice(0, pos) + ch + key.slice(pos + 1);
        expect(parseKey(changed)).toBeNull();
      }),
      { numRuns: 2_000 },
    );
  });

  it("two adjacent characters swapped fail the checksum", () => {
    const key = generateKey("test");
    for (let i = 12; i < KEY_CHARS - 1; i++) {
      if (key[i] === key[i + 1]) continue;
      const swapped = key.slice(0, i) + key[i + 1] + key[i] + key.slice(i + 2);
      expect(parseKey(swapped)).toBeNull();
    }
  });

  it("malformed keys do not parse: wrong prefix, length, charset, type", () => {
    const key = generateKey("live");
    expect(parseKey(key.replace("svc_sk_live_", "svc_pk_live_"))).toBeNull();
    expect(parseKey(key.replace("svc_sk_live_", "svc_sk_prod_"))).toBeNull();
    expect(parseKey(key.slice(0, -1))).toBeNull();
    expect(parseKey(key + "a")).toBeNull();
    expect(parseKey(key.slice(0, 20) + "-" + key.slice(21))).toBeNull();
    expect(parseKey(` ${key.slice(1)}`)).toBeNull();
    expect(parseKey("")).toBeNull();
    expect(parseKey(undefined)).toBeNull();
    expect(parseKey(42)).toBeNull();
  });

  it("a live key's body under the test prefix fails the checksum (the prefix is checksummed)", () => {
    const key = generateKey("live");
    expect(parseKey(keyPrefixes.test + key.slice(12))).toBeNull();
  });
});

describe("stored form: SHA-256 digest, hint, constant-time comparison", () => {
  it("the digest is lowercase hex SHA-256 of the whole key and never contains the key", () => {
    const key = generateKey("live");
    const digest = keyDigest(key);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).toBe(keyDigest(key));
    expect(digest).not.toBe(keyDigest(generateKey("live")));
    expect(digest.includes(key.slice(12, 44))).toBe(false);
  });

  it("the hint is the prefix plus the last 4 characters", () => {
    const key = generateKey("test");
    expect(keyHint(key)).toBe(`svc_sk_test_${key.slice(-4)}`);
    expect(keyHint(key)).toHaveLength(16);
  });

  it("digestsEqual is true only for equal well-formed digests", () => {
    const a = keyDigest(generateKey("live"));
    const b = keyDigest(generateKey("live"));
    expect(digestsEqual(a, a)).toBe(true);
    expect(digestsEqual(a, b)).toBe(false);
    expect(digestsEqual(a, a.slice(0, 63))).toBe(false);
    expect(digestsEqual(a.toUpperCase(), a)).toBe(false);
  });
});
