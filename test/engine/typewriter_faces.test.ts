// Issue 9 (the engine on real documents): fontconfig's user manual, set by dblatex. Its
// listings are in URW's Courier clone embedded as "NimbusMonL-Regu", whose subset carries no
// fixed-pitch flag, and the angle brackets of its XML come from TeX's math italic (CMMI9).
// The example configuration file had come out as paragraphs: "<?xml version="1.0"?>
// <!DOCTYPE fontconfig …> <!-- … --> <fontconfig> …" run together.
import { describe, expect, it } from "vitest";
import { MONO_NAME } from "../../src/engine/extract/font_names.js";
import { buildBlocks } from "../../src/engine/layout/blocks.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import type { Line } from "../../src/engine/model.js";
import { renderInline } from "../../src/engine/render/inline.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { renderPage } from "../../src/engine/render/page.js";
import { line, page, type SpanSpec } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };

describe("typewriter faces by name (issue 9: fontconfig-user's NimbusMonL)", () => {
  it.each(["NimbusMonL-Regu", "NimbusMonoPS-Regular", "CourierNewPSMT", "CMTT10", "ECTT1000", "LMMono10-Regular", "DejaVuSansMono", "Monaco", "SourceCodePro-Regular", "t1xtt", "ABCDEF+t1xbtt", "AnonymousPro", "ABCDEF+AnonymousPro-Bold", "Iosevka-Term", "TerminusTTF"])("%s is a typewriter face", (name) => {
    expect(MONO_NAME.test(name)).toBe(true);
  });

  it.each(["NimbusSanL-Bold", "URWPalladioL-Roma", "CMMI9", "Times-Roman", "Helvetica"])("%s is not", (name) => {
    expect(MONO_NAME.test(name)).toBe(false);
  });
});

/** A listing line: the brackets in math italic (narrower than the code's characters), the
 * rest in the code face, each piece set against the one before. */
function xmlLine(pieces: string[], y: number): Line {
  const specs: SpanSpec[] = pieces.map((text) => (/^(?:<\/?|\/?>)$/.test(text) ? { text, font: "CMMI9", size: 9 } : { text, mono: true, size: 9 }));
  const l = line(specs, { x: 143.5, y, size: 9 });
  // Math italic's brackets are narrower than a typewriter character: 7.1 pt for "<", not 9.
  let x = 143.5;
  const spans = l.spans.map((s) => {
    const width = s.monospace ? (s.x1 - s.x0) * 1.2 : 7.1 * s.text.length;
    const moved = { ...s, x0: x, x1: x + width };
    x += width;
    return moved;
  });
  return { ...l, spans, x0: spans[0].x0, x1: x };
}

