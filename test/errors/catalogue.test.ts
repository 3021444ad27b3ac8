// The catalogue against SPEC.md §Errors, both ways (fastify's test/internals/errors.test.js):
// a code added to the SPEC tables and not here fails, and so does a code here that neither
// SPEC.md nor DECISIONS.md names.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { DocumentError, documentErrorCodes } from "../../src/engine/errors.js";
import type { EngineWarning } from "../../src/engine/result.js";
import {
  ApiError,
  apiErrorFromDocumentError,
  errorCodes,
  errorDocUrl,
  errorEntry,
  errorEnvelope,
  errorTypes,
  formatBytes,
  isApiError,
  isErrorCode,
  sanitizeCallerString,
  typeStatuses,
  type ErrorCode,
  type ErrorType,
} from "../../src/errors/catalogue.js";
import { createWarning, criticalPageWarningCodes, warningCodes, warningEntry } from "../../src/engine/warnings.js";
import { toWireWarning } from "../../src/errors/warnings.js";

/** A configured docs base ({docs_url}); the catalogue builds every doc_url on the one it is given. */
const DOCS = "https://svc.example.test/docs";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const specPath = path.resolve(repoRoot, "../shared/SPEC.md");
const hasSpec = existsSync(specPath);

/**
 * Codes DECISIONS.md adds to SPEC.md's tables (rate_limit_test_pages), and the one this
 * project adds where both are silent (resource_not_found: an unknown conversion id on
 * GET /v1/conversions/{id}; docs/api.md), with their status and type.
 */
const decisionsOnlyCodes: Record<string, { status: number; type: ErrorType }> = {
  rate_limit_test_pages: { status: 429, type: "rate_limit_error" },
  resource_not_found: { status: 404, type: "not_found_error" },
};

const expectedCodeCount = 69;

interface SpecCode {
  status: number;
  type: ErrorType;
  section: string;
}

function cells(line: string): string[] {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
}

function tables(lines: string[]): string[][][] {
  const found: string[][][] = [];
  let current: string[][] | null = null;
  for (const line of lines) {
    if (line.trim().startsWith("|")) {
      if (current === null) found.push((current = []));
      if (!/^\|[\s|:-]+\|$/.test(line.trim())) current.push(cells(line));
    } else current = null;
  }
  return found;
}

