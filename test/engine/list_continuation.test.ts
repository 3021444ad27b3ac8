// A nested list the page break cuts goes on at its depth (render/list_continuation.ts, issue 9:
// "lists from every marker a PDF draws … nesting by indent", across pages as on one: expat's
// contents, a manual's option lists, a thesis class's values).
import { describe, expect, it } from "vitest";
import { analyseDocument } from "../../src/engine/render/document.js";
import { type ListHead, type ListTail, nestUnderLastPage } from "../../src/engine/render/list_continuation.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, ok, page } from "../support/layout.js";

/** Two pages of items, each [x of its bullet, text], converted and assembled. */
function convert(first: [number, string][], second: [number, string][], pageMarkers: "none" | "rule" = "none"): string {
  const pageOf = (n: number, items: [number, string][]) => page(n, items.map(([x, text], k) => line(`• ${text}`, { x, y: 100 + 14 * k })));
  return analyseDocument({
    pageCount: 2,
    selected: [1, 2],
    selectionExpression: "1-2",
    outcomes: [ok(pageOf(1, first)), ok(pageOf(2, second))],
    outline: null,
    hasXfa: false,
    options: { ...defaultRenderOptions, pageMarkers },
  }).markdown;
}

const contents: [number, string][] = [
  [72, "Overview of the parser"],
  [72, "Reference of the functions"],
  [90, "Parser creation functions"],
  [108, "XML_ParserCreate"],
  [108, "XML_ParserFree"],
];

describe("assembly: a nested list the page break cuts goes on at its depth (list_continuation.ts)", () => {
  it("nests the next page's items under the last page's, by where their markers stand", () => {
    const markdown = convert(contents, [
      [108, "XML_ParserReset"],
      [90, "Parsing functions"],
      [108, "XML_Parse"],
      [72, "Billion laughs protection"],
    ]);
    expect(markdown).toContain(
      [
        "    - XML_ParserFree",
        "    - XML_ParserReset",
        "  - Parsing functions",
        "    - XML_Parse",
        "- Billion laughs protection",
      ].join("\n"),
    );
  });

  it("goes on nesting over a third page, under the second as nested", () => {
    const pages = [contents, [[108, "XML_ParserReset"], [90, "Parsing functions"]], [[108, "XML_Parse"], [108, "XML_GetBuffer"]]] as [number, string][][];
    const markdown = analyseDocument({
      pageCount: 3,
      selected: [1, 2, 3],
      selectionExpression: "1-3",
      outcomes: pages.map((items, i) => ok(page(i + 1, items.map(([x, text], k) => line(`• ${text}`, { x, y: 100 + 14 * k }))))),
      outline: null,
      hasXfa: false,
      options: defaultRenderOptions,
    }).markdown;
    expect(markdown).toContain("  - Parsing functions\n    - XML_Parse\n    - XML_GetBuffer\n");
  });

  it("leaves a page whose first item stands at the list's first depth, at no depth of it, or after page markers", () => {
    expect(convert(contents, [[72, "Miscellaneous functions"]])).toContain("    - XML_ParserFree\n\n- Miscellaneous functions");
    // Mirrored margins move the next page's list by more than the tolerance: it is not taken for deeper.
    expect(convert(contents, [[100, "Another list on a page set in"]])).toContain("    - XML_ParserFree\n\n- Another list");
    expect(convert(contents, [[108, "XML_ParserReset"]], "rule")).toContain("XML_ParserFree\n\n---\n\n- XML_ParserReset");
  });
});

describe("nestUnderLastPage (list_continuation.ts)", () => {
  const fact = (x: number, indent: string, line: number, marker = "-") => ({ x, em: 10, ordered: marker !== "-", marker, indent, line });
  const tail: ListTail = { items: [fact(72, "", -1), fact(90, "  ", -1)], xs: [72, 90, 108] };

  it("sets in the item's own lines and the blocks under it, and hands on the page's list as nested", () => {
    const head: ListHead = { items: [fact(90, "", 0), fact(108, "  ", 3)], end: 4 };
    const text = "- Item going on\n\n  A paragraph under it.\n  - Its child\n\nA paragraph after the list.";
    const nested = nestUnderLastPage(tail, head, { items: [fact(90, "", 0), fact(108, "  ", 3)], xs: [90, 108] }, text);
    expect(nested?.text).toBe("  - Item going on\n\n    A paragraph under it.\n    - Its child\n\nA paragraph after the list.");
    expect(nested?.tail?.items.map((item) => [item.x, item.indent])).toEqual([
      [72, ""],
      [90, "  "],
      [108, "    "],
    ]);
  });

  it("keeps a later list's own tail, and nests no numbered item under bullets", () => {
    const head: ListHead = { items: [fact(90, "", 0)], end: 1 };
    const later: ListTail = { items: [fact(72, "", -1)], xs: [72] };
    expect(nestUnderLastPage(tail, head, later, "- Item going on\n\nText.\n\n- Another list")?.tail).toBe(later);
    expect(nestUnderLastPage(tail, { items: [fact(90, "", 0, "1.")], end: 1 }, undefined, "1. A step")).toBeNull();
  });
});
