// analyse.ts over synthetic PageOutcome lists: warnings and billing facts (SPEC.md §Cost
// function, §Warning), page offsets, options, truncation (DECISIONS.md §Conversion).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { type AnalyseInput, analyseDocument, assembleDocument, planDocumentPass, renderHeldPages } from "../../src/engine/render/document.js";
import { type LaidOutPage, layOutOutcomes } from "../../src/engine/layout/page_layout.js";
import { renderLaidOutPage } from "../../src/engine/render/page.js";
import { DocumentError } from "../../src/engine/errors.js";
import type { Line, PageModel, PageOutcome } from "../../src/engine/model.js";
import { defaultRenderOptions, type EngineWarning, type RenderOptions } from "../../src/engine/result.js";
import { failed, line, ok, page } from "../support/layout.js";

/** A page holding one line of text. */
function textPage(n: number, text: string, spec: { chars?: number } = {}): PageModel {
  return page(n, [line(text, { y: 300 })], spec);
}

/** The pages assembled with `markdowns` as their rendered Markdown (each page laid out from a
 *  line of text, its Markdown given): the page joins of render/page_joins.ts, on their own. */
function assemble(markdowns: string[], pageMarkers: "none" | "rule" = "none") {
  const input: AnalyseInput = {
    pageCount: markdowns.length,
    selected: markdowns.map((_, i) => i + 1),
    selectionExpression: `1-${markdowns.length}`,
    outcomes: markdowns.map((_, i) => ok(textPage(i + 1, `Page ${i + 1} text`))),
    outline: null,
    hasXfa: false,
    options: { ...defaultRenderOptions, pageMarkers },
  };
  const held = new Map<number, LaidOutPage>();
  const planned = planDocumentPass(input, layOutOutcomes(input.outcomes, false, held));
  const rendered = new Map(markdowns.map((markdown, i) => [i + 1, { page: i + 1, markdown, columns: 1, links: [] }]));
  return assembleDocument(input, planned, rendered);
}

function blankPage(n: number): PageModel {
  return page(n, [], { chars: 0 });
}

function analyse(outcomes: PageOutcome[], options: Partial<RenderOptions> = {}, extra: Partial<AnalyseInput> = {}) {
  const selected = outcomes.map((o) => (o.ok ? o.model.page : o.page));
  return analyseDocument({
    pageCount: Math.max(...selected),
    selected,
    selectionExpression: `1-${Math.max(...selected)}`,
    outcomes,
    outline: null,
    hasXfa: false,
    options: { ...defaultRenderOptions, ...options },
    ...extra,
  });
}

function warning(warnings: EngineWarning[], code: string): EngineWarning | undefined {
  return warnings.find((w) => w.code === code);
}

/** SPEC.md §Cost function: pages in critical page-scope warnings ⇔ pages_not_billed. */
function criticalPages(warnings: EngineWarning[]): number[] {
  const pages = new Set(warnings.filter((w) => w.severity === "critical" && w.scope === "page").flatMap((w) => w.pages));
  return [...pages].sort((a, b) => a - b);
}

