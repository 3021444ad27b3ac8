// src/api/options.ts against SPEC.md "Options" and DECISIONS.md "Options: values and
// defaults", "Requests" (metadata) and "POST /v1/toc". Test names quote the rule.
import { describe, expect, it } from "vitest";
import { cacheOptions, checkOptionConflicts, parseConvertOptions, queryOptionNames, type Endpoint, type ParsedOptions } from "../../src/api/options.js";
import { limits } from "../../src/config/limits.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { ENGINE_ALIAS, ENGINE_VERSION } from "../../src/engine/version.js";
import { ApiError, type ErrorCode } from "../../src/errors/catalogue.js";
import { canonicalJson } from "../../src/store/canonical.js";

const obj = (value: unknown, endpoint: Endpoint = "convert"): ParsedOptions => parseConvertOptions({ kind: "object", value }, endpoint);
const qry = (query: Record<string, string | string[]>, endpoint: Endpoint = "convert"): ParsedOptions => parseConvertOptions({ kind: "query", query }, endpoint);

function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error("expected an ApiError");
}

function expectRefused(fn: () => unknown, code: ErrorCode, param: string | null): ApiError {
  const err = refusal(fn);
  expect({ code: err.code, param: err.param }).toEqual({ code, param });
  return err;
}

describe("defaults (DECISIONS.md: default first in each list)", () => {
  it("an empty options object applies every default", () => {
    const p = obj({});
    expect(p.render).toEqual(defaultRenderOptions);
    expect(p).toMatchObject({ pages: null, selection: null, debug: false, metadata: null, engineRequested: ENGINE_ALIAS, engine: ENGINE_VERSION, engineFloating: true });
    expect(p.canonical).toEqual({
      pages: null, page_markers: "none", headers_footers: "strip", normalize: { dehyphenate: true, unicode: "none" },
      tables: "gfm", flavor: "gfm", fallback: "none", ocr: "off", engine: ENGINE_ALIAS, debug: false, metadata: null, shortest_form: true,
    });
  });

  it("an absent options part (undefined) is the same as {}", () => {
    expect(obj(undefined)).toEqual(obj({}));
  });

  it("an empty query string is the same as {} apart from param naming", () => {
    expect(qry({}).canonical).toEqual(obj({}).canonical);
  });
});

describe("every option value", () => {
  it.each([
    [{ page_markers: "rule" }, { pageMarkers: "rule" }],
    [{ page_markers: "none" }, { pageMarkers: "none" }],
    [{ headers_footers: "strip" }, { headersFooters: "strip" }],
    [{ headers_footers: "keep" }, { headersFooters: "keep" }],
    [{ normalize: { dehyphenate: true } }, { dehyphenate: true }],
    [{ normalize: { unicode: "nfc" } }, { unicode: "nfc" }],
    [{ normalize: {} }, { dehyphenate: true, unicode: "none" }],
    [{ normalize: { dehyphenate: false } }, { dehyphenate: false }],
    [{ tables: "gfm" }, { tables: "gfm" }],
    [{ tables: "html" }, { tables: "html" }],
    [{ tables: "off" }, { tables: "off" }],
    [{ debug: true }, { debug: true }],
    [{ debug: false }, { debug: false }],
  ])("%j → render %j", (input, render) => {
    expect(obj(input).render).toMatchObject(render);
  });

  it("flavor gfm, fallback none and ocr off are accepted", () => {
    expect(obj({ flavor: "gfm", fallback: "none", ocr: "off" }).canonical).toMatchObject({ flavor: "gfm", fallback: "none", ocr: "off" });
  });

  it("a pinned engine resolves to itself and does not float; the alias floats", () => {
    expect(obj({ engine: ENGINE_VERSION })).toMatchObject({ engine: ENGINE_VERSION, engineRequested: ENGINE_VERSION, engineFloating: false });
    expect(obj({ engine: ENGINE_ALIAS })).toMatchObject({ engine: ENGINE_VERSION, engineRequested: ENGINE_ALIAS, engineFloating: true });
  });

  it("pages is parsed; null selects every page", () => {
    const p = obj({ pages: "1-5, 9" });
    expect(p.pages).toBe("1-5, 9");
    expect(p.selection?.ranges).toHaveLength(2);
    expect(obj({ pages: null })).toMatchObject({ pages: null, selection: null });
  });
});