function parseSpecErrors(markdown: string): { types: Map<ErrorType, number[]>; codes: Map<string, SpecCode> } {
  const all = markdown.split("\n");
  const from = all.findIndex((l) => l.trim() === "## Errors");
  const to = all.findIndex((l, i) => i > from && /^## /.test(l));
  const section = all.slice(from + 1, to === -1 ? undefined : to);

  const types = new Map<ErrorType, number[]>();
  const typeTable = tables(section).find((t) => t[0][0] === "`type`");
  if (typeTable === undefined) throw new Error("SPEC.md §Errors: type table not found");
  for (const [type, statuses] of typeTable.slice(1)) {
    types.set(type.replaceAll("`", "") as ErrorType, statuses.split(",").map((s) => Number(s.trim())));
  }

  const codes = new Map<string, SpecCode>();
  const headings = section.flatMap((l, i) => (l.startsWith("### ") ? [i] : []));
  for (const [n, start] of headings.entries()) {
    const heading = section[start].slice(4);
    const body = section.slice(start + 1, headings[n + 1]);
    for (const table of tables(body)) {
      const header = table[0];
      if (header[0] !== "Code") continue;
      const statusCol = header.indexOf("Status");
      const explicitType = /type `(\w+)`/.exec(heading)?.[1] as ErrorType | undefined;
      for (const row of table.slice(1)) {
        const code = row[0].replaceAll("`", "");
        const status = statusCol >= 0 ? Number(row[statusCol]) : Number(/^\d{3}/.exec(heading)?.[0]);
        const candidates = [...types].filter(([, s]) => s.includes(status)).map(([t]) => t);
        const type = explicitType ?? (candidates.length === 1 ? candidates[0] : undefined);
        if (type === undefined) throw new Error(`SPEC.md §Errors: no single type for ${code} (${status})`);
        codes.set(code, { status, type, section: heading });
      }
    }
  }
  return { types, codes };
}

describe.skipIf(!hasSpec)(`catalogue against SPEC.md §Errors${hasSpec ? "" : ` (skipped: ${specPath} not found)`}`, () => {
  const spec = hasSpec ? parseSpecErrors(readFileSync(specPath, "utf8")) : { types: new Map(), codes: new Map() };

  it("SPEC: the parser finds every table (67 codes, ten types)", () => {
    expect(spec.codes.size).toBe(67);
    expect(spec.types.size).toBe(10);
  });

  it("SPEC: the ten types answer with the statuses of the type table", () => {
    expect(Object.fromEntries(spec.types)).toEqual(typeStatuses);
    expect([...errorTypes].sort()).toEqual([...spec.types.keys()].sort());
  });

  it("SPEC: every code in the §Errors tables is catalogued with the same status and type", () => {
    for (const [code, { status, type, section }] of spec.codes) {
      expect(isErrorCode(code), `${code} (### ${section}) missing from the catalogue`).toBe(true);
      const entry = errorEntry(code as ErrorCode);
      expect({ code, status: entry.status, type: entry.type }).toEqual({ code, status, type });
    }
  });

  it("SPEC/DECISIONS: every catalogued code is in SPEC.md or is a listed DECISIONS.md addition", () => {
    for (const code of errorCodes) {
      const expected = spec.codes.get(code) ?? decisionsOnlyCodes[code];
      expect(expected, `${code} is in neither SPEC.md nor the DECISIONS.md list`).toBeDefined();
      expect({ code, status: errorEntry(code).status, type: errorEntry(code).type }).toEqual({ code, status: expected!.status, type: expected!.type });
    }
    for (const code of Object.keys(decisionsOnlyCodes)) expect(spec.codes.has(code), `${code} is now in SPEC.md`).toBe(false);
  });
});

describe("error catalogue", () => {
  it("pins the number of codes (adding one means updating SPEC.md or DECISIONS.md)", () => {
    expect(errorCodes).toHaveLength(expectedCodeCount);
    expect(new Set(errorCodes).size).toBe(expectedCodeCount);
  });

  it("SPEC: each code's status is one its type may answer with", () => {
    for (const code of errorCodes) expect(typeStatuses[errorEntry(code).type], code).toContain(errorEntry(code).status);
  });

  it("SPEC retry rules: 408, 429, 500, 503, 504 and idempotency_in_progress are retryable, the rest are not", () => {
    for (const code of errorCodes) {
      const { status, retryable } = errorEntry(code);
      const expected = [408, 429, 500, 503, 504].includes(status) || code === "idempotency_in_progress";
      expect({ code, retryable }).toEqual({ code, retryable: expected });
    }
    expect(errorEntry("insufficient_credits").retryable).toBe(false);
  });

  it("every DocumentErrorCode thrown by the engine is a catalogue code", () => {
    for (const code of documentErrorCodes) expect(isErrorCode(code), code).toBe(true);
  });

  it("SPEC: page_range_* are 422 invalid_request_error, pdf_* 422 document_error except 403 and 413", () => {
    expect(errorEntry("page_range_out_of_bounds")).toMatchObject({ status: 422, type: "invalid_request_error" });
    expect(errorEntry("pdf_corrupt")).toMatchObject({ status: 422, type: "document_error" });
    expect(errorEntry("pdf_extraction_not_permitted")).toMatchObject({ status: 403, type: "permission_error" });
    expect(errorEntry("pdf_too_complex")).toMatchObject({ status: 413, type: "invalid_request_error" });
  });

  it("messages name a fix, carry no internal paths, and quote the limits", () => {
    for (const code of errorCodes) {
      const { message } = errorEntry(code);
      expect(message.split(/(?<=\.) /).length, `${code}: fault and fix`).toBeGreaterThanOrEqual(2);
      expect(message, code).not.toMatch(/\/(?:work|home|tmp|usr|src)\/|localhost|\d+\.\d+\.\d+\.\d+|\bat \w+ \(/);
    }
    expect(formatBytes(limits.uploadBytesMax)).toBe("32 MiB");
    expect(errorEntry("file_too_large").message).toContain("32 MiB");
    expect(errorEntry("too_many_pages").message).toContain("200 pages");
    expect(errorEntry("page_range_too_complex").message).toContain("2,048 characters or 1,000 ranges");
  });
});

describe("errorEnvelope", () => {
  it("SPEC: returns exactly the nine envelope fields, with defaults for the optional ones", () => {
    const envelope = errorEnvelope("pdf_corrupt", { request_id: "req_1", docs_url: DOCS });
    expect(envelope).toEqual({
      error: {
        type: "document_error",
        code: "pdf_corrupt",
        message: errorEntry("pdf_corrupt").message,
        param: null,
        retryable: false,
        retry_after_ms: null,
        doc_url: "https://svc.example.test/docs/errors#pdf_corrupt",
        request_id: "req_1",
        details: {},
      },
    });
    expect(errorDocUrl("https://other.test/ref", "pdf_corrupt")).toBe("https://other.test/ref/errors#pdf_corrupt");
  });

  it("SPEC: insufficient_credits carries its details and is not retryable", () => {
    const details = { credits_required: 200, credits_available: 3, top_up_url: "https://console.example/credits" };
    const { error } = errorEnvelope("insufficient_credits", { details, request_id: "req_2", message: "custom", docs_url: DOCS });
    expect(error).toMatchObject({ type: "payment_required_error", retryable: false, details, message: "custom" });
  });

  it("DECISIONS: retry_after_ms agrees with the whole-second Retry-After header", () => {
    expect(errorEnvelope("rate_limit_requests", { request_id: "r", retry_after_ms: 1_500, docs_url: DOCS }).error.retry_after_ms).toBe(2_000);
    expect(errorEnvelope("idempotency_in_progress", { request_id: "r", docs_url: DOCS }).error.retry_after_ms).toBe(1_000);
    expect(errorEnvelope("conversion_timeout", { request_id: "r", retry_after_ms: 1_500, docs_url: DOCS }).error.retry_after_ms).toBe(1_500);
  });

  it("SPEC message rules: a caller-chosen param is sanitized", () => {
    const { error } = errorEnvelope("unknown_parameter", { request_id: "r", param: `bad\u0000${"x".repeat(300)}`, docs_url: DOCS });
    expect(error.param).toBe(`bad${"x".repeat(125)}`);
  });
});

describe("ApiError", () => {
  it("SPEC: 401 codes carry WWW-Authenticate", () => {
    for (const code of errorCodes.filter((c) => errorEntry(c).status === 401)) {
      expect(new ApiError(code).headers["www-authenticate"]).toBe('Bearer realm="svc", error="invalid_token"');
    }
  });

  it("SPEC: 429 and 503 carry Retry-After in whole seconds; 409 idempotency_in_progress carries Retry-After: 1", () => {
    expect(new ApiError("rate_limit_pages", { retryAfterMs: 2_300 }).headers["retry-after"]).toBe("3");
    expect(new ApiError("overloaded").headers["retry-after"]).toBe("1");
    expect(new ApiError("idempotency_in_progress").headers["retry-after"]).toBe("1");
    expect(new ApiError("pdf_corrupt").headers).toEqual({});
  });

  it("SPEC: 405 keeps the Allow header the throw site adds", () => {
    const err = new ApiError("method_not_allowed", { headers: { allow: "POST" } });
    expect(err.headers).toEqual({ allow: "POST" });
    expect(err.status).toBe(405);
  });

  it("renders the envelope from the catalogue and is recognised by isApiError", () => {
    const err = new ApiError("unknown_parameter", { param: "options.foo", message: "Unknown field options.foo." });
    expect(isApiError(err)).toBe(true);
    expect(isApiError(new Error("x"))).toBe(false);
    expect(err.toEnvelope("req_9", DOCS).error).toMatchObject({ code: "unknown_parameter", param: "options.foo", message: "Unknown field options.foo.", request_id: "req_9", type: "invalid_request_error" });
  });

  it("maps a DocumentError through the catalogue, keeping message and details", () => {
    const err = apiErrorFromDocumentError(new DocumentError("conversion_timeout", "Timed out.", { pages_completed: 4 }));
    expect({ status: err.status, type: err.type, retryable: err.retryable, details: err.details, message: err.message }).toEqual({
      status: 504, type: "timeout_error", retryable: true, details: { pages_completed: 4 }, message: "Timed out.",
    });
  });
});

describe("sanitizeCallerString", () => {
  it("SPEC message rules: strips control characters", () => {
    expect(sanitizeCallerString("a\u0000b\nc\r\td\u001b[31me\u007f\u0085f")).toBe("abcd[31mef");
  });

  it("strips line separators, bidi overrides and lone surrogates that forge or reorder text", () => {
    expect(sanitizeCallerString("a\u2028b\u202ec\u2066d\ud800e")).toBe("abcde");
  });

  it("SPEC message rules: caps at 128 characters, counting code points and after stripping", () => {
    expect(sanitizeCallerString("x".repeat(1_000))).toHaveLength(128);
    expect(sanitizeCallerString("\u0001".repeat(10) + "y".repeat(200))).toBe("y".repeat(128));
    const emoji = sanitizeCallerString("😀".repeat(200));
    expect(Array.from(emoji)).toHaveLength(128);
    expect(emoji.endsWith("😀")).toBe(true);
  });

  it("keeps ordinary text, including non-ASCII letters, unchanged", () => {
    expect(sanitizeCallerString("Größe-café 1-5")).toBe("Größe-café 1-5");
  });
});

describe("warning catalogue", () => {
  it("SPEC: the seven warning codes with their severity and scope, and page_text_unmapped (docs/api.md)", () => {
    const table = Object.fromEntries(warningCodes.map((c) => [c, `${warningEntry(c).severity}/${warningEntry(c).scope}`]));
    expect(table).toEqual({
      engine_alias_floating: "info/document",
      metadata_unavailable: "info/document",
      page_has_no_text_layer: "critical/page",
      page_render_failed: "critical/page",
      page_budget_exceeded: "critical/page",
      result_truncated: "info/document",
      outline_missing: "info/document",
      page_text_unmapped: "info/page",
    });
  });

  it("SPEC cost function: criticalPageWarningCodes are exactly the critical page-scope codes", () => {
    const derived = warningCodes.filter((c) => warningEntry(c).severity === "critical" && warningEntry(c).scope === "page");
    expect([...criticalPageWarningCodes].sort()).toEqual([...derived].sort());
    expect([...criticalPageWarningCodes].sort()).toEqual(["page_budget_exceeded", "page_has_no_text_layer", "page_render_failed"]);
  });

  it("SPEC: a warning carries doc_url under the docs base, and critical page warnings are not billed", () => {
    const w: EngineWarning = createWarning("page_has_no_text_layer", [5, 3, 4, 3]);
    expect(w).toMatchObject({ severity: "critical", scope: "page", pages: [3, 4, 5], billed: false });
    expect(w.message).toContain("Pages 3-5");
    expect(toWireWarning(w, DOCS).doc_url).toBe("https://svc.example.test/docs/warnings#page_has_no_text_layer");
    expect(createWarning("engine_alias_floating")).toMatchObject({ pages: [], billed: true });
  });
});
