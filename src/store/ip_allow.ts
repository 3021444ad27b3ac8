// IP allowlists of API keys (SPEC.md §Authentication rule 4, 403 `ip_not_allowed`).
//
// Every address lives in one 128-bit space: an IPv4 address a.b.c.d is the IPv4-mapped
// IPv6 address ::ffff:a.b.c.d, and an IPv4 CIDR /n is the mapped /(96+n). So a client
// that reaches a dual-stack socket as `::ffff:1.2.3.4` matches an entry `1.2.3.0/24`, and
// one matching routine serves both families. A consequence, stated so nobody is surprised:
// an IPv6 entry that covers ::ffff:0:0/96 (such as `::/0`) also admits every IPv4 client.
//
// Entries are stored canonical (`10.0.0.0/8`, `2001:db8::/32`, a single address as /32 or
// /128), so the console shows, and compares, one spelling. No dependency: the parser is
// small, strict and bounded.

const IPV4_BITS = 32;
const IPV6_BITS = 128;
const MAPPED_PREFIX_BITS = 96; // ::ffff:0:0/96 holds the IPv4-mapped addresses
const MAPPED_BASE = 0xffffn << 32n;
const ALL_ONES = (1n << 128n) - 1n;
/** Longest valid entry is 49 characters (IPv6 with an IPv4 tail, then /128); refuse longer early. */
const ENTRY_CHARS_MAX = 64;

export interface Cidr {
  /** Network address in the 128-bit space; host bits are zero. */
  readonly base: bigint;
  /** Prefix length in the 128-bit space (an IPv4 /24 is 120). */
  readonly prefix: number;
}

export type CidrParse = { ok: true; cidr: Cidr; text: string } | { ok: false; message: string };

const ipv4Pattern = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const hexGroup = /^[0-9a-fA-F]{1,4}$/;

