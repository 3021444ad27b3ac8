// layout/side_floats.ts and render/page.ts: a framed box floated beside the text (a web
// page's figure with its caption, the text wrapping around it) is one float, written after the
// paragraph beside its top (docs/engine.md §Floats; Markdown in reading order).
import { describe, expect, it } from "vitest";
import type { DocumentStats } from "../../src/engine/layout/document_stats.js";
import { prepareLines } from "../../src/engine/layout/line_joining.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { drawnExtent, findSideFloats } from "../../src/engine/layout/side_floats.js";
import type { Line, Rule } from "../../src/engine/model.js";
import { renderPage } from "../../src/engine/render/page.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line, page } from "../support/layout.js";

const STATS: DocumentStats = { body: { size: 10, bold: false }, headings: [], running: new Set() };
const PAGE = { width: 612, height: 792 };
/** The figure's frame on the right, x 400–560, y 90–190, its caption at its foot. */
const FRAME: Rule = { x0: 400, y0: 90, x1: 560, y1: 190, kind: "stroke" };
const CAPTION = [line("Vänern seen from Kinnekulle in", { x: 404, y: 160, size: 9 }), line("late summer, looking north-west.", { x: 404, y: 172, size: 9 })];

/** Ragged text left of the frame (x 50–380), then a line under it at full width. */
function wrapped(texts: string[], top = 92): Line[] {
  return texts.map((text, k) => line(text, { x: 50, y: top + 14 * k }));
}
const BESIDE = wrapped([
  "Vänern is the largest lake in Sweden and the third-largest",
  "lake in Europe after Ladoga and Onega. It lies in the west",
  "of the country, between the provinces of Västergötland.",
  "",
]).filter((l) => lineText(l) !== "");
const SECOND = wrapped(["The lake was formed after the last ice age, about ten", "thousand years ago, when the melting ice sheet left a", "depression that filled with water. For a time it was", "connected to the sea on both sides."], 140);
const UNDER = line("Vänern is divided into two basins, Dalbosjön in the west and Värmlandssjön in the east, by the", { x: 50, y: 204 });

describe("findSideFloats", () => {
  it("finds a framed caption beside text that wraps under the frame", () => {
    const floats = findSideFloats([...BESIDE, ...SECOND, ...CAPTION, UNDER], [FRAME], PAGE, []);
    expect(floats.map((f) => f.lines.map(lineText))).toEqual([["Vänern seen from Kinnekulle in", "late summer, looking north-west."]]);
  });

  it("finds none where the text under the frame does not run across it (a sidebar beside a column)", () => {
    const short = line("Vänern is divided into two basins.", { x: 50, y: 204 });
    expect(findSideFloats([...BESIDE, ...SECOND, ...CAPTION, short], [FRAME], PAGE, [])).toEqual([]);
  });

  it("finds a box under which a paragraph's short last line runs on past its near edge by 2 ems, but not one the line stops short of (a column beside a sidebar)", () => {
    // A note box floated right: the paragraph beside its foot ends under it, 3 ems into its width.
    const last = line("limestone and diabase, which can be seen in the old quarries along its sides.", { x: 50, y: 204 });
    expect(findSideFloats([...BESIDE, ...SECOND, ...CAPTION, last], [FRAME], PAGE, [])).toHaveLength(1);
    const short = line("limestone and diabase, which can be seen in the old quarries", { x: 50, y: 204 });
    expect(findSideFloats([...BESIDE, ...SECOND, ...CAPTION, short], [FRAME], PAGE, [])).toEqual([]);
    // A box on the left of the text needs the line under it across half its width: a line
    // starting inside its width (a page's footer set flush right) is no text going on there.
    const leftFrame: Rule = { x0: 50, y0: 90, x1: 210, y1: 190, kind: "stroke" };
    const leftCaption = CAPTION.map((l) => line(lineText(l), { x: 54, y: l.y0, size: 9 }));
    const right = [...BESIDE, ...SECOND].map((l) => line(lineText(l).slice(0, 55), { x: 230, y: l.y0 }));
    const footer = line("Journal of Lakes, Volume 37, Issue 4, Article 111 (August 2018)", { x: 180, y: 204 });
    expect(findSideFloats([...right, ...leftCaption, footer], [leftFrame], PAGE, [])).toEqual([]);
  });

  it("finds none in a box holding no caption (a chart's legend, a mark box)", () => {
    const legend = [line("Trace 1", { x: 404, y: 160, size: 9 }), line("Trace 2", { x: 404, y: 172, size: 9 })];
    expect(findSideFloats([...BESIDE, ...SECOND, ...legend, UNDER], [FRAME], PAGE, [])).toEqual([]);
  });

  it("finds a framed picture with a short caption (a thumbnail's 'The locks in 1916'), but no short text beside a small image", () => {
    const short = [line("The locks in 1916", { x: 404, y: 176, size: 9 })];
    const picture = { x0: 403, y0: 93, x1: 557, y1: 172, rulesBefore: 0 };
    expect(findSideFloats([...BESIDE, ...SECOND, ...short, UNDER], [FRAME], { ...PAGE, images: [picture] }, []).map((f) => f.lines.map(lineText))).toEqual([["The locks in 1916"]]);
    // A logo in a corner of the box is no picture the box frames.
    const logo = { x0: 540, y0: 93, x1: 557, y1: 110, rulesBefore: 0 };
    expect(findSideFloats([...BESIDE, ...SECOND, ...short, UNDER], [FRAME], { ...PAGE, images: [logo] }, [])).toEqual([]);
  });

  it("finds none beside lines in a box of their own (a poster's boxes side by side)", () => {
    const neighbour: Rule = { x0: 40, y0: 85, x1: 390, y1: 196, kind: "stroke" };
    expect(findSideFloats([...BESIDE, ...SECOND, ...CAPTION, UNDER], [FRAME, neighbour], PAGE, [])).toEqual([]);
  });

  it("finds none with text on both sides, nor beside lines standing across each other (artwork lettering)", () => {
    // A note right of the frame, set between two rows of the text on its left.
    const right = [line("A note", { x: 570, y: 131, size: 6 })];
    expect(findSideFloats([...BESIDE, ...SECOND, ...CAPTION, UNDER, ...right], [FRAME], PAGE, [])).toEqual([]);
    const lettering = line("Big", { x: 60, y: 80, size: 90 });
    expect(findSideFloats([...BESIDE, ...SECOND, ...CAPTION, UNDER, lettering], [FRAME], PAGE, [])).toEqual([]);
  });

  it("finds none in a box a table holds", () => {
    expect(findSideFloats([...BESIDE, ...SECOND, ...CAPTION, UNDER], [FRAME], PAGE, [{ x0: 402, y0: 95, x1: 555, y1: 150 }])).toEqual([]);
  });
});

