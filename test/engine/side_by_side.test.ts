// A heading stands alone on its row (issue 9: a paper's authors, set above the body size,
// came out as one heading each).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { convertDocument, openInProcess } from "../../src/engine/convert.js";
import type { Block } from "../../src/engine/layout/blocks.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { joinSideBySideHeadings } from "../../src/engine/layout/side_by_side.js";
import { defaultRenderOptions } from "../../src/engine/result.js";
import { line } from "../support/layout.js";

const heading = (text: string, x: number, y = 100): Block => ({ kind: "heading", level: 3, lines: [line(text, { x, y, size: 12 })] });

describe("joinSideBySideHeadings", () => {
  it("makes a row of names set large one paragraph, left to right", () => {
    const blocks = [heading("Ana Ferreira", 198), heading("Tomas Lind", 278), heading("Mei Okada", 356)];
    joinSideBySideHeadings(blocks, blocks.map((b) => (b as { lines: ReturnType<typeof line>[] }).lines[0]));
    expect(blocks).toHaveLength(1);
    expect(blocks[0].kind).toBe("paragraph");
    expect(lineText((blocks[0] as Extract<Block, { kind: "paragraph" }>).lines[0])).toBe("Ana Ferreira Tomas Lind Mei Okada");
  });

  it("keeps headings that share a height in two columns, a gutter apart", () => {
    const blocks = [heading("3 Method", 57), heading("5 Results", 320)];
    joinSideBySideHeadings(blocks, blocks.map((b) => (b as { lines: ReturnType<typeof line>[] }).lines[0]));
    expect(blocks.map((b) => b.kind)).toEqual(["heading", "heading"]);
  });

  it("keeps a bold heading whose row goes on in the other column in the body's weight (tracemonkey '6.1 Calling Compiled Traces')", () => {
    const title = line("6.1 Calling Compiled Traces", { x: 57, y: 100, bold: true });
    const body = line("the trace's entry map is checked first", { x: 57 + 27 * 5 + 24, y: 100 });
    const blocks: Block[] = [{ kind: "heading", level: 2, lines: [title] }];
    joinSideBySideHeadings(blocks, [title, body]);
    expect(blocks[0].kind).toBe("heading");
  });

  it("keeps a section number set apart from its title a heading", () => {
    const blocks = [heading("2.1", 57), heading("Discounts", 85)];
    joinSideBySideHeadings(blocks, blocks.map((b) => (b as { lines: ReturnType<typeof line>[] }).lines[0]));
    expect(blocks[0].kind).toBe("heading");
  });
});

describe("a paper's author row (fixtures/real/gen-paper-2col)", () => {
  it("is one paragraph of names with their affiliation marks, under the title", async () => {
    const bytes = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../fixtures/real/gen-paper-2col.pdf")));
    const { markdown } = await convertDocument(openInProcess, { bytes, options: defaultRenderOptions });
    expect(markdown).toContain("\n\nAna Ferreira<sup>1</sup> Tomas Lind<sup>2</sup> Mei Okada<sup>1</sup>\n\n");
    expect(markdown).not.toMatch(/^#+ (?:Ana Ferreira|Tomas Lind|Mei Okada)/m);
  });
});

describe("a heading's mate set flush right (svc-md-1.1.14)", () => {
  const bold = (text: string, x: number, y = 100) => line(text, { x, y, bold: true });

  it("takes a date at the column's right edge into the heading (a CV's role and its years)", () => {
    const title = bold("Lead Data Engineer", 229);
    const date = bold("2021 – present", 500);
    const body = line("Moved 140 nightly batch jobs to Airflow and cut failed runs.", { x: 229, y: 114 });
    const blocks: Block[] = [
      { kind: "heading", level: 3, lines: [title] },
      { kind: "heading", level: 3, lines: [date] },
      { kind: "paragraph", lines: [body] },
    ];
    joinSideBySideHeadings(blocks, [title, date, body]);
    expect(blocks.map((b) => b.kind)).toEqual(["heading", "paragraph"]);
    expect(lineText((blocks[0] as Extract<Block, { kind: "heading" }>).lines[0])).toBe("Lead Data Engineer 2021 – present");
  });

  it("keeps two titles side by side, no figure in either, two headings (a form's two boxes)", () => {
    const left = bold("PROJECT INFORMATION", 60);
    const right = bold("CONTACT INFORMATION", 420);
    // A line under both, ending at the right one's edge: only the words tell them apart.
    const under = line("Fill in both boxes before you send the form to the office, in capitals.", { x: 60, y: 114, size: 10.3 });
    const blocks: Block[] = [
      { kind: "heading", level: 3, lines: [left] },
      { kind: "heading", level: 3, lines: [right] },
    ];
    joinSideBySideHeadings(blocks, [left, right, under]);
    expect(blocks).toHaveLength(2);
  });

  it("keeps a figure short of the right edge apart (a heading level with another column's)", () => {
    const title = bold("Results", 60);
    const other = bold("4 Discussion", 330);
    const wide = line("A line of the right column that runs on to its edge at the right.", { x: 330, y: 114 });
    const blocks: Block[] = [
      { kind: "heading", level: 3, lines: [title] },
      { kind: "heading", level: 3, lines: [other] },
    ];
    joinSideBySideHeadings(blocks, [title, other, wide]);
    expect(blocks).toHaveLength(2);
  });
});
