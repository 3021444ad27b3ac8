// Speed work on page furniture and assembly (docs/benchmarks.md, s17-render) that must leave the
// output as it was:
// - furniture.ts hangingLines sorts both bands' lines out in one walk of the page, and sorts a
//   band's zone only where some line of it hangs from a line of the band (anyHangsFromBand): a
//   line hangs from the band or from a line that hangs, so where none hangs from the band's own
//   lines none hangs at all. Asked of random pages against the way that walked the page once a
//   band and sorted every zone.
// - furniture.ts marginPageNumber tries EDGE_NUMBER only on text that starts or ends with a
//   digit: a running head's words at both edges have no number at their edge.
// - document.ts assemblePages measures the Markdown's UTF-8 bytes only when three bytes a
//   UTF-16 unit (UTF8_BYTES_PER_UNIT_MAX) could pass limits.resultMarkdownBytesMax: a result
//   under the limit whose bound passes it is still delivered whole.
import { describe, expect, it } from "vitest";
import { limits } from "../../src/config/limits.js";
import { analyseDocument } from "../../src/engine/render/document.js";
import { type HangingLine, marginFacts } from "../../src/engine/layout/furniture.js";
import { lineText } from "../../src/engine/layout/lines.js";
import type { Line, PageOutcome } from "../../src/engine/model.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, ok, page } from "../support/layout.js";

const HEIGHT = 792;

/** hangingLines as it was before s17-render (furniture.ts, b5c1775): each band walked the page
 *  and sorted its zone. Keys and texts as furniture.ts makes them, from the line's words. */
function hangingLinesBefore(lines: readonly Line[], height: number): { index: number; from: number[] }[] {
  const hanging: { index: number; from: number[] }[] = [];
  hangFromBefore(lines, hanging, 0.1 * height, 0.3 * height, 1);
  hangFromBefore(lines, hanging, 0.9 * height, 0.7 * height, -1);
  return hanging;
}

function hangFromBefore(lines: readonly Line[], hanging: { index: number; from: number[] }[], band: number, zoneEnd: number, away: 1 | -1): void {
  const members: number[] = [];
  const zone: number[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line.wmode !== 0) continue;
    if (away === 1 ? line.y1 <= band : line.y0 >= band) members.push(index);
    else if (away === 1 ? line.y0 < zoneEnd : line.y1 > zoneEnd) zone.push(index);
  }
  if (members.length === 0 || zone.length === 0) return;
  const first = hanging.length;
  const hangs = new Set<number>();
  zone.sort(away === 1 ? (a, b) => lines[a].y0 - lines[b].y0 : (a, b) => lines[b].y1 - lines[a].y1);
  for (const index of zone) {
    const line = lines[index];
    const from: number[] = [];
    for (const m of members) {
      const over = lines[m];
      const gap = away === 1 ? line.y0 - over.y1 : over.y0 - line.y1;
      const beyond = away === 1 ? line.y0 > over.y0 : line.y1 < over.y1;
      if (beyond && gap <= 1 * (line.y1 - line.y0) && Math.min(line.x1, over.x1) > Math.max(line.x0, over.x0)) from.push(m);
    }
    if (from.length === 0 || lineText(line).trim() === "") continue;
    members.push(index);
    hangs.add(index);
    hanging.push({ index, from });
  }
  const rowEnd = hanging.length;
  if (rowEnd === first) return;
  for (const index of zone) {
    if (hangs.has(index)) continue;
    const line = lines[index];
    const from: number[] = [];
    for (let k = first; k < rowEnd; k++) {
      const other = lines[hanging[k].index];
      if (Math.min(other.y1, line.y1) - Math.max(other.y0, line.y0) > 0.3 * Math.min(other.y1 - other.y0, line.y1 - line.y0)) from.push(hanging[k].index);
    }
    if (from.length > 0 && lineText(line).trim() !== "") hanging.push({ index, from });
  }
}

/** A small generator of numbers, seeded, so that a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A page of lines crowded into its head and foot, stacked a line's height or so apart (some
 *  hang, some do not), some of them blank. */
function randomLines(next: () => number): Line[] {
  const lines: Line[] = [];
  const count = 2 + Math.floor(next() * 40);
  for (let k = 0; k < count; k++) {
    const head = next() < 0.5;
    const y = head ? 20 + next() * 240 : HEIGHT - 20 - next() * 240;
    const x = 40 + Math.floor(next() * 8) * 60;
    const text = next() < 0.1 ? " " : `Line ${k} words`;
    lines.push(line(text, { x, y, size: 8 + Math.floor(next() * 8) }));
  }
  return lines;
}

const asBefore = (hanging: readonly HangingLine[]) => hanging.map(({ index, from }) => ({ index, from }));

