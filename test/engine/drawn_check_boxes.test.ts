// Check boxes drawn as squares (layout/drawn_check_boxes.ts; docs/engine.md "Drawn check
// boxes"): Chromium prints a CSS-bordered empty span as a stroked square that is both a rule
// rectangle and a mark. Its list had come out part "◦" bullets (boxes of 10 pt) and part plain
// text run into one paragraph (boxes of 10.75 pt, over vector_bullets.ts's 1.05 em); each line
// now starts with "☐ " and the list is a task list ("- [ ]") as a typed ☐ makes it.
// svc-md-1.1.27.
import { describe, expect, it } from "vitest";
import type { Line, Mark, PageModel, Rule } from "../../src/engine/model.js";
import { analyseDocument } from "../../src/engine/render/document.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { attachDrawnCheckBoxes } from "../../src/engine/layout/drawn_check_boxes.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { line, ok, page } from "../support/layout.js";

/** A stroked square of `side` points with its top at y, as Chromium's extract gives it: a mark and a rule. */
function box(x: number, y: number, side: number): { mark: Mark; rule: Rule } {
  return { mark: { x0: x, y0: y, x1: x + side, y1: y + side, kind: "stroke" }, rule: { x0: x, y0: y, x1: x + side, y1: y + side, kind: "stroke" } };
}

function convert(lines: Line[], boxes: { mark: Mark; rule: Rule }[], asRules = true): string {
  const model: PageModel = { ...page(1, lines), marks: boxes.map((b) => b.mark), rules: asRules ? boxes.map((b) => b.rule) : [] };
  return analyseDocument({ pageCount: 1, selected: [1], selectionExpression: "1", outcomes: [ok(model)], outline: [], hasXfa: false, options: defaultRenderOptions }).markdown.trim();
}

const options = ["Up to £5,000 per month", "£5,000 to £20,000 per month", "More than £20,000 per month"];
const rows = (x: number) => options.map((t, i) => line(t, { x, y: 120 + i * 15.5, size: 10 }));
const intro = () => line("Please tick the amount of credit you require each month.", { x: 56, y: 100, size: 10 });

describe("drawn check boxes (drawn_check_boxes.ts)", () => {
  it("reads a list of drawn squares, 10 and 10.75 pt, as a task list", () => {
    const md = convert([intro(), ...rows(72)], [box(57, 119, 10.75), box(57, 134.5, 10.75), box(57, 150, 10)]);
    expect(md).toBe(["Please tick the amount of credit you require each month.", "", "- [ ] Up to £5,000 per month", "- [ ] £5,000 to £20,000 per month", "- [ ] More than £20,000 per month"].join("\n"));
  });

  it("puts '☐ ' before the line and takes the box out of the marks left for bullets", () => {
    const lines = rows(72);
    const boxes = [box(57, 119, 10.75), box(57, 134.5, 10), box(57, 150, 10)];
    const left = attachDrawnCheckBoxes(lines, boxes.map((b) => b.mark), boxes.map((b) => b.rule));
    expect(lines.map(lineText)).toEqual(options.map((t) => `☐ ${t}`));
    expect(left).toEqual([]);
  });

  it("guard: a stroked square that is no rule rectangle (a round bullet's box) stays vector_bullets.ts's", () => {
    const lines = rows(72);
    const boxes = [box(60, 121, 6), box(60, 136.5, 6), box(60, 152, 6)];
    const marks = boxes.map((b) => b.mark);
    expect(attachDrawnCheckBoxes(lines, marks, [])).toBe(marks);
    expect(lines.map(lineText)).toEqual(options);
  });

  it("guard: a row of choices ('□ Yes □ No'), a box far from its text and a large frame are left alone", () => {
    const yes = line("Yes", { x: 72, y: 120, size: 10 });
    const no = line("No", { x: 110, y: 120, size: 10 });
    const far = line("A label far from its box", { x: 120, y: 150, size: 10 });
    const framed = line("Text beside a frame", { x: 100, y: 180, size: 10 });
    const lines = [yes, no, far, framed];
    const boxes = [box(57, 119, 10), box(96, 119, 10), box(57, 149, 10), box(70, 175, 20)];
    attachDrawnCheckBoxes(lines, boxes.map((b) => b.mark), boxes.map((b) => b.rule));
    expect(lines.map(lineText)).toEqual(["Yes", "No", "A label far from its box", "Text beside a frame"]);
    // A piece's trailing space reaching over the next box's edge (Chromium's "Yes " | box | "No").
    const question = line("Over 18? ", { x: 72, y: 220, size: 10 });
    const yes2 = line("Yes ", { x: 130, y: 220, size: 10 });
    const no2 = line("No", { x: 165, y: 220, size: 10 });
    const row = [question, yes2, no2];
    const choices = [box(116, 219, 10), box(149.5, 219, 10)];
    attachDrawnCheckBoxes(row, choices.map((b) => b.mark), choices.map((b) => b.rule));
    expect(row.map(lineText)).toEqual(["Over 18? ", "Yes ", "No"]);
  });
});
