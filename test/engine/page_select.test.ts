// Page expressions: each test is named by the SPEC.md / DECISIONS.md rule it checks.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { DocumentError, type DocumentErrorCode } from "../../src/engine/errors.js";
import {
  LAST,
  boundedCount,
  canonicalSelection,
  isBounded,
  parsePageExpression,
  resolveSelection,
  type ParsedSelection,
} from "../../src/engine/page_select.js";

function caught(fn: () => unknown): DocumentError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DocumentError) return err;
    throw err;
  }
  throw new Error("expected a DocumentError");
}

function codeOf(fn: () => unknown): DocumentErrorCode {
  return caught(fn).code;
}

const select = (expr: string, pageCount: number, max?: number) => resolveSelection(parsePageExpression(expr), pageCount, max);
const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

describe("grammar", () => {
  it("SPEC: a range is a single page N", () => {
    expect(parsePageExpression("7").ranges).toEqual([{ start: 7, end: 7, text: "7" }]);
    expect(select("3", 10)).toEqual([3]);
  });

  it("SPEC: a range is an ascending A-B", () => {
    expect(select("2-4", 10)).toEqual([2, 3, 4]);
    expect(select("4-4", 10)).toEqual([4]);
  });

  it("SPEC: an open-ended range N-last", () => {
    expect(parsePageExpression("10-last").ranges[0]).toMatchObject({ start: 10, end: LAST });
    expect(select("8-last", 10)).toEqual([8, 9, 10]);
  });

  it("SPEC: comma-separated list; overlapping ranges count each page once", () => {
    expect(select("1-5,3-7", 10)).toEqual(range(1, 7));
    expect(select("9,1-2,2", 10)).toEqual([1, 2, 9]);
  });

  it("DECISIONS: last alone, last-last and last as a range start", () => {
    expect(select("last", 10)).toEqual([10]);
    expect(select("last-last", 10)).toEqual([10]);
    expect(select("1,last", 10)).toEqual([1, 10]);
    expect(select("last-12", 10)).toEqual([10]);
  });

  it("DECISIONS: whitespace around numbers, commas and dashes is allowed", () => {
    expect(select(" 1 - 3 ,\t5 ,  last ", 10)).toEqual([1, 2, 3, 5, 10]);
    expect(select("2 -last", 4)).toEqual([2, 3, 4]);
    expect(select("\n1\r\n", 4)).toEqual([1]);
  });

  it("DECISIONS: leading zeros are allowed", () => {
    expect(select("007-0010", 20)).toEqual(range(7, 10));
    expect(parsePageExpression("01").ranges[0].start).toBe(1);
  });

  it.each([
    "", "   ", ",", "1,", ",1", "1,,2", "1-", "-1", "1--2", "1-2-3", "1 2", "a", "1a", "1.5", "+1",
    "1_000", "1e3", "0x10", "LAST", "Last", "first", "lastlast", "last5", "la st", "1 0", "1;2",
    "\uff11", "1-las", "last-", "1\u00a0-2", "\u0661",
  ])("DECISIONS: anything else is page_range_invalid (%j)", (expr) => {
    expect(codeOf(() => parsePageExpression(expr))).toBe("page_range_invalid");
  });

  it("SPEC: page_range_invalid names the input, where it fails, and the fix", () => {
    const err = caught(() => parsePageExpression("1-5;9"));
    expect(err.message).toContain('"1-5;9"');
    expect(err.message).toContain("character 4");
    expect(err.message).toContain("such as 1-5,9,12-last");
    expect(err.details).toMatchObject({ position: 4 });
    expect(caught(() => parsePageExpression("")).message).toContain("empty");
  });

  it("SPEC message rules: the quoted input is capped at 128 characters with control characters stripped", () => {
    const expr = `1\u0000\u001b${"x".repeat(500)}`;
    const err = caught(() => parsePageExpression(expr));
    expect(err.code).toBe("page_range_invalid");
    expect(err.message).not.toMatch(/\p{Cc}/u);
    expect(err.message).toContain(`"1${"x".repeat(127)}"`);
    expect(err.message).not.toContain("x".repeat(128));
    expect(err.message).toContain("found U+0000");
  });

  it("a syntax error outranks page 0 or a descending range elsewhere in the expression", () => {
    expect(codeOf(() => parsePageExpression("0,5-2,x"))).toBe("page_range_invalid");
  });
});

