// row_ends.ts: a column of row ends that reading order read on its own goes back to its rows
// (docs/engine.md, Reading order: "Row ends"): LibreOffice's Resume template, each job's
// dates flush right of its title, had its dates read at the page's end.
import { describe, expect, it } from "vitest";
import type { OrderedGroup } from "../../src/engine/layout/box.js";
import { lineText } from "../../src/engine/layout/lines.js";
import { readRowEndsWithTheirRows } from "../../src/engine/layout/row_ends.js";
import type { Line } from "../../src/engine/model.js";
import { line } from "../support/layout.js";

const isTextLine = (item: Line): item is Line => /\p{L}/u.test(lineText(item));

/** The Resume template's right part as the kernels read it: the jobs, then a column of their
 *  dates over the skills' second column of bullets. */
function resume(dates: Line[]): OrderedGroup<Line>[] {
  const jobs = [
    line("Experience", { x: 225, y: 215, size: 14 }),
    line("Egg Inspector", { x: 224, y: 237, size: 10, bold: true }),
    line("Eggs and Ham, Co.", { x: 224, y: 252, size: 10 }),
    line("•", { x: 242, y: 274, size: 10 }),
    line("•", { x: 242, y: 296, size: 10 }),
    line("Ham Inspector", { x: 224, y: 341, size: 10, bold: true }),
    line("Ham and Eggs, Co.", { x: 224, y: 356, size: 10 }),
    line("•", { x: 242, y: 378, size: 10 }),
  ];
  const bullets = [line("•", { x: 399, y: 477, size: 10 }), line("•", { x: 399, y: 499, size: 10 })];
  return [
    { items: jobs, columns: 2 },
    { items: [...dates, ...bullets], columns: 2 },
  ];
}

const texts = (groups: OrderedGroup<Line>[]) => groups.map((group) => group.items.map(lineText).join(" | "));

describe("readRowEndsWithTheirRows", () => {
  it("puts each row end set flush right after the line its row starts with (LibreOffice's Resume template)", () => {
    const groups = resume([line("Jan 2013 – Mar 2014", { x: 434, y: 237, size: 10 }), line("Jun 2011 – Nov 2013", { x: 434, y: 341, size: 10 })]);
    expect(texts(readRowEndsWithTheirRows(groups, isTextLine))).toEqual([
      "Experience | Egg Inspector | Jan 2013 – Mar 2014 | Eggs and Ham, Co. | • | • | Ham Inspector | Jun 2011 – Nov 2013 | Ham and Eggs, Co. | •",
      "• | •",
    ]);
  });

  it("leaves the rest of the column under the row ends where it was: the skills' second column, filled in", () => {
    const groups = resume([line("Jan 2013 – Mar 2014", { x: 434, y: 237, size: 10 }), line("Jun 2011 – Nov 2013", { x: 434, y: 341, size: 10 })]);
    groups[1].items.push(line("• Project planning", { x: 399, y: 521, size: 10 }));
    expect(texts(readRowEndsWithTheirRows(groups, isTextLine))[1]).toBe("• | • | • Project planning");
  });

  it("leaves a column opening with a paragraph to the kernels: its lines stand close", () => {
    const groups = resume([line("Jan 2013 – Mar 2014", { x: 434, y: 237, size: 10 }), line("and onwards", { x: 434, y: 249, size: 10 })]);
    const before = texts(groups);
    expect(texts(readRowEndsWithTheirRows(groups, isTextLine))).toEqual(before);
  });

  it("leaves a row end in the code face, or beside a line of code, where it was (scripture's listings beside their verses)", () => {
    const mono = resume([line("viewer_dvi", { x: 434, y: 237, size: 10, mono: true })]);
    expect(texts(readRowEndsWithTheirRows(mono, isTextLine))[1]).toContain("viewer_dvi");
    const groups: OrderedGroup<Line>[] = [
      { items: [line("\\end{scripture}", { x: 150, y: 300, size: 10, mono: true }), line("more code", { x: 150, y: 340, size: 10, mono: true })], columns: 2 },
      { items: [line("John 1:18 (KJV)", { x: 440, y: 300, size: 10, bold: true })], columns: 2 },
    ];
    expect(texts(readRowEndsWithTheirRows(groups, isTextLine))[1]).toBe("John 1:18 (KJV)");
  });
});
