// src/api/accept.ts against DECISIONS.md "Clarifications": absent, */*, application/* or
// application/json → JSON; text/* or text/markdown → Markdown; q-values honoured; nothing
// acceptable → 406 unsupported_accept.
import { describe, expect, it } from "vitest";
import { negotiate } from "../../src/api/accept.js";
import { ApiError } from "../../src/errors/catalogue.js";

function refused(header: string): ApiError {
  try {
    negotiate(header);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error(`expected 406 for ${JSON.stringify(header)}`);
}

describe("the DECISIONS.md table", () => {
  it.each([
    [undefined, "json"],
    ["*/*", "json"],
    ["application/*", "json"],
    ["application/json", "json"],
    ["text/*", "markdown"],
    ["text/markdown", "markdown"],
  ] as const)("%j → %s", (header, format) => {
    expect(negotiate(header)).toBe(format);
  });

  it("media types and parameter names are case-insensitive; other parameters are ignored", () => {
    expect(negotiate("Text/Markdown")).toBe("markdown");
    expect(negotiate("text/markdown; charset=utf-8; variant=GFM")).toBe("markdown");
    expect(negotiate("application/json;charset=UTF-8")).toBe("json");
    expect(negotiate("text/markdown;Q=0.5, application/json;q=0.4")).toBe("markdown");
  });
});

describe("q-values (RFC 9110 §12.5.1)", () => {
  it.each([
    ["application/json;q=0.5, text/markdown", "markdown"],
    ["text/markdown;q=0.9, application/json;q=0.8", "markdown"],
    ["text/markdown;q=0.5, application/json", "json"],
    ["text/html, text/markdown;q=0.1", "markdown"],
    ["*/*;q=0.1, text/markdown;q=0.2", "markdown"],
  ] as const)("highest q wins: %j → %s", (header, format) => {
    expect(negotiate(header)).toBe(format);
  });

  it.each([
    ["text/markdown, application/json", "json"],
    ["text/markdown;q=0.5, application/json;q=0.5", "json"],
    ["*/*", "json"],
    ["text/*, application/*", "json"],
  ] as const)("a tie goes to JSON, the default: %j → %s", (header, format) => {
    expect(negotiate(header)).toBe(format);
  });

  it("q=0 excludes a format, and the most specific matching range decides", () => {
    expect(negotiate("application/json;q=0, */*")).toBe("markdown");
    expect(negotiate("*/*, application/json;q=0")).toBe("markdown");
    expect(negotiate("text/*;q=0.9, text/markdown;q=0, application/json;q=0.1")).toBe("json");
    expect(negotiate("application/*;q=0, text/*;q=0.3")).toBe("markdown");
  });

  it("q=0 on both → 406", () => {
    expect(refused("application/json;q=0, text/markdown;q=0").code).toBe("unsupported_accept");
    expect(refused("*/*;q=0").code).toBe("unsupported_accept");
  });
});

describe("anything else → 406 unsupported_accept", () => {
  it.each(["text/html", "application/pdf", "text/plain, image/png", "application/xml;q=1"])("%j", (header) => {
    const err = refused(header);
    expect(err.code).toBe("unsupported_accept");
    expect(err.status).toBe(406);
    expect(err.param).toBe("headers.accept");
    expect(err.message).toContain("application/json");
  });
});

describe("garbage headers (decided: unparseable elements are skipped; no element left → 406)", () => {
  it("a blank header is the same as none", () => {
    expect(negotiate("")).toBe("json");
    expect(negotiate("   ")).toBe("json");
  });

  it.each(["json", "markdown", ";;;", ",,,", "/", "text/", "*/json", "text/markdown;q=2", "text/markdown;q=abc", "text/markdown;q", "a b/c"])("%j → 406, no crash", (header) => {
    expect(refused(header).code).toBe("unsupported_accept");
  });

  it("a bad element beside a good one does not hide it", () => {
    expect(negotiate("garbage, text/markdown")).toBe("markdown");
    expect(negotiate("text/markdown;q=7, application/json")).toBe("json");
    expect(negotiate(", ,text/markdown,")).toBe("markdown");
  });

  it("a hostile header is quoted sanitized and capped", () => {
    const err = refused("\u001b[2J" + "x".repeat(10_000));
    expect(err.message).not.toContain("\u001b");
    expect(err.message.length).toBeLessThan(400);
  });

  it("a very long header of many elements is handled", () => {
    expect(negotiate(Array.from({ length: 5_000 }, (_, i) => `x/y${i}`).join(",") + ",text/markdown")).toBe("markdown");
  });
});