function parseIpv4(s: string): bigint | null {
  const m = ipv4Pattern.exec(s);
  if (!m) return null;
  let value = 0n;
  for (let i = 1; i <= 4; i++) {
    const part = m[i];
    // Leading zeros are refused: some tools read `010` as octal 8, so the entry is ambiguous.
    if (part.length > 1 && part.startsWith("0")) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseIpv6(s: string): bigint | null {
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const split = (h: string) => (h === "" ? [] : h.split(":"));
  const head = split(halves[0]);
  const tail = halves.length === 2 ? split(halves[1]) : [];
  const groups: number[] = [];
  // An IPv4 tail (`::ffff:1.2.3.4`) may only be the address's last group (so never right
  // before a trailing `::`), and stands for two groups.
  const lastHalf = halves.length === 2 ? tail : head;
  let v4Tail: bigint | null = null;
  if (lastHalf.length > 0 && lastHalf[lastHalf.length - 1].includes(".")) {
    v4Tail = parseIpv4(lastHalf.pop() as string);
    if (v4Tail === null) return null;
  }
  const toGroups = (parts: string[]): number[] | null => {
    const out: number[] = [];
    for (const p of parts) {
      if (!hexGroup.test(p)) return null;
      out.push(parseInt(p, 16));
    }
    return out;
  };
  const h = toGroups(head);
  const t = toGroups(tail);
  if (!h || !t) return null;
  const explicit = h.length + t.length + (v4Tail === null ? 0 : 2);
  if (halves.length === 2) {
    if (explicit > 7) return null; // `::` must stand for at least one zero group
    groups.push(...h, ...new Array<number>(8 - explicit).fill(0), ...t);
  } else {
    if (explicit !== 8) return null;
    groups.push(...h, ...t);
  }
  let value = 0n;
  for (const g of groups) value = (value << 16n) | BigInt(g);
  if (v4Tail !== null) value = (value << 32n) | v4Tail;
  return value;
}

/** An address (no prefix) in the 128-bit space, or null. IPv4 comes back mapped. */
function parseBareAddress(s: string): { value: bigint; v4: boolean } | null {
  if (s.includes(":")) {
    const v = parseIpv6(s);
    return v === null ? null : { value: v, v4: false };
  }
  const v = parseIpv4(s);
  return v === null ? null : { value: MAPPED_BASE | v, v4: true };
}

/**
 * A client address as the socket reports it (`1.2.3.4`, `::ffff:1.2.3.4`, `2001:db8::1`,
 * `fe80::1%eth0`), or null. The zone of a link-local address names an interface of this
 * host, not part of the address, so it is dropped.
 */
export function parseClientAddress(ip: string): bigint | null {
  if (ip.length > ENTRY_CHARS_MAX) return null;
  const zone = ip.indexOf("%");
  const bare = zone >= 0 && ip.includes(":") ? ip.slice(0, zone) : ip;
  return parseBareAddress(bare)?.value ?? null;
}

function hostMask(prefix: number): bigint {
  return (1n << BigInt(IPV6_BITS - prefix)) - 1n;
}

/** An allowlist entry: an address or a CIDR, IPv4 or IPv6. Host bits must be zero. */
export function parseCidr(entry: string): CidrParse {
  const s = entry.trim();
  if (s.length === 0 || s.length > ENTRY_CHARS_MAX) return { ok: false, message: "is not an IP address or CIDR" };
  const slash = s.indexOf("/");
  const addrText = slash >= 0 ? s.slice(0, slash) : s;
  const addr = parseBareAddress(addrText);
  if (!addr) return { ok: false, message: "is not an IP address or CIDR" };
  const familyBits = addr.v4 ? IPV4_BITS : IPV6_BITS;
  let prefix = familyBits;
  if (slash >= 0) {
    const p = s.slice(slash + 1);
    if (!/^(0|[1-9]\d{0,2})$/.test(p) || Number(p) > familyBits) {
      return { ok: false, message: `has a prefix length outside 0-${familyBits}` };
    }
    prefix = Number(p);
  }
  const prefix128 = addr.v4 ? MAPPED_PREFIX_BITS + prefix : prefix;
  // A set host bit (`10.1.2.3/8`) is refused rather than masked: it is usually a typo
  // for a narrower entry, and silently widening an allowlist is the unsafe direction.
  if ((addr.value & hostMask(prefix128)) !== 0n) {
    const cidr = { base: addr.value & (ALL_ONES ^ hostMask(prefix128)), prefix: prefix128 };
    return { ok: false, message: `has host bits set; the network is ${formatCidr(cidr)}` };
  }
  const cidr = { base: addr.value, prefix: prefix128 };
  return { ok: true, cidr, text: formatCidr(cidr) };
}

function formatIpv4(v: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((v >> shift) & 0xffn)).join(".");
}

/** RFC 5952 text: lowercase, no leading zeros, the longest run of 2+ zero groups as `::`. */
function formatIpv6(v: bigint): string {
  const groups: number[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((v >> BigInt(i * 16)) & 0xffffn));
  let bestStart = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = (gs: number[]) => gs.map((g) => g.toString(16)).join(":");
  if (bestStart < 0) return hex(groups);
  return `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLen))}`;
}

/** Canonical text: mapped networks of /96 or narrower print as IPv4. */
export function formatCidr(c: Cidr): string {
  const mapped = c.prefix >= MAPPED_PREFIX_BITS && c.base >> 32n === 0xffffn;
  if (mapped) return `${formatIpv4(c.base & 0xffffffffn)}/${c.prefix - MAPPED_PREFIX_BITS}`;
  return `${formatIpv6(c.base)}/${c.prefix}`;
}

export function cidrContains(c: Cidr, address: bigint): boolean {
  return (address & (ALL_ONES ^ hostMask(c.prefix))) === c.base;
}

/**
 * Whether `ip` may use a key with this allowlist. An empty list allows every address
 * (no allowlist configured). An unparsable client address never matches a non-empty list.
 */
export function ipAllowed(allowList: readonly string[], ip: string): boolean {
  if (allowList.length === 0) return true;
  const address = parseClientAddress(ip);
  if (address === null) return false;
  for (const entry of allowList) {
    const parsed = parseCidr(entry);
    // Stored entries were canonicalised on write; one that no longer parses is corruption.
    if (!parsed.ok) throw new Error(`stored IP allowlist entry does not parse: ${entry}`);
    if (cidrContains(parsed.cidr, address)) return true;
  }
  return false;
}
