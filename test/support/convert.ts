// Helpers for the POST /v1/convert and /v1/toc suites: request builders for the three
// encodings, the organization's balance and hold as stored, the ledger as a client sees it,
// and a gate that holds one engine-pool call so a test can look at a request mid-flight.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { InjectOptions } from "fastify";
import { RequestSettlement } from "../../src/api/settlement.js";
import type { EnginePool } from "../../src/engine/pool/pool.js";
import type { TestApi } from "./api.js";
import { multipartBody, type MultipartPart } from "./http.js";

export const fixturePdf = (name: string): Buffer => readFileSync(path.resolve(import.meta.dirname, "../../fixtures/pdf", name));
export const fixtureMarkdown = (name: string): string => readFileSync(path.resolve(import.meta.dirname, "../../fixtures/expected", name), "utf8");

type Endpoint = "/v1/convert" | "/v1/toc";
type Headers = Record<string, string>;

/** Raw bytes: `application/pdf`, options in the query string. */
export function raw(key: string, pdf: Buffer, opts: { query?: string; headers?: Headers; endpoint?: Endpoint } = {}): InjectOptions {
  const url = `${opts.endpoint ?? "/v1/convert"}${opts.query ? `?${opts.query}` : ""}`;
  return { method: "POST", url, headers: { authorization: `Bearer ${key}`, "content-type": "application/pdf", ...opts.headers }, payload: pdf };
}

export const filePart = (pdf: Buffer): MultipartPart => ({ name: "file", data: pdf, filename: "document.pdf", contentType: "application/pdf" });
export const optionsPart = (options: unknown): MultipartPart => ({ name: "options", data: JSON.stringify(options), contentType: "application/json" });
export const passwordPart = (password: string): MultipartPart => ({ name: "password", data: password, contentType: "text/plain; charset=utf-8" });

const BOUNDARY = "svc-test-boundary-7d1c";

/** Multipart: parts as given (file, options, password…). */
export function multipart(key: string, parts: MultipartPart[], opts: { query?: string; headers?: Headers; endpoint?: Endpoint } = {}): InjectOptions {
  const url = `${opts.endpoint ?? "/v1/convert"}${opts.query ? `?${opts.query}` : ""}`;
  return {
    method: "POST",
    url,
    headers: { authorization: `Bearer ${key}`, "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...opts.headers },
    payload: multipartBody(BOUNDARY, parts),
  };
}

/** JSON encoding: the body as given (an object is serialized; a string is sent as is). */
export function jsonBody(key: string, body: unknown, opts: { query?: string; headers?: Headers; endpoint?: Endpoint } = {}): InjectOptions {
  const url = `${opts.endpoint ?? "/v1/convert"}${opts.query ? `?${opts.query}` : ""}`;
  return {
    method: "POST",
    url,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...opts.headers },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  };
}

/** The organization's balance and hold as stored. */
export async function orgCredits(api: TestApi, orgId: string): Promise<{ balance: number; held: number }> {
  const r = await api.store.db.query<{ credit_balance: string | number; credits_held: string | number }>("SELECT credit_balance, credits_held FROM orgs WHERE id = $1", [orgId]);
  return { balance: Number(r.rows[0].credit_balance), held: Number(r.rows[0].credits_held) };
}

export interface LedgerEntryWire {
  id: string;
  seq: number;
  kind: string;
  credits: number;
  balance_after: number;
  reference: string | null;
  request_id: string | null;
}

/** GET /v1/credits/ledger with a key carrying usage:read. */
export async function ledger(api: TestApi, key: string): Promise<LedgerEntryWire[]> {
  const res = await api.app.inject({ method: "GET", url: "/v1/credits/ledger?limit=1000", headers: { authorization: `Bearer ${key}` } });
  if (res.statusCode !== 200) throw new Error(`ledger: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** Pages named by critical page-scope warnings (SPEC §Cost function). */
export function criticalPages(warnings: { severity: string; scope: string; pages: number[] }[]): number[] {
  const pages = new Set<number>();
  for (const w of warnings) if (w.severity === "critical" && w.scope === "page") for (const p of w.pages) pages.add(p);
  return [...pages].sort((a, b) => a - b);
}

export interface PoolGate {
  /** Resolves when the gated call has been entered (and is waiting). */
  reached: Promise<void>;
  release(): void;
}

/**
 * Holds the next call of `pool[method]` until `release()`: the request has then taken
 * everything it takes before that call (its idempotency claim, its hold before `layOut`),
 * so a test can look at it in flight. Only the next call is gated; later calls run as usual.
 */
export function gatePool(pool: EnginePool, method: "open" | "layOut" | "render"): PoolGate {
  const original = pool[method];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const reached = new Promise<void>((resolve) => (entered = resolve));
  const target = pool as unknown as Record<string, unknown>;
  target[method] = async (...args: unknown[]) => {
    delete target[method];
    entered();
    await gate;
    return (original as (...a: unknown[]) => unknown).apply(pool, args);
  };
  return { reached, release };
}

/**
 * Holds the next request's commit (RequestSettlement.commit) until `release()`: the request
 * has then taken everything it takes (its idempotency claim, its hold) and converted, and has
 * billed nothing yet. Unlike gatePool this does not depend on how many pool calls a
 * conversion makes (a selection of one chunk is converted by the open task, pool.ts).
 */
export function gateCommit(): PoolGate {
  const proto = RequestSettlement.prototype as unknown as Record<string, unknown>;
  const original = proto.commit as (...a: unknown[]) => unknown;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const reached = new Promise<void>((resolve) => (entered = resolve));
  proto.commit = async function (this: RequestSettlement, ...args: unknown[]) {
    proto.commit = original;
    entered();
    await gate;
    return original.apply(this, args);
  };
  return { reached, release };
}

/** Makes the next call of `pool[method]` fail as a server fault would (not a document error). */
export function failPoolOnce(pool: EnginePool, method: "open" | "layOut" | "render"): void {
  const target = pool as unknown as Record<string, unknown>;
  target[method] = async () => {
    delete target[method];
    throw new Error("simulated engine fault");
  };
}
