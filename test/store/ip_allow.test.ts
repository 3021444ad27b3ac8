// IP allowlists (SPEC.md §Authentication rule 4, 403 ip_not_allowed): parsing, canonical
// form, and matching for IPv4, IPv6 and IPv4-mapped IPv6, with fast-check properties.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cidrContains, formatCidr, ipAllowed, parseCidr, parseClientAddress } from "../../src/store/ip_allow.js";

function canonical(entry: string): string {
  const r = parseCidr(entry);
  if (!r.ok) throw new Error(`${entry} ${r.message}`);
  return r.text;
}

const v4 = (n: number) => [24, 16, 8, 0].map((s) => (n >>> s) & 0xff).join(".");
const v6 = (n: bigint) => {
  const groups: string[] = [];
  for (let i = 7; i >= 0; i--) groups.push(((n >> BigInt(i * 16)) & 0xffffn).toString(16));
  return groups.join(":"); // uncompressed on purpose: the parser must accept every spelling
};
const mask32 = (prefix: number) => (prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0);
const ALL128 = (1n << 128n) - 1n;
const mask128 = (prefix: number) => ALL128 ^ ((1n << BigInt(128 - prefix)) - 1n);

describe("allowlist entries: addresses and CIDRs, stored canonical", () => {
  it("IPv4 addresses become /32, CIDRs keep their prefix", () => {
    expect(canonical("203.0.113.7")).toBe("203.0.113.7/32");
    expect(canonical("10.0.0.0/8")).toBe("10.0.0.0/8");
    expect(canonical("0.0.0.0/0")).toBe("0.0.0.0/0");
    expect(canonical(" 192.168.1.0/24 ")).toBe("192.168.1.0/24");
  });

  it("IPv6 entries are written in RFC 5952 form", () => {
    expect(canonical("2001:DB8:0:0:0:0:0:1")).toBe("2001:db8::1/128");
    expect(canonical("2001:db8::/32")).toBe("2001:db8::/32");
    expect(canonical("::/0")).toBe("::/0");
    expect(canonical("::1")).toBe("::1/128");
    expect(canonical("2001:db8:0:1:0:0:0:0/64")).toBe("2001:db8:0:1::/64");
    expect(canonical("1:0:0:2:0:0:0:3")).toBe("1:0:0:2::3/128"); // the longest zero run
    expect(canonical("1:0:0:2:0:0:3:4")).toBe("1::2:0:0:3:4/128"); // a tie: the first run
    expect(canonical("1:0:2:3:4:5:6:7")).toBe("1:0:2:3:4:5:6:7/128"); // one zero group is not compressed
  });

  it("IPv4-mapped IPv6 entries of /96 or narrower are written as IPv4", () => {
    expect(canonical("::ffff:198.51.100.0/120")).toBe("198.51.100.0/24");
    expect(canonical("::ffff:c633:6401")).toBe("198.51.100.1/32");
    expect(canonical("::ffff:0:0/96")).toBe("0.0.0.0/0");
  });

  it.each([
    ["", "empty"],
    ["256.1.1.1", "octet over 255"],
    ["1.2.3", "three octets"],
    ["01.2.3.4", "leading zero (octal ambiguity)"],
    ["1.2.3.4/33", "prefix over 32"],
    ["1.2.3.4/", "empty prefix"],
    ["1.2.3.4/08", "prefix with a leading zero"],
    ["10.1.2.3/8", "host bits set"],
    ["2001:db8::/129", "prefix over 128"],
    ["2001:db8::1::2", "two ::"],
    ["1:2:3:4:5:6:7:8:9", "nine groups"],
    ["1:2:3:4:5:6:7", "seven groups without ::"],
    ["1:2:3:4:5:6:7::8", "eight explicit groups with ::"],
    ["12345::", "group over 4 hex digits"],
    ["::ffff:1.2.3.4.5", "bad IPv4 tail"],
    ["1.2.3.4::", "IPv4 before ::"],
    ["fe80::1%eth0", "zone in an entry"],
    ["example.com", "a host name"],
    ["1".repeat(100), "overlong"],
  ])("%s is refused (%s)", (entry) => {
    expect(parseCidr(entry).ok).toBe(false);
  });

  it("a refused entry with host bits names the network", () => {
    const r = parseCidr("10.1.2.3/8");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain("10.0.0.0/8");
  });
});

