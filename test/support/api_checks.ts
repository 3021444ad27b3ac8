// Checks the HTTP API tests share: the common response rules of SPEC.md §Endpoints (request
// id, the x-ratelimit-* set, the error envelope) and small request helpers.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { errorCodes } from "../../src/errors/catalogue.js";
import { rateLimitHeaderNames } from "../../src/store/meters.js";

export const fixturePdf = (name: string): Buffer => readFileSync(path.resolve(import.meta.dirname, "../../fixtures/pdf", name));

export const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
export const WWW_AUTHENTICATE = 'Bearer realm="svc", error="invalid_token"';

export type Headers = Record<string, string | string[] | number | undefined>;

export function bearer(key: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${key}`, ...extra };
}

export function pdfHeaders(key: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${key}`, "content-type": "application/pdf", ...extra };
}

/** SPEC.md §Endpoints: x-request-id and the nine x-ratelimit-* headers, resets in RFC 3339. */
export function expectCommonHeaders(headers: Headers, what = ""): void {
  expect(String(headers["x-request-id"]), `x-request-id ${what}`).toMatch(/^req_[0-9A-Za-z]+$/);
  for (const name of rateLimitHeaderNames) expect(headers[name], `${name} ${what}`).toBeDefined();
  expect(rateLimitHeaderNames).toHaveLength(9);
  expect(headers["x-ratelimit-scope"], what).toBe("org");
  for (const name of ["x-ratelimit-reset-requests", "x-ratelimit-reset-pages"]) {
    expect(String(headers[name]), `${name} ${what}`).toMatch(RFC3339);
    expect(Number.isFinite(Date.parse(String(headers[name])))).toBe(true);
  }
  for (const name of ["limit-requests", "remaining-requests", "limit-pages", "remaining-pages", "limit-concurrency", "remaining-concurrency"]) {
    expect(String(headers[`x-ratelimit-${name}`]), `${name} ${what}`).toMatch(/^\d+$/);
  }
}

export interface Envelope {
  error: {
    type: string;
    code: string;
    message: string;
    param: string | null;
    retryable: boolean;
    retry_after_ms: number | null;
    doc_url: string;
    request_id: string;
    details: Record<string, unknown>;
  };
}

/** SPEC.md §Errors: exactly the envelope, JSON, its request id the header's. */
export function expectEnvelope(res: { statusCode: number; headers: Headers; body: string }, code?: string): Envelope["error"] {
  expect(String(res.headers["content-type"])).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as Envelope;
  expect(Object.keys(body)).toEqual(["error"]);
  const e = body.error;
  expect(Object.keys(e).sort()).toEqual(["code", "details", "doc_url", "message", "param", "request_id", "retry_after_ms", "retryable", "type"]);
  expect(errorCodes).toContain(e.code);
  if (code !== undefined) expect(e.code, e.message).toBe(code);
  expect(e.request_id).toBe(res.headers["x-request-id"]);
  expect(typeof e.message).toBe("string");
  expect(e.message).not.toMatch(/[\u0000-\u001f\u007f]/);
  expect(typeof e.retryable).toBe("boolean");
  if (res.headers["retry-after"] !== undefined) {
    expect(e.retry_after_ms).toBe(Number(res.headers["retry-after"]) * 1000);
  }
  return e;
}
