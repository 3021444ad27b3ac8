// Speed work on the render step (docs/benchmarks.md, speed-render) that must leave the output as
// it was: page_words.ts reads a broken word's ways of being written in one search for its left
// half; inline.ts reads a run's last characters from the piece appended last, tries the
// line-end join patterns only where the line ends with their character, and the block-start
// escapes by the text's first character; table.ts reads right-to-left letters unit by unit.
import { describe, expect, it } from "vitest";
import { escapeBlockStart, type InlineOptions, plainText, renderInline } from "../../src/engine/render/inline.js";
import type { Line } from "../../src/engine/model.js";
import { pageWords } from "../../src/engine/render/page_words.js";
import { renderTable } from "../../src/engine/render/table.js";
import type { Table } from "../../src/engine/tables/detect.js";
import { line, type SpanSpec } from "../support/layout.js";

const BASE: InlineOptions = { dehyphenate: true, emphasis: true, links: [] };

function lines(...content: (string | SpanSpec[])[]): Line[] {
  return content.map((c, i) => line(c, { y: 100 + 12 * i }));
}

describe("page_words.ts isCompound: the one search for the left half", () => {
  it("finds the compound written with its hyphen after places the half stands inside other words or joined", () => {
    // "remixed-mode" holds the half inside a word; "mixedmode" is the word joined; the compound
    // comes last: the search goes on past both.
    const words = pageWords([line("remixed-mode and mixedmode then mixed-mode"), line("a mixed-"), line("mode one")]);
    expect(words.isCompound("mixed", "mode")).toBe(true);
  });

  it("finds the compound written with U+2010, in any case", () => {
    expect(pageWords([line("the Mixed\u2010Mode switch")]).isCompound("mixed", "mode")).toBe(true);
  });

  it("takes the word written joined as no compound, and halves written apart (not as a break's halves) as one", () => {
    expect(pageWords([line("the trace of the compilation and a tracecompilation")]).isCompound("trace", "compilation")).toBe(false);
    expect(pageWords([line("the trace of the compilation")]).isCompound("trace", "compilation")).toBe(true);
    // The left half only at a line's end before its hyphen is a break's half, not a word apart.
    expect(pageWords([line("our trace-"), line("x compilation")]).isCompound("trace", "compilation")).toBe(false);
  });

  it("answers writesApart for the left half as asked on its own, before and after isCompound", () => {
    const text = () => [line("our trace-"), line("compilation and the trace of it")];
    const fresh = pageWords(text());
    const asked = pageWords(text());
    asked.isCompound("trace", "compilation");
    expect(asked.writesApart("trace")).toBe(fresh.writesApart("trace"));
    expect(asked.writesApart("trace")).toBe(true);
  });

  it("keeps short halves syllables unless the page writes the compound whole", () => {
    expect(pageWords([line("by it and self")]).isCompound("it", "self")).toBe(false);
    expect(pageWords([line("an e-mail here")]).isCompound("e", "mail")).toBe(true);
  });
});

describe("inline.ts: a line's end read from the run's last piece", () => {
  it("reads past a blank last span to the hyphen before it", () => {
    expect(renderInline(lines([{ text: "we com-" }, { text: " " }], "pile it"), BASE)).toBe("we compile it");
  });

  it("joins with one space after a line ending in a blank span, and adds one where none ends it", () => {
    expect(renderInline(lines([{ text: "first" }, { text: "  " }], "second"), BASE)).toBe("first second");
    expect(renderInline(lines("first", "second"), BASE)).toBe("first second");
  });

  it("tries the join patterns by the line's last character: a stop or a colon joins with a space", () => {
    expect(renderInline(lines("a total of 3.", "dimensional"), BASE)).toBe("a total of 3. dimensional");
    expect(renderInline(lines("gives a 3-", "dimensional array"), BASE)).toBe("gives a 3-dimensional array");
    expect(renderInline(lines("pages 12\u2013", "15 of it"), BASE)).toBe("pages 12\u201315 of it");
    expect(renderInline(lines([{ text: "as " }, { text: "pkg_", mono: true }], [{ text: "version.tar.gz", mono: true }]), BASE)).toBe("as `pkg_version.tar.gz`");
  });
});

describe("inline.ts: a line ending in a stop reads the run's text only in the code face or a link", () => {
  it("joins an address broken after its dot in the code face or inside one link, and not in plain text", () => {
    expect(renderInline(lines([{ text: "fetch " }, { text: "https://example.", mono: true }], [{ text: "com/path", mono: true }, { text: " now" }]), BASE)).toBe("fetch `https://example.com/path` now");
    expect(renderInline(lines("see https://example.", "com/path now"), BASE)).toBe("see https://example. com/path now");
    const link = { x0: 72, y0: 100, x1: 400, y1: 124, uri: "http://www.example.org/path" };
    expect(renderInline(lines("see www.example.org/", "path"), { ...BASE, links: [link] })).toBe("[see www.example.org/path](http://www.example.org/path)");
  });
});

describe("inline.ts plainText: the text's last character kept as it grows", () => {
  it("joins wide characters without a space, and skips empty lines' spans as the text did", () => {
    expect(plainText(lines("一二", "三四", "", "five"))).toBe("一二三四 five");
    expect(plainText(lines("", "a"))).toBe("a");
  });
});

describe("inline.ts escapeBlockStart: the patterns of the text's first character", () => {
  it.each([
    ["# Title", "\\# Title"],
    ["> quoted", "\\> quoted"],
    ["- item", "\\- item"],
    ["---", "\\---"],
    ["===", "\\==="],
    ["12. item", "12\\. item"],
    ["12 items", "12 items"],
    ["```js", "\\```js"],
    ["~~~", "\\~~~"],
    ["| a |", "\\| a |"],
    ["+ plus", "\\+ plus"],
    ["* star", "\\* star"],
    ["Letters", "Letters"],
  ])("escapes %j as %j", (input, expected) => {
    expect(escapeBlockStart(input)).toBe(expected);
  });
});

describe("table.ts: right-to-left letters read unit by unit", () => {
  const cell = (text: string) => ({ lines: [line(text)] });
  const table = (rows: string[][]): Table => ({ x0: 72, y0: 100, x1: 300, y1: 140, rows: rows.map((row) => row.map(cell)), headerRows: 1 }) as unknown as Table;

  it("puts a Hebrew table's first column right, and leaves a Latin one as it is", () => {
    const inline = (cellLines: Line[]) => cellLines.map((l) => l.spans.map((s) => s.text).join("")).join(" ");
    expect(renderTable(table([["שם", "גיל"], ["דנה", "30"]]), "gfm", inline).split("\n")[0]).toBe("| גיל | שם |");
    expect(renderTable(table([["Name", "Age"], ["Dana", "30"]]), "gfm", inline).split("\n")[0]).toBe("| Name | Age |");
  });
});