describe("renderPage: a framed float beside the text", () => {
  const render = (lines: Line[]) => {
    const prepared = prepareLines(lines);
    return renderPage({ ...page(1, prepared), rules: [FRAME] }, prepared, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
  };

  it("writes the caption whole after the paragraph beside the frame's top, not between its lines", () => {
    const md = render([...BESIDE, ...SECOND, ...CAPTION, UNDER]);
    expect(md).toContain("between the provinces of Västergötland.\n\nVänern seen from Kinnekulle in late summer, looking north-west.\n\nThe lake was formed");
    expect(md).toContain("For a time it was connected to the sea on both sides.");
  });

  it("joins a paragraph the frame cuts, the float after it", () => {
    const low: Rule = { ...FRAME, y0: 118 };
    const caption = CAPTION.map((l) => ({ ...l }));
    const prepared = prepareLines([...BESIDE, ...SECOND, ...caption, UNDER]);
    const md = renderPage({ ...page(1, prepared), rules: [low] }, prepared, STATS, { ...defaultRenderOptions, headersFooters: "keep" }, new Map()).markdown;
    expect(md).toContain("It lies in the west of the country, between the provinces of Västergötland.\n\nVänern seen from Kinnekulle");
    expect(md).toContain("north-west.\n\nThe lake was formed");
  });
});

describe("drawnExtent (a float's extent as drawn: docs/engine.md, Blocks)", () => {
  const table = { x0: 409, y0: 95, x1: 540, y1: 168 };
  it("is the outermost frame round the float holding none of the text", () => {
    const fill: Rule = { x0: 404, y0: 88, x1: 562, y1: 175, kind: "fill" };
    const border: Rule = { x0: 403.5, y0: 87.5, x1: 562.5, y1: 175.5, kind: "stroke" };
    expect(drawnExtent(table, [fill, border], [...BESIDE, UNDER], PAGE)).toEqual({ x0: 403.5, y0: 87.5, x1: 562.5, y1: 175.5 });
  });

  it("is the float itself where a box round it holds text too (a panel, the page's background), or falls short of it", () => {
    const panel: Rule = { x0: 40, y0: 80, x1: 570, y1: 220, kind: "fill" };
    expect(drawnExtent(table, [panel], [...BESIDE, UNDER], PAGE)).toEqual(table);
    const inner: Rule = { x0: 412, y0: 98, x1: 530, y1: 160, kind: "stroke" };
    expect(drawnExtent(table, [inner], [...BESIDE, UNDER], PAGE)).toEqual(table);
  });

  it("reads a page's float-sized rules once for its rules array, and again for another page's size (side_floats.ts floatSizedRules; s15-layout)", () => {
    const border: Rule = { x0: 403.5, y0: 87.5, x1: 562.5, y1: 175.5, kind: "stroke" };
    const rules = [border];
    const framed = { x0: 403.5, y0: 87.5, x1: 562.5, y1: 175.5 };
    expect(drawnExtent(table, rules, [...BESIDE, UNDER], PAGE)).toEqual(framed);
    expect(drawnExtent(table, rules, [...BESIDE, UNDER], PAGE)).toEqual(framed);
    // On a page a quarter of whose area the border covers, it is a panel, no frame.
    expect(drawnExtent(table, rules, [...BESIDE, UNDER], { width: 200, height: 200 })).toEqual(table);
    expect(drawnExtent(table, rules, [...BESIDE, UNDER], PAGE)).toEqual(framed);
  });

  it("looks at the first BOXES_MAX (100) float-sized rules only", () => {
    const small = (k: number): Rule => ({ x0: 10, y0: 300 + k, x1: 40, y1: 330 + k, kind: "stroke" });
    const border: Rule = { x0: 403.5, y0: 87.5, x1: 562.5, y1: 175.5, kind: "stroke" };
    const fewer = Array.from({ length: 99 }, (_, k) => small(k));
    expect(drawnExtent(table, [...fewer, border], [...BESIDE, UNDER], PAGE)).toEqual({ x0: 403.5, y0: 87.5, x1: 562.5, y1: 175.5 });
    const more = Array.from({ length: 100 }, (_, k) => small(k));
    expect(drawnExtent(table, [...more, border], [...BESIDE, UNDER], PAGE)).toEqual(table);
  });
});
