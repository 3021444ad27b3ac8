// layout/blocks.ts headingOf: beside code at a heading's size, a heading's bold words set at
// their own size (a browser scales its monospace font apart) still make the heading.
import { describe, expect, it } from "vitest";
import { excerptMarkdown } from "../support/markdown_of.js";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import type { Line } from "../../src/engine/model.js";
import { renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, page } from "../support/layout.js";

function render(lines: Line[], stats: DocumentStats): string {
  const prepared = prepareLines(lines);
  return renderPage(page(1, prepared), prepared, stats, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
}
const body = (y: number) => ["Lua bindings to Harfbuzz, with a few words more to make a line of body", "text, and a second line of it under the first."].map((text, k) => line(text, { x: 50, y: y + 12 * k }));

describe("a heading's words beside code set at another size (luaharfbuzz's 'Module harfbuzz')", () => {
  const stats: DocumentStats = { body: { size: 10, bold: false }, headings: [{ size: 16.5, bold: true, level: 1 }], running: new Set() };

  it("makes 14.9 pt bold words beside 16.3 pt bold code a heading", () => {
    const title = line([{ text: "Module ", size: 14.9, bold: true }, { text: "harfbuzz", size: 16.3, bold: true, mono: true }], { x: 50, y: 50 });
    expect(render([title, ...body(90)], stats)).toMatch(/^# Module harfbuzz\n\n/);
  });

  it("leaves regular words beside code a point smaller a paragraph (ukbill's 'Call the package with \\documentclass{ukbill}')", () => {
    const codeStats: DocumentStats = { body: { size: 8, bold: false }, headings: [{ size: 9, bold: false, level: 4 }], running: new Set() };
    const call = line([{ text: "Call the package with", size: 10 }, { text: " \\documentclass{ukbill}", size: 9, mono: true }], { x: 50, y: 50 });
    expect(render([call, ...body(90)], codeStats)).not.toMatch(/^#/);
  });
});

describe("a bold line ending in a semicolon (modes.pdf's METAFONT 'enddef;' typeset by mft)", () => {
  const stats: DocumentStats = { body: { size: 10, bold: false }, headings: [{ size: 10, bold: true, level: 3 }], running: new Set() };

  it("is no heading", () => {
    expect(render([line("enddef;", { x: 50, y: 50, bold: true }), ...body(70)], stats)).toMatch(/^\*\*enddef;\*\*\n\n/);
  });

  it("leaves a bold title without one a heading", () => {
    expect(render([line("Mode definitions", { x: 50, y: 50, bold: true }), ...body(70)], stats)).toMatch(/^### Mode definitions\n\n/);
  });
});

describe("a bold line ending in a small word in the text's weight (ocl-icd's man page printed by Chromium: '$OPENCL_VENDOR_PATH/$OCL_ICD_VENDORS if' at a page's top; svc-md-1.1.20)", () => {
  const stats: DocumentStats = { body: { size: 10, bold: false }, headings: [{ size: 10, bold: true, level: 3 }], running: new Set() };

  it("is no heading", () => {
    const wrapped = line([{ text: "$OPENCL_VENDOR_PATH", bold: true }, { text: "/$" }, { text: "OCL_ICD_VENDORS", bold: true }, { text: " if" }], { x: 50, y: 50 });
    expect(render([wrapped, ...body(70)], stats)).not.toMatch(/^#/);
  });

  it("leaves a bold title ending in a name in the code face a heading ('3 The driver module doc')", () => {
    const title = line([{ text: "3 The driver module", bold: true }, { text: " doc", mono: true }], { x: 50, y: 50 });
    expect(render([title, ...body(70)], stats)).toMatch(/^### /);
  });
});

describe("a heading set all in bold at two sizes (blocks.ts BOLD_HEADING_SIZE_RATIO_MAX: nodejs's 'Class: Console' printed by Chromium)", () => {
  const stats: DocumentStats = { body: { size: 9, bold: false }, headings: [{ size: 13.5, bold: true, level: 2 }, { size: 16, bold: true, level: 1 }], running: new Set() };

  it("makes 13.5 pt bold words with a 15.8 pt bold word a heading", () => {
    const title = line([{ text: "Class: ", size: 13.5, bold: true }, { text: "Console", size: 15.8, bold: true }], { x: 50, y: 50 });
    expect(render([title, ...body(90)], stats)).toMatch(/^#+ Class: Console\n\n/);
  });

  it("leaves a bold line with regular words in it, or bold words a fifth larger or more, a paragraph", () => {
    const mixed = line([{ text: "Class: ", size: 13.5, bold: true }, { text: "Console", size: 15.8 }], { x: 50, y: 50 });
    expect(render([mixed, ...body(90)], stats)).not.toMatch(/^#/);
    const apart = line([{ text: "Class reference: ", size: 13.5, bold: true }, { text: "Console", size: 16.5, bold: true }], { x: 50, y: 50 });
    expect(render([apart, ...body(90)], stats)).not.toMatch(/^#/);
  });
});

describe("a bold heading with code a browser set at 13/16 of its size (blocks.ts BOLD_HEADING_CODE_SIZE_RATIO_MAX: debian-policy's copyright-format title printed by Chromium)", () => {
  const stats: DocumentStats = { body: { size: 12, bold: false }, headings: [{ size: 18, bold: true, level: 1 }], running: new Set() };

  it("makes 18 pt bold words around 14.6 pt bold code a heading", () => {
    const title = line([{ text: "Machine-readable ", size: 18, bold: true }, { text: "debian/copyright", size: 14.6, bold: true, mono: true }, { text: " file", size: 18, bold: true }], { x: 50, y: 50 });
    expect(render([title, ...body(90)], stats)).toMatch(/^# Machine-readable debian\/copyright file\n\n/);
  });

  it("leaves words a fifth smaller or more in the text face, or code further apart in size, a paragraph", () => {
    const words = line([{ text: "Machine-readable ", size: 18, bold: true }, { text: "debian/copyright", size: 14.6, bold: true }, { text: " file", size: 18, bold: true }], { x: 50, y: 50 });
    expect(render([words, ...body(90)], stats)).not.toMatch(/^#/);
    const small = line([{ text: "Machine-readable ", size: 18, bold: true }, { text: "debian/copyright", size: 13.5, bold: true, mono: true }, { text: " file", size: 18, bold: true }], { x: 50, y: 50 });
    expect(render([small, ...body(90)], stats)).not.toMatch(/^#/);
  });
});

describe("a title with a small label after it on its row (blocks.ts TRAILING_LABEL_SIZE_SHARE_MAX: expat's reference printed by Chromium, '<h1>The Expat XML Parser <small>Release 2.5.0</small></h1>'; svc-md-1.1.22)", () => {
  const stats: DocumentStats = { body: { size: 12, bold: false }, headings: [{ size: 30, bold: true, level: 1 }], running: new Set() };

  it("is a heading, the label in it", () => {
    const title = line([{ text: "The Expat XML Parser ", size: 30, bold: true }, { text: "Release 2.5.0", size: 9, bold: true }], { x: 40, y: 50 });
    expect(render([title, ...body(100)], stats)).toMatch(/^# The Expat XML Parser Release 2\.5\.0\n\n/);
  });

  it("is a heading with a badge set at 0.55 of its size after it (svc-md-1.1.41: a release note's '<h2>Breaking changes <span class=badge>', 8.3 pt after 15 pt over 10.5 pt text)", () => {
    const badged: DocumentStats = { body: { size: 10.5, bold: false }, headings: [{ size: 15, bold: true, level: 2 }], running: new Set() };
    const title = line([{ text: "Breaking changes ", size: 15, bold: true }, { text: "action needed", size: 8.3, bold: true }], { x: 40, y: 50 });
    expect(render([title, ...body(100)], badged)).toMatch(/^## Breaking changes action needed\n\n/);
  });

  it("leaves a large first word over a run of small text a paragraph (a drop cap)", () => {
    const dropCap = line([{ text: "T", size: 30, bold: true }, { text: "he harbour board met on Tuesday", size: 12 }], { x: 40, y: 50 });
    expect(render([dropCap, ...body(100)], stats)).not.toMatch(/^#/);
  });

  it("leaves a title followed by text at the body's size a paragraph (a run-in heading)", () => {
    const runIn = line([{ text: "The Expat XML Parser ", size: 30, bold: true }, { text: "is a library", size: 12 }], { x: 40, y: 50 });
    expect(render([runIn, ...body(100)], stats)).not.toMatch(/^#/);
  });
});

describe("Chromium's print of release notes, a badge after a heading (fixtures/excerpts/chromium-release-notes.pdf, svc-md-1.1.41)", () => {
  it("reads the heading with its badge as a heading (before: a bold paragraph), and the page around it as before", async () => {
    const md = await excerptMarkdown("chromium-release-notes.pdf");
    expect(md).toContain("## Breaking changes action needed\n\n| Area | 3.x | 4.0 |\n| --- | --- | --- |\n| Units | `units: \"ft\"` | `units: \"feet\"` |");
    expect(md).toContain("1. Update the package:\n\n   ```\n   npm install tidewater@4\n   ```");
  });
});
