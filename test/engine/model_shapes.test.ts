// The page model's lines and spans come in one shape each (src/engine/model.ts: newSpan,
// newLine and the copies built on them): every field present, in one order, whichever
// extractor or layout pass made them. A line or span built by a literal without the optional
// fields, or grown by one later, is of another hidden class, and the passes that read them
// all go polymorphic in V8 (issue 9: speed).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractPageMupdf } from "../../src/engine/extract/mupdf_page.js";
import { openDocument } from "../../src/engine/extract/open.js";
import { layOutPage } from "../../src/engine/layout/page_layout.js";
import { copyLine, copySpan, lineLike, newLine, newSpan, NO_WORD_END, spanPiece, WORD_END_UNITS_PER_PT } from "../../src/engine/model.js";

const SPAN_FIELDS = ["text", "x0", "y0", "x1", "y1", "font", "size", "bold", "italic", "monospace", "invisible", "leader", "wordEnd", "wideGaps"];
const LINE_FIELDS = ["spans", "x0", "y0", "x1", "y1", "wmode", "slanted", "contentsEntry", "definition", "breakAfter", "plainNoteMark", "styleMemo"];

// A book's page, a filled form (its widget values become lines), a paper in two columns and
// a manual's page of code and prose: pages that go through different construction sites.
const FIXTURES = ["book-freeculture-p35.pdf", "form-qpdf-filled.pdf", "gen-acm-sigconf.pdf", "book-r-intro-p8.pdf"];

function shapesOf(file: string): { spans: Set<string>; lines: Set<string> } {
  const opened = openDocument(new Uint8Array(readFileSync(path.join("fixtures/real", file))));
  const spans = new Set<string>();
  const lines = new Set<string>();
  try {
    for (let p = 0; p < opened.pageCount; p++) {
      const model = extractPageMupdf(opened.doc, p);
      const laid = layOutPage(model, false).page?.lines ?? [];
      for (const line of [...model.lines, ...laid]) {
        lines.add(Object.keys(line).join(","));
        for (const span of line.spans) spans.add(Object.keys(span).join(","));
      }
    }
  } finally {
    opened.doc.destroy();
  }
  return { spans, lines };
}

describe("page model shapes (model.ts)", () => {
  it("makes every span and line with all its fields, in one order, through the factories", () => {
    const span = newSpan("a", 1, 2, 3, 4, "F", 10, false, true, false);
    expect(Object.keys(span)).toEqual(SPAN_FIELDS);
    expect(Object.keys(copySpan(span))).toEqual(SPAN_FIELDS);
    expect(Object.keys(spanPiece(span, "b", 1, 2))).toEqual(SPAN_FIELDS);
    const line = newLine([span], 1, 2, 3, 4, 0);
    line.breakAfter = true;
    expect(Object.keys(line)).toEqual(LINE_FIELDS);
    expect(Object.keys(copyLine(line, [span]))).toEqual(LINE_FIELDS);
    const moved = lineLike(line, [span], 0, 2, 3, 4);
    expect(Object.keys(moved)).toEqual(LINE_FIELDS);
    // A copy keeps the marks: only spans and box change.
    expect(moved.breakAfter).toBe(true);
    expect(moved.x0).toBe(0);
  });

  it.each(FIXTURES)("extracts and lays out %s with one span shape and one line shape", (file) => {
    const { spans, lines } = shapesOf(file);
    expect([...spans]).toEqual([SPAN_FIELDS.join(",")]);
    expect([...lines]).toEqual([LINE_FIELDS.join(",")]);
  });
});

describe("Span.wordEnd (extract/mupdf_page.ts): where the glyphs end a span's first word", () => {
  it("lies inside the span, after a first word that a space follows there, on every page of the fixtures", () => {
    let measured = 0;
    for (const file of FIXTURES) {
      const opened = openDocument(new Uint8Array(readFileSync(path.join("fixtures/real", file))));
      try {
        for (let p = 0; p < opened.pageCount; p++) {
          for (const line of extractPageMupdf(opened.doc, p).lines) {
            for (const span of line.spans) {
              if (span.wordEnd === NO_WORD_END) continue;
              measured++;
              // A small integer (no boxed number on every span), a sixty-fourth of a point.
              expect(Number.isInteger(span.wordEnd) && Math.abs(span.wordEnd!) < 2 ** 30).toBe(true);
              expect(span.wordEnd! / WORD_END_UNITS_PER_PT).toBeGreaterThan(span.x0);
              expect(span.wordEnd! / WORD_END_UNITS_PER_PT).toBeLessThanOrEqual(span.x1 + 1 / WORD_END_UNITS_PER_PT);
              expect(span.text).toMatch(/^\S+\s/u);
            }
          }
        }
      } finally {
        opened.doc.destroy();
      }
    }
    expect(measured).toBeGreaterThan(100);
  });
});