describe("422 values (SPEC.md options table)", () => {
  it.each([
    ["tables", "auto"],
    ["flavor", "commonmark"],
    ["fallback", "headings"],
  ])("%s %s → 422 unsupported_option_value", (name, value) => {
    const err = expectRefused(() => obj({ [name]: value }), "unsupported_option_value", `options.${name}`);
    expect(err.status).toBe(422);
    expect(err.message).toContain(`"${value}"`);
  });

  it.each(["on", "auto", "", "OFF"])("ocr %j (anything but off) → 422 ocr_not_available", (value) => {
    expectRefused(() => obj({ ocr: value }), "ocr_not_available", "options.ocr");
  });

  it("an unknown engine → 404 engine_not_found", () => {
    const err = expectRefused(() => obj({ engine: "svc-md-2" }), "engine_not_found", "options.engine");
    expect(err.status).toBe(404);
    expectRefused(() => obj({ engine: "" }), "engine_not_found", "options.engine");
  });

  it.each([
    ["abc", "page_range_invalid"],
    ["0", "page_range_zero"],
    ["5-2", "page_range_reversed"],
    ["1,".repeat(1000) + "1", "page_range_too_complex"],
  ])("pages %j → 422 %s with param options.pages", (pages, code) => {
    expectRefused(() => obj({ pages }), code as ErrorCode, "options.pages");
  });
});

describe("400 unknown_parameter and invalid_parameter_type (SPEC.md: param names the path)", () => {
  it("an unrecognised field names its path", () => {
    expectRefused(() => obj({ foo: 1 }), "unknown_parameter", "options.foo");
    expectRefused(() => obj({ normalize: { bar: true } }), "unknown_parameter", "options.normalize.bar");
  });

  it.each([
    [{ pages: [1, 2] }, "options.pages"],
    [{ pages: 5 }, "options.pages"],
    [{ debug: "yes" }, "options.debug"],
    [{ debug: "true" }, "options.debug"],
    [{ normalize: 3 }, "options.normalize"],
    [{ normalize: { dehyphenate: "yes" } }, "options.normalize.dehyphenate"],
    [{ tables: 5 }, "options.tables"],
    [{ ocr: false }, "options.ocr"],
    [{ engine: 1 }, "options.engine"],
    [{ metadata: [] }, "options.metadata"],
    [{ metadata: { a: 3 } }, "options.metadata.a"],
  ])("a wrong type %j → invalid_parameter_type %s", (input, param) => {
    expect(expectRefused(() => obj(input), "invalid_parameter_type", param).status).toBe(400);
  });

  it("a string outside its list (not a 422 value) → 400 listing the accepted values", () => {
    const err = expectRefused(() => obj({ tables: "markdown" }), "invalid_parameter_type", "options.tables");
    expect(err.message).toContain("gfm, html, off");
    expect(err.details).toEqual({ accepted_values: ["gfm", "html", "off"] });
    expect(expectRefused(() => obj({ normalize: { unicode: "nfkc" } }), "invalid_parameter_type", "options.normalize.unicode").message).toContain("none, nfc");
  });

  it.each([[[]], [null], ["pages=1"], [3]])("options that are not an object (%j) → invalid_parameter_type, param options", (value) => {
    expectRefused(() => obj(value), "invalid_parameter_type", "options");
  });

  it("`__proto__` is an unknown option, not a prototype", () => {
    expectRefused(() => obj(JSON.parse('{"__proto__": {"debug": true}}')), "unknown_parameter", "options.__proto__");
  });
});