describe("size limits", () => {
  it("SPEC: over 2,048 characters is page_range_too_complex, checked before parsing", () => {
    const err = caught(() => parsePageExpression("x".repeat(limits.pageExpressionCharsMax + 1)));
    expect(err.code).toBe("page_range_too_complex");
    expect(err.details).toEqual({ expression_chars: 2_049, max_chars: 2_048 });
  });

  it("SPEC: exactly 2,048 characters is accepted", () => {
    const expr = `1-${"0".repeat(2_045)}9`;
    expect(expr).toHaveLength(2_048);
    expect(select(expr, 20)).toEqual(range(1, 9));
  });

  it("SPEC: 1,000 ranges are accepted, 1,001 are page_range_too_complex", () => {
    const ranges = (n: number) => Array.from({ length: n }, (_, i) => String((i % 9) + 1)).join(",");
    expect(parsePageExpression(ranges(1_000)).ranges).toHaveLength(1_000);
    const err = caught(() => parsePageExpression(ranges(1_001)));
    expect(err.code).toBe("page_range_too_complex");
    expect(err.details).toEqual({ range_count: 1_001, max_ranges: 1_000 });
  });
});

describe("page 0 and descending ranges", () => {
  it.each(["0", "000", "0-3", "2-0", "1,0", "0-last", "last-0"])("SPEC: page 0 is page_range_zero (%j)", (expr) => {
    expect(codeOf(() => parsePageExpression(expr))).toBe("page_range_zero");
  });

  it("SPEC: a descending range A-B is page_range_reversed, at parse time", () => {
    const err = caught(() => parsePageExpression("1,5-2"));
    expect(err.code).toBe("page_range_reversed");
    expect(err.message).toContain('"5-2"');
    expect(err.message).toContain("such as 2-5");
    expect(codeOf(() => parsePageExpression("010-9"))).toBe("page_range_reversed");
  });

  it("SPEC: descending is decided on the exact numbers, even beyond safe integers", () => {
    expect(codeOf(() => parsePageExpression("99999999999999999999-99999999999999999998"))).toBe("page_range_reversed");
    expect(parsePageExpression("99999999999999999998-99999999999999999999").ranges).toHaveLength(1);
  });

  it("page 0 outranks reversed within a range, and the first faulty range decides", () => {
    expect(codeOf(() => parsePageExpression("3-0"))).toBe("page_range_zero");
    expect(codeOf(() => parsePageExpression("5-2,0"))).toBe("page_range_reversed");
  });

  it("DECISIONS (last as a range start): last-N is page_range_reversed once the document puts last after N", () => {
    expect(parsePageExpression("last-5").ranges).toHaveLength(1);
    const err = caught(() => select("last-5", 10));
    expect(err.code).toBe("page_range_reversed");
    expect(err.details).toMatchObject({ page_count: 10 });
    expect(select("last-5", 5)).toEqual([5]);
    expect(select("last-5", 3)).toEqual([3]);
  });
});