describe("matching", () => {
  it("an empty allowlist allows every address", () => {
    expect(ipAllowed([], "198.51.100.1")).toBe(true);
    expect(ipAllowed([], "not an address")).toBe(true);
  });

  it("IPv4 client inside and outside an IPv4 CIDR", () => {
    expect(ipAllowed(["192.0.2.0/24"], "192.0.2.200")).toBe(true);
    expect(ipAllowed(["192.0.2.0/24"], "192.0.3.0")).toBe(false);
    expect(ipAllowed(["192.0.2.0/24", "203.0.113.9/32"], "203.0.113.9")).toBe(true);
  });

  it("an IPv4-mapped IPv6 client (dual-stack socket) matches IPv4 entries", () => {
    expect(ipAllowed(["192.0.2.0/24"], "::ffff:192.0.2.77")).toBe(true);
    expect(ipAllowed(["192.0.2.0/24"], "::ffff:c000:24d")).toBe(true);
    expect(ipAllowed(["192.0.2.0/24"], "::ffff:192.0.3.1")).toBe(false);
  });

  it("IPv6 client inside and outside an IPv6 CIDR; the zone of a link-local client is ignored", () => {
    expect(ipAllowed(["2001:db8::/32"], "2001:db8:ffff::1")).toBe(true);
    expect(ipAllowed(["2001:db8::/32"], "2001:db9::1")).toBe(false);
    expect(ipAllowed(["fe80::/10"], "fe80::1%eth0")).toBe(true);
  });

  it("an IPv6 address never matches an IPv4 entry outside the mapped range", () => {
    expect(ipAllowed(["0.0.0.0/0"], "2001:db8::1")).toBe(false);
    expect(ipAllowed(["0.0.0.0/0"], "::1")).toBe(false);
  });

  it("an unparsable client address matches no non-empty allowlist", () => {
    expect(ipAllowed(["0.0.0.0/0"], "")).toBe(false);
    expect(ipAllowed(["0.0.0.0/0"], "1.2.3.4.5")).toBe(false);
    expect(parseClientAddress("localhost")).toBeNull();
  });

  it("property: an IPv4 address inside a random CIDR matches, just outside does not", () => {
    fc.assert(
      fc.property(fc.nat({ max: 0xffffffff }), fc.integer({ min: 0, max: 32 }), fc.nat({ max: 0xffffffff }), (seed, prefix, hostSeed) => {
        const mask = mask32(prefix);
        const network = (seed & mask) >>> 0;
        const entry = `${v4(network)}/${prefix}`;
        const inside = (network | (hostSeed & ~mask)) >>> 0;
        expect(ipAllowed([entry], v4(inside))).toBe(true);
        expect(ipAllowed([entry], `::ffff:${v4(inside)}`)).toBe(true);
        const size = 2 ** (32 - prefix);
        if (network > 0) expect(ipAllowed([entry], v4(network - 1))).toBe(false);
        if (network + size <= 0xffffffff) expect(ipAllowed([entry], v4(network + size))).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it("property: an IPv6 address inside a random CIDR matches, just outside does not", () => {
    const u128 = fc.bigInt({ min: 0n, max: ALL128 });
    fc.assert(
      fc.property(u128, fc.integer({ min: 0, max: 128 }), u128, (seed, prefix, hostSeed) => {
        const mask = mask128(prefix);
        const network = seed & mask;
        const r = parseCidr(`${v6(network)}/${prefix}`);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const entry = r.text;
        const inside = network | (hostSeed & (ALL128 ^ mask));
        expect(cidrContains(r.cidr, inside)).toBe(true);
        expect(ipAllowed([entry], v6(inside))).toBe(true);
        const size = 1n << BigInt(128 - prefix);
        if (network > 0n) expect(ipAllowed([entry], v6(network - 1n))).toBe(false);
        if (network + size <= ALL128) expect(ipAllowed([entry], v6(network + size))).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it("property: canonical text parses back to the same network", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: ALL128 }), fc.integer({ min: 0, max: 128 }), (seed, prefix) => {
        const network = seed & mask128(prefix);
        const first = parseCidr(`${v6(network)}/${prefix}`);
        if (!first.ok) throw new Error(first.message);
        const again = parseCidr(first.text);
        if (!again.ok) throw new Error(again.message);
        expect(again.cidr).toEqual(first.cidr);
        expect(formatCidr(again.cidr)).toBe(first.text);
      }),
      { numRuns: 2_000 },
    );
  });
});