describe("the first fault is deterministic (400 before value faults, then path order)", () => {
  it("several unknown fields: the first by path, whatever the input order", () => {
    expectRefused(() => obj({ zeta: 1, alpha: 2 }), "unknown_parameter", "options.alpha");
    expectRefused(() => obj({ alpha: 2, zeta: 1 }), "unknown_parameter", "options.alpha");
  });

  it("a 400 outranks a 422 or 404 earlier in path order", () => {
    expectRefused(() => obj({ tables: "auto", zzz: 1 }), "unknown_parameter", "options.zzz");
    expectRefused(() => obj({ engine: "nope", pages: [] }), "invalid_parameter_type", "options.pages");
  });

  it("among value faults, path order decides", () => {
    expectRefused(() => obj({ tables: "auto", engine: "nope" }), "engine_not_found", "options.engine");
    expectRefused(() => obj({ tables: "auto", ocr: "on", pages: "0" }), "ocr_not_available", "options.ocr");
  });
});

describe("metadata limits (DECISIONS.md: 16 keys, 40-char keys, 500-char values, 4 KiB)", () => {
  const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, "v"]));

  it("16 keys pass; 17 → metadata_too_large on options.metadata", () => {
    expect(obj({ metadata: keys(16) }).metadata).toEqual(keys(16));
    const err = expectRefused(() => obj({ metadata: keys(17) }), "metadata_too_large", "options.metadata");
    expect(err.details).toMatchObject({ limit: "keys", max: 16, actual: 17 });
  });

  it("a 40-character key passes; 41 → metadata_too_large naming the key", () => {
    expect(obj({ metadata: { ["k".repeat(40)]: "v" } }).metadata).toBeTruthy();
    expectRefused(() => obj({ metadata: { ["k".repeat(41)]: "v" } }), "metadata_too_large", `options.metadata.${"k".repeat(41)}`);
  });

  it("characters are code points: 40 emoji (80 UTF-16 units) make a valid key", () => {
    expect(obj({ metadata: { ["😀".repeat(40)]: "v" } }).metadata).toBeTruthy();
    expectRefused(() => obj({ metadata: { ["😀".repeat(41)]: "v" } }), "metadata_too_large", `options.metadata.${"😀".repeat(41)}`);
  });

  it("a 500-character value passes; 501 → metadata_too_large", () => {
    expect(obj({ metadata: { a: "x".repeat(500) } }).metadata).toBeTruthy();
    expectRefused(() => obj({ metadata: { a: "x".repeat(501) } }), "metadata_too_large", "options.metadata.a");
  });

  it("4,096 bytes serialized pass; 4,097 → metadata_too_large", () => {
    const sized = (lastValueChars: number) => {
      const m: Record<string, string> = {};
      for (let i = 0; i < 8; i += 1) m[`k${i}`] = "x".repeat(500);
      m.k8 = "x".repeat(lastValueChars);
      return m;
    };
    const base = Buffer.byteLength(JSON.stringify(sized(0)));
    const fits = sized(limits.metadataSerializedBytesMax - base);
    expect(Buffer.byteLength(JSON.stringify(fits))).toBe(4096);
    expect(obj({ metadata: fits }).metadata).toEqual(fits);
    const over = sized(limits.metadataSerializedBytesMax - base + 1);
    expect(expectRefused(() => obj({ metadata: over }), "metadata_too_large", "options.metadata").details).toMatchObject({ limit: "serialized_bytes", actual: 4097 });
  });

  it("an empty key or `__proto__` is not a usable key: invalid_parameter_type", () => {
    expectRefused(() => obj({ metadata: { "": "v" } }), "invalid_parameter_type", "options.metadata.");
    expectRefused(() => obj({ metadata: JSON.parse('{"__proto__": "v"}') }), "invalid_parameter_type", "options.metadata.__proto__");
  });

  it("metadata is an option: with it the request is not the shortest form", () => {
    expect(obj({ metadata: {} })).toMatchObject({ metadata: {}, shortestForm: false });
  });
});