describe("a listing whose tags' brackets come from a math face (issue 9: fontconfig-user p10)", () => {
  const listing = [
    xmlLine(["<", "fontconfig", ">"], 237),
    xmlLine(["<", "!--"], 248),
    xmlLine([" Find fonts in these directories"], 259),
    xmlLine(["--", ">"], 270),
    xmlLine(["<", "dir", ">", "/usr/share/fonts", "<", "/dir", ">"], 281),
  ];

  it("reads the lines as one code block", () => {
    const blocks = buildBlocks(prepareLines(listing), STATS);
    expect(blocks.map((b) => `${b.kind}:${b.lines.length}`)).toEqual(["code:5"]);
  });

  it("sets a bracket against the name it encloses, with no space after a narrow one", () => {
    const lines = prepareLines(listing);
    const markdown = renderPage(page(10, lines), lines, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    expect(markdown).toContain("<dir>/usr/share/fonts</dir>");
    expect(markdown).toContain("<fontconfig>\n<!--\n");
  });

  it("leaves other signs in another face what they are: a bullet before a path, braces around addresses (qpdf issue-202, tracemonkey p1)", () => {
    const item = line([{ text: "•" }, { text: " " }, { text: "doc/latex/general/lshort2e.dvi", mono: true }], { x: 100, y: 300 });
    const addresses = line([{ text: "{" }, { text: "gal,brendan,shaver", mono: true }, { text: "}" }, { text: "@mozilla.com", mono: true }], { x: 100, y: 340 });
    const blocks = buildBlocks(prepareLines([item, addresses]), STATS);
    expect(blocks.map((b) => b.kind)).not.toContain("code");
  });

  it("keeps a tag in running text whole in one code span", () => {
    const prose = line([{ text: "These hold a list of " }, { text: "<", font: "CMMI9", size: 9 }, { text: "family", mono: true, size: 9 }, { text: ">", font: "CMMI9", size: 9 }, { text: " elements." }], { x: 143.5, y: 92 });
    expect(renderInline([prose], { dehyphenate: false, emphasis: true, links: [] })).toBe("These hold a list of `<family>` elements.");
  });

  it("keeps it whole when the word space before the opening bracket comes in the bracket's span, as MuPDF extracts fontconfig-user p10 (TAG_BRACKET; svc-md-1.1.26)", () => {
    const prose = line([{ text: "These hold a list of" }, { text: " <", font: "CMMI9", size: 9 }, { text: "family", mono: true, size: 9 }, { text: ">", font: "CMMI9", size: 9 }, { text: " elements to be used by the" }, { text: " <", font: "CMMI9", size: 9 }, { text: "alias", mono: true, size: 9 }, { text: "> ", font: "CMMI9", size: 9 }, { text: "element." }], { x: 143.5, y: 92 });
    expect(renderInline([prose], { dehyphenate: false, emphasis: true, links: [] })).toBe("These hold a list of `<family>` elements to be used by the `<alias>` element.");
    // A comparison's sign in the text face, a space from the word after it, stays text.
    const compare = line([{ text: "when n" }, { text: " < ", font: "CMMI9", size: 9 }, { text: "limit", mono: true, size: 9 }, { text: " holds." }], { x: 143.5, y: 120 });
    expect(renderInline([compare], { dehyphenate: false, emphasis: true, links: [] })).toBe("when n < `limit` holds.");
  });

  it("reads a declaration whose template brackets doxygen's LaTeX sets with a space inside them as code (siscone refman's 'void siscone::circulator< T >::set_position (', 'std::vector<int> siscone::Cjet::contents'; TAG_BRACKET, OPENING_BRACKET_END; svc-md-1.1.26)", () => {
    const math = { font: "CMMI8", size: 8 };
    const declaration = line([{ text: "void siscone::circulator", mono: true, size: 8 }, { text: "< ", ...math }, { text: "T ", mono: true, size: 8 }, { text: ">", ...math }, { text: "::set_position (", mono: true, size: 8 }], { x: 70.9, y: 300 });
    const member = line([{ text: "std::vector", mono: true, size: 8 }, { text: "<", ...math }, { text: "int", mono: true, size: 8 }, { text: "> ", ...math }, { text: "siscone::Cjet::contents", mono: true, size: 8 }], { x: 70.9, y: 400 });
    expect(buildBlocks(prepareLines([declaration]), STATS).map((b) => b.kind)).toEqual(["code"]);
    expect(buildBlocks(prepareLines([member]), STATS).map((b) => b.kind)).toEqual(["code"]);
  });

  it("leaves comparison signs between names in the code face text: a spaced bracket opens a tag only where a closing one follows the name (maint-guide's '0.0 < 0.5 < 0.10 < …')", () => {
    const serif = { font: "LiberationSerif" };
    const versions = line([{ text: "0.0 ", mono: true }, { text: "< ", ...serif }, { text: "0.5 ", mono: true }, { text: "< ", ...serif }, { text: "0.10 ", mono: true }, { text: "< ", ...serif }, { text: "1.0~rc1", mono: true }], { x: 65.2, y: 500 });
    expect(buildBlocks(prepareLines([versions]), STATS).map((b) => b.kind)).toEqual(["paragraph"]);
    expect(renderInline([versions], { dehyphenate: false, emphasis: true, links: [] })).toBe("`0.0` < `0.5` < `0.10` < `1.0~rc1`");
  });
});
