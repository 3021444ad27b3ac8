// SPEC.md §Output (Markdown in reading order; tables as GFM tables); issue 9 ("real pages read in
// order"; "cells that span where evident"). Chromium's print of a bank statement
// (fixtures/excerpts/chromium-statement.pdf): a rule across the page under its letterhead
// (layout/divider_bands.ts), two bordered boxes side by side (layout/framed_blocks.ts), a table
// of balances inside one box (tables/aligned_detector.ts, a run inside one frame), and a
// transactions table ruled under every row whose dates wrap in their narrow column
// (tables/ruled_detector.ts rulesEveryRow). svc-md-1.1.38.
import { describe, expect, it } from "vitest";
import type { Box, OrderedGroup } from "../../src/engine/layout/box.js";
import { orderBetweenDividers } from "../../src/engine/layout/divider_bands.js";
import { orderWithFrames } from "../../src/engine/layout/framed_blocks.js";
import { orderForReadingTs } from "../../src/engine/layout/reading_order.js";
import { excerptMarkdown } from "../support/markdown_of.js";

interface Named extends Box {
  text: string;
}
const box = (text: string, x0: number, y0: number, x1: number, y1: number): Named => ({ text, x0, y0, x1, y1 });
const texts = (groups: OrderedGroup<Named>[]) => groups.flatMap((g) => g.items.map((it) => it.text));

/** The statement's top as the engine reads it: a letterhead's two sides, a rule across the
 *  page under them, then two bordered boxes side by side. */
const letterhead = [
  box("Carrow Bank", 57.8, 58, 170, 79),
  box("PO Box 220", 57.8, 79, 200, 90),
  box("Current Account Statement", 447, 58, 554, 69),
  box("1 October 2026 to 31 October 2026", 406, 69, 554, 80),
  box("Sort code 40-11-62", 398, 80, 554, 91),
];
const boxes = [
  box("Account holder", 64.5, 114.7, 137.8, 125.9),
  box("Ms Priya Raman", 64.5, 130.2, 134.7, 140.8),
  box("22 Elm Grove", 64.5, 140.7, 122.5, 151.3),
  box("Norwich NR2 2HE", 64.5, 151.2, 141.5, 161.8),
  box("Summary", 324.8, 114.7, 370.3, 125.9),
  box("balances table", 324.8, 130.2, 547.5, 172.3),
];
const rule = { x0: 54.75, y0: 93.75, x1: 557.25, y1: 96 };
const frames = [
  { x0: 54.6, y0: 107.9, x1: 297.1, y1: 179.4 },
  { x0: 314.9, y0: 107.9, x1: 557.4, y1: 179.4 },
];

describe("a rule across the page parts it into bands (divider_bands.ts orderBetweenDividers)", () => {
  it("reads the letterhead's two sides before the boxes under the rule, where a gutter ran across it", () => {
    const items = [...letterhead, ...boxes];
    const order = texts(orderBetweenDividers(items, [rule], orderForReadingTs));
    expect(order.indexOf("Sort code 40-11-62")).toBeLessThan(order.indexOf("Account holder"));
    // Without the rule the gutter runs from the letterhead down between the boxes.
    const unruled = texts(orderForReadingTs(items));
    expect(unruled.indexOf("Sort code 40-11-62")).toBeGreaterThan(unruled.indexOf("Account holder"));
  });

  it("leaves the order alone where no gutter crosses the rule, and for a rule across part of the text", () => {
    const items = [...letterhead, ...boxes];
    const short = { ...rule, x1: 300 };
    expect(orderBetweenDividers(items, [short], orderForReadingTs)).toEqual(orderForReadingTs(items));
    const prose = [box("a paragraph's first line of text", 57.8, 60, 554, 71), box("and its second line of text", 57.8, 72, 554, 83), box("another paragraph", 57.8, 100, 554, 111), box("and its end", 57.8, 112, 300, 123)];
    expect(orderBetweenDividers(prose, [rule], orderForReadingTs)).toEqual(orderForReadingTs(prose));
  });
});

describe("boxes drawn side by side are read one after the other (framed_blocks.ts orderWithFrames)", () => {
  it("reads each box's items together, left box first", () => {
    expect(texts(orderWithFrames(boxes, frames, orderForReadingTs))).toEqual(["Account holder", "Ms Priya Raman", "22 Elm Grove", "Norwich NR2 2HE", "Summary", "balances table"]);
    // Row by row without the frames: the address is cut by "Summary" and the table.
    expect(texts(orderForReadingTs(boxes))).not.toEqual(texts(orderWithFrames(boxes, frames, orderForReadingTs)));
  });

  it("leaves a lone box, and small boxes of a diagram, to reading order", () => {
    expect(orderWithFrames(boxes, [frames[0]], orderForReadingTs)).toEqual(orderForReadingTs(boxes));
    const narrow = frames.map((f) => ({ ...f, x1: f.x0 + 91 }));
    expect(orderWithFrames(boxes, narrow, orderForReadingTs)).toEqual(orderForReadingTs(boxes));
  });
});

describe("Chromium's print of a bank statement (fixtures/excerpts/chromium-statement.pdf)", () => {
  const convert = () => excerptMarkdown("chromium-statement.pdf");

  it("reads the letterhead, the statement's heading, then each box whole", async () => {
    const md = await convert();
    const at = (s: string) => md.indexOf(s);
    expect(at("PO Box 220, Norwich NR1 3QA")).toBeLessThan(at("Current Account Statement"));
    expect(at("Sort code 40-11-62")).toBeLessThan(at("Account holder"));
    expect(at("Norwich NR2 2HE")).toBeLessThan(at("Summary"));
  });

  it("reads the Summary box's labels and amounts as a table (before: labels, then amounts run together)", async () => {
    const md = await convert();
    expect(md).toContain("| Money in | £3,912.00 |");
    expect(md).toContain("| **Closing balance** | **£3,225.28** |");
  });

  it("keeps a transaction whose description wraps one row, its wrapped date whole (before: '| 03 |' over '| Oct | instalment) |')", async () => {
    const md = await convert();
    expect(md).toContain("| 03 Oct | Direct debit, Anglian Water Services Ltd, reference 5520193-01 (monthly instalment) | 38.00 |  | 2,316.35 |");
    expect(md).toContain("| 01 Oct | Balance brought forward |  |  | 2,418.55 |");
  });
});