describe("query string (DECISIONS.md raw encoding: scalar options only)", () => {
  it("scalar options are read as strings; debug=true|false as a boolean", () => {
    const p = qry({ pages: "1-3", page_markers: "rule", headers_footers: "strip", tables: "html", flavor: "gfm", fallback: "none", ocr: "off", engine: ENGINE_VERSION, debug: "true" });
    expect(p).toMatchObject({ pages: "1-3", debug: true, engineFloating: false, shortestForm: false, paramPrefix: "" });
    expect(p.render).toMatchObject({ pageMarkers: "rule", headersFooters: "strip", tables: "html" });
    expect(qry({ debug: "false" }).debug).toBe(false);
  });

  it.each(["yes", "TRUE", "1", ""])("debug=%j → invalid_parameter_type, param debug", (value) => {
    expect(expectRefused(() => qry({ debug: value }), "invalid_parameter_type", "debug").message).toContain("debug=true or debug=false");
  });

  it.each(["normalize.dehyphenate", "normalize[unicode]", "normalize", "metadata[a]", "metadata"])("nested %s → unknown_parameter saying nested options need multipart", (name) => {
    expect(expectRefused(() => qry({ [name]: "x" }), "unknown_parameter", name).message).toContain("need multipart");
  });

  it("password → unknown_parameter, param password, pointing to the multipart part", () => {
    expect(expectRefused(() => qry({ password: "secret" }), "unknown_parameter", "password").message).toContain("part named password");
  });

  it("a repeated parameter → invalid_parameter_type", () => {
    expectRefused(() => qry({ pages: ["1", "2"] }), "invalid_parameter_type", "pages");
    expect(qry({ pages: ["4"] }).pages).toBe("4");
  });

  it("unknown names, 422 values and engines carry the bare query name as param", () => {
    expectRefused(() => qry({ foo: "1" }), "unknown_parameter", "foo");
    expectRefused(() => qry({ tables: "auto" }), "unsupported_option_value", "tables");
    expectRefused(() => qry({ ocr: "on" }), "ocr_not_available", "ocr");
    expectRefused(() => qry({ engine: "x" }), "engine_not_found", "engine");
    expectRefused(() => qry({ pages: "0" }), "page_range_zero", "pages");
  });

  it("queryOptionNames are exactly the scalar options", () => {
    expect([...queryOptionNames].sort()).toEqual(["debug", "engine", "fallback", "flavor", "headers_footers", "ocr", "page_markers", "pages", "tables"]);
  });
});

describe("POST /v1/toc (DECISIONS.md: engine and pages not accepted; decided: metadata only)", () => {
  it("accepts metadata, runs the alias, and canonicalizes to metadata alone", () => {
    const p = obj({ metadata: { a: "b" } }, "toc");
    expect(p).toMatchObject({ metadata: { a: "b" }, engine: ENGINE_VERSION, engineFloating: true, render: defaultRenderOptions });
    expect(p.canonical).toEqual({ metadata: { a: "b" } });
    expect(obj({}, "toc").canonical).toEqual({ metadata: null });
  });

  it.each(["engine", "pages", "debug", "tables"])("%s → unknown_parameter naming /v1/toc", (name) => {
    const value = name === "debug" ? true : "x";
    expect(expectRefused(() => obj({ [name]: value }, "toc"), "unknown_parameter", `options.${name}`).message).toContain("/v1/toc");
    expectRefused(() => qry({ [name]: String(value) }, "toc"), "unknown_parameter", name);
  });

  it("metadata in the toc query string needs multipart", () => {
    expect(expectRefused(() => qry({ "metadata[a]": "b" }, "toc"), "unknown_parameter", "metadata[a]").message).toContain("need multipart");
  });
});