describe("bounded selections and the credit hold", () => {
  it("SPEC credit hold: a bounded expression holds exactly the selected count; unbounded ones involve last", () => {
    expect(isBounded(parsePageExpression("1-5,9"))).toBe(true);
    expect(isBounded(parsePageExpression("10-last"))).toBe(false);
    expect(isBounded(parsePageExpression("last"))).toBe(false);
    expect(isBounded(parsePageExpression("1,last-9"))).toBe(false);
  });

  it("SPEC: 1-5,3-7 selects 7", () => {
    expect(boundedCount(parsePageExpression("1-5,3-7"))).toBe(7);
    expect(boundedCount(parsePageExpression("1-5,9"))).toBe(6);
    expect(boundedCount(parsePageExpression("1-3,4-6,6"))).toBe(6);
  });

  it("DECISIONS: the hold counts pages past the document's end (1-10 holds 10)", () => {
    expect(boundedCount(parsePageExpression("1-10"))).toBe(10);
    expect(select("1-10", 6)).toHaveLength(6);
  });

  it("boundedCount refuses an unbounded selection", () => {
    expect(() => boundedCount(parsePageExpression("3-last"))).toThrow(TypeError);
  });

  it("SPEC limits: 1,000 ranges of huge spans are counted without listing pages", () => {
    // 1,000 spans this wide do not fit in 2,048 characters, so the selection is built directly.
    const ranges = Array.from({ length: 1_000 }, (_, i) => ({ start: i * 500_000_000 + 1, end: i * 500_000_000 + 1_000_000_000, text: "" }));
    const parsed: ParsedSelection = { expression: "", ranges: ranges.reverse() };
    const started = performance.now();
    expect(boundedCount(parsed)).toBe(999 * 500_000_000 + 1_000_000_000);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("a number too large for any document is safe: counted exactly, beyond every document", () => {
    const huge = parsePageExpression("1-99999999999999999999");
    expect(Number.isSafeInteger(boundedCount(huge))).toBe(true);
    expect(resolveSelection(huge, 6)).toEqual(range(1, 6));
    expect(codeOf(() => select("99999999999999999999", 6))).toBe("page_range_out_of_bounds");
    expect(boundedCount(parsePageExpression("1000000000-1000000009"))).toBe(10);
  });
});

describe("resolution against the document", () => {
  it("DECISIONS: pages omitted or null selects every page", () => {
    expect(resolveSelection(null, 4)).toEqual([1, 2, 3, 4]);
  });

  it("DECISIONS: a bounded range running past the end is clipped (1-10 on 6 pages → 6 pages)", () => {
    expect(select("1-10", 6)).toEqual(range(1, 6));
    expect(select("3,100", 6)).toEqual([3]);
  });

  it("SPEC: a selection lying wholly beyond the document is page_range_out_of_bounds", () => {
    for (const expr of ["7", "7-9", "10-last", "7,20-30"]) {
      const err = caught(() => select(expr, 6));
      expect(err.code).toBe("page_range_out_of_bounds");
      expect(err.details).toEqual({ page_count: 6 });
      expect(err.message).toContain("from 1 to 6");
    }
  });

  it("SPEC: a selection over 200 pages is too_many_pages, with DECISIONS details", () => {
    expect(resolveSelection(null, 200)).toHaveLength(200);
    const err = caught(() => resolveSelection(null, 201));
    expect(err.code).toBe("too_many_pages");
    expect(err.details).toEqual({ page_count: 201, pages_selected_count: 201, max_selected_pages: 200 });
    expect(caught(() => select("10-last", 300)).details).toEqual({ page_count: 300, pages_selected_count: 291, max_selected_pages: 200 });
  });

  it("DECISIONS test keys: more than 5 selected pages is too_many_pages with max_selected_pages 5", () => {
    expect(select("1-5", 10, limits.testKeySelectedPagesMax)).toEqual(range(1, 5));
    const err = caught(() => select("1-3,5-7", 10, limits.testKeySelectedPagesMax));
    expect(err.details).toEqual({ page_count: 10, pages_selected_count: 6, max_selected_pages: 5 });
  });

  it("too_many_pages is decided on counts, not by listing a billion pages", () => {
    const started = performance.now();
    const err = caught(() => select("1-last", 1_000_000_000));
    expect(err.details).toMatchObject({ pages_selected_count: 1_000_000_000 });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("rejects a page count that is not a positive integer (a programmer error, not a DocumentError)", () => {
    expect(() => resolveSelection(null, 0)).toThrow(RangeError);
    expect(() => resolveSelection(null, 2.5)).toThrow(RangeError);
  });
});

describe("canonicalSelection", () => {
  it("SPEC document.pages_selected: every page of an N-page document is 1-N", () => {
    expect(canonicalSelection(resolveSelection(null, 6))).toBe("1-6");
    expect(canonicalSelection([1])).toBe("1");
  });

  it("compacts runs and keeps singletons: 1-5,9", () => {
    expect(canonicalSelection([1, 2, 3, 4, 5, 9])).toBe("1-5,9");
    expect(canonicalSelection([9, 1, 3, 3, 2])).toBe("1-3,9");
    expect(canonicalSelection([1, 3, 5])).toBe("1,3,5");
    expect(canonicalSelection([])).toBe("");
  });
});

// A reference model that lists every page, against which the interval code is checked.
type Bound = number | "last";
type ModelRange = { a: Bound; b: Bound | null };

function model(ranges: ModelRange[], pageCount: number, max: number): { pages: number[] } | { code: DocumentErrorCode } {
  for (const { a, b } of ranges) {
    if (a === 0 || b === 0) return { code: "page_range_zero" };
    if (typeof a === "number" && typeof b === "number" && a > b) return { code: "page_range_reversed" };
  }
  const pages = new Set<number>();
  for (const { a, b } of ranges) {
    const lo = a === "last" ? pageCount : a;
    const hi = b === null ? lo : b === "last" ? pageCount : b;
    if (a === "last" && typeof b === "number" && pageCount > b) return { code: "page_range_reversed" };
    for (let p = lo; p <= hi; p += 1) if (p <= pageCount) pages.add(p);
  }
  if (pages.size === 0) return { code: "page_range_out_of_bounds" };
  if (pages.size > max) return { code: "too_many_pages" };
  return { pages: [...pages].sort((x, y) => x - y) };
}

const boundArb: fc.Arbitrary<Bound> = fc.oneof(fc.integer({ min: 0, max: 15 }), fc.constant<"last">("last"));
const rangeArb = fc.record({ a: boundArb, b: fc.option(boundArb, { nil: null }) });
const spaceArb = fc.constantFrom("", "", " ", "\t", "  ");
const zerosArb = fc.constantFrom("", "", "0", "00");

const expressionArb = fc
  .array(fc.tuple(rangeArb, fc.array(spaceArb, { minLength: 4, maxLength: 4 }), zerosArb), { minLength: 1, maxLength: 6 })
  .map((items) => ({
    ranges: items.map(([r]) => r),
    text: items
      .map(([{ a, b }, [s1, s2, s3, s4], zeros]) => {
        const show = (x: Bound) => (x === "last" ? x : `${zeros}${x}`);
        return `${s1}${show(a)}${b === null ? "" : `${s2}-${s3}${show(b)}`}${s4}`;
      })
      .join(","),
  }));

function actual(text: string, pageCount: number, max: number): { pages: number[] } | { code: DocumentErrorCode } {
  try {
    return { pages: resolveSelection(parsePageExpression(text), pageCount, max) };
  } catch (err) {
    if (err instanceof DocumentError) return { code: err.code };
    throw err;
  }
}

describe("properties", () => {
  it("resolveSelection equals a reference model that lists every page", () => {
    fc.assert(
      fc.property(expressionArb, fc.integer({ min: 1, max: 12 }), fc.constantFrom(5, 8, 200), ({ ranges, text }, pageCount, max) => {
        expect(actual(text, pageCount, max)).toEqual(model(ranges, pageCount, max));
      }),
      { numRuns: 2_000 },
    );
  });

  it("boundedCount equals the size of the listed union for bounded expressions", () => {
    const bounded = fc.array(fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 10 })), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(bounded, (spans) => {
        const parsed: ParsedSelection = parsePageExpression(spans.map(([a, len]) => `${a}-${a + len}`).join(","));
        const union = new Set(spans.flatMap(([a, len]) => range(a, a + len)));
        expect(isBounded(parsed)).toBe(true);
        expect(boundedCount(parsed)).toBe(union.size);
      }),
    );
  });

  it("canonicalSelection round-trips: its expression selects the same pages", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 30 }), (pages) => {
        const sorted = [...pages].sort((a, b) => a - b);
        expect(resolveSelection(parsePageExpression(canonicalSelection(pages)), 30, 30)).toEqual(sorted);
      }),
    );
  });
});