describe("furniture.ts hangingLines: both bands in one walk, a zone sorted only where a line hangs from its band", () => {
  it("finds the lines the way that walked each band and sorted each zone found, on 3,000 random pages", () => {
    const next = random(17);
    let hung = 0;
    for (let n = 0; n < 3000; n++) {
      const lines = randomLines(next);
      const before = hangingLinesBefore(lines, HEIGHT);
      hung += before.length;
      expect(asBefore(marginFacts(page(1, [], { height: HEIGHT }), lines).hanging)).toEqual(before);
    }
    // The pages tell something: lines hang on many of them.
    expect(hung).toBeGreaterThan(1000);
  });

  it("finds a line that hangs only from a line hanging from the band (a box three lines deep)", () => {
    const lines = [line("Band line", { x: 72, y: 60, size: 12 }), line("First under", { x: 72, y: 84, size: 12 }), line("Second under", { x: 72, y: 106, size: 12 }), line("Body far below", { x: 72, y: 300 })];
    expect(asBefore(marginFacts(page(1, [], { height: HEIGHT }), lines).hanging)).toEqual([
      { index: 1, from: [0] },
      { index: 2, from: [1] },
    ]);
  });

  it("finds none where the zone's lines stand further than their height from the band's", () => {
    const lines = [line("Band line", { x: 72, y: 60, size: 12 }), line("Too far under", { x: 72, y: 100, size: 12 }), line("Under that one", { x: 72, y: 114, size: 12 })];
    expect(marginFacts(page(1, [], { height: HEIGHT }), lines).hanging).toEqual([]);
  });
});

describe("furniture.ts marginPageNumber: EDGE_NUMBER tried only on text with a digit at an edge", () => {
  /** The number marginFacts reads at the edge of a head line's text. */
  const numberOf = (text: string) => marginFacts(page(1, [], { height: HEIGHT }), [line(text, { x: 72, y: 40 }), line("Body text far below the head", { x: 72, y: 300 })]).lines.find((l) => l.index === 0)?.number;

  it("reads a folio at either edge of a head", () => {
    expect(numberOf("12 Introduction")).toBe(12);
    expect(numberOf("Introduction 12")).toBe(12);
    expect(numberOf("“PIRACY” 19")).toBe(19);
    expect(numberOf("7")).toBe(7);
  });

  it("reads none in a head with words at both edges, or a section's or a list's number", () => {
    expect(numberOf("Chapter 2 of the manual")).toBe(null);
    expect(numberOf("Introduction 12.")).toBe(null);
    expect(numberOf("2.1 LRS model")).toBe(null);
    expect(numberOf("Version 1.2")).toBe(null);
    expect(numberOf("page twelve")).toBe(null);
  });

  it("agrees with EDGE_NUMBER tried on every text, on 5,000 random heads", () => {
    const EDGE_NUMBER = /^(\d{1,4})(?![.)]|,\d)\b|(?<![.,]\d*)\b(\d{1,4})$/;
    const next = random(9);
    const pieces = ["12", "3", "2.1", "Intro", "PIRACY", "(", ")", ".", ",", "1,5", "page", "of", "2024", "a", "٣", "x7", "7x"];
    for (let n = 0; n < 5000; n++) {
      let text = "";
      const count = 1 + Math.floor(next() * 4);
      for (let k = 0; k < count; k++) text += (k > 0 && next() < 0.7 ? " " : "") + pieces[Math.floor(next() * pieces.length)];
      const m = EDGE_NUMBER.exec(text);
      expect(numberOf(text)).toBe(m ? Number(m[1] ?? m[2]) : null);
    }
  });
});

function convert(pages: PageOutcome[]) {
  const selected = pages.map((o) => (o.ok ? o.model.page : o.page));
  return analyseDocument({ pageCount: selected.length, selected, selectionExpression: `1-${selected.length}`, outcomes: pages, outline: null, hasXfa: false, options: defaultRenderOptions });
}

describe("document.ts assemblePages: bytes measured only near limits.resultMarkdownBytesMax", () => {
  // Pages of plain letters, one byte a unit: three times their units pass the limit, their bytes do not.
  const CHARS = 1_900_000;
  const letters = (n: number) => ok(page(n, [line("a".repeat(CHARS), { y: 300 })], { chars: CHARS }));

  it("delivers every page of a result whose three-bytes-a-unit bound passes the limit and whose bytes do not", () => {
    expect(3 * 3 * CHARS).toBeGreaterThan(limits.resultMarkdownBytesMax);
    const r = convert([letters(1), letters(2), letters(3)]);
    expect(r.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(r.warnings.some((w) => w.code === "result_truncated")).toBe(false);
    expect(r.pages.map((p) => p.markdown_length)).toEqual([CHARS, CHARS, CHARS]);
  });

  it("still cuts at the page that would pass the limit once measured (nine pages of letters)", () => {
    const r = convert([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(letters));
    // 8 pages: 8 × 1.9 M units and their separators fit in 16 MiB; the ninth would pass it.
    expect(r.pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(r.warnings.find((w) => w.code === "result_truncated")?.pages).toEqual([9, 10]);
    expect(Buffer.byteLength(r.markdown, "utf8")).toBeLessThanOrEqual(limits.resultMarkdownBytesMax);
  });
});