describe("analyseDocument: warnings and billing (SPEC.md §Cost function)", () => {
  it("warns page_has_no_text_layer (critical, page scope, not billed) for a page with 0 characters", () => {
    const r = analyse([ok(textPage(1, "First page")), ok(blankPage(2)), ok(textPage(3, "Third page"))]);
    expect(warning(r.warnings, "page_has_no_text_layer")).toMatchObject({ severity: "critical", scope: "page", pages: [2], billed: false });
    expect(r.pages_not_billed).toEqual([2]);
    expect(r.pages_billed).toBe(2);
  });

  it.each(["page_render_failed", "page_budget_exceeded"] as const)("turns a %s outcome into a critical page warning", (code) => {
    const r = analyse([ok(textPage(1, "First page")), failed(2, code), ok(textPage(3, "Third page"))]);
    expect(warning(r.warnings, code)).toMatchObject({ severity: "critical", scope: "page", pages: [2], billed: false });
    expect(r.pages_not_billed).toEqual([2]);
    // The failed page keeps its place in pages[], with no Markdown.
    expect(r.pages.map((p) => [p.page, p.extraction, p.markdown_length])).toEqual([
      [1, "mupdf", "First page".length],
      [2, null, 0],
      [3, "mupdf", "Third page".length],
    ]);
  });

  it("bills pages processed minus the union of pages in critical page warnings (the invariant)", () => {
    const r = analyse([
      ok(textPage(1, "One")),
      ok(blankPage(2)),
      failed(3, "page_render_failed"),
      ok(textPage(4, "Four")),
      failed(5, "page_budget_exceeded"),
      ok(blankPage(6)),
      failed(7, "page_render_failed"),
    ]);
    expect(r.pages_not_billed).toEqual([2, 3, 5, 6, 7]);
    expect(criticalPages(r.warnings)).toEqual(r.pages_not_billed);
    expect(r.pages_processed).toBe(7);
    expect(r.pages_billed).toBe(7 - 5);
    // One warning object per code, pages ascending.
    expect(warning(r.warnings, "page_has_no_text_layer")?.pages).toEqual([2, 6]);
    expect(warning(r.warnings, "page_render_failed")?.pages).toEqual([3, 7]);
    expect(r.warnings.filter((w) => w.code === "page_render_failed")).toHaveLength(1);
  });

  it("bills every page and adds no critical warning when every page has text", () => {
    const r = analyse([ok(textPage(1, "One")), ok(textPage(2, "Two"))]);
    expect(r.pages_not_billed).toEqual([]);
    expect(r.pages_billed).toBe(2);
    expect(r.warnings.filter((w) => w.severity === "critical")).toEqual([]);
  });

  it("throws document_has_no_text_layer when no selected page has text", () => {
    const run = () => analyse([ok(blankPage(1)), failed(2, "page_render_failed"), ok(blankPage(3))]);
    expect(run).toThrow(DocumentError);
    try {
      run();
    } catch (err) {
      expect((err as DocumentError).code).toBe("document_has_no_text_layer");
    }
  });

  // Issue 12 item 4b: pages lost to the page budget or to render failures are not a missing
  // text layer; the verdict says what happened (DECISIONS.md §Conversion budgets).
  it("throws document_too_complex, not document_has_no_text_layer, when the page budget took every page with content", () => {
    const codeOf = (run: () => unknown) => {
      try {
        run();
      } catch (err) {
        return err as DocumentError;
      }
      throw new Error("no error");
    };
    const all = codeOf(() => analyse([failed(1, "page_budget_exceeded"), failed(2, "page_budget_exceeded")]));
    expect(all.code).toBe("document_too_complex");
    expect(all.details).toMatchObject({ pages_over_budget: [1, 2] });
    expect(codeOf(() => analyse([ok(blankPage(1)), failed(2, "page_budget_exceeded")])).code).toBe("document_too_complex");
    const rendered = codeOf(() => analyse([failed(1, "page_render_failed"), failed(2, "page_render_failed")]));
    expect(rendered.code).toBe("pdf_parse_failed");
    expect(rendered.details).toMatchObject({ pages_render_failed: [1, 2] });
  });

  it("always carries metadata_unavailable (info, document scope)", () => {
    for (const r of [analyse([ok(textPage(1, "One"))]), analyse([ok(textPage(1, "One")), ok(blankPage(2))])]) {
      expect(warning(r.warnings, "metadata_unavailable")).toMatchObject({ severity: "info", scope: "document", pages: [] });
    }
  });
});