describe("shortest form and canonical options", () => {
  it("shortestForm only when no option at all was sent", () => {
    expect(obj({}).shortestForm).toBe(true);
    expect(qry({}).shortestForm).toBe(true);
    expect(obj({ debug: false }).shortestForm).toBe(false);
    expect(obj({ pages: null }).shortestForm).toBe(false);
    expect(qry({ tables: "gfm" }).shortestForm).toBe(false);
  });

  it("canonical is independent of field order, and an explicit default equals an omitted one", () => {
    const a = obj({ tables: "html", pages: "1-5", normalize: { unicode: "nfc", dehyphenate: true }, metadata: { b: "2", a: "1" } });
    const b = obj({ metadata: { a: "1", b: "2" }, normalize: { dehyphenate: true, unicode: "nfc" }, pages: "1-5", tables: "html", debug: false });
    expect(canonicalJson(a.canonical)).toBe(canonicalJson(b.canonical));
  });

  it("the same options through the query and the options part are the same request", () => {
    expect(canonicalJson(qry({ pages: "2", tables: "off" }).canonical)).toBe(canonicalJson(obj({ tables: "off", pages: "2" }).canonical));
  });

  it("the shortest form, the alias versus a pin, and metadata change the fingerprint", () => {
    const j = (p: ParsedOptions) => canonicalJson(p.canonical);
    expect(j(obj({}))).not.toBe(j(obj({ debug: false })));
    expect(j(obj({ engine: ENGINE_ALIAS }))).not.toBe(j(obj({ engine: ENGINE_VERSION })));
    expect(j(obj({ metadata: { a: "1" } }))).not.toBe(j(obj({ metadata: { a: "2" } })));
  });

  it("cacheOptions leaves metadata out and keeps everything else", () => {
    const a = obj({ tables: "html", metadata: { a: "1" } });
    const b = obj({ tables: "html", metadata: { a: "2" } });
    expect(cacheOptions(a)).toEqual(cacheOptions(b));
    expect(cacheOptions(a)).not.toHaveProperty("metadata");
    expect(cacheOptions(obj({}))).not.toEqual(cacheOptions(obj({ tables: "gfm" })));
  });
});

describe("option_conflict (DECISIONS.md: debug: true with Accept: text/markdown)", () => {
  it("debug with Markdown → 422 option_conflict", () => {
    const err = expectRefused(() => checkOptionConflicts(obj({ debug: true }), "markdown"), "option_conflict", "options.debug");
    expect(err.status).toBe(422);
    expectRefused(() => checkOptionConflicts(qry({ debug: "true" }), "markdown"), "option_conflict", "debug");
  });

  it("debug with JSON, or Markdown without debug, is fine", () => {
    expect(() => checkOptionConflicts(obj({ debug: true }), "json")).not.toThrow();
    expect(() => checkOptionConflicts(obj({ debug: false }), "markdown")).not.toThrow();
  });
});

describe("messages (SPEC.md: caller text capped at 128 characters, control characters stripped)", () => {
  it("an unknown field's name is sanitized in the message and in the envelope's param", () => {
    const name = "\u001b[31m" + "x".repeat(1000);
    const err = expectRefused(() => obj({ [name]: 1 }), "unknown_parameter", `options.${name}`);
    expect(err.message).not.toContain("\u001b");
    expect(err.message.length).toBeLessThan(600);
    const envelope = err.toEnvelope("req_test", "http://svc.test/docs");
    expect(envelope.error.param?.length).toBeLessThanOrEqual(limits.callerStringCharsMax);
  });

  it("a 422 message names the input, the fault and the fix", () => {
    expect(refusal(() => obj({ tables: "auto" })).message).toMatch(/options\.tables "auto" is not available.*Use gfm, html, off, or omit tables/);
  });
});
