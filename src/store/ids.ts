// Identifiers: `<prefix>_<time><random>` in base62. The time part (ms since the epoch, 8
// characters) makes ids sort by creation, which list endpoints page by; the random part
// (16 characters, ~95 bits) makes them unguessable.
import { randomBytes } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const TIME_CHARS = 8;
const RANDOM_CHARS = 16;

export type IdPrefix = "org" | "key" | "req" | "conv" | "toc" | "led" | "pur" | "hold" | "lot" | "ref" | "risk" | "use" | "lease" | "inst" | "usr" | "ses" | "mail";

/** `count` uniformly random base62 characters (rejection sampling: no modulo bias). */
export function randomBase62(count: number): string {
  let out = "";
  while (out.length < count) {
    for (const byte of randomBytes(count * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === count) break;
    }
  }
  return out;
}

export function toBase62(value: number, width: number): string {
  let out = "";
  let v = Math.floor(value);
  for (let i = 0; i < width; i++) {
    out = BASE62[v % 62] + out;
    v = Math.floor(v / 62);
  }
  return out;
}

export function newId(prefix: IdPrefix, nowMs: number = Date.now()): string {
  return `${prefix}_${toBase62(nowMs, TIME_CHARS)}${randomBase62(RANDOM_CHARS)}`;
}