describe("analyseDocument: the Markdown document", () => {
  it("separates pages with a blank line by default and with a thematic break under page_markers=rule", () => {
    const outcomes = [ok(textPage(1, "Alpha")), ok(textPage(2, "Beta")), ok(textPage(3, "Gamma"))];
    expect(analyse(outcomes).markdown).toBe("Alpha\n\nBeta\n\nGamma\n");
    expect(analyse(outcomes, { pageMarkers: "rule" }).markdown).toBe("Alpha\n\n---\n\nBeta\n\n---\n\nGamma\n");
  });

  it("does not put a separator where a page produced nothing", () => {
    const r = analyse([ok(textPage(1, "Alpha")), ok(blankPage(2)), ok(textPage(3, "Gamma"))], { pageMarkers: "rule" });
    expect(r.markdown).toBe("Alpha\n\n---\n\nGamma\n");
  });

  it("gives each page a UTF-16 offset and length that slice markdown to exactly its text", () => {
    // "😀" is one code point but two UTF-16 units: offsets after it prove the unit.
    const texts = ["Smile 😀 please", "Second page 𝒜 here", "Third"];
    for (const pageMarkers of ["none", "rule"] as const) {
      const r = analyse(texts.map((t, i) => ok(textPage(i + 1, t))), { pageMarkers });
      expect(r.pages.map((p) => r.markdown.slice(p.markdown_offset, p.markdown_offset + p.markdown_length))).toEqual(texts);
      expect(r.pages[0].markdown_length).toBe(15);
      expect(r.pages[1].markdown_offset).toBe(15 + (pageMarkers === "rule" ? 7 : 2));
    }
  });

  it("composes 'e\\u0301' into 'é' under unicode=nfc and leaves it decomposed by default", () => {
    const outcomes = [ok(textPage(1, "Caf\u0065\u0301 cre\u0300me"))];
    expect(analyse(outcomes, { unicode: "nfc" }).markdown).toBe("Caf\u00e9 cr\u00e8me\n");
    expect(analyse(outcomes).markdown).toBe("Cafe\u0301 cre\u0300me\n");
  });

  it("keeps page offsets exact after NFC shortens the text", () => {
    const r = analyse([ok(textPage(1, "e\u0301e\u0301e\u0301")), ok(textPage(2, "Next"))], { unicode: "nfc" });
    expect(r.pages.map((p) => r.markdown.slice(p.markdown_offset, p.markdown_offset + p.markdown_length))).toEqual(["\u00e9\u00e9\u00e9", "Next"]);
  });

  it("sets content_sha256 to the SHA-256 of the Markdown's UTF-8 bytes", () => {
    const r = analyse([ok(textPage(1, "Smile 😀 naïve")), ok(textPage(2, "Two"))]);
    expect(r.content_sha256).toBe(createHash("sha256").update(Buffer.from(r.markdown, "utf8")).digest("hex"));
    expect(r.content_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("rounds text_layer_coverage (selected pages with text ÷ selected pages) to 4 decimals", () => {
    const one = analyse([ok(textPage(1, "One")), ok(blankPage(2)), ok(blankPage(3))]);
    expect(one.text_layer_coverage).toBe(0.3333);
    const two = analyse([ok(textPage(1, "One")), ok(textPage(2, "Two")), failed(3, "page_render_failed")]);
    expect(two.text_layer_coverage).toBe(0.6667);
    const sevenths = analyse([ok(textPage(1, "One")), ...[2, 3, 4, 5, 6, 7].map((n) => ok(blankPage(n)))]);
    expect(sevenths.text_layer_coverage).toBe(0.1429);
    expect(analyse([ok(textPage(1, "One"))]).text_layer_coverage).toBe(1);
  });

  it("reports the selection facts it was given", () => {
    const r = analyse([ok(textPage(2, "Two")), ok(textPage(4, "Four"))], {}, { pageCount: 9, selected: [2, 4], selectionExpression: "2,4" });
    expect(r).toMatchObject({ page_count: 9, pages_selected: "2,4", pages_selected_count: 2, pages_processed: 2 });
  });

  it("lists links with their page, url and text", () => {
    const l = line("Example site", { y: 300 });
    const model = page(1, [l], { links: [{ x0: l.x0, y0: l.y0, x1: l.x1, y1: l.y1, uri: "https://example.com/" }] });
    const r = analyse([ok(model)]);
    expect(r.links).toEqual([{ page: 1, url: "https://example.com/", text: "Example site" }]);
    expect(r.markdown).toBe("[Example site](https://example.com/)\n");
  });

  it("adds debug information only when options.debug is set", () => {
    const outcomes = [ok(textPage(1, "One")), ok(blankPage(2))];
    expect(analyse(outcomes).debug).toBeUndefined();
    const debug = analyse(outcomes, { debug: true }).debug;
    expect(debug?.pages.map((p) => [p.page, p.extraction])).toEqual([
      [1, "mupdf"],
      [2, "mupdf"],
    ]);
    expect(debug?.body_size).toBe(10);
    expect(debug?.heading_levels).toEqual([]);
  });
});

describe("analyseDocument: truncation at limits.resultMarkdownBytesMax (DECISIONS.md §Conversion)", () => {
  const BYTES_MAX = limits.resultMarkdownBytesMax;
  // A page can hold at most limits.pageCharsMax characters, so an oversized result needs
  // several pages; CJK text (3 UTF-8 bytes a character) gets there in three.
  const CJK_CHARS = 1_900_000;
  const cjkPage = (n: number) => textPage(n, "中".repeat(CJK_CHARS), { chars: CJK_CHARS });

  it("cuts at a page boundary: the pages after the limit are dropped, warned and not billed", () => {
    const l = line("Link on a cut page", { y: 100 });
    const linked = page(4, [l, line("後".repeat(1000), { y: 300 })], {
      links: [{ x0: l.x0, y0: l.y0, x1: l.x1, y1: l.y1, uri: "https://example.com/cut" }],
    });
    const r = analyse([ok(cjkPage(1)), ok(cjkPage(2)), ok(cjkPage(3)), ok(linked), ok(textPage(5, "Short last page"))]);
    // 2 × 5.7 MB fit in 16 MiB; the third page would pass it.
    expect(Buffer.byteLength(r.markdown, "utf8")).toBeLessThanOrEqual(BYTES_MAX);
    expect(r.markdown).toBe("中".repeat(CJK_CHARS) + "\n\n" + "中".repeat(CJK_CHARS) + "\n");
    expect(r.pages.map((p) => p.page)).toEqual([1, 2]);
    expect(warning(r.warnings, "result_truncated")).toMatchObject({ severity: "info", scope: "document", pages: [3, 4, 5] });
    expect(warning(r.warnings, "page_budget_exceeded")).toMatchObject({ severity: "critical", scope: "page", pages: [3, 4, 5], billed: false });
    expect(r.pages_not_billed).toEqual([3, 4, 5]);
    expect(r.pages_billed).toBe(2);
    expect(criticalPages(r.warnings)).toEqual(r.pages_not_billed);
    expect(r.content_sha256).toBe(createHash("sha256").update(r.markdown, "utf8").digest("hex"));
  });

  it("does not truncate a result just under the limit", () => {
    const r = analyse([ok(cjkPage(1)), ok(cjkPage(2))]);
    expect(warning(r.warnings, "result_truncated")).toBeUndefined();
    expect(r.pages_billed).toBe(2);
  });

  // Regression (fixed): links are collected from a page before the page is known to fit (analyse.ts: the
  // `if (cut.length === 0) … links.push` runs before the size check that cuts the page), so
  // the first page cut still contributes its links to `links` although its Markdown is not
  // delivered.
  it("lists no links from the first page cut", () => {
    const l = line("Link on the first cut page", { y: 100 });
    const linked = page(3, [l, line("中".repeat(CJK_CHARS), { y: 300 })], {
      chars: CJK_CHARS,
      links: [{ x0: l.x0, y0: l.y0, x1: l.x1, y1: l.y1, uri: "https://example.com/cut" }],
    });
    const r = analyse([ok(cjkPage(1)), ok(cjkPage(2)), ok(linked)]);
    expect(warning(r.warnings, "result_truncated")?.pages).toEqual([3]);
    expect(r.links).toEqual([]);
  });

  // Regression (fixed): the size check counts each page's bytes plus a separator, but the final "\n" that
  // analyseDocument appends after the loop is not counted, so a result that reaches the
  // limit exactly is delivered one byte over it (analyse.ts, `if (markdown !== "")
  // markdown += "\n"` after the per-page check `markdownBytes + pieceBytes > max`).
  it("never delivers more than resultMarkdownBytesMax bytes, final newline included", () => {
    const first = "a".repeat(BYTES_MAX - 2 - 1000);
    const r = analyse([ok(textPage(1, first, { chars: first.length })), ok(textPage(2, "b".repeat(1000)))]);
    expect(Buffer.byteLength(r.markdown, "utf8")).toBeLessThanOrEqual(BYTES_MAX);
  });
});

describe("analyseDocument: a fault in the layout heuristics costs its page, not the document (SPEC.md §Warning page_render_failed)", () => {
  /** A page whose span has no text: the heuristics read text from every span, and throw. */
  function brokenPage(n: number): PageModel {
    const model = textPage(n, "Broken page");
    const bad = { ...model.lines[0], spans: [{ ...model.lines[0].spans[0], text: null as unknown as string }] };
    return { ...model, lines: [bad] };
  }

  it("delivers the other pages and gives the faulty one page_render_failed, not billed", () => {
    const r = analyse([ok(textPage(1, "First page")), ok(brokenPage(2)), ok(textPage(3, "Third page"))]);
    expect(warning(r.warnings, "page_render_failed")).toMatchObject({ severity: "critical", scope: "page", pages: [2], billed: false });
    expect(r.pages_not_billed).toEqual([2]);
    expect(r.pages_billed).toBe(2);
    expect(r.markdown).toBe("First page\n\nThird page\n");
  });

  it("gives a page whose rendering throws page_render_failed too, delivered empty in its place", () => {
    const input: AnalyseInput = {
      pageCount: 3,
      selected: [1, 2, 3],
      selectionExpression: "1-3",
      outcomes: [ok(textPage(1, "First page")), ok(textPage(2, "Second page")), ok(textPage(3, "Third page"))],
      outline: null,
      hasXfa: false,
      options: defaultRenderOptions,
    };
    const held = new Map<number, LaidOutPage>();
    const planned = planDocumentPass(input, layOutOutcomes(input.outcomes, false, held));
    // Step 5 on a laid-out page whose line lost its text after layout: the renderer throws inside.
    const laid = held.get(2)!;
    const broken: LaidOutPage = { ...laid, lines: [{ ...laid.lines[0], spans: [{ ...laid.lines[0].spans[0], text: null as unknown as string }] }] };
    const failedRender = renderLaidOutPage(broken, planned.plan, defaultRenderOptions, undefined);
    expect(failedRender).toMatchObject({ page: 2, markdown: "", failed: true });
    const rendered = renderHeldPages(held, planned, defaultRenderOptions);
    rendered.set(2, failedRender);
    const r = assembleDocument(input, planned, rendered);
    expect(warning(r.warnings, "page_render_failed")?.pages).toEqual([2]);
    expect(r.pages_not_billed).toEqual([2]);
    expect(r.pages.map((p) => [p.page, p.markdown_length])).toEqual([
      [1, "First page".length],
      [2, 0],
      [3, "Third page".length],
    ]);
  });
});

describe("assembly: a paragraph a page break cuts mid-sentence (issue 9: a book's or a manual's sentence across two pages)", () => {
  const convert = (first: string[], second: string[], pageMarkers: "none" | "rule" = "none") => {
    const outcomes = [first, second].map((texts, i) => ok(page(i + 1, texts.map((t, k) => line(t, { y: 100 + 12 * k })))));
    return analyseDocument({ pageCount: 2, selected: [1, 2], selectionExpression: "1-2", outcomes, outline: null, hasXfa: false, options: { ...defaultRenderOptions, pageMarkers } }).markdown;
  };

  it("goes on into the next page's first line when that starts with a small letter", () => {
    expect(convert(["Information found in each of the directories named in the", "search path is added to the information found in a"], ["directory before it, except where a later one overrides it."])).toBe(
      "Information found in each of the directories named in the search path is added to the information found in a directory before it, except where a later one overrides it.\n",
    );
  });

  it("keeps the pages apart after a finished sentence, before a capital, and with page markers", () => {
    expect(convert(["The first page ends with a sentence that is whole."], ["the next page starts in small letters."])).toContain("whole.\n\nthe next");
    expect(convert(["The first page ends in the middle of a"], ["Capitalized word on the next page."])).toContain("of a\n\nCapitalized");
    expect(convert(["The first page ends in the middle of a"], ["sentence on the next page."], "rule")).toContain("of a\n\n---\n\nsentence");
  });

  it("goes on after an article, a preposition or a conjunction into a name or a number (a contract's '… seated in' | 'Stockholm.', R-exts's '… for 64-bit Windows the' | 'DLL is called …')", () => {
    const rest = "Stockholm, where the hearings are held in Swedish unless the Parties agree otherwise.";
    expect(convert(["Any dispute shall be settled by arbitration, seated in"], [rest])).toContain("seated in Stockholm, where");
    expect(convert(["The build for 64-bit Windows is named differently and the"], ["DLL is called libxml2-2.dll there, which import libraries can cover over for you."])).toContain("and the DLL is called");
    expect(convert(["The measured values are plotted in"], ["figure 3 of the appendix, where each run is drawn as one line against the reference curve."])).toContain("in figure 3 of");
    expect(convert(["Die Vorlage beruht auf dem Stil der"], ["Deutschen Gesellschaft für Sprachwissenschaft, die ihn für alle Beiträge vorschreibt."])).toContain("Stil der Deutschen");
  });

  it("keeps the pages apart after a linking word before a caption (captions.ts's labels, capitalised or in capitals), a short line, the pronoun I after an article, or a word not linking", () => {
    expect(convert(["The label should be placed in"], ["Figure 1: Example image of the sample with its subcaption, placed by the jmlr class for you."])).toContain("placed in\n\nFigure 1");
    expect(convert(["The results are collected in the"], ["Chart 3: Sales by region and quarter, in thousands of euros, for the whole of the year."])).toContain("in the\n\nChart 3");
    expect(convert(["Die Messwerte stehen in der"], ["Abb. 2: Messwerte der drei Versuchsreihen bei Raumtemperatur, gemittelt über alle Läufe."])).toContain("in der\n\nAbb. 2");
    expect(convert(["The cells in our experiments were sorted by"], ["TABLE IV: Cell counts per sample after sorting, with the standard deviation in brackets."])).toContain("by\n\nTABLE IV");
    expect(convert(["Maecenas eget erat in"], ["Fumettista"])).toContain("erat in\n\nFumettista");
    expect(convert(["Some say they will stay, no matter how long may be the"], ["I have a great curiosity to see the court house at Vicksburg. It stands on a hill."])).toContain("be the\n\nI have");
    expect(convert(["The first page ends in the middle of something"], ["Capitalized words on the next page go on for a long while, a whole paragraph's length."])).toContain("something\n\nCapitalized");
  });

  it("goes on a list item's text the page break cuts into the next page's small letters (a Writer report's '1. Replace … on the north face that' | 'leaked in February.')", () => {
    expect(convert(["- Replace the roof drainage, including the two downpipes on the north face that"], ["leaked in February, before the spring rains set in."])).toContain("north face that leaked in February");
    expect(convert(["1. Replace the roof drainage, including the two downpipes on the north face that"], ["leaked in February, before the spring rains set in."])).toContain("north face that leaked in February");
  });

  it("goes on a paragraph across the last page's footnotes: its rest comes up before them, and each page's slice stays whole (svc-md-1.1.17)", () => {
    const body = ["The works below are ranked by the risk they remove, not by their cost. We", "replace the roof drainage, including the two downpipes on the north face that"];
    const first = { ...page(1, [...body.map((t, k) => line(t, { y: 600 + 12 * k })), line("1 The supplier has since added a second warehouse.", { y: 700, size: 9 })]), rules: [{ x0: 72, y0: 690, x1: 180, y1: 690.5, kind: "fill" as const }] };
    const second = page(2, [
      line("leaked in February, before the spring rains set in, and which", { y: 100 }),
      line("flooded the archive.", { y: 112 }),
      line("A new paragraph starts the second page's own text here, and", { y: 136 }),
      line("it goes on.", { y: 148 }),
    ]);
    const r = analyseDocument({ pageCount: 2, selected: [1, 2], selectionExpression: "1-2", outcomes: [ok(first), ok(second)], outline: null, hasXfa: false, options: defaultRenderOptions });
    expect(r.markdown).toBe(
      "The works below are ranked by the risk they remove, not by their cost. We replace the roof drainage, including the two downpipes on the north face that leaked in February, before the spring rains set in, and which flooded the archive.\n\n" +
        "<sup>1</sup> The supplier has since added a second warehouse.\n\nA new paragraph starts the second page's own text here, and it goes on.\n",
    );
    const slice = (k: number) => r.markdown.slice(r.pages![k].markdown_offset, r.pages![k].markdown_offset + r.pages![k].markdown_length);
    expect(slice(0)).toMatch(/^The works .* flooded the archive\.\n\n<sup>1<\/sup> The supplier has since added a second warehouse\.$/s);
    expect(slice(1)).toBe("A new paragraph starts the second page's own text here, and it goes on.");
    // Where the paragraph ends on its page, the notes stay between the pages.
    const ended = { ...first, lines: [line("The works below are ranked by the risk they remove.", { y: 600 }), first.lines[2]] };
    expect(analyseDocument({ pageCount: 2, selected: [1, 2], selectionExpression: "1-2", outcomes: [ok(ended), ok(second)], outline: null, hasXfa: false, options: defaultRenderOptions }).markdown).toContain("remove.\n\n<sup>1</sup> The supplier has since added a second warehouse.\n\nleaked in February");
  });

  it("keeps the pages apart before an option's entry after another's, and before a formula's mathematical letter", () => {
    const options = (first: string, second: string) =>
      analyseDocument({
        pageCount: 2, selected: [1, 2], selectionExpression: "1-2", hasXfa: false, outline: null, options: defaultRenderOptions,
        outcomes: [ok(page(1, [line([{ text: "=17x24", mono: true }, { text: first }], { y: 100 })])), ok(page(2, [line([{ text: "=official", mono: true }, { text: second }], { y: 100 })]))],
      }).markdown;
    expect(options(" book layout (17 cm x 24 cm paper size) for publication release", " two-sided layout for the thesis committee")).toContain("publication release\n\n`=official`");
    expect(convert(["Specified metadata"], ["𝑟0 = 1 is the radius of the sphere at rest, measured from its centre outwards."])).toContain("metadata\n\n𝑟0");
  });

  it("goes on into a first line that starts with a code span and goes on in words, not into a command alone (shared-mime-info's '… and' | '~/.local/…')", () => {
    const path = (text: string, x = 72) => line([{ text, mono: true }], { x, y: 100 });
    const withPath = (rest: Line[]) => [first.map((t, k) => line(t, { y: 100 + 12 * k })), rest];
    const first = ["Load the files found in /usr/share and"];
    const goesOn = withPath([path("~/.local/share/mime"), line("(if they exist, and in this order).", { x: 72 + 19 * 5 + 5, y: 100 })]);
    const alone = withPath([path("update-mime-database")]);
    const render = ([a, b]: Line[][]) =>
      analyseDocument({ pageCount: 2, selected: [1, 2], selectionExpression: "1-2", outcomes: [ok(page(1, a)), ok(page(2, b))], outline: null, hasXfa: false, options: defaultRenderOptions }).markdown;
    expect(render(goesOn)).toContain("/usr/share and `~/.local/share/mime` (if they exist");
    expect(render(alone)).toContain("/usr/share and\n\n");
    // A command displayed with its arguments (aguplus's "… with the commands" | "\altaffilmark{numbers}").
    const command = withPath([line([{ text: "\\altaffilmark{", mono: true }, { text: "numbers", italic: true }, { text: "}", mono: true }], { y: 100 })]);
    expect(render(command)).toContain("/usr/share and\n\n");
  });
});

describe("assembly: a listing a page break cuts (shared-mime-info's hex dump, a .dtx file's code across pages)", () => {
  const code = (texts: string[]) => texts.map((t, k) => line(t, { mono: true, y: 100 + 12 * k }));
  const analyse = (pages: Line[][], pageMarkers: "none" | "rule" = "none") =>
    analyseDocument({
      pageCount: pages.length,
      selected: pages.map((_, i) => i + 1),
      selectionExpression: `1-${pages.length}`,
      outcomes: pages.map((lines, i) => ok(page(i + 1, lines))),
      outline: null,
      hasXfa: false,
      options: { ...defaultRenderOptions, pageMarkers },
    });

  it("goes on in one code block when one page ends with it and the next starts with it, page offsets covering the Markdown", () => {
    const r = analyse([[line("The file would be:", { y: 88 }), ...code(["00000000  4d 49 4d 45", "00000010  74 65 78 74"])], [...code(["00000020  00 05 64 69"]), line("That is the file.", { y: 130 })]]);
    expect(r.markdown).toBe("The file would be:\n\n```\n00000000  4d 49 4d 45\n00000010  74 65 78 74\n00000020  00 05 64 69\n```\n\nThat is the file.\n");
    const [first, second] = r.pages;
    expect(second.markdown_offset).toBe(first.markdown_offset + first.markdown_length);
    expect(r.markdown.slice(second.markdown_offset, second.markdown_offset + second.markdown_length)).toBe("\n00000020  00 05 64 69\n```\n\nThat is the file.");
  });

  it("keeps two blocks with page markers, after a page without text, and when prose stands between", () => {
    const pages = [code(["00000000  4d 49"]), code(["00000010  74 65"])];
    expect(analyse(pages, "rule").markdown).toContain("```\n\n---\n\n```");
    expect(analyse([pages[0], [], pages[1]]).markdown).toContain("```\n\n```");
    expect(analyse([[...code(["00000000  4d 49"]), line("Prose after the listing.", { y: 130 })], pages[1]]).markdown).toContain("listing.\n\n```");
  });
});

describe("assembly: a list item's listing a page break cuts (page_joins.ts listingInItem, issue 9: R-exts' 'The configure script will need to contain something like' | '  exit 1' over the break)", () => {
  const item = "1. Build the library first.\n\n   The script needs:\n\n   ```\n   if test -z \"${R_HOME}\"; then\n     echo \"no R_HOME\"\n   ```";

  it("goes on in the item's code block, set in at its indentation up to its closing fence", () => {
    const r = assemble([item, "```\n  exit 1\nfi\n\ncd src\n```\n\n2. Then build the package."]);
    expect(r.markdown).toBe("1. Build the library first.\n\n   The script needs:\n\n   ```\n   if test -z \"${R_HOME}\"; then\n     echo \"no R_HOME\"\n     exit 1\n   fi\n\n   cd src\n   ```\n\n2. Then build the package.\n");
  });

  it("leaves a page that opens with prose, a listing with another fence, and pages apart with page markers as they are", () => {
    expect(assemble([item, "Prose first.\n\n```\nfi\n```"]).markdown).toContain("   ```\n\nProse first.\n\n```\nfi");
    expect(assemble([item, "````\nfi\n````"]).markdown).toContain("   ```\n\n````\nfi");
    expect(assemble([item, "```\nfi\n```"], "rule").markdown).toContain("   ```\n\n---\n\n```\nfi");
  });
});

describe("assembly: a list a page break cuts stays tight (libtasn1's list of types across two pages)", () => {
  const analyse = (first: string[], second: string[], pageMarkers: "none" | "rule" = "none") =>
    analyseDocument({
      pageCount: 2,
      selected: [1, 2],
      selectionExpression: "1-2",
      outcomes: [first, second].map((texts, i) => ok(page(i + 1, texts.map((t, k) => line(t, { y: 100 + 12 * k }))))),
      outline: null,
      hasXfa: false,
      options: { ...defaultRenderOptions, pageMarkers },
    }).markdown;

  it("writes the next page's first item under the last page's last one, bullets and the next number alike", () => {
    expect(analyse(["The types are:", "• INTEGER;", "• BOOLEAN;"], ["• UTF8String;", "• VisibleString."])).toBe("The types are:\n\n- INTEGER;\n- BOOLEAN;\n- UTF8String;\n- VisibleString.\n");
    expect(analyse(["Steps:", "1. Unzip the archive;", "2. open a terminal;"], ["3. enter the command."])).toContain("2. open a terminal;\n3. enter the command.");
  });

  it("keeps the blank line for another list, a number out of sequence, and with page markers", () => {
    expect(analyse(["Steps:", "1. Unzip the archive;", "2. open a terminal;"], ["5. enter the command."])).toContain("terminal;\n\n5. enter");
    expect(analyse(["Steps:", "1. Unzip the archive;"], ["• a bullet list after it."])).toContain("archive;\n\n- a bullet");
    expect(analyse(["The types are:", "• INTEGER;"], ["• UTF8String;"], "rule")).toContain("INTEGER;\n\n---\n\n- UTF8String;");
  });
});

describe("assembly: a table a page break cuts goes on in one table (an inventory printed by Chromium or Word, its header row repeated on each page)", () => {
  const header = "| Code | Depot | Pallets |\n| --- | --- | ---: |";

  it("drops a header row repeated over the next page's rows, and keeps the page offsets on the Markdown", () => {
    const r = assemble([`Stock by depot:\n\n${header}\n| 1041 | Rotterdam | 234 |`, `${header}\n| 1043 | Leiden | 270 |\n\nStock rose.`]);
    expect(r.markdown).toBe(`Stock by depot:\n\n${header}\n| 1041 | Rotterdam | 234 |\n| 1043 | Leiden | 270 |\n\nStock rose.\n`);
    const [first, second] = r.pages;
    expect(second.markdown_offset).toBe(first.markdown_offset + first.markdown_length + 1);
    expect(r.markdown.slice(second.markdown_offset, second.markdown_offset + second.markdown_length)).toBe("| 1043 | Leiden | 270 |\n\nStock rose.");
  });

  it("keeps the first row of a part with no header of its own as a row, and goes on over three pages", () => {
    const r = assemble([`${header}\n| 1041 | Rotterdam | 234 |`, "| 1042 | Utrecht | 195 |\n| --- | --- | --- |\n| 1043 | Leiden | 270 |", `${header}\n| 1044 | Delft | 40 |`]);
    expect(r.markdown).toBe(`${header}\n| 1041 | Rotterdam | 234 |\n| 1042 | Utrecht | 195 |\n| 1043 | Leiden | 270 |\n| 1044 | Delft | 40 |\n`);
  });

  it("keeps two tables of other column counts, a table after prose, and the pages apart with page markers", () => {
    const other = "| Year | Total |\n| --- | --- |\n| 2024 | 12 |";
    expect(assemble([`${header}\n| 1041 | Rotterdam | 234 |`, other]).markdown).toContain("234 |\n\n| Year");
    expect(assemble([`${header}\n| 1041 | Rotterdam | 234 |\n\nTable 1: Stock.`, `${header}\n| 1043 | Leiden | 270 |`]).markdown).toContain("Stock.\n\n| Code");
    expect(assemble([`${header}\n| 1041 | Rotterdam | 234 |`, `${header}\n| 1043 | Leiden | 270 |`], "rule").markdown).toContain("234 |\n\n---\n\n| Code");
  });
});

describe("assembly: a word the page break cuts at its hyphen goes on (Free Culture's 'the content indus-' | 'try directs its guns …')", () => {
  const convert = (first: string[], second: string[], options: Partial<RenderOptions> = {}) => {
    const outcomes = [first, second].map((texts, i) => ok(page(i + 1, texts.map((t, k) => line(t, { y: 100 + 12 * k })))));
    return analyseDocument({ pageCount: 2, selected: [1, 2], selectionExpression: "1-2", outcomes, outline: null, hasXfa: false, options: { ...defaultRenderOptions, ...options } });
  };

  it("joins the halves without a space, drops the hyphen with dehyphenation, and the last page's slice ends before it", () => {
    const r = convert(["It is not just your clients who might suffer if the content indus-"], ["try directs its guns against them."]);
    expect(r.markdown).toBe("It is not just your clients who might suffer if the content industry directs its guns against them.\n");
    const [first, second] = r.pages;
    expect(r.markdown.slice(first.markdown_offset, first.markdown_offset + first.markdown_length)).toBe("It is not just your clients who might suffer if the content indus");
    expect(second.markdown_offset).toBe(first.markdown_offset + first.markdown_length);
    expect(convert(["It is not just your clients who might suffer if the content indus-"], ["try directs its guns."], { dehyphenate: false }).markdown).toContain("content indus-try directs");
  });

  it("keeps the hyphen of a compound the document writes whole, and the pages apart before a capital or with page markers", () => {
    expect(convert(["The kernel runs in mixed-mode on most machines, and in mixed-"], ["mode on the rest."]).markdown).toContain("in mixed-mode on the rest");
    expect(convert(["The list of authors: Smith-"], ["Jones and others."]).markdown).toContain("Smith-\n\nJones");
    expect(convert(["The content indus-"], ["try directs its guns."], { pageMarkers: "rule" }).markdown).toContain("indus-\n\n---\n\ntry");
  });
});
